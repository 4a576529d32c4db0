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
    /// progresses. The strategy says which clusters a line may start at.
    ///
    /// - Complexity: O(*k*) in the clusters of the line (of its paragraph when clipping).
    func fitLine(
        from start: Int, limit: Double, mode: LineBreakMode, strategy: LineBreakStrategy
    ) -> LineSpan {
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
            if k > start && Self.allowsBreak(flag, strategy) {
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

    /// Whether a line may start at a cluster with these flags under a strategy.
    @inline(__always)
    static func allowsBreak(_ flag: ClusterFlags, _ strategy: LineBreakStrategy) -> Bool {
        flag.contains(ClusterFlags.breakBefore(strategy))
            && !(strategy.contains(.hangulWordPriority) && flag.contains(.betweenHangul))
    }

    /// Moves the last word of the line before a paragraph's last line down to it when that
    /// line would hold one word alone (``LineBreakStrategy/pushOut``), provided the last line
    /// still fits and the line before keeps a word.
    ///
    /// - Parameters:
    ///   - spans: The lines fitted so far with the first cluster of each one's paragraph; the
    ///     last one ends a paragraph.
    ///   - limit: The width lines fit in.
    ///   - strategy: The strategy, which includes ``LineBreakStrategy/pushOut``.
    /// - Complexity: O(*k*) in the clusters of the two lines.
    func pushOut(
        _ spans: inout [(span: LineSpan, paragraphStart: Int)], limit: Double,
        strategy: LineBreakStrategy
    ) {
        let count = spans.count
        guard count >= 2, limit.isFinite else { return }
        let last = spans[count - 1]
        let before = spans[count - 2]
        guard last.span.endsParagraph, !last.span.isClipped, !before.span.endsParagraph,
            before.paragraphStart == last.paragraphStart, last.span.start < last.span.end
        else { return }
        guard
            let cut = LineBreakStrategy.pushOutCut(
                before: before.span.start..<before.span.end,
                last: last.span.start..<last.span.end,
                allowsBreak: { Self.allowsBreak(flags[$0], strategy) }, trimmedEnd: trimmedEnd)
        else { return }
        let moved = fitLine(from: cut, limit: limit, mode: .byWordWrapping, strategy: strategy)
        guard moved.endsParagraph, moved.next == last.span.next else { return }
        spans[count - 2].span = LineSpan(
            start: before.span.start, end: cut, next: cut,
            width: contentWidth(before.span.start..<cut), endsParagraph: false)
        spans[count - 1].span = moved
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
