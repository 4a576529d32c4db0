import TrellisText

/// A small terminal emulator for tests: it applies the output of the terminal backend to a grid
/// and fails on anything the backend should never write (an unknown sequence, a raw control
/// character, a write past the right margin, a move off the screen).
struct VirtualTerminal {
    struct Cell: Equatable {
        var text = " "
        var foreground = "default"
        var background = "default"
        var attributes: Set<String> = []
        var isContinuation = false
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let columns: Int
    let rows: Int
    private(set) var cells: [[Cell]]
    private(set) var row = 0
    private(set) var column = 0
    private var isWrapPending = false
    private var pen = Cell()

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The text of each row, continuation cells left out.
    var lines: [String] {
        cells.map { line in line.filter { !$0.isContinuation }.map(\.text).joined() }
    }

    /// The cells as they look: a blank shows its background (and an underline or a
    /// strikethrough), not its text colour or other attributes.
    var appearance: [[Cell]] {
        cells.map { line in
            line.map { cell in
                guard cell.text == " " else { return cell }
                var blank = cell
                blank.attributes = cell.attributes.intersection(["underline", "strikethrough"])
                if blank.attributes.isEmpty { blank.foreground = "any" }
                return blank
            }
        }
    }

    /// The cell at a position.
    func cell(_ column: Int, _ row: Int) -> Cell { cells[row][column] }

    mutating func feed(_ bytes: [UInt8]) throws {
        let characters = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\u{1B}":
                index = try escape(characters, from: index)
            case "\r":
                column = 0
                isWrapPending = false
            case "\n":
                try moveTo(row + 1, column)
            case "\r\n":
                try moveTo(row + 1, 0)
            case "\u{8}":
                try moveTo(row, column - 1)
            default:
                try put(character)
            }
        }
    }

    private mutating func moveTo(_ newRow: Int, _ newColumn: Int) throws {
        guard newRow >= 0, newRow < rows, newColumn >= 0, newColumn < columns else {
            throw Failure(description: "move to row \(newRow) column \(newColumn): off the screen")
        }
        row = newRow
        column = newColumn
        isWrapPending = false
    }

    private mutating func put(_ character: Character) throws {
        if character.unicodeScalars.contains(where: {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
        }) {
            throw Failure(
                description: "raw control character \(character.unicodeScalars.map(\.value))")
        }
        let width = TerminalWidth(of: character).columns
        guard width > 0 else { throw Failure(description: "zero-width cluster written alone") }
        guard !isWrapPending else {
            throw Failure(description: "wrote \"\(character)\" past the right margin of row \(row)")
        }
        guard column + width <= columns else {
            throw Failure(description: "\"\(character)\" does not fit at column \(column)")
        }
        clearWideGlyph(at: column)
        if width == 2 { clearWideGlyph(at: column + 1) }
        var cell = pen
        cell.text = String(character)
        cells[row][column] = cell
        if width == 2 {
            var continuation = pen
            continuation.text = ""
            continuation.isContinuation = true
            cells[row][column + 1] = continuation
        }
        column += width
        if column >= columns {
            column = columns - 1
            isWrapPending = true
        }
    }

    /// Blanks the other half of a wide glyph that a write at `position` splits.
    private mutating func clearWideGlyph(at position: Int) {
        if cells[row][position].isContinuation, position > 0 {
            cells[row][position - 1].text = " "
        }
        if position + 1 < columns, cells[row][position + 1].isContinuation {
            cells[row][position + 1].isContinuation = false
            cells[row][position + 1].text = " "
        }
    }

    private mutating func escape(_ characters: [Character], from start: Int) throws -> Int {
        guard start < characters.count, characters[start] == "[" else {
            throw Failure(description: "ESC not followed by [")
        }
        var index = start + 1
        var parameters = ""
        while index < characters.count, let ascii = characters[index].asciiValue,
            (0x20...0x3F).contains(ascii)
        {
            parameters.append(characters[index])
            index += 1
        }
        guard index < characters.count else { throw Failure(description: "unfinished sequence") }
        let final = characters[index]
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func number(_ position: Int, _ fallback: Int = 1) -> Int {
            position < numbers.count ? (numbers[position] ?? fallback) : fallback
        }
        switch final {
        case "H": try moveTo(number(0) - 1, number(1) - 1)
        case "A": try moveTo(row - number(0), column)
        case "B": try moveTo(row + number(0), column)
        case "C": try moveTo(row, column + number(0))
        case "D": try moveTo(row, column - number(0))
        case "G": try moveTo(row, number(0) - 1)
        case "J":
            guard parameters == "2" else { throw Failure(description: "ED \(parameters)") }
            cells = Array(repeating: Array(repeating: blankCell, count: columns), count: rows)
        case "m": try graphicRendition(parameters)
        case "h", "l":
            guard parameters.hasPrefix("?") else {
                throw Failure(description: "mode \(parameters)")
            }
        default:
            throw Failure(description: "unknown sequence ESC [ \(parameters) \(final)")
        }
        return index + 1
    }

    private var blankCell: Cell {
        var cell = Cell()
        cell.background = pen.background
        return cell
    }

    private mutating func graphicRendition(_ parameters: String) throws {
        var values = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
        if values.isEmpty { values = [0] }
        var index = 0
        func color(_ base: Int) throws -> String {
            guard index + 1 < values.count else { throw Failure(description: "short colour") }
            if values[index + 1] == 5, index + 2 < values.count {
                index += 2
                return "p\(values[index])"
            }
            if values[index + 1] == 2, index + 4 < values.count {
                let rgb = values[(index + 2)...(index + 4)]
                index += 4
                return "#" + rgb.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            }
            throw Failure(description: "bad colour \(parameters)")
        }
        let names = [1: "bold", 3: "italic", 4: "underline", 9: "strikethrough"]
        let offs = [22: "bold", 23: "italic", 24: "underline", 29: "strikethrough"]
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: pen = Cell()
            case 1, 3, 4, 9: pen.attributes.insert(names[value] ?? "")
            case 22, 23, 24, 29: pen.attributes.remove(offs[value] ?? "")
            case 30...37: pen.foreground = "p\(value - 30)"
            case 90...97: pen.foreground = "p\(value - 90 + 8)"
            case 40...47: pen.background = "p\(value - 40)"
            case 100...107: pen.background = "p\(value - 100 + 8)"
            case 39: pen.foreground = "default"
            case 49: pen.background = "default"
            case 38: pen.foreground = try color(38)
            case 48: pen.background = try color(48)
            default: throw Failure(description: "unknown SGR \(value) in \(parameters)")
            }
            index += 1
        }
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
