import TrellisText

/// The clusters of one line, before truncation and placement.
struct LineSpan {
    /// The first cluster.
    var start: Int
    /// The end of the clusters on the line (exclusive), trailing spaces included.
    var end: Int
    /// The first cluster of the next line.
    var next: Int
    /// The width of the clusters without trailing spaces.
    var width: Double
    /// Whether the line ends at a paragraph end or a line separator rather than a wrap.
    var endsAtBreak: Bool
    /// Whether a line separator ends the line.
    var endsWithLineSeparator = false
    /// Whether clusters were left out at the end (clipping).
    var isClipped = false
}

/// What a line shows: clusters, and an ellipsis between or after them when truncated.
struct ShownContent {
    /// The clusters before the ellipsis, or all the shown clusters.
    var prefix: Range<Int>
    /// The clusters after the ellipsis.
    var suffix: Range<Int>
    /// The piece whose attributes the ellipsis takes; `nil` for no ellipsis.
    var ellipsisPiece: Int?
    /// The clusters the ellipsis hides.
    var hidden: Range<Int>
    /// The width of the clusters and the ellipsis, without justification.
    var width: Double
}

extension PreparedAttributedText {
    /// Whether a width fits a limit, with a tolerance so that text measured exactly at a width
    /// fits it.
    static func fits(_ width: Double, in limit: Double) -> Bool {
        width <= limit + 1e-9 * max(1, abs(limit))
    }

    /// Fits the line that starts at cluster `start` of a paragraph ending at `end` into
    /// `limit`, greedily, breaking where the strategy allows. Spaces hang; a line takes at
    /// least one cluster.
    ///
    /// - Complexity: O(*k*) in the clusters of the line (of its paragraph when clipping).
    func fitLine(
        from start: Int, to end: Int, limit: Double, mode: LineBreakMode,
        strategy: LineBreakStrategy
    ) -> LineSpan {
        var x = 0.0
        var content = 0.0
        var candidate = -1
        var candidateWidth = 0.0
        var k = start
        while k < end {
            let flag = flags[k]
            if flag.contains(.lineSeparator) {
                return LineSpan(
                    start: start, end: k, next: k + 1, width: content, endsAtBreak: true,
                    endsWithLineSeparator: true)
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
                    var stop = k
                    while stop < end && !flags[stop].contains(.lineSeparator) { stop += 1 }
                    return LineSpan(
                        start: start, end: k, next: stop < end ? stop + 1 : end, width: content,
                        endsAtBreak: true, endsWithLineSeparator: stop < end, isClipped: true)
                case .byCharWrapping:
                    return LineSpan(
                        start: start, end: k, next: k, width: content, endsAtBreak: false)
                default:
                    if candidate > start {
                        return LineSpan(
                            start: start, end: candidate, next: candidate, width: candidateWidth,
                            endsAtBreak: false)
                    }
                    return LineSpan(
                        start: start, end: k, next: k, width: content, endsAtBreak: false)
                }
            }
            x += advance
            content = x
            k += 1
        }
        return LineSpan(start: start, end: end, next: end, width: content, endsAtBreak: true)
    }

    /// Whether a line may start at a cluster with these flags under a strategy.
    @inline(__always)
    static func allowsBreak(_ flag: Flags, _ strategy: LineBreakStrategy) -> Bool {
        flag.contains(strategy.contains(.standard) ? .standardBreakBefore : .breakBefore)
            && !(strategy.contains(.hangulWordPriority) && flag.contains(.betweenHangul))
    }

    /// The end of the line segment that starts at `start`: its line separator, or the end of
    /// the paragraph.
    func segmentEnd(from start: Int, paragraphEnd: Int) -> Int {
        var end = start
        while end < paragraphEnd && !flags[end].contains(.lineSeparator) { end += 1 }
        return end
    }

    /// The end of clusters `range` without trailing spaces.
    func trimmedEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && flags[end - 1].contains(.space) { end -= 1 }
        return end
    }

    /// The width of clusters `range`.
    func width(_ range: Range<Int>) -> Double {
        var total = 0.0
        for k in range { total += advances[k] }
        return total
    }

    /// The line showing a span as it is, trailing spaces left out.
    func plainContent(_ span: LineSpan) -> ShownContent {
        let end = trimmedEnd(span.start..<span.end)
        return ShownContent(
            prefix: span.start..<end, suffix: end..<end, ellipsisPiece: nil, hidden: end..<end,
            width: width(span.start..<end))
    }

    /// The piece of cluster `index`, or of the last cluster at the end.
    func piece(at index: Int) -> Int {
        guard clusterCount > 0 else { return 0 }
        return pieceOfCluster[min(index, clusterCount - 1)]
    }

    /// The line showing clusters `range` (the rest of a line segment) truncated with an
    /// ellipsis to fit `limit`, by `mode` (head, middle, or tail for any other mode).
    ///
    /// The ellipsis takes the attributes of the last cluster before it, or for the head (and
    /// the middle with nothing before it), of the first one after it; it replaces whole
    /// clusters. When not even the ellipsis fits,
    /// the line shows nothing.
    ///
    /// - Complexity: O(*k*) in the clusters of `range`.
    func truncatedContent(_ range: Range<Int>, limit: Double, mode: LineBreakMode) -> ShownContent {
        let start = range.lowerBound
        let end = trimmedEnd(range)
        let nothing = ShownContent(
            prefix: start..<start, suffix: range.upperBound..<range.upperBound, ellipsisPiece: nil,
            hidden: range, width: 0)
        switch mode {
        case .byTruncatingHead:
            let edge = piece(at: max(end - 1, start))
            var best: (start: Int, width: Double, piece: Int)?
            if Self.fits(font(ofPiece: edge).ellipsisWidth, in: limit) { best = (end, 0, edge) }
            var used = 0.0
            var pending = 0.0
            var k = end
            while k > start {
                let cluster = k - 1
                k -= 1
                if flags[cluster].contains(.space) {
                    pending += advances[cluster]
                    continue
                }
                let candidate = used + pending + advances[cluster]
                guard Self.fits(candidate, in: limit) else { break }
                used = candidate
                pending = 0
                let owner = pieceOfCluster[cluster]
                if Self.fits(candidate + font(ofPiece: owner).ellipsisWidth, in: limit) {
                    best = (cluster, candidate, owner)
                }
            }
            guard let best else { return nothing }
            return ShownContent(
                prefix: start..<start, suffix: best.start..<end, ellipsisPiece: best.piece,
                hidden: start..<best.start,
                width: best.width + font(ofPiece: best.piece).ellipsisWidth)
        case .byTruncatingMiddle:
            let first = piece(at: start)
            let ellipsis = font(ofPiece: first).ellipsisWidth
            guard Self.fits(ellipsis, in: limit) else { return nothing }
            var prefix = growPrefix(from: start, upTo: end, budget: (limit - ellipsis) / 2)
            let suffix = growSuffix(
                from: end, downTo: prefix.upperBound, budget: limit - ellipsis - width(prefix))
            prefix = growPrefix(
                from: start, upTo: suffix.lowerBound, budget: limit - ellipsis - width(suffix))
            var owner =
                prefix.isEmpty
                ? (suffix.isEmpty ? first : pieceOfCluster[suffix.lowerBound])
                : pieceOfCluster[prefix.upperBound - 1]
            if !Self.fits(
                width(prefix) + width(suffix) + font(ofPiece: owner).ellipsisWidth, in: limit)
            {
                prefix = growPrefix(
                    from: start, upTo: suffix.lowerBound,
                    budget: limit - font(ofPiece: owner).ellipsisWidth - width(suffix))
                owner = prefix.isEmpty ? first : pieceOfCluster[prefix.upperBound - 1]
            }
            return ShownContent(
                prefix: prefix, suffix: suffix, ellipsisPiece: owner,
                hidden: prefix.upperBound..<suffix.lowerBound,
                width: width(prefix) + width(suffix) + font(ofPiece: owner).ellipsisWidth)
        default:
            let first = piece(at: start)
            var best: (end: Int, width: Double, piece: Int)?
            if Self.fits(font(ofPiece: first).ellipsisWidth, in: limit) { best = (start, 0, first) }
            var used = 0.0
            var pending = 0.0
            var k = start
            while k < end {
                if flags[k].contains(.space) {
                    pending += advances[k]
                    k += 1
                    continue
                }
                let candidate = used + pending + advances[k]
                guard Self.fits(candidate, in: limit) else { break }
                used = candidate
                pending = 0
                let owner = pieceOfCluster[k]
                if Self.fits(candidate + font(ofPiece: owner).ellipsisWidth, in: limit) {
                    best = (k + 1, candidate, owner)
                }
                k += 1
            }
            guard let best else { return nothing }
            return ShownContent(
                prefix: start..<best.end, suffix: range.upperBound..<range.upperBound,
                ellipsisPiece: best.piece, hidden: best.end..<range.upperBound,
                width: best.width + font(ofPiece: best.piece).ellipsisWidth)
        }
    }

    /// The longest run of clusters from `start` whose width without trailing spaces fits,
    /// trailing spaces left out.
    private func growPrefix(from start: Int, upTo end: Int, budget: Double) -> Range<Int> {
        var used = 0.0
        var pending = 0.0
        var shownEnd = start
        var k = start
        while k < end {
            if flags[k].contains(.space) {
                pending += advances[k]
            } else {
                guard Self.fits(used + pending + advances[k], in: budget) else { break }
                used += pending + advances[k]
                pending = 0
                shownEnd = k + 1
            }
            k += 1
        }
        return start..<shownEnd
    }

    /// The longest run of clusters ending at `end` whose width without leading spaces fits,
    /// leading spaces left out.
    private func growSuffix(from end: Int, downTo start: Int, budget: Double) -> Range<Int> {
        var used = 0.0
        var pending = 0.0
        var shownStart = end
        var k = end
        while k > start {
            if flags[k - 1].contains(.space) {
                pending += advances[k - 1]
            } else {
                guard Self.fits(used + pending + advances[k - 1], in: budget) else { break }
                used += pending + advances[k - 1]
                pending = 0
                shownStart = k - 1
            }
            k -= 1
        }
        return shownStart..<end
    }
}
