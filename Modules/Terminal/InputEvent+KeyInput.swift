public import TrellisCore
public import TrellisEvents

extension InputEvent {
    /// The key as a window takes it (`Window.dispatch(key:)`), or `nil` for an event that is
    /// not one: mouse and focus events, and keys a window has no use for (Page Up and Down,
    /// Insert, function keys, letters with Control or Alt, which a program handles itself).
    ///
    /// Typed text is `KeyInput.text(_:)`, except a lone space, which is
    /// `KeyInput.space` so that it can press a focused button; a text field inserts either.
    /// Shift-Tab is `KeyInput.backTab`; arrows, Home and End keep their meaning whatever
    /// modifiers are held. A key's release is not a key a window takes (a repeat is).
    ///
    /// ```swift
    /// for event in batch.events {
    ///     if let key = event.keyInput { window.dispatch(key: key) }
    /// }
    /// ```
    public var keyInput: KeyInput? {
        switch self {
        case .text(let text):
            return text == " " ? .space : .text(text)
        case .paste(let text):
            return .paste(text)
        case .key(let event):
            return event.phase == .release ? nil : InputEvent.keyInput(for: event)
        case .mouse, .focus:
            return nil
        }
    }

    private static func keyInput(for event: KeyEvent) -> KeyInput? {
        switch event.key {
        case .enter: return .returnKey
        case .escape: return .escape
        case .tab: return event.modifiers.contains(.shift) ? .backTab : .tab
        case .backspace: return .backspace
        case .delete: return .deleteForward
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        case .home: return .home
        case .end: return .end
        case .character(" ") where event.modifiers.isEmpty: return .space
        case .character(let character) where event.modifiers.subtracting(.shift).isEmpty:
            return .text(String(character))
        default: return nil
        }
    }
}
