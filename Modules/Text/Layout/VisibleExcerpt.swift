extension TextMeasurer {
    /// The most UTF-8 bytes of text one line shows.
    ///
    /// Text far longer than its visible lines can hold is cut before it is segmented and
    /// measured, so that a megabyte title in a one-line button costs what its line shows: with
    /// at most *L* lines (a line limit, or as many as the height holds), only about *L* times
    /// this many bytes are measured — the start of the text, or for a single line truncated at
    /// its head or middle, the end or both ends of its first paragraph. A line that would show
    /// more than this many bytes (a very wide box, or a long run of zero-width characters) is
    /// cut there. Line ranges of a text cut at its head or middle refer to the cut text, and a
    /// truncated last line's range ends where the cut text ends.
    public static let maximumBytesPerLine = 16_384

    /// The part of `text` a layout can show, or `nil` when the whole text is needed.
    ///
    /// - Complexity: O(1) for text that needs no cut; O(*p*) in the length of the first
    ///   paragraph for a single line truncated at its head or middle; O(*L* · budget) otherwise.
    func visibleExcerpt(of text: String, font: Font, request: LayoutRequest) -> String? {
        let budget = TextMeasurer.maximumBytesPerLine
        let byteCount = text.utf8.count
        guard byteCount > 2 * budget else { return nil }
        var lines = request.lineLimit > 0 ? request.lineLimit : Int.max
        if request.height.isFinite {
            // As the layout counts them (LineAssembly), leading and tolerance alike.
            let metrics = metrics.lineMetrics(for: font)
            let leading = request.includesLeading ? metrics.leading : 0
            let lineHeight = (metrics.glyphHeight + leading) * request.lineHeightMultiple
            let step = lineHeight + request.lineSpacing
            if step > 0, step.isFinite {
                let fitting = ((request.height + request.lineSpacing) / step + 1e-9).rounded(.down)
                lines = min(lines, Int(max(1, min(fitting, 1e9))))
            }
        }
        // Unwrapped lines are whole paragraphs: only a single line can be cut then.
        guard lines == 1 || (request.width.isFinite && lines < byteCount / (2 * budget)) else {
            return nil
        }
        let utf8 = text.utf8
        /// The index `offset` bytes from the start, moved back to a scalar boundary.
        func index(_ offset: Int) -> String.Index {
            var index = utf8.index(utf8.startIndex, offsetBy: min(offset, byteCount))
            while index > utf8.startIndex, index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 {
                index = utf8.index(before: index)
            }
            return index
        }
        func excerpt(_ ranges: [Range<String.Index>]) -> String {
            var result = ""
            for range in ranges {
                result.unicodeScalars.append(contentsOf: text.unicodeScalars[range])
            }
            return result
        }
        let mode = request.lineBreakMode
        guard lines == 1, mode == .byTruncatingHead || mode == .byTruncatingMiddle else {
            return excerpt([utf8.startIndex..<index(lines * budget)])
        }
        // One line shows the first paragraph: its end (head), or both ends (middle), and a
        // line break with what follows, so that the line is still known to be truncated.
        let scalars = text.unicodeScalars
        let paragraphEnd =
            scalars.firstIndex {
                [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value)
            }
            ?? scalars.endIndex
        let paragraphBytes = utf8.distance(from: utf8.startIndex, to: paragraphEnd)
        // A short first paragraph is shown whole: what follows only has to be there.
        guard paragraphBytes > budget else { return excerpt([utf8.startIndex..<index(2 * budget)]) }
        let tail = index(paragraphBytes - budget)..<paragraphEnd
        let rest =
            paragraphEnd..<(paragraphEnd == scalars.endIndex
            ? paragraphEnd : scalars.index(after: paragraphEnd))
        if mode == .byTruncatingHead { return excerpt([tail, rest]) }
        return excerpt([
            utf8.startIndex..<index(budget / 2), index(paragraphBytes - budget / 2)..<paragraphEnd,
            rest,
        ])
    }
}
