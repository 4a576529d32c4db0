import TrellisGeometry

extension TextLayout.Line {
    /// Returns the horizontal position of the caret at a character offset of the laid-out
    /// text: where text typed there appears.
    ///
    /// The offset stays logical — editing inserts and deletes there — while the caret shows
    /// where it is on screen, which in bidirectional text is not the order of the characters:
    /// the caret stands at the trailing edge of the grapheme cluster before the offset (its
    /// right edge in a left-to-right run, its left edge in a right-to-left one), as after
    /// typing that character. At the start of the line it stands at the leading edge of the
    /// first cluster instead. Where a left-to-right run meets a right-to-left one, the two
    /// clusters either side of the offset are not side by side, and the caret follows the one
    /// before.
    ///
    /// ```swift
    /// // "abc אב" is shown as "abc בא"; 10 is the end of the text
    /// let line = measurer.layout("abc \u{5D0}\u{5D1}", style: style, in: size).lines[0]
    /// line.caretX(forUTF8Offset: 4)    // right of the space: the left end of "בא"
    /// line.caretX(forUTF8Offset: 10)   // left of ב, where the next Hebrew letter goes
    /// ```
    ///
    /// - Parameter offset: A UTF-8 offset in the laid-out text; offsets outside the line are
    ///   clamped to it, an offset inside a grapheme cluster moves to its start, and one among
    ///   the characters an ellipsis hides stands before the ellipsis.
    /// - Returns: The x in the layout's coordinates; ``origin``'s x for an empty line.
    /// - Complexity: O(*m*) in the length of the line.
    public func caretX(forUTF8Offset offset: Int) -> Double {
        let placement = ClusterPlacement(self)
        let count = placement.lefts.count
        guard count > 0 else { return origin.x }
        let boundary = placement.boundary(atTextOffset: textOffset(forUTF8Offset: offset))
        if boundary > 0 {
            let cluster = boundary - 1
            return placement.isRightToLeft[cluster]
                ? placement.lefts[cluster] : placement.lefts[cluster] + advances[cluster]
        }
        return placement.isRightToLeft[0] ? placement.lefts[0] + advances[0] : placement.lefts[0]
    }

    /// Returns the character offset of the laid-out text whose caret is closest to a
    /// horizontal position: where a tap there puts the caret.
    ///
    /// The position picks the grapheme cluster under it (the first or last one shown when it
    /// is beyond the line's ends) and the half of it: the leading half (the left one in a
    /// left-to-right run, the right one in a right-to-left run) gives the offset before the
    /// cluster, the trailing half the offset after it.
    ///
    /// - Parameter x: A horizontal position in the layout's coordinates.
    /// - Returns: A UTF-8 offset in the laid-out text, within ``range``; an offset of an
    ///   ellipsis's edge is the start or end of the characters it hides.
    /// - Complexity: O(*m*) in the length of the line.
    public func closestUTF8Offset(toX x: Double) -> Int {
        let placement = ClusterPlacement(self)
        guard !placement.lefts.isEmpty else { return range.lowerBound }
        var chosen = placement.visualOrder[placement.visualOrder.count - 1]
        for cluster in placement.visualOrder
        where x < placement.lefts[cluster] + advances[cluster] {
            chosen = cluster
            break
        }
        let isLeftHalf = x < placement.lefts[chosen] + advances[chosen] / 2
        let isBefore = isLeftHalf != placement.isRightToLeft[chosen]
        let boundary = isBefore ? chosen : chosen + 1
        return utf8Offset(forTextOffset: placement.bounds[boundary])
    }

    /// The offset in ``text`` that shows the character at a UTF-8 offset of the laid-out text.
    func textOffset(forUTF8Offset offset: Int) -> Int {
        let length = text.utf8.count
        guard let hidden = hiddenRange else {
            return min(max(offset - range.lowerBound, 0), length)
        }
        let prefixBytes = hidden.lowerBound - range.lowerBound
        if offset < hidden.upperBound {
            return min(max(offset - range.lowerBound, 0), prefixBytes)
        }
        let afterEllipsis = prefixBytes + PreparedText.ellipsis.utf8.count
        return min(afterEllipsis + offset - hidden.upperBound, length)
    }

    /// The UTF-8 offset in the laid-out text of an offset in ``text``.
    func utf8Offset(forTextOffset offset: Int) -> Int {
        guard let hidden = hiddenRange else { return range.lowerBound + offset }
        let prefixBytes = hidden.lowerBound - range.lowerBound
        let afterEllipsis = prefixBytes + PreparedText.ellipsis.utf8.count
        if offset <= prefixBytes { return range.lowerBound + offset }
        if offset < afterEllipsis { return hidden.lowerBound }
        return hidden.upperBound + offset - afterEllipsis
    }
}

/// Where each grapheme cluster of a laid-out line is shown.
private struct ClusterPlacement {
    /// The UTF-8 offset of each cluster in the line's text, and the text's length at the end.
    var bounds: [Int] = []
    /// The left edge of each cluster, in the layout's coordinates.
    var lefts: [Double]
    /// Whether each cluster is in a right-to-left run.
    var isRightToLeft: [Bool]
    /// The clusters from left to right.
    var visualOrder: [Int] = []

    init(_ line: TextLayout.Line) {
        let count = line.advances.count
        var position = 0
        bounds.reserveCapacity(count + 1)
        for character in line.text where bounds.count < count {
            bounds.append(position)
            position += character.utf8.count
        }
        // An ellipsis that merged with a combining mark after it makes one cluster fewer.
        while bounds.count < count { bounds.append(position) }
        bounds.append(line.text.utf8.count)
        lefts = [Double](repeating: line.origin.x, count: count)
        isRightToLeft = [Bool](repeating: false, count: count)
        visualOrder.reserveCapacity(count)
        for run in line.visualRuns {
            let isReversed = run.level & 1 == 1
            var left = run.x
            for step in 0..<run.clusters.count {
                let cluster =
                    isReversed ? run.clusters.upperBound - 1 - step : run.clusters.lowerBound + step
                lefts[cluster] = left
                isRightToLeft[cluster] = isReversed
                visualOrder.append(cluster)
                left += line.advances[cluster]
            }
        }
    }

    /// The cluster boundary at a UTF-8 offset of the line's text: the last boundary at or
    /// before it, so that an offset inside a cluster moves to the cluster's start.
    func boundary(atTextOffset offset: Int) -> Int {
        var low = 0
        var high = bounds.count
        while low < high {
            let middle = (low + high) / 2
            if bounds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }
}
