import TrellisGeometry
import TrellisPluginKit

extension Rasterizer {
    /// Writes a run of text into one row of cells.
    ///
    /// The row is the one that holds the middle of the run's box (ascent above the baseline to
    /// descent below it); the first cluster starts at the cell boundary nearest the run's
    /// origin, and each cluster takes its ``TerminalWidth`` in cells. Control characters show
    /// as pictures (`␛` for ESC), zero-width clusters are dropped, and a cluster that does not
    /// fit inside the clip whole is not drawn. Weights of 600 and above are bold; italics,
    /// underlines (of any pattern) and strikethroughs become the terminal's attributes; a run
    /// background fills the cells the text takes.
    ///
    /// A run with advances (one per grapheme cluster) puts each cluster at the cell boundary
    /// nearest its pen position, the origin plus the advances before it, but never over the
    /// cells of the cluster before; so justified and kerned text spreads by whole cells. A run
    /// whose advances are not one per cluster, or not finite, is drawn with its clusters' own
    /// widths, as without advances.
    mutating func text(_ run: GlyphRun) {
        let origin = run.origin.applying(state.transform)
        let middle = origin.y + (run.descent - run.ascent) / 2 * scaleFactors.y
        let row = cellCount((middle / cellHeight).rounded(.down))
        guard state.clipRows.contains(row) else { return }
        var column = cellCount(origin.x / cellWidth)
        let color = packed(run.color)
        let background = run.background.map(packed)
        var style: UInt8 = 0
        if run.font.weight >= 600 { style |= CellStyle.bold }
        if run.font.isItalic { style |= CellStyle.italic }
        if run.underline != nil { style |= CellStyle.underline }
        if run.strikethrough != nil { style |= CellStyle.strikethrough }
        let rowStart = row * canvas.columns
        let clip = state.clipColumns

        let redrawn = redrawnColumns
        func place(_ glyph: UInt32, width: Int) {
            defer { column += width }
            if let redrawn, width > 1,
                (column < redrawn.lowerBound && column + width > redrawn.lowerBound)
                    || (column < redrawn.upperBound && column + width > redrawn.upperBound)
            {
                straddlesRedrawnColumns = true
            }
            guard column >= clip.lowerBound, column + width <= clip.upperBound else { return }
            let index = rowStart + column
            if let background {
                for offset in 0..<width { canvas.paint(background, at: index + offset) }
            }
            canvas.put(glyph, width: width, color: color, style: style, at: index)
        }

        if let advances = run.advances, advances.count == run.text.count,
            advances.allSatisfy(\.isFinite)
        {
            var pen = origin.x
            for (cluster, advance) in zip(run.text, advances) {
                column = max(column, cellCount(pen / cellWidth))
                pen += advance * scaleFactors.x
                if column >= clip.upperBound { break }
                let (glyph, width) = glyphs.glyph(for: cluster)
                if width > 0 { place(glyph, width: width) }
            }
            return
        }
        if run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in run.text.utf8 {
                if column >= clip.upperBound { break }
                place(UInt32(byte), width: 1)
            }
            return
        }
        for cluster in run.text {
            if column >= clip.upperBound { break }
            let (glyph, width) = glyphs.glyph(for: cluster)
            if width > 0 { place(glyph, width: width) }
        }
    }
}
