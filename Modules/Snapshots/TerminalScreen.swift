import TrellisText

/// A terminal snapshot read back into the screen it draws: rows of cells, each with its
/// character, colours and weight.
///
/// It reads what the terminal backend writes in a full frame — cursor moves (`CSI H`,
/// `CSI row;column H`), erasing the screen (`CSI 2J`) and lines (`CSI K`), line feeds, and SGR
/// attributes (reset, bold, normal weight, 256-colour and truecolor foreground and background,
/// default colours) — from the bytes, or from a snapshot file's text where ESC is written `\e`.
/// Other sequences are skipped. Wide characters take two cells, as a terminal lays them out.
///
/// ```swift
/// let screen = TerminalScreen(snapshotText: text)
/// print(screen.rows[1].map(\.character).joined())
/// ```
public struct TerminalScreen: Sendable, Hashable {
    /// A colour in a cell: one of the 256 palette entries, or 24-bit RGB.
    public enum CellColor: Sendable, Hashable {
        /// A palette index, 0 to 255.
        case palette(UInt8)
        /// Red, green and blue.
        case rgb(UInt8, UInt8, UInt8)

        /// The colour as red, green and blue, with xterm's palette.
        public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
            switch self {
            case .rgb(let red, let green, let blue): return (red, green, blue)
            case .palette(let index):
                let system: [(UInt8, UInt8, UInt8)] = [
                    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
                    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
                    (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
                ]
                if index < 16 { return system[Int(index)] }
                if index >= 232 {
                    let grey = UInt8(8 + Int(index - 232) * 10)
                    return (grey, grey, grey)
                }
                let cube = Int(index) - 16
                let level = { (step: Int) -> UInt8 in step == 0 ? 0 : UInt8(55 + step * 40) }
                return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
            }
        }
    }

    /// One cell: a character (empty for the second cell of a wide one) and its style.
    public struct Cell: Sendable, Hashable {
        /// The character shown, `" "` when nothing was written, `""` after a wide character.
        public var character: String = " "
        /// The foreground colour; nil for the terminal's default.
        public var foreground: CellColor?
        /// The background colour; nil for the terminal's default.
        public var background: CellColor?
        /// Whether the text is bold.
        public var isBold = false
    }

    /// The cells, row by row from the top.
    public private(set) var rows: [[Cell]] = []

    /// The most rows and columns a screen grows to; cursor moves beyond them are clamped.
    public static let maximumSize = 1_000

    /// Reads a terminal snapshot file's text (ESC written `\e`, other controls `\u{…}`, a line
    /// break after each `\r\n`).
    public init(snapshotText text: String) {
        self.init(bytes: Self.unescaped(text))
    }

    /// Reads the bytes a terminal backend wrote.
    ///
    /// - Complexity: O(*n*) in the bytes, plus the cells written.
    public init(bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var style = Cell()
        var (row, column) = (0, 0)
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                guard characters.first == "[" else {
                    _ = characters.popFirst()
                    continue
                }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, next.isASCII,
                    next.isNumber || next == ";" || next == "?"
                {
                    parameters.append(next)
                    characters.removeFirst()
                }
                guard let final = characters.popFirst() else { break }
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
                    .map { Int($0) ?? 0 }
                switch final {
                case "m": Self.apply(numbers, to: &style)
                case "H", "f":
                    row = min(max((numbers.first ?? 1) - 1, 0), Self.maximumSize - 1)
                    column = min(
                        max((numbers.count > 1 ? numbers[1] : 1) - 1, 0), Self.maximumSize - 1)
                case "J" where numbers.first == 2: rows = []
                case "K":
                    if row < rows.count, column < rows[row].count {
                        rows[row].removeSubrange(column...)
                    }
                default: break
                }
            case "\r\n", "\n":
                row = min(row + 1, Self.maximumSize - 1)
                column = 0
            case "\r":
                column = 0
            default:
                let width = TerminalWidth(of: character)
                guard !width.isControl, width.columns > 0 else { continue }
                guard column + width.columns <= Self.maximumSize else { continue }
                var cell = style
                cell.character = String(character)
                put(cell, row: row, column: column)
                if width.columns == 2 {
                    cell.character = ""
                    put(cell, row: row, column: column + 1)
                }
                column += width.columns
            }
        }
    }

    /// A row's cells in runs of one style: where each run starts, its text, and its style (the
    /// first cell's, whose character is not used).
    ///
    /// - Complexity: O(*n*) in the row's cells.
    public func runs(ofRow row: Int) -> [(column: Int, text: String, style: Cell)] {
        guard row < rows.count else { return [] }
        let cells = rows[row]
        var runs: [(column: Int, text: String, style: Cell)] = []
        var index = 0
        while index < cells.count {
            let start = index
            let style = cells[index]
            var text = ""
            while index < cells.count, cells[index].foreground == style.foreground,
                cells[index].background == style.background, cells[index].isBold == style.isBold
            {
                text += cells[index].character
                index += 1
            }
            runs.append((start, text, style))
        }
        return runs
    }

    /// The text of a row, without trailing blanks.
    public func text(ofRow row: Int) -> String {
        guard row < rows.count else { return "" }
        var text = rows[row].map(\.character).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    private mutating func put(_ cell: Cell, row: Int, column: Int) {
        while rows.count <= row { rows.append([]) }
        while rows[row].count <= column { rows[row].append(Cell()) }
        rows[row][column] = cell
    }

    /// Applies an SGR sequence's parameters to a style.
    private static func apply(_ numbers: [Int], to style: inout Cell) {
        var index = 0
        let numbers = numbers.isEmpty ? [0] : numbers
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0:
                style = Cell()
            case 1: style.isBold = true
            case 22: style.isBold = false
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 30...37: style.foreground = .palette(UInt8(number - 30))
            case 40...47: style.background = .palette(UInt8(number - 40))
            case 90...97: style.foreground = .palette(UInt8(number - 90 + 8))
            case 100...107: style.background = .palette(UInt8(number - 100 + 8))
            case 38, 48:
                var color: CellColor?
                if index + 2 < numbers.count, numbers[index + 1] == 5 {
                    color = .palette(UInt8(clamping: numbers[index + 2]))
                    index += 2
                } else if index + 4 < numbers.count, numbers[index + 1] == 2 {
                    color = .rgb(
                        UInt8(clamping: numbers[index + 2]), UInt8(clamping: numbers[index + 3]),
                        UInt8(clamping: numbers[index + 4]))
                    index += 4
                }
                if number == 38 { style.foreground = color } else { style.background = color }
            default: break
            }
            index += 1
        }
    }

    /// A snapshot file's text back to the bytes: `\e` to ESC, `\u{…}` to its control, and the
    /// line breaks the file adds after each `\r\n` and `\n` removed.
    static func unescaped(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", let next = scalars.first {
                if next == "e" {
                    scalars.removeFirst()
                    bytes.append(0x1B)
                    continue
                }
                if next == "r" || next == "n" {
                    scalars.removeFirst()
                    bytes.append(next == "r" ? 0x0D : 0x0A)
                    if next == "n", scalars.first == "\n" { scalars.removeFirst() }
                    continue
                }
                if next == "u", scalars.dropFirst().first == "{",
                    let close = scalars.firstIndex(of: "}"),
                    let value = UInt32(
                        String(String.UnicodeScalarView(scalars[(scalars.startIndex + 2)..<close])),
                        radix: 16),
                    let control = Unicode.Scalar(value)
                {
                    bytes += Array(String(control).utf8)
                    scalars = scalars[(close + 1)...]
                    continue
                }
            }
            bytes += Array(String(scalar).utf8)
        }
        return bytes
    }
}
