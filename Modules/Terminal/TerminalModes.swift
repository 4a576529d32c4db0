/// The terminal modes a session turns on, each with the escape sequences that enter and leave
/// it.
///
/// ```swift
/// let modes: TerminalModes = .interactive
/// String(decoding: modes.enterSequence, as: UTF8.self)
/// // "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
/// ```
public struct TerminalModes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt32

    /// Creates modes from raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The alternate screen (`ESC [ ? 1049 h`): the shell's screen comes back on exit.
    public static let alternateScreen = TerminalModes(rawValue: 1 << 0)
    /// A hidden cursor (`ESC [ ? 25 l`).
    public static let hiddenCursor = TerminalModes(rawValue: 1 << 1)
    /// Mouse reporting: presses and releases (1000), motion with a button down (1002), in the
    /// SGR format (1006) that has no coordinate limit.
    public static let mouse = TerminalModes(rawValue: 1 << 2)
    /// Bracketed paste (`ESC [ ? 2004 h`): pasted text arrives between markers.
    public static let bracketedPaste = TerminalModes(rawValue: 1 << 3)
    /// Focus reports (`ESC [ ? 1004 h`): `ESC [ I` and `ESC [ O` when the window gains or
    /// loses the focus.
    public static let focusEvents = TerminalModes(rawValue: 1 << 4)

    /// What a full-screen interactive program uses: the alternate screen, a hidden cursor, the
    /// mouse and bracketed paste.
    public static let interactive: TerminalModes = [
        .alternateScreen, .hiddenCursor, .mouse, .bracketedPaste,
    ]

    /// What an inline app (``TerminalViewport/inline(height:onExit:)``) uses: a hidden cursor
    /// and bracketed paste, on the shell's own screen. The mouse is left to the terminal,
    /// whose scrollback the user keeps scrolling and selecting in.
    public static let inline: TerminalModes = [.hiddenCursor, .bracketedPaste]

    private static let sequences: [(mode: TerminalModes, enter: String, exit: String)] = [
        (.alternateScreen, "\u{1B}[?1049h", "\u{1B}[?1049l"),
        (.hiddenCursor, "\u{1B}[?25l", "\u{1B}[?25h"),
        (
            .mouse, "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h",
            "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
        ),
        (.bracketedPaste, "\u{1B}[?2004h", "\u{1B}[?2004l"),
        (.focusEvents, "\u{1B}[?1004h", "\u{1B}[?1004l"),
    ]

    /// The bytes that turn the modes on, in order.
    public var enterSequence: [UInt8] {
        var bytes: [UInt8] = []
        for entry in TerminalModes.sequences where contains(entry.mode) {
            bytes += Array(entry.enter.utf8)
        }
        return bytes
    }

    /// The bytes that turn the modes off in the reverse order, after resetting the text
    /// attributes (`ESC [ 0 m`), so that the shell gets its screen back as it was.
    public var exitSequence: [UInt8] {
        var bytes = Array("\u{1B}[0m".utf8)
        for entry in TerminalModes.sequences.reversed() where contains(entry.mode) {
            bytes += Array(entry.exit.utf8)
        }
        return bytes
    }
}

/// The size of a terminal in cells, and in pixels where the terminal reports them.
public struct TerminalSize: Sendable, Hashable {
    /// The number of columns.
    public var columns: Int
    /// The number of rows.
    public var rows: Int
    /// The width in pixels, or 0 when the terminal does not say.
    public var pixelWidth: Int
    /// The height in pixels, or 0 when the terminal does not say.
    public var pixelHeight: Int

    /// Creates a size.
    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
