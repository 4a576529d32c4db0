/// One input event decoded by a backend from the raw bytes a terminal sends: a key, typed text,
/// a paste, a mouse action or a focus change.
///
/// A backend with the input capability turns bytes into events with its `input` entry, and
/// answers in the format of ``InputEventCodec``. Text that arrives as one read becomes one
/// ``text(_:)`` event; keys that are not text (arrows, Return, a letter with Control or Alt)
/// become ``key(_:)`` events.
///
/// ```swift
/// let batch = try InputEventCodec.decode(backend.input(Array("\u{1B}[A".utf8)))
/// batch.events   // [.key(KeyEvent(.up))]
/// ```
public enum InputEvent: Sendable, Hashable {
    /// A key that is not plain text, with its modifiers.
    case key(KeyEvent)
    /// Printable text typed on the keyboard: one or more grapheme clusters, never a control
    /// character.
    case text(String)
    /// Text pasted in bracketed-paste mode, delivered whole and never interpreted as keys. It
    /// may hold any character, control characters included; a consumer inserts it as text.
    case paste(String)
    /// A mouse button, motion or wheel action.
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) the focus.
    case focus(Bool)
}

/// A key and the modifiers held with it, and whether it went down, repeats or came up.
public struct KeyEvent: Sendable, Hashable {
    /// What the key did: only terminals that speak the kitty keyboard protocol report repeats
    /// and releases; every other key event is a press.
    public enum Phase: UInt8, Sendable, Hashable, CaseIterable {
        /// The key went down.
        case press = 0
        /// The key is held and repeats.
        case `repeat` = 1
        /// The key came up.
        case release = 2
    }

    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers
    /// What the key did; ``Phase/press`` unless the terminal reports more.
    public var phase: Phase

    /// Creates a key event.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - modifiers: The modifiers held; none by default.
    ///   - phase: What the key did; a press by default.
    public init(_ key: Key, modifiers: KeyModifiers = [], phase: Phase = .press) {
        self.key = key
        self.modifiers = modifiers
        self.phase = phase
    }
}

/// A key on the keyboard, as a terminal reports it.
public enum Key: Sendable, Hashable {
    /// A key that types a character, reported as a key only with Control or Alt (Control-C is
    /// `.character("c")` with ``KeyModifiers/control``), or from a keyboard protocol that
    /// reports every key.
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab; Shift-Tab is `.tab` with ``KeyModifiers/shift``.
    case tab
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Delete (forward delete).
    case delete
    /// Insert.
    case insert
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A function key, F1 to F24.
    case function(Int)
}

/// The modifier keys held with a key or a mouse action.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits: shift 1, alt 2, control 4, meta 8, as in the xterm modifier parameter
    /// minus one.
    public let rawValue: UInt8

    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Option, or Meta sent as an escape prefix).
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let control = KeyModifiers(rawValue: 4)
    /// Meta (Super or Command where a terminal reports it).
    public static let meta = KeyModifiers(rawValue: 8)
}

/// A mouse action at a cell of the terminal.
public struct MouseEvent: Sendable, Hashable {
    /// What the mouse did.
    public enum Action: UInt8, Sendable, Hashable, CaseIterable {
        /// A button went down.
        case press = 1
        /// A button went up.
        case release = 2
        /// The mouse moved with a button held.
        case drag = 3
        /// The mouse moved with no button held.
        case move = 4
        /// The wheel turned up (away from the user).
        case scrollUp = 5
        /// The wheel turned down (towards the user).
        case scrollDown = 6
        /// The wheel was tilted left.
        case scrollLeft = 7
        /// The wheel was tilted right.
        case scrollRight = 8
    }

    /// A mouse button.
    public enum Button: UInt8, Sendable, Hashable, CaseIterable {
        /// No button: motion, a wheel action, or a release whose button the terminal does not
        /// say.
        case none = 0
        /// The primary (left) button.
        case left = 1
        /// The middle button.
        case middle = 2
        /// The secondary (right) button.
        case right = 3
        /// The fourth button (usually "back").
        case back = 4
        /// The fifth button (usually "forward").
        case forward = 5
    }

    /// What the mouse did.
    public var action: Action
    /// The button involved.
    public var button: Button
    /// The column of the cell, from 0 at the left.
    public var column: Int
    /// The row of the cell, from 0 at the top.
    public var row: Int
    /// The modifier keys held.
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    ///
    /// - Parameters:
    ///   - action: What the mouse did.
    ///   - button: The button involved.
    ///   - column: The cell's column, from 0.
    ///   - row: The cell's row, from 0.
    ///   - modifiers: The modifier keys held.
    public init(
        _ action: Action, button: Button = .none, column: Int, row: Int,
        modifiers: KeyModifiers = []
    ) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
