import TrellisGeometry
import TrellisPluginKit
import TrellisText

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
    ///
    /// A right-to-left run is laid out from its last cluster to its first, the advances taken
    /// in that order too, and written as ``bidiMode`` says: each cluster mirrored in the cells
    /// it is shown in, or, for a terminal that reorders text itself, the clusters in logical
    /// order in the same cells, the first after a right-to-left isolate and the last before a
    /// pop directional isolate.
    mutating func text(_ run: GlyphRun) {
        guard let label = hints.label else {
            drawText(run)
            return
        }
        // Inside a label: never past its frame, cut with an ellipsis when wider in cells.
        let clip = state.clipColumns
        state.clipColumns = clip.clamped(to: label.columns)
        defer { state.clipColumns = clip }
        drawText(cutToLabel(run, columns: label.columns, truncation: label.truncation))
    }

    private mutating func drawText(_ run: GlyphRun) {
        let origin = run.origin.applying(state.transform)
        let middle = origin.y + (run.descent - run.ascent) / 2 * scaleFactors.y
        let row = cellCount((middle / cellHeight).rounded(.down))
        guard state.clipRows.contains(row) else { return }
        let style = TextCellStyle(run, rasterizer: self)
        let start = cellCount(origin.x / cellWidth)
        if run.direction == .rightToLeft {
            rightToLeftText(run, row: row, from: start, originX: origin.x, style: style)
            return
        }
        var column = start
        let clip = state.clipColumns
        if let advances = run.advances, advances.count == run.text.count,
            advances.allSatisfy(\.isFinite)
        {
            var pen = origin.x
            for (cluster, advance) in zip(run.text, advances) {
                column = max(column, cellCount(pen / cellWidth))
                pen += advance * scaleFactors.x
                if column >= clip.upperBound { break }
                let (glyph, width) = glyphs.glyph(for: cluster)
                if width > 0 { place(glyph, width: width, row: row, column: column, style: style) }
                column += width
            }
            return
        }
        if run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in run.text.utf8 {
                if column >= clip.upperBound { break }
                place(UInt32(byte), width: 1, row: row, column: column, style: style)
                column += 1
            }
            return
        }
        for cluster in run.text {
            if column >= clip.upperBound { break }
            let (glyph, width) = glyphs.glyph(for: cluster)
            if width > 0 { place(glyph, width: width, row: row, column: column, style: style) }
            column += width
        }
    }

    /// Writes a right-to-left run: its clusters laid out from the last, then written in the
    /// order and form ``bidiMode`` asks for.
    private mutating func rightToLeftText(
        _ run: GlyphRun, row: Int, from start: Int, originX: Double, style: TextCellStyle
    ) {
        let clusters = Array(run.text)
        let advances = run.advances.flatMap {
            $0.count == clusters.count && $0.allSatisfy(\.isFinite) ? $0 : nil
        }
        // Where each drawn cluster is shown, from left to right.
        var placements: [(cluster: Int, column: Int, width: Int)] = []
        var column = start
        var pen = originX
        for cluster in clusters.indices.reversed() {
            if let advances {
                column = max(column, cellCount(pen / cellWidth))
                pen += advances[cluster] * scaleFactors.x
            }
            let width = GlyphTable.columns(of: clusters[cluster])
            guard width > 0 else { continue }
            placements.append((cluster, column, width))
            column += width
        }
        guard let first = placements.first, let last = placements.last else { return }
        let clip = state.clipColumns
        switch bidiMode {
        case .visual:
            for placement in placements {
                let shown = Self.mirrored(clusters[placement.cluster])
                let (glyph, width) = glyphs.glyph(for: shown)
                place(glyph, width: width, row: row, column: placement.column, style: style)
            }
        case .logical:
            // The same cells, mirrored within the run, so that the terminal's reordering puts
            // each cluster back where the visual layout shows it.
            let left = first.column
            let right = last.column + last.width
            let written = placements.reversed().map {
                (cluster: $0.cluster, column: left + right - $0.column - $0.width, width: $0.width)
            }.filter { $0.column >= clip.lowerBound && $0.column + $0.width <= clip.upperBound }
            for (index, placement) in written.enumerated() {
                let (glyph, width) = glyphs.glyph(
                    for: clusters[placement.cluster],
                    before: index == 0 ? Self.rightToLeftIsolate : nil,
                    after: index == written.count - 1 ? Self.popDirectionalIsolate : nil)
                place(glyph, width: width, row: row, column: placement.column, style: style)
            }
        }
    }

    /// U+2067 RIGHT-TO-LEFT ISOLATE, written before a right-to-left run in logical order.
    static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"
    /// U+2069 POP DIRECTIONAL ISOLATE, written after it.
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// A cluster with its first character replaced by its mirror image, when it has one (rule
    /// L4 of the bidirectional algorithm): `(` for `)`, `≥` for `≤`.
    static func mirrored(_ cluster: Character) -> Character {
        var scalars = cluster.unicodeScalars
        guard let first = scalars.first, let mirror = first.bidiMirroringGlyph else {
            return cluster
        }
        scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: [mirror])
        return Character(String(scalars))
    }

    /// Writes one glyph at a cell of a row, inside the clip, with the run's colours and
    /// attributes; notes a wide glyph that falls across an edge of the redrawn columns.
    mutating func place(
        _ glyph: UInt32, width: Int, row: Int, column: Int, style: TextCellStyle
    ) {
        let clip = state.clipColumns
        if let redrawn = redrawnColumns, width > 1,
            (column < redrawn.lowerBound && column + width > redrawn.lowerBound)
                || (column < redrawn.upperBound && column + width > redrawn.upperBound)
        {
            straddlesRedrawnColumns = true
        }
        guard column >= clip.lowerBound, column + width <= clip.upperBound else { return }
        let index = row * canvas.columns + column
        if let background = style.background {
            for offset in 0..<width { canvas.paint(background, at: index + offset) }
        }
        canvas.put(glyph, width: width, color: style.color, style: style.attributes, at: index)
    }
}

/// The colours and attributes a glyph run gives its cells.
struct TextCellStyle {
    var color: UInt32
    var background: UInt32?
    var attributes: UInt8

    init(color: UInt32, background: UInt32? = nil, attributes: UInt8 = 0) {
        self.color = color
        self.background = background
        self.attributes = attributes
    }

    init(_ run: GlyphRun, rasterizer: Rasterizer) {
        color = rasterizer.packed(run.color)
        background = run.background.map(rasterizer.packed)
        var attributes: UInt8 = 0
        if run.font.weight >= 600 { attributes |= CellStyle.bold }
        if run.font.isItalic { attributes |= CellStyle.italic }
        if run.underline != nil { attributes |= CellStyle.underline }
        if run.strikethrough != nil { attributes |= CellStyle.strikethrough }
        self.attributes = attributes
    }
}
