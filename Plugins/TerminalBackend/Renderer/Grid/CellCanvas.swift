/// A grid of cells being drawn: the screen, or a transparency layer.
///
/// Colours are straight-alpha `0xAARRGGBB` (see ``PackedColor``); a background with alpha 0 has
/// not been drawn. Every operation takes a cell index that the caller has checked.
struct CellCanvas {
    let columns: Int
    let rows: Int
    var cells: [Cell]

    /// The cell nothing has been drawn in.
    static let empty = Cell(glyph: Cell.space, foreground: 0, background: 0, style: 0)

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: CellCanvas.empty, count: columns * rows)
    }

    /// Paints a colour over a cell's background. An opaque colour hides the cell's glyph; a
    /// translucent one tints it too.
    mutating func paint(_ color: UInt32, at index: Int) {
        let alpha = PackedColor.alpha(color)
        if alpha == 0 { return }
        if alpha == 255 {
            cells[index] = Cell(glyph: Cell.space, foreground: 0, background: color, style: 0)
            return
        }
        var cell = cells[index]
        cell.background = PackedColor.over(color, cell.background)
        if cell.glyph != Cell.space {
            cell.foreground = PackedColor.over(color, cell.foreground)
        }
        cells[index] = cell
    }

    /// Writes a glyph into a cell, keeping its background; a wide glyph also takes the next
    /// cell, which the caller has checked exists.
    mutating func put(_ glyph: UInt32, width: Int, color: UInt32, style: UInt8, at index: Int) {
        cells[index].glyph = glyph
        cells[index].foreground = color
        cells[index].style = width == 2 ? style | CellStyle.wide : style
        if width == 2 {
            cells[index + 1].glyph = Cell.continuation
            cells[index + 1].foreground = color
            cells[index + 1].style = style
        }
    }

    /// Composites a layer over this canvas with a group opacity (0 to 255).
    mutating func composite(_ layer: CellCanvas, opacity: UInt32) {
        for index in 0..<min(cells.count, layer.cells.count) {
            let cell = layer.cells[index]
            paint(PackedColor.fade(cell.background, by: opacity), at: index)
            if cell.glyph != Cell.space {
                cells[index].glyph = cell.glyph
                cells[index].style = cell.style
                cells[index].foreground = PackedColor.fade(cell.foreground, by: opacity)
            }
        }
    }

    /// Replaces the halves of wide glyphs that something drawn later has split with spaces, so
    /// that every wide glyph is followed by its continuation and every continuation follows a
    /// wide glyph.
    mutating func repairWideGlyphs(rows range: Range<Int>? = nil) {
        for row in (range ?? 0..<rows).clamped(to: 0..<rows) {
            let start = row * columns
            for column in 0..<columns {
                let index = start + column
                let cell = cells[index]
                if cell.style & CellStyle.wide != 0 {
                    if column == columns - 1 || !cells[index + 1].isContinuation {
                        cells[index].glyph = Cell.space
                        cells[index].style &= ~CellStyle.wide
                    }
                } else if cell.isContinuation {
                    let head = column > 0 ? cells[index - 1] : CellCanvas.empty
                    if head.style & CellStyle.wide == 0 || head.isContinuation {
                        cells[index].glyph = Cell.space
                    }
                }
            }
        }
    }
}
