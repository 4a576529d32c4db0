/// The lines of a section whose items all have one size: every position is arithmetic, and
/// the storage does not depend on the number of items.
struct UniformLines {
    /// The number of items.
    var count: Int
    /// The items' length along a line.
    var along: Double
    /// The items' length along the scroll direction.
    var across: Double
    /// Items per line, at least 1.
    var perLine: Int
    /// The position along a line of the first column.
    var firstOffset: Double
    /// The distance between the starts of neighbouring columns.
    var columnPitch: Double
    /// The distance between the starts of neighbouring lines.
    var linePitch: Double

    /// The number of lines.
    var lineCount: Int { count == 0 ? 0 : (count - 1) / perLine + 1 }

    /// The length of the lines along the scroll direction.
    var length: Double {
        lineCount == 0 ? 0 : Double(lineCount - 1) * linePitch + across
    }

    /// The most items a line takes before the next starts: `n` items of `along` with `spacing`
    /// between them fit in `metrics.available`; at least 1.
    static func itemsPerLine(along: Double, spacing: Double, metrics: SectionMetrics) -> Int {
        let room = metrics.available + metrics.tolerance
        let cap = 1 << 30
        guard along + spacing > 0 else { return cap }
        var n = Int(min(max(((room + spacing) / (along + spacing)).rounded(.down), 1), Double(cap)))
        while n > 1, Double(n) * along + Double(n - 1) * spacing > room { n -= 1 }
        while n < cap, Double(n + 1) * along + Double(n) * spacing <= room { n += 1 }
        return n
    }

    /// The lines of a flow layout section with one item size: full lines are justified, a line
    /// that holds one item is centred, as is a section's only item, and the last line keeps the
    /// columns of a full line.
    static func flow(count: Int, along: Double, across: Double, metrics: SectionMetrics)
        -> UniformLines
    {
        let perLine = itemsPerLine(along: along, spacing: metrics.itemSpacing, metrics: metrics)
        var first = metrics.lineStartInset
        var pitch = along + metrics.itemSpacing
        if perLine == 1 || count == 1 {
            first += max(0, (metrics.available - along) / 2)
        } else {
            pitch = along + (metrics.available - Double(perLine) * along) / Double(perLine - 1)
        }
        return UniformLines(
            count: count, along: along, across: across, perLine: perLine, firstOffset: first,
            columnPitch: pitch, linePitch: across + metrics.lineSpacing)
    }

    /// The placement of an item, `v` from the start of the lines.
    func placement(of item: Int) -> LinePlacement {
        let line = item / perLine
        let column = item - line * perLine
        return LinePlacement(
            u: firstOffset + Double(column) * columnPitch, v: Double(line) * linePitch,
            along: along, across: across)
    }

    /// Calls `body` with every item that overlaps the spans, `v` from the start of the lines.
    ///
    /// - Complexity: O(*k*), where *k* is the number of items reported.
    func forEachItem(overlapping u: Span, _ v: Span, _ body: (Int, LinePlacement) -> Void) {
        let lines = LayoutLength.indices(
            overlapping: v, start: 0, pitch: linePitch, length: across, count: lineCount)
        let columns = LayoutLength.indices(
            overlapping: u, start: firstOffset, pitch: columnPitch, length: along,
            count: min(perLine, count))
        guard !lines.isEmpty, !columns.isEmpty else { return }
        for line in lines {
            for column in columns {
                let item = line * perLine + column
                if item >= count { break }
                body(item, placement(of: item))
            }
        }
    }
}
