import TrellisGeometry

extension PreparedText {
    /// The resolved bidi paragraphs of one layout, by the first cluster of each paragraph:
    /// `nil` for a left-to-right paragraph whose characters all resolve to level 0.
    typealias ResolvedParagraphs = [Int: BidiParagraph?]

    /// Returns the runs of a shown line in visual order, or none when the line is a single
    /// run of level 0 (see `TextLayout.Line.visualRuns`).
    ///
    /// The levels come from the bidi paragraph of the line's paragraph, resolved once per
    /// layout and kept in `resolved`; clusters shown before and after an ellipsis take their
    /// levels with the line rules applied to each part, and the ellipsis the level of a
    /// neutral between them.
    ///
    /// - Parameters:
    ///   - line: The shown line.
    ///   - advances: Its advances, justification included.
    ///   - x: The left end of the line.
    ///   - paragraph: The first cluster of the line's paragraph.
    ///   - direction: The paragraph's direction.
    ///   - resolved: The paragraphs resolved so far in this layout.
    /// - Complexity: O(*m*) in the clusters of the line, plus O(*p*) in those of its paragraph
    ///   the first time a line of a paragraph that needs the algorithm asks.
    func reorderedRuns(
        of line: ShownLine, advances: [Double], x: Double, paragraph: Int,
        direction: LayoutDirection, resolved: inout ResolvedParagraphs
    ) -> [TextLayout.VisualRun] {
        guard !advances.isEmpty, !(isAllLeftToRight && direction == .leftToRight) else {
            return []
        }
        let bidi: BidiParagraph
        if let known = resolved[paragraph] {
            guard let known else { return [] }
            bidi = known
        } else {
            let resolution = resolve(
                paragraph..<paragraphEnd(from: paragraph), direction: direction)
            resolved[paragraph] = .some(resolution)
            guard let resolution else { return [] }
            bidi = resolution
        }
        var levels = clusterLevels(line.prefix, in: bidi)
        var starts = line.prefix.map { offsets[$0] - offsets[line.prefix.lowerBound] }
        if line.hasEllipsis {
            let suffixLevels = clusterLevels(line.suffix, in: bidi)
            levels.append(
                BidiParagraph.neutralLevel(
                    between: levels.last, and: suffixLevels.first, baseLevel: bidi.baseLevel))
            levels += suffixLevels
            let prefixBytes = offsets[line.prefix.upperBound] - offsets[line.prefix.lowerBound]
            starts.append(prefixBytes)
            let suffixStart = prefixBytes + PreparedText.ellipsis.utf8.count
            for cluster in line.suffix {
                starts.append(suffixStart + offsets[cluster] - offsets[line.suffix.lowerBound])
            }
        }
        starts.append(line.text.utf8.count)
        guard levels.count == advances.count, levels.contains(where: { $0 != 0 }) else {
            return []
        }
        var runs: [TextLayout.VisualRun] = []
        var left = x
        for run in BidiParagraph.visualOrder(ofLevels: levels) {
            var width = 0.0
            for index in run.range { width += advances[index] }
            runs.append(
                TextLayout.VisualRun(
                    range: starts[run.range.lowerBound]..<starts[run.range.upperBound],
                    clusters: run.range, level: run.level, x: left, width: width))
            left += width
        }
        return runs
    }

    /// The bidi paragraph of clusters `paragraph` in a direction, or `nil` when the paragraph
    /// is left to right and needs no resolution.
    private func resolve(_ paragraph: Range<Int>, direction: LayoutDirection) -> BidiParagraph? {
        let bytes = offsets[paragraph.lowerBound]..<offsets[paragraph.upperBound]
        var text = self.text
        return text.withUTF8 { buffer -> BidiParagraph? in
            if direction == .leftToRight,
                BidiParagraph.isAllLeftToRight(utf8: UnsafeBufferPointer(rebasing: buffer[bytes]))
            {
                return nil
            }
            return BidiParagraph(utf8: buffer, range: bytes, direction: direction)
        }
    }

    /// The levels of clusters `clusters` shown together, as a line of `bidi`.
    private func clusterLevels(_ clusters: Range<Int>, in bidi: BidiParagraph) -> [UInt8] {
        guard !clusters.isEmpty else { return [] }
        return bidi.clusterLevels(
            ofLine: offsets[clusters.lowerBound]..<offsets[clusters.upperBound],
            clusterStarts: offsets[clusters])
    }
}
