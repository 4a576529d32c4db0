/// The rows of an inline app below the shell's prompt, and the bytes that reserve them, print
/// lines above them, follow a resize and leave them.
///
/// The viewport keeps no row numbers: the terminal keeps them for it. Between writes the
/// cursor is parked on the viewport's first cell (its *anchor*), where the inline frames of
/// the terminal backend (`TerminalConfiguration.drawsInline`) begin and end, and every move is
/// relative to it. A terminal that rewraps its lines on a resize, as tmux, kitty, Alacritty
/// and VTE do, moves the cursor with the line it is on, so after a resize the anchor is still
/// under the cursor wherever the rewrapping put it: everything from there down is the app's,
/// and is cleared and drawn again. An absolute row remembered from before the resize would
/// be wrong by as many rows as the lines above were rewrapped into.
///
/// Rows are reserved with line feeds from the anchor, which scroll the screen when the rows
/// below it are too few, so the shell's lines move into the scrollback as they would for any
/// output; the cursor then goes back up to the anchor. Lines printed above are written where
/// the viewport was, after clearing it, and the viewport is reserved again below them: they
/// reach the scrollback exactly once, and the app's frames never do.
///
/// ```swift
/// var viewport = InlineViewport(height: 6, size: TerminalSize(columns: 80, rows: 24))
/// try session.write(viewport.begin(cursorColumn: 0))   // 6 rows below the prompt
/// // … frames …
/// try session.write(viewport.printAbove(["Built in 1.2 s"]))
/// try session.write(viewport.resize(to: TerminalSize(columns: 60, rows: 20)))
/// ```
///
/// What no app can undo: a terminal that rewraps lines keeps the last screenful of them on
/// the screen, counting the app's rows (split where their glyphs no longer fit; the terminal
/// backend erases a row's blank end rather than writing it, so that it does not count) and
/// any blank rows below them. When a narrower terminal splits some of the app's rows, the
/// screen moves up by as many rows, pushing its top lines into the scrollback before the app
/// hears of the resize; should that push the app's first row off the top (the rows from the
/// anchor down, blank ones below included, no longer fitting on the screen), the row stays in
/// the scrollback, where no program can erase it. An app whose rows' glyphs fit in the
/// narrowest width the terminal takes never has a row split.
public struct InlineViewport: Sendable, Hashable {
    /// The number of rows asked for.
    public let requestedHeight: Int
    /// The terminal's size.
    public private(set) var size: TerminalSize

    /// Creates the bookkeeping of a viewport; nothing is written until ``begin(cursorColumn:)``.
    ///
    /// - Parameters:
    ///   - height: The rows asked for; the terminal's height when it is shorter, and none when
    ///     it is not positive.
    ///   - size: The terminal's size.
    public init(height: Int, size: TerminalSize) {
        requestedHeight = height
        self.size = size
    }

    /// The number of rows the viewport has: those asked for, at most the terminal's height,
    /// and none on a terminal of no rows or no columns.
    public var height: Int {
        guard size.columns > 0, size.rows > 0 else { return 0 }
        return min(max(requestedHeight, 0), size.rows)
    }

    /// The number of columns the viewport has: the terminal's, or none when it has no rows.
    public var columns: Int { height > 0 ? size.columns : 0 }

    /// The bytes that reserve the viewport below the cursor and park the cursor on its first
    /// cell: on the cursor's row when the cursor is at its start, else on the next.
    ///
    /// - Parameter cursorColumn: The cursor's column (from 0), as the terminal reported it, or
    ///   `nil` when unknown, taken as 0.
    /// - Returns: The bytes to write.
    public func begin(cursorColumn: Int?) -> [UInt8] {
        var bytes: [UInt8] = []
        if let cursorColumn, cursorColumn > 0 { bytes += Array("\r\n".utf8) }
        return bytes + reserve()
    }

    /// The bytes that reserve the viewport's rows from the cursor's row down, scrolling the
    /// screen as much as needed, and leave the cursor on the first row's first cell.
    ///
    /// - Returns: A carriage return, a line feed for each row after the first, and a move up
    ///   by as many rows.
    public func reserve() -> [UInt8] {
        var bytes: [UInt8] = [0x0D]
        guard height > 1 else { return bytes }
        bytes += repeatElement(0x0A, count: height - 1)
        bytes += InlineViewport.move(up: height - 1)
        return bytes
    }

    /// The bytes that clear the viewport, and everything below it, from the anchor, leaving
    /// the cursor on the anchor.
    ///
    /// The anchor's row is cleared by `ESC [ 2 K`, the rest by `ESC [ J` from the anchor's
    /// second column: erasing from a screen's first cell makes some terminals (tmux, with its
    /// `scroll-on-clear` option) move the whole screen into the scrollback first. On a terminal
    /// of one column the rows are cleared one by one between a save and a restore of the
    /// cursor.
    ///
    /// - Returns: The bytes to write.
    /// - Complexity: O(1), or O(*rows*) on a terminal of one column.
    public func clear() -> [UInt8] {
        var bytes = Array("\r\u{1B}[2K".utf8)
        if size.columns >= 2 {
            bytes += Array("\u{1B}[C\u{1B}[J\r".utf8)
        } else if size.rows > 1 {
            bytes += Array("\u{1B}7".utf8)
            for _ in 1..<size.rows { bytes += Array("\u{1B}[B\u{1B}[2K".utf8) }
            bytes += Array("\u{1B}8".utf8)
        }
        return bytes
    }

    /// The bytes that print lines above the viewport: the viewport is cleared, the lines are
    /// written from its first row in the default colours, each ended by a new line (a line
    /// wider than the terminal wraps there), and the viewport is reserved again below them.
    /// The next frame must be drawn in full.
    ///
    /// - Parameter lines: The lines, as ``lines(of:)`` makes them: no line breaks; other
    ///   control characters are shown as their pictures.
    /// - Returns: The bytes to write.
    /// - Complexity: O(*n*) in the length of the lines.
    public func printAbove(_ lines: [String]) -> [UInt8] {
        guard !lines.isEmpty else { return [] }
        var bytes = clear() + Array("\u{1B}[0m".utf8)
        for line in lines {
            for piece in InlineViewport.lines(of: line) {
                bytes += Array(piece.utf8)
                bytes += Array("\r\n".utf8)
            }
        }
        return bytes + reserve()
    }

    /// Follows a change of the terminal's size: the bytes that clear everything from the
    /// anchor down (the terminal may have rewrapped the viewport's rows into more or fewer)
    /// and reserve the viewport again at its new height. The next frame must be drawn in full.
    ///
    /// - Parameter newSize: The terminal's new size.
    /// - Returns: The bytes to write.
    public mutating func resize(to newSize: TerminalSize) -> [UInt8] {
        size = newSize
        return clear() + reserve()
    }

    /// The bytes that end the app from the anchor: with ``InlineExitBehavior/keepLastFrame``
    /// the cursor goes to the start of the row below the viewport (scrolling when the viewport
    /// ends on the screen's last row); with ``InlineExitBehavior/clear`` the viewport is
    /// cleared and the cursor stays on its first cell.
    ///
    /// - Parameter behavior: What to leave behind.
    /// - Returns: The bytes to write.
    public func exit(_ behavior: InlineExitBehavior) -> [UInt8] {
        switch behavior {
        case .clear:
            return clear()
        case .keepLastFrame:
            guard height > 0 else { return [0x0D] }
            return InlineViewport.move(down: height - 1) + Array("\r\n".utf8)
        }
    }

    /// Splits text into lines that can be written as they are: at `"\n"` and `"\r\n"`, with
    /// every other control character (C0 but the tab, DEL, C1) replaced by its picture (`␛`
    /// for ESC, `␡` for DEL) or by `�`, so that nothing printed moves the cursor or changes
    /// the terminal's state.
    ///
    /// - Parameter text: The text.
    /// - Returns: Its lines; one empty line for empty text, and none after a final line break.
    /// - Complexity: O(*n*) in the length of the text.
    public static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x0A:
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case 0x0D where next?.value == 0x0A:
                continue
            case 0x09:
                current.append(scalar)
            case 0x00...0x1F:
                current.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F:
                current.append("\u{2421}")
            case 0x80...0x9F:
                current.append("\u{FFFD}")
            default:
                current.append(scalar)
            }
        }
        // A text that ends with a line break is one line, not one and an empty one.
        if !current.isEmpty || lines.isEmpty || text.unicodeScalars.last != "\n" {
            lines.append(String(current))
        }
        return lines
    }

    /// `ESC [ n A`, or nothing for no rows.
    static func move(up rows: Int) -> [UInt8] {
        guard rows > 0 else { return [] }
        return Array((rows == 1 ? "\u{1B}[A" : "\u{1B}[\(rows)A").utf8)
    }

    /// `ESC [ n B`, or nothing for no rows.
    static func move(down rows: Int) -> [UInt8] {
        guard rows > 0 else { return [] }
        return Array((rows == 1 ? "\u{1B}[B" : "\u{1B}[\(rows)B").utf8)
    }
}
