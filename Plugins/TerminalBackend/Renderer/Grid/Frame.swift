import TrellisCore

/// A finished frame: cells whose colours are resolved for the colour mode, ready to compare
/// with the previous frame and to encode.
struct Frame: Equatable {
    let columns: Int
    let rows: Int
    var cells: [Cell]

    /// A frame of blank cells: what the screen shows after it is cleared.
    static func blank(columns: Int, rows: Int) -> Frame {
        Frame(columns: columns, rows: rows, cells: Array(repeating: .blank, count: columns * rows))
    }
}

extension CellCanvas {
    /// Resolves the canvas into a frame: translucent colours are blended (the background over
    /// the assumed terminal background, the text over its background), colours are mapped to
    /// the colour mode, and cells that show no glyph drop their text colour and attributes so
    /// that runs of blank cells share one style.
    func resolved(colorMode: TerminalColorMode, assumedBackground: UInt32) -> Frame {
        var frame = Frame(columns: columns, rows: rows, cells: [])
        frame.cells = resolvedCells(colorMode: colorMode, assumedBackground: assumedBackground)
        return frame
    }

    /// Resolves some rows of the canvas into an earlier frame of the same size, keeping the
    /// others: after a retained frame redrew only those rows.
    func resolve(
        rows range: Range<Int>, into frame: inout Frame, colorMode: TerminalColorMode,
        assumedBackground: UInt32
    ) {
        var band = self
        let start = range.lowerBound * columns
        let end = range.upperBound * columns
        band.cells = Array(cells[start..<end])
        let resolved = band.resolvedCells(
            colorMode: colorMode, assumedBackground: assumedBackground)
        frame.cells.replaceSubrange(start..<end, with: resolved)
    }

    private func resolvedCells(colorMode: TerminalColorMode, assumedBackground: UInt32) -> [Cell] {
        var resolver = ColorResolver(mode: colorMode)
        let result = [Cell](unsafeUninitializedCapacity: cells.count) { output, count in
            cells.withUnsafeBufferPointer { input in
                for index in input.indices {
                    var cell = input[index]
                    if cell.isContinuation, index > 0 {
                        // A continuation is written with its head: give it the head's colours.
                        let head = output[index - 1]
                        cell.foreground = head.foreground
                        cell.background = head.background
                        cell.style = head.style & CellStyle.attributes
                        output.initializeElement(at: index, to: cell)
                        continue
                    }
                    let behind: UInt32
                    if PackedColor.alpha(cell.background) == 0 {
                        cell.background = PackedColor.terminalDefault
                        behind = assumedBackground
                    } else {
                        behind = PackedColor.over(cell.background, assumedBackground)
                        cell.background = resolver.resolve(behind)
                    }
                    if cell.glyph == Cell.space && cell.style & CellStyle.visibleOnSpace == 0 {
                        cell.foreground = PackedColor.terminalDefault
                        cell.style = 0
                    } else {
                        cell.foreground = resolver.resolve(
                            PackedColor.over(cell.foreground, behind))
                        if cell.glyph == Cell.space { cell.style &= CellStyle.visibleOnSpace }
                    }
                    output.initializeElement(at: index, to: cell)
                }
            }
            count = cells.count
        }
        return result
    }
}

/// Maps opaque colours to the colour mode, remembering the last colour mapped (neighbouring
/// cells usually share colours).
struct ColorResolver {
    let mode: TerminalColorMode
    private var lastInput: UInt32 = 0
    private var lastOutput: UInt32 = 0

    init(mode: TerminalColorMode) {
        self.mode = mode
    }

    mutating func resolve(_ color: UInt32) -> UInt32 {
        let opaque = 0xFF00_0000 | color
        if mode == .truecolor { return opaque }
        if opaque == lastInput { return lastOutput }
        let r = Int((color >> 16) & 0xFF)
        let g = Int((color >> 8) & 0xFF)
        let b = Int(color & 0xFF)
        let index =
            mode == .palette256
            ? TerminalPalette.nearest256(red: r, green: g, blue: b)
            : TerminalPalette.nearest16(red: r, green: g, blue: b)
        lastInput = opaque
        lastOutput = PackedColor.paletteTag | UInt32(index)
        return lastOutput
    }
}

extension Frame {
    /// Makes the cells of a box differ from every cell a frame can hold, so that the next frame
    /// diffed against this one writes them all (with the head of a wide glyph cut at its left
    /// edge).
    mutating func invalidate(_ box: CellBox) {
        let unwritable = Cell(glyph: 0, foreground: 0, background: 0, style: 0)
        let rows = max(box.row, 0)..<min(box.row + box.rows, self.rows)
        let columns = max(box.column, 0)..<min(box.column + box.columns, self.columns)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        for row in rows {
            for column in columns { cells[row * self.columns + column] = unwritable }
            if columns.lowerBound > 0 {
                cells[row * self.columns + columns.lowerBound - 1] = unwritable
            }
        }
    }

    /// Whether the cells of a box are the same as another frame's of the same size.
    func isSame(as other: Frame, in box: CellBox) -> Bool {
        guard other.columns == columns, other.rows == rows else { return false }
        let rows = max(box.row, 0)..<min(box.row + box.rows, self.rows)
        let columns = max(box.column, 0)..<min(box.column + box.columns, self.columns)
        for row in rows {
            let start = row * self.columns
            if cells[(start + columns.lowerBound)..<(start + columns.upperBound)]
                != other.cells[(start + columns.lowerBound)..<(start + columns.upperBound)]
            {
                return false
            }
        }
        return true
    }
}
