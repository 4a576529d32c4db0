/// A small VT100-style screen for tests: it applies terminal output to a grid of cells with a
/// scrollback, as a terminal emulator that truncates (never rewraps) its lines would.
///
/// It knows printable text (one cell per scalar), carriage return, line feed (scrolling the
/// screen's top line into the scrollback at the bottom), backspace, the cursor moves CUU, CUD,
/// CUF, CUB, CHA and CUP, erasing in line (EL) and in display (ED), save and restore of the
/// cursor (DECSC, DECRC), and the pending wrap after the last column. Other sequences (SGR,
/// modes) are read and ignored. It counts what an inline app must never do: erase the display
/// from its first cell or whole, and move the cursor to an absolute row.
public struct VTScreen {
    /// The number of columns.
    public let columns: Int
    /// The number of rows.
    public let rows: Int
    /// The screen's cells, row by row.
    public private(set) var cells: [[Character]]
    /// The lines scrolled off the top, oldest first, without trailing spaces.
    public private(set) var scrollback: [String] = []
    /// The cursor's row, from 0.
    public private(set) var cursorRow = 0
    /// The cursor's column, from 0.
    public private(set) var cursorColumn = 0
    /// How many times the display was erased whole (`ESC [ 2 J`, `ESC [ 3 J`) or from its first
    /// cell (`ESC [ J` at the top-left), which some terminals turn into scrolling the screen
    /// into their history.
    public private(set) var wholeScreenErases = 0
    /// How many absolute cursor moves (CUP, `ESC [ row ; column H`) were applied.
    public private(set) var absoluteMoves = 0
    /// How many line feeds scrolled the screen.
    public private(set) var scrolls = 0

    private var pendingWrap = false
    private var saved = (row: 0, column: 0)

    /// Creates a blank screen with the cursor at the top-left.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(
            repeating: Array(repeating: " ", count: max(columns, 1)), count: max(rows, 1))
    }

    /// The screen's rows as text, without trailing spaces.
    public var screenLines: [String] {
        cells.map { VTScreen.trimmed(String($0)) }
    }

    /// The scrollback followed by the screen, without the blank rows at the screen's bottom.
    public var allLines: [String] {
        var lines = scrollback + screenLines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// A line without its trailing spaces.
    public static func trimmed(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }

    /// Applies text as the terminal would (its UTF-8 bytes).
    public mutating func apply(_ text: String) {
        apply(Array(text.utf8))
    }

    /// Applies output bytes.
    public mutating func apply(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B:
                index = escape(scalars, from: index)
            case 0x0D:
                cursorColumn = 0
                pendingWrap = false
            case 0x0A:
                lineFeed()
            case 0x08:
                cursorColumn = max(cursorColumn - 1, 0)
                pendingWrap = false
            case 0x00..<0x20, 0x7F:
                break
            default:
                put(Character(scalar))
            }
        }
    }

    private mutating func put(_ character: Character) {
        if pendingWrap {
            cursorColumn = 0
            lineFeed()
        }
        cells[cursorRow][cursorColumn] = character
        if cursorColumn == columns - 1 {
            pendingWrap = true
        } else {
            cursorColumn += 1
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow < rows - 1 {
            cursorRow += 1
            return
        }
        scrollback.append(VTScreen.trimmed(String(cells[0])))
        cells.removeFirst()
        cells.append(Array(repeating: " ", count: columns))
        scrolls += 1
    }

    /// Reads an escape sequence after ESC; returns the index after it.
    private mutating func escape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "7":
            saved = (cursorRow, cursorColumn)
            return start + 1
        case "8":
            (cursorRow, cursorColumn) = saved
            pendingWrap = false
            return start + 1
        case "[":
            break
        case "]", "P", "_":
            // A string sequence, ended by BEL or ESC \.
            var index = start + 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}" { return min(index + 2, scalars.count) }
                index += 1
            }
            return index
        default:
            return start + 1
        }
        var index = start + 1
        var parameters = ""
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
            parameters.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { return index }
        let final = scalars[index]
        guard !parameters.hasPrefix("?"), !parameters.hasPrefix(">"), !parameters.hasPrefix("<")
        else { return index + 1 }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0) ?? 0
        }
        let first = numbers.first ?? 0
        let count = max(first, 1)
        switch final {
        case "A": cursorRow = max(cursorRow - count, 0)
        case "B": cursorRow = min(cursorRow + count, rows - 1)
        case "C": cursorColumn = min(cursorColumn + count, columns - 1)
        case "D": cursorColumn = max(cursorColumn - count, 0)
        case "G": cursorColumn = min(count, columns) - 1
        case "H", "f":
            absoluteMoves += 1
            cursorRow = min(count, rows) - 1
            cursorColumn = min(max(numbers.count > 1 ? numbers[1] : 1, 1), columns) - 1
        case "K":
            let range =
                first == 1
                ? 0..<(cursorColumn + 1) : first == 2 ? 0..<columns : cursorColumn..<columns
            for column in range { cells[cursorRow][column] = " " }
        case "J":
            if first >= 2 || (cursorRow == 0 && cursorColumn == 0 && first == 0) {
                wholeScreenErases += 1
            }
            switch first {
            case 0:
                for column in cursorColumn..<columns { cells[cursorRow][column] = " " }
                for row in (cursorRow + 1)..<rows {
                    cells[row] = Array(repeating: " ", count: columns)
                }
            case 1:
                for row in 0..<cursorRow { cells[row] = Array(repeating: " ", count: columns) }
                for column in 0...cursorColumn { cells[cursorRow][column] = " " }
            default:
                cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            }
        default:
            break
        }
        if final != "m" { pendingWrap = false }
        return index + 1
    }
}
