import TrellisGeometry
import TrellisText

extension PreparedAttributedText {
    /// The resolved bidi paragraphs of one layout, by paragraph index: `nil` for a
    /// left-to-right paragraph whose characters all resolve to level 0.
    typealias ResolvedParagraphs = [Int: BidiParagraph?]

    /// The direction of a paragraph: from its first strong character (rules P2 and P3 of the
    /// Unicode bidirectional algorithm), left to right without one.
    func direction(of paragraph: Paragraph) -> LayoutDirection {
        LayoutDirection(firstStrongIn: text.substring(paragraphRange(paragraph))) ?? .leftToRight
    }

    /// Returns the levels of a line's items — the clusters before the ellipsis, the ellipsis,
    /// the clusters after it — or `nil` when they are all 0, as every line of a left-to-right
    /// paragraph without right-to-left characters, numbers or explicit formatting is.
    ///
    /// Each part takes its levels with the line rules applied to it, and the ellipsis the level
    /// of a neutral between its neighbours.
    ///
    /// - Complexity: O(*m*) in the clusters of the line, plus O(*p*) in those of its paragraph
    ///   the first time a line of a paragraph that needs the algorithm asks.
    func itemLevels(
        of draft: LineDraft, direction: LayoutDirection, resolved: inout ResolvedParagraphs
    ) -> [UInt8]? {
        let content = draft.content
        guard !content.prefix.isEmpty || !content.suffix.isEmpty || content.ellipsisPiece != nil
        else { return nil }
        let bidi: BidiParagraph
        if let known = resolved[draft.paragraph] {
            guard let known else { return nil }
            bidi = known
        } else {
            let resolution = resolve(paragraphs[draft.paragraph], direction: direction)
            resolved[draft.paragraph] = .some(resolution)
            guard let resolution else { return nil }
            bidi = resolution
        }
        var levels = clusterLevels(content.prefix, in: bidi)
        let suffixLevels = clusterLevels(content.suffix, in: bidi)
        if content.ellipsisPiece != nil {
            levels.append(
                BidiParagraph.neutralLevel(
                    between: levels.last, and: suffixLevels.first, baseLevel: bidi.baseLevel))
        }
        levels += suffixLevels
        return levels.contains { $0 != 0 } ? levels : nil
    }

    /// The bidi paragraph of a paragraph in a direction, or `nil` when it is left to right and
    /// needs no resolution.
    private func resolve(_ paragraph: Paragraph, direction: LayoutDirection) -> BidiParagraph? {
        let range = paragraphRange(paragraph)
        var string = text.string
        return string.withUTF8 { buffer -> BidiParagraph? in
            if direction == .leftToRight,
                BidiParagraph.isAllLeftToRight(utf8: UnsafeBufferPointer(rebasing: buffer[range]))
            {
                return nil
            }
            return BidiParagraph(utf8: buffer, range: range, direction: direction)
        }
    }

    /// The levels of clusters shown together, as a line of `bidi`.
    private func clusterLevels(_ clusters: Range<Int>, in bidi: BidiParagraph) -> [UInt8] {
        guard !clusters.isEmpty else { return [] }
        return bidi.clusterLevels(
            ofLine: offsets[clusters.lowerBound]..<offsets[clusters.upperBound],
            clusterStarts: offsets[clusters])
    }

    /// Appends the glyph runs and clusters of a line in visual order, advancing `x`: one glyph
    /// run per piece within each run of equal level, a right-to-left one with its text and
    /// advances in logical order; the clusters from left to right, so that hit-testing finds
    /// them by position.
    func appendReorderedRuns(
        _ content: ShownContent, levels: [UInt8], x: inout Double, baseline: Double, line: Int,
        stretch: (space: Double, cluster: Double, lastCluster: Int),
        into runs: inout [PositionedGlyphRun], clusters: inout [AttributedTextLayout.PlacedCluster]
    ) {
        /// The cluster of each item, or -1 for the ellipsis, and each item's advance.
        var items: [Int] = []
        var itemAdvances: [Double] = []
        items.reserveCapacity(levels.count)
        itemAdvances.reserveCapacity(levels.count)
        for cluster in content.prefix {
            var advance = advances[cluster]
            if flags[cluster].contains(.space) { advance += stretch.space }
            if cluster < stretch.lastCluster { advance += stretch.cluster }
            items.append(cluster)
            itemAdvances.append(advance)
        }
        if let piece = content.ellipsisPiece {
            items.append(-1)
            itemAdvances.append(font(ofPiece: piece).ellipsisWidth)
        }
        for cluster in content.suffix {
            items.append(cluster)
            itemAdvances.append(advances[cluster])
        }
        guard items.count == levels.count else { return }
        for run in BidiParagraph.visualOrder(ofLevels: levels) {
            let isReversed = run.level & 1 == 1
            let order = isReversed ? Array(run.range.reversed()) : Array(run.range)
            var position = 0
            while position < order.count {
                let start = x
                if items[order[position]] < 0, let piece = content.ellipsisPiece {
                    let hidden =
                        offsets[content.hidden.lowerBound]..<offsets[content.hidden.upperBound]
                    let width = itemAdvances[order[position]]
                    var glyph = glyphRun(
                        .ellipsis, text: Self.ellipsis, range: hidden, piece: piece, x: start,
                        baseline: baseline, advances: [width], line: line)
                    glyph.level = run.level
                    runs.append(glyph)
                    clusters.append(.init(range: hidden, x: start, width: width))
                    x += width
                    position += 1
                    continue
                }
                let piece = pieceOfCluster[items[order[position]]]
                var end = position
                var groupAdvances: [Double] = []
                while end < order.count, items[order[end]] >= 0,
                    pieceOfCluster[items[order[end]]] == piece
                {
                    let cluster = items[order[end]]
                    let advance = itemAdvances[order[end]]
                    clusters.append(
                        .init(range: offsets[cluster]..<offsets[cluster + 1], x: x, width: advance))
                    groupAdvances.append(advance)
                    x += advance
                    end += 1
                }
                let first = items[order[isReversed ? end - 1 : position]]
                let last = items[order[isReversed ? position : end - 1]]
                if isReversed { groupAdvances.reverse() }
                let utf8 = offsets[first]..<offsets[last + 1]
                var glyph = glyphRun(
                    .text, text: String(text.substring(utf8)), range: utf8, piece: piece, x: start,
                    baseline: baseline, advances: groupAdvances, line: line)
                glyph.level = run.level
                runs.append(glyph)
                position = end
            }
        }
    }
}
