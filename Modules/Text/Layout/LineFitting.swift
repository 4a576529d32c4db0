/// The clusters of one line, before truncation and placement.
struct LineSpan {
    /// The first cluster.
    var start: Int
    /// The end of the shown clusters (exclusive), trailing spaces included.
    var end: Int
    /// The first cluster of the next line.
    var next: Int
    /// The width of the shown clusters without trailing spaces.
    var width: Double
    /// Whether the line ends its paragraph (a line break or the end of the text).
    var endsParagraph: Bool
    /// Whether clusters were left out at the end (clipping).
    var isClipped = false
}

extension PreparedText {
    /// The tolerance of width comparisons, so that text measured exactly at a width fits it.
    static func fits(_ width: Double, in limit: Double) -> Bool {
        width <= limit + 1e-9 * max(1, abs(limit))
    }

    /// Fits the line that starts at cluster `start` into `limit`, greedily.
    ///
    /// Spaces hang: they never make a line overflow and do not count in its width. A line
    /// always takes at least one cluster, so that text narrower than one cluster still
    /// progresses.
    ///
    /// - Complexity: O(*k*) in the clusters of the line (of its paragraph when clipping).
    func fitLine(from start: Int, limit: Double, mode: LineBreakMode) -> LineSpan {
        var x = 0.0
        var content = 0.0
        var candidate = -1
        var candidateWidth = 0.0
        var k = start
        let count = clusterCount
        while k < count {
            let flag = flags[k]
            if flag.contains(.hardBreak) {
                return LineSpan(
                    start: start, end: k, next: k + 1, width: content, endsParagraph: true)
            }
            if k > start && flag.contains(.breakBefore) {
                candidate = k
                candidateWidth = content
            }
            let advance = advances[k]
            if flag.contains(.space) {
                x += advance
                k += 1
                continue
            }
            if k > start && !Self.fits(x + advance, in: limit) {
                switch mode {
                case .byClipping:
                    var end = k
                    while end < count && !flags[end].contains(.hardBreak) { end += 1 }
                    let endsText = end == count
                    return LineSpan(
                        start: start, end: k, next: endsText ? end : end + 1, width: content,
                        endsParagraph: true, isClipped: true)
                case .byCharWrapping:
                    return LineSpan(
                        start: start, end: k, next: k, width: content, endsParagraph: false)
                default:
                    if candidate > start {
                        return LineSpan(
                            start: start, end: candidate, next: candidate, width: candidateWidth,
                            endsParagraph: false)
                    }
                    return LineSpan(
                        start: start, end: k, next: k, width: content, endsParagraph: false)
                }
            }
            x += advance
            content = x
            k += 1
        }
        return LineSpan(start: start, end: count, next: count, width: content, endsParagraph: true)
    }

    /// The end of the paragraph that contains cluster `index`: the index of its line break
    /// cluster, or the cluster count.
    func paragraphEnd(from index: Int) -> Int {
        var end = index
        while end < clusterCount && !flags[end].contains(.hardBreak) { end += 1 }
        return end
    }

    /// The width of clusters `range` without trailing spaces.
    func contentWidth(_ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound && flags[end - 1].contains(.space) { end -= 1 }
        var total = 0.0
        for k in range.lowerBound..<end { total += advances[k] }
        return total
    }

    /// The end of clusters `range` without trailing spaces.
    func trimmedEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && flags[end - 1].contains(.space) { end -= 1 }
        return end
    }
}
