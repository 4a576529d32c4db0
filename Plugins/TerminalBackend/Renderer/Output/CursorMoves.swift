/// The shortest cursor movement between two cells, among absolute moves (CUP, CHA), relative
/// moves (CUU, CUD, CUF, CUB), carriage return, backspace and line feed.
///
/// An inline frame (`relativeOnly`) never moves to an absolute row, whose number would be a
/// row of the whole screen, nor with a line feed, which scrolls the screen when the terminal
/// has become shorter than the frame: only CUU, CUD, CUF, CUB, CHA, carriage return and
/// backspace, which stop at the screen's edges.
///
/// Rows and columns count from 0; escape sequences count from 1.
enum CursorMoves {
    /// The number of decimal digits of a non-negative number.
    static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// The ways to move, each with what it writes.
    private enum Move {
        /// `ESC [ row ; column H`.
        case absolute
        /// A vertical move (if any), then a horizontal one (if any).
        case relative(vertical: Int, horizontal: Horizontal)
        /// Carriage return and `rows` line feeds, then a move right by `column`.
        case newlines(rows: Int)
    }

    private enum Horizontal {
        case none
        case by(Int)
        case toColumn
    }

    private static func verticalCost(_ rows: Int) -> Int {
        rows == 0 ? 0 : (abs(rows) == 1 ? 3 : 3 + digits(abs(rows)))
    }

    private static func horizontalCost(_ move: Horizontal, column: Int) -> Int {
        switch move {
        case .none: return 0
        case .by(let columns) where columns > 0:
            return columns == 1 ? 3 : 3 + digits(columns)
        case .by(let columns):
            return -columns <= 3 ? -columns : 3 + digits(-columns)
        case .toColumn:
            return column == 0 ? 1 : 3 + digits(column + 1)
        }
    }

    private static func absoluteCost(_ row: Int, _ column: Int) -> Int {
        if column == 0 { return row == 0 ? 3 : 3 + digits(row + 1) }
        return 4 + digits(row + 1) + digits(column + 1)
    }

    /// The cheapest move and its cost in bytes; with `relativeOnly` and the row known, the
    /// cheapest relative one.
    private static func best(
        from: (row: Int?, column: Int?), to: (row: Int, column: Int), relativeOnly: Bool
    ) -> (Move, Int) {
        var best = (Move.absolute, relativeOnly ? Int.max : absoluteCost(to.row, to.column))
        guard let row = from.row else { return (Move.absolute, absoluteCost(to.row, to.column)) }
        let vertical = to.row - row
        var horizontal = (Horizontal.toColumn, horizontalCost(.toColumn, column: to.column))
        if let column = from.column {
            let by = to.column - column
            let option = by == 0 ? Horizontal.none : Horizontal.by(by)
            let cost = horizontalCost(option, column: to.column)
            if cost < horizontal.1 { horizontal = (option, cost) }
        }
        let relative = verticalCost(vertical) + horizontal.1
        if relative < best.1 {
            best = (.relative(vertical: vertical, horizontal: horizontal.0), relative)
        }
        if vertical >= 1 && vertical <= 4 && !relativeOnly {
            let right = to.column == 0 ? 0 : horizontalCost(.by(to.column), column: to.column)
            let cost = 1 + vertical + right
            if cost < best.1 { best = (.newlines(rows: vertical), cost) }
        }
        return best
    }

    /// The cost in bytes of the cheapest move.
    static func cost(
        from: (row: Int?, column: Int?), to: (row: Int, column: Int), relativeOnly: Bool = false
    ) -> Int {
        best(from: from, to: to, relativeOnly: relativeOnly).1
    }

    /// Appends the cheapest move from one cell (whose row or column may be unknown) to another;
    /// with `relativeOnly`, the cheapest that names no absolute row, as long as the row is
    /// known.
    static func append(
        from: (row: Int?, column: Int?), to: (row: Int, column: Int), relativeOnly: Bool = false,
        into output: inout [UInt8]
    ) {
        switch best(from: from, to: to, relativeOnly: relativeOnly).0 {
        case .absolute:
            output.append(0x1B)
            output.append(UInt8(ascii: "["))
            if to.row > 0 || to.column > 0 { appendDecimal(to.row + 1, to: &output) }
            if to.column > 0 {
                output.append(UInt8(ascii: ";"))
                appendDecimal(to.column + 1, to: &output)
            }
            output.append(UInt8(ascii: "H"))
        case .relative(let vertical, let horizontal):
            if vertical != 0 {
                sequence(abs(vertical), vertical > 0 ? "B" : "A", into: &output)
            }
            switch horizontal {
            case .none: break
            case .by(let columns) where columns > 0:
                sequence(columns, "C", into: &output)
            case .by(let columns):
                if -columns <= 3 {
                    output.append(contentsOf: repeatElement(0x08, count: -columns))
                } else {
                    sequence(-columns, "D", into: &output)
                }
            case .toColumn:
                if to.column == 0 {
                    output.append(0x0D)
                } else {
                    output.append(0x1B)
                    output.append(UInt8(ascii: "["))
                    appendDecimal(to.column + 1, to: &output)
                    output.append(UInt8(ascii: "G"))
                }
            }
        case .newlines(let rows):
            output.append(0x0D)
            output.append(contentsOf: repeatElement(0x0A, count: rows))
            if to.column > 0 { sequence(to.column, "C", into: &output) }
        }
    }

    /// Appends `ESC [ count final`, leaving the count out when it is 1.
    private static func sequence(_ count: Int, _ final: Unicode.Scalar, into output: inout [UInt8])
    {
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        if count != 1 { appendDecimal(count, to: &output) }
        output.append(UInt8(final.value))
    }
}

/// Appends a non-negative number in decimal.
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value < 10 {
        output.append(UInt8(48 + value))
        return
    }
    if value < 100 {
        output.append(UInt8(48 + value / 10))
        output.append(UInt8(48 + value % 10))
        return
    }
    var divisor = 100
    while divisor <= value / 10 { divisor *= 10 }
    while divisor > 0 {
        output.append(UInt8(48 + value / divisor % 10))
        divisor /= 10
    }
}
