public import TrellisGeometry

extension AttributedTextLayout {
    /// Returns the index of the line at a vertical position: the line whose box contains it,
    /// the line above a gap between lines, the first line above the text and the last below.
    ///
    /// - Parameter y: A y coordinate in the layout.
    /// - Returns: The line index, or `nil` when there are no lines.
    /// - Complexity: O(log *l*) in the number of lines.
    public func lineIndex(atY y: Double) -> Int? {
        guard !lines.isEmpty else { return nil }
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].frame.minY <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Returns the character at a point: the UTF-8 offset of the grapheme cluster under it, or
    /// of the nearest cluster on the nearest line.
    ///
    /// A point left of a line gives its first cluster and one right of it its last; a point on
    /// an ellipsis gives the first character it hides.
    ///
    /// ```swift
    /// if let offset = layout.characterIndex(at: touch.location),
    ///     let target = text.attributes(at: offset).link {
    ///     open(target)
    /// }
    /// ```
    ///
    /// - Parameter point: A point in the layout's coordinates.
    /// - Returns: The UTF-8 offset, or `nil` when the layout shows no characters.
    /// - Complexity: O(log *l* + log *k*) in the lines and the clusters of the line.
    public func characterIndex(at point: Point) -> Int? {
        guard var index = lineIndex(atY: point.y) else { return nil }
        while clusters[lines[index].clusterRange].isEmpty {
            if index > 0 {
                index -= 1
            } else if let next = lines.firstIndex(where: { !$0.clusterRange.isEmpty }) {
                index = next
            } else {
                return nil
            }
        }
        let range = lines[index].clusterRange
        var low = range.lowerBound
        var high = range.upperBound - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if clusters[mid].x <= point.x { low = mid } else { high = mid - 1 }
        }
        return clusters[low].range.lowerBound
    }

    /// Returns the rectangles that show a range of the text: on each line the range touches,
    /// one per stretch of clusters shown side by side, as tall as the line.
    ///
    /// A range of left-to-right text has one rectangle per line, from the left of its first
    /// shown cluster to the right of its last. In bidirectional text the characters of a
    /// range need not be side by side (the end of a left-to-right phrase and the start of the
    /// right-to-left one after it), and each stretch has its rectangle, left to right.
    /// Characters hidden by an ellipsis are shown by the ellipsis; characters not shown at all
    /// (trailing spaces, line breaks, lines past the limit) have no rectangle.
    ///
    /// - Parameter range: UTF-8 offsets into the laid-out text.
    /// - Returns: The rectangles, top to bottom and left to right; empty when no character of
    ///   the range shows.
    /// - Complexity: O(*l* + *k*) in the lines and the clusters of the lines the range touches.
    public func rects(for range: Range<Int>) -> [Rect] {
        var result: [Rect] = []
        for line in lines where line.range.overlaps(range) {
            var span: (minX: Double, maxX: Double)?
            func close() {
                guard let found = span else { return }
                result.append(
                    Rect(
                        x: found.minX, y: line.frame.minY, width: found.maxX - found.minX,
                        height: line.frame.height))
                span = nil
            }
            for cluster in clusters[line.clusterRange] {
                guard cluster.range.overlaps(range) else {
                    close()
                    continue
                }
                let maxX = cluster.x + cluster.width
                span =
                    span.map { (min($0.minX, cluster.x), max($0.maxX, maxX)) } ?? (cluster.x, maxX)
            }
            close()
        }
        return result
    }

    /// Returns the smallest rectangle that contains every rectangle of ``rects(for:)``.
    ///
    /// - Parameter range: UTF-8 offsets into the laid-out text.
    /// - Returns: The bounding rectangle, or `nil` when no character of the range shows.
    /// - Complexity: O(*l* + *k*).
    public func boundingRect(for range: Range<Int>) -> Rect? {
        let rects = rects(for: range)
        guard let first = rects.first else { return nil }
        var minX = first.minX
        var maxX = first.maxX
        for rect in rects.dropFirst() {
            minX = min(minX, rect.minX)
            maxX = max(maxX, rect.maxX)
        }
        let maxY = rects[rects.count - 1].maxY
        return Rect(x: minX, y: first.minY, width: maxX - minX, height: maxY - first.minY)
    }
}
