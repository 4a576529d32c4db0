/// A key press or typed text, as a window hands it to the view with keyboard focus.
public enum KeyInput: Sendable, Hashable {
    /// Text typed (one or more characters; never control characters).
    case text(String)
    /// Text pasted, delivered at once.
    case paste(String)
    /// Return or Enter.
    case returnKey
    /// Escape.
    case escape
    /// Tab: focus moves to the next view.
    case tab
    /// Shift-Tab: focus moves to the previous view.
    case backTab
    /// Backspace: delete before the cursor.
    case backspace
    /// Delete: delete after the cursor.
    case deleteForward
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// Home: to the start.
    case home
    /// End: to the end.
    case end
    /// Space, when it acts on a focused control rather than typing.
    case space
}
