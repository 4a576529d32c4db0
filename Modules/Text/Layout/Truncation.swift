/// The content of a line as it will be shown: its text, advances and source range.
struct ShownLine {
    var text: String
    /// UTF-8 offsets of the shown source.
    var range: Range<Int>
    var width: Double
    var advances: [Double]
    var isTruncated: Bool
    /// The clusters whose spaces justification may stretch (empty for truncated lines).
    var clusters: Range<Int>
    /// The clusters shown before the ellipsis, or all the clusters shown without one.
    var prefix: Range<Int>
    /// The clusters shown after the ellipsis; empty without one.
    var suffix: Range<Int>
    /// Whether an ellipsis stands between ``prefix`` and ``suffix``.
    var hasEllipsis: Bool
}

extension PreparedText {
    /// The text of clusters `range`.
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets[range.lowerBound])
        let upper = utf8.index(utf8.startIndex, offsetBy: offsets[range.upperBound])
        return text[lower..<upper]
    }

    /// The line showing clusters `range` as they are, trailing spaces left out.
    func shownLine(_ range: Range<Int>, isClipped: Bool) -> ShownLine {
        let end = trimmedEnd(range)
        let shown = range.lowerBound..<end
        return ShownLine(
            text: String(substring(shown)), range: offsets[shown.lowerBound]..<offsets[end],
            width: contentWidth(shown), advances: Array(advances[shown]), isTruncated: isClipped,
            clusters: shown, prefix: shown, suffix: end..<end, hasEllipsis: false)
    }

    /// The line showing clusters `range` (a paragraph's remainder) truncated with an ellipsis
    /// to fit `limit`, by `mode` (head, middle, or tail for any other mode).
    ///
    /// The ellipsis replaces whole grapheme clusters only. When not even the ellipsis fits,
    /// the line is empty.
    ///
    /// - Complexity: O(*k*) in the clusters of `range`.
    func truncatedLine(_ range: Range<Int>, limit: Double, mode: LineBreakMode) -> ShownLine {
        let budget = limit - ellipsisWidth
        let start = range.lowerBound
        let end = trimmedEnd(range)
        let sourceRange = offsets[start]..<offsets[end]
        guard Self.fits(0, in: budget) else {
            return ShownLine(
                text: "", range: sourceRange, width: 0, advances: [], isTruncated: true,
                clusters: start..<start, prefix: start..<start, suffix: end..<end,
                hasEllipsis: false)
        }
        var prefix = start..<start
        var suffix = end..<end
        switch mode {
        case .byTruncatingHead:
            suffix = growSuffix(from: end, downTo: start, budget: budget)
        case .byTruncatingMiddle:
            prefix = growPrefix(from: start, upTo: end, budget: budget / 2)
            let used = contentWidth(prefix)
            suffix = growSuffix(from: end, downTo: prefix.upperBound, budget: budget - used)
            prefix = growPrefix(
                from: start, upTo: suffix.lowerBound, budget: budget - contentWidth(suffix))
        default:
            prefix = growPrefix(from: start, upTo: end, budget: budget)
        }
        prefix = prefix.lowerBound..<trimmedEnd(prefix)
        var suffixStart = suffix.lowerBound
        while suffixStart < suffix.upperBound && flags[suffixStart].contains(.space) {
            suffixStart += 1
        }
        suffix = suffixStart..<suffix.upperBound
        let shownText = String(substring(prefix)) + Self.ellipsis + String(substring(suffix))
        let shownAdvances = Array(advances[prefix]) + [ellipsisWidth] + Array(advances[suffix])
        return ShownLine(
            text: shownText, range: sourceRange,
            width: contentWidth(prefix) + ellipsisWidth + contentWidth(suffix),
            advances: shownAdvances, isTruncated: true, clusters: start..<start, prefix: prefix,
            suffix: suffix, hasEllipsis: true)
    }

    /// The longest run of clusters from `start` whose width without trailing spaces fits.
    private func growPrefix(from start: Int, upTo end: Int, budget: Double) -> Range<Int> {
        var width = 0.0
        var pending = 0.0
        var k = start
        while k < end {
            if flags[k].contains(.space) {
                pending += advances[k]
            } else {
                guard Self.fits(width + pending + advances[k], in: budget) else { break }
                width += pending + advances[k]
                pending = 0
            }
            k += 1
        }
        return start..<k
    }

    /// The longest run of clusters ending at `end` whose width without leading spaces fits.
    private func growSuffix(from end: Int, downTo start: Int, budget: Double) -> Range<Int> {
        var width = 0.0
        var pending = 0.0
        var k = end
        while k > start {
            if flags[k - 1].contains(.space) {
                pending += advances[k - 1]
            } else {
                guard Self.fits(width + pending + advances[k - 1], in: budget) else { break }
                width += pending + advances[k - 1]
                pending = 0
            }
            k -= 1
        }
        return k..<end
    }
}
