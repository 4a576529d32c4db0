import TrellisGeometry
import TrellisText

/// A line being laid out: its clusters, what it shows, its limits and vertical metrics.
struct LineDraft {
    var paragraph: Int
    var span: LineSpan
    var content: ShownContent
    var isFirstInParagraph: Bool
    var isTruncated: Bool
    /// Where the text starts and where lines must end (infinity for no limit).
    var left: Double
    var right: Double
    var ascent = 0.0
    var descent = 0.0
    var leading = 0.0
    var height = 0.0
}

extension PreparedAttributedText {
    /// Lays the text out: fits lines paragraph by paragraph, stops at the line limit or the
    /// height, truncates the last line when text remains, and places every line.
    ///
    /// - Complexity: O(*n*) in the clusters laid out.
    func layout(container: TextContainer) -> AttributedTextLayout {
        let lineLimit = container.lineLimit
        let height = container.heightLimit
        var drafts: [LineDraft] = []
        var tops: [Double] = []
        var isTruncated = false
        paragraphs: for (index, paragraph) in paragraphs.enumerated() {
            let style = paragraph.style
            let fitMode: LineBreakMode =
                style.lineBreakMode == .byClipping || style.lineBreakMode == .byCharWrapping
                ? style.lineBreakMode : .byWordWrapping
            let end = paragraph.clusters.upperBound
            var start = paragraph.clusters.lowerBound
            var isFirst = true
            while true {
                if lineLimit > 0 && drafts.count == lineLimit {
                    isTruncated = true
                    break paragraphs
                }
                let (left, right) = lineBounds(
                    paragraph, isFirst: isFirst, width: container.widthLimit)
                let span = fitLine(
                    from: start, to: end, limit: right - left, mode: fitMode,
                    strategy: style.lineBreakStrategy)
                var draft = LineDraft(
                    paragraph: index, span: span, content: plainContent(span),
                    isFirstInParagraph: isFirst,
                    isTruncated: span.isClipped, left: left, right: right)
                measureHeight(&draft)
                let top =
                    drafts.last.map {
                        (tops[tops.count - 1] + $0.height + gap(after: $0, before: draft))
                    } ?? 0
                if height.isFinite && !drafts.isEmpty && !Self.fits(top + draft.height, in: height)
                {
                    isTruncated = true
                    break paragraphs
                }
                drafts.append(draft)
                tops.append(top)
                start = span.next
                isFirst = false
                if !(start < end || (span.endsWithLineSeparator && start == end)) { break }
            }
            if style.lineBreakStrategy.contains(.pushOut) && fitMode == .byWordWrapping {
                pushOut(&drafts, tops: &tops, paragraph: index, strategy: style.lineBreakStrategy)
            }
        }
        if isTruncated, var last = drafts.popLast() {
            let mode = paragraphs[last.paragraph].style.lineBreakMode
            if mode.truncates {
                let segment =
                    last.span
                    .start..<segmentEnd(
                        from: last.span.start,
                        paragraphEnd: paragraphs[last.paragraph].clusters.upperBound)
                last.content = truncatedContent(segment, limit: last.right - last.left, mode: mode)
                last.span.next = segment.upperBound
                last.isTruncated = true
                measureHeight(&last)
            }
            drafts.append(last)
        }
        return place(drafts, tops: tops, container: container, isTruncated: isTruncated)
    }

    /// Where a line's text starts and where it must end. With a list marker every line starts
    /// after the marker and its spacing (a hanging indent).
    private func lineBounds(_ paragraph: Paragraph, isFirst: Bool, width: Double) -> (
        Double, Double
    ) {
        let style = paragraph.style
        var left = isFirst ? style.firstLineHeadIndent : style.headIndent
        if let index = paragraph.marker {
            let marker = markers[index]
            left = max(style.headIndent, style.firstLineHeadIndent + marker.width + marker.spacing)
        }
        let right = style.tailIndent > 0 ? style.tailIndent : width + style.tailIndent
        return (left, right)
    }

    /// The space between two consecutive lines: the upper line's line spacing, and the
    /// paragraph spacing after and before when the lower line starts a paragraph.
    private func gap(after upper: LineDraft, before lower: LineDraft) -> Double {
        let above = paragraphs[upper.paragraph].style
        guard lower.isFirstInParagraph else { return above.lineSpacing }
        return above.lineSpacing + above.spacingAfter
            + paragraphs[lower.paragraph].style.spacingBefore
    }

    /// The pieces a line draws text from: those of its clusters, of its ellipsis and, on a
    /// first line, of its marker; for a line without clusters, the piece at its position.
    private func pieces(of draft: LineDraft) -> [Int] {
        var result: [Int] = []
        func add(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            var piece = pieceOfCluster[range.lowerBound]
            let last = pieceOfCluster[range.upperBound - 1]
            while piece <= last {
                result.append(piece)
                piece += 1
            }
        }
        let showsTruncatedContent =
            draft.content.ellipsisPiece != nil || (draft.isTruncated && !draft.span.isClipped)
        if showsTruncatedContent {
            add(draft.content.prefix)
            add(draft.content.suffix)
        } else {
            add(draft.span.start..<draft.span.end)
        }
        if let ellipsis = draft.content.ellipsisPiece { result.append(ellipsis) }
        let paragraph = paragraphs[draft.paragraph]
        if draft.isFirstInParagraph && paragraph.marker != nil { result.append(paragraph.piece) }
        if result.isEmpty { result.append(clusterCount == 0 ? 0 : piece(at: draft.span.start)) }
        return result
    }

    /// Sets a line's ascent, descent, leading and height from its tallest pieces.
    private func measureHeight(_ draft: inout LineDraft) {
        var ascent = 0.0
        var descent = 0.0
        var leading = 0.0
        for index in pieces(of: draft) where index < pieces.count {
            let offset = pieces[index].baselineOffset
            let metrics = font(ofPiece: index).lineMetrics
            ascent = max(ascent, metrics.ascender + offset)
            descent = max(descent, -metrics.descender - offset)
            leading = max(leading, metrics.leading)
        }
        draft.ascent = ascent
        draft.descent = descent
        draft.leading = leading
        draft.height =
            (ascent + descent + leading) * paragraphs[draft.paragraph].style.lineHeightMultiple
    }

    /// Moves the last word of a paragraph's line but one down to its last line when that line
    /// would hold one word alone (`LineBreakStrategy.pushOut`), provided both lines belong to
    /// the paragraph's last segment, the last line still fits and the line before keeps a word.
    ///
    /// - Complexity: O(*k*) in the clusters of the two lines.
    private func pushOut(
        _ drafts: inout [LineDraft], tops: inout [Double], paragraph: Int,
        strategy: LineBreakStrategy
    ) {
        let count = drafts.count
        guard count >= 2, drafts[count - 1].paragraph == paragraph,
            drafts[count - 2].paragraph == paragraph
        else { return }
        let last = drafts[count - 1]
        let before = drafts[count - 2]
        guard !before.span.endsAtBreak, !last.span.isClipped, last.span.start < last.span.end
        else { return }
        guard
            let cut = LineBreakStrategy.pushOutCut(
                before: before.span.start..<before.span.end,
                last: last.span.start..<last.span.end,
                allowsBreak: { Self.allowsBreak(flags[$0], strategy) }, trimmedEnd: trimmedEnd)
        else { return }
        let moved = fitLine(
            from: cut, to: paragraphs[paragraph].clusters.upperBound,
            limit: last.right - last.left, mode: .byWordWrapping, strategy: strategy)
        guard moved.endsAtBreak, moved.next == last.span.next else { return }
        var shortened = before
        shortened.span = LineSpan(
            start: before.span.start, end: cut, next: cut,
            width: width(before.span.start..<trimmedEnd(before.span.start..<cut)),
            endsAtBreak: false)
        shortened.content = plainContent(shortened.span)
        measureHeight(&shortened)
        var lengthened = last
        lengthened.span = moved
        lengthened.content = plainContent(moved)
        measureHeight(&lengthened)
        drafts[count - 2] = shortened
        drafts[count - 1] = lengthened
        tops[count - 1] =
            tops[count - 2] + shortened.height + gap(after: shortened, before: lengthened)
    }
}
