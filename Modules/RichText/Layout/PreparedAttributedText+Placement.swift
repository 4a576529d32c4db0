import TrellisGeometry
import TrellisText

extension PreparedAttributedText {
    /// Places the lines horizontally and builds their glyph runs and hit-testing clusters.
    func place(
        _ drafts: [LineDraft], tops: [Double], container: TextContainer, isTruncated: Bool
    ) -> AttributedTextLayout {
        let widest = drafts.map { $0.left + $0.content.width }.max() ?? 0
        var directions: [Int: LayoutDirection] = [:]
        var resolved: ResolvedParagraphs = [:]
        var lines: [AttributedTextLayout.Line] = []
        var runs: [PositionedGlyphRun] = []
        var clusters: [AttributedTextLayout.PlacedCluster] = []
        lines.reserveCapacity(drafts.count)
        runs.reserveCapacity(pieces.count + 2 * drafts.count)
        clusters.reserveCapacity(clusterCount)
        for (index, draft) in drafts.enumerated() {
            let paragraph = paragraphs[draft.paragraph]
            let style = paragraph.style
            let right = draft.right.isFinite ? draft.right : max(widest, draft.left)
            let top = tops[index]
            let baseline = top + draft.height - draft.descent - draft.leading
            var alignment = style.alignment
            var spaceShare = 0.0
            var clusterShare = 0.0
            var drawnWidth = draft.content.width
            if alignment == .justified {
                if !draft.span.endsAtBreak && !draft.isTruncated && draft.right.isFinite {
                    (spaceShare, clusterShare) = justification(
                        draft.content, extra: right - draft.left - drawnWidth)
                    drawnWidth = max(drawnWidth, right - draft.left)
                }
                alignment = .natural
            }
            let direction = directions[draft.paragraph] ?? self.direction(of: paragraph)
            directions[draft.paragraph] = direction
            if alignment == .natural { alignment = direction == .rightToLeft ? .right : .left }
            var x: Double
            switch alignment {
            case .right: x = right - drawnWidth
            case .center: x = draft.left + (right - draft.left - drawnWidth) / 2
            default: x = draft.left
            }
            let lineStart = x
            let firstRun = runs.count
            let firstCluster = clusters.count
            var minX = x
            if draft.isFirstInParagraph, let marker = paragraph.marker.map({ markers[$0] }) {
                let markerX = style.firstLineHeadIndent
                minX = min(minX, markerX)
                runs.append(
                    markerRun(
                        marker, piece: paragraph.piece, x: markerX, baseline: baseline, line: index,
                        at: offsets[paragraph.clusters.lowerBound]))
            }
            let content = draft.content
            let stretch = (
                space: spaceShare, cluster: clusterShare, lastCluster: content.prefix.upperBound - 1
            )
            if let levels = itemLevels(
                of: draft, direction: direction, resolved: &resolved)
            {
                appendReorderedRuns(
                    content, levels: levels, x: &x, baseline: baseline, line: index,
                    stretch: stretch, into: &runs, clusters: &clusters)
            } else {
                appendLogicalRuns(
                    content, x: &x, baseline: baseline, line: index, stretch: stretch,
                    into: &runs, clusters: &clusters)
            }
            let endCluster = lineEnd(draft)
            lines.append(
                AttributedTextLayout.Line(
                    range: offsets[draft.span.start]..<offsets[endCluster],
                    frame: Rect(
                        x: minX, y: top, width: max(lineStart + drawnWidth, x) - minX,
                        height: draft.height),
                    baseline: baseline, ascent: draft.ascent, descent: draft.descent,
                    glyphRunRange: firstRun..<runs.count, isTruncated: draft.isTruncated,
                    paragraphIndex: draft.paragraph, clusterRange: firstCluster..<clusters.count))
        }
        let width = lines.map(\.frame.maxX).max() ?? 0
        let height = lines.last.map(\.frame.maxY) ?? 0
        return AttributedTextLayout(
            lines: lines, glyphRuns: runs, usedSize: Size(width: max(width, 0), height: height),
            isTruncated: isTruncated || drafts.contains(where: \.isTruncated), clusters: clusters)
    }

    /// Appends the glyph runs and clusters of a line whose characters are all at level 0, in
    /// logical order: the prefix, the ellipsis, the suffix.
    private func appendLogicalRuns(
        _ content: ShownContent, x: inout Double, baseline: Double, line: Int,
        stretch: (space: Double, cluster: Double, lastCluster: Int),
        into runs: inout [PositionedGlyphRun], clusters: inout [AttributedTextLayout.PlacedCluster]
    ) {
        appendRuns(
            content.prefix, x: &x, baseline: baseline, line: line, stretch: stretch,
            into: &runs, clusters: &clusters)
        if let piece = content.ellipsisPiece {
            let hidden = offsets[content.hidden.lowerBound]..<offsets[content.hidden.upperBound]
            let width = font(ofPiece: piece).ellipsisWidth
            runs.append(
                glyphRun(
                    .ellipsis, text: Self.ellipsis, range: hidden, piece: piece, x: x,
                    baseline: baseline, advances: [width], line: line))
            clusters.append(.init(range: hidden, x: x, width: width))
            x += width
        }
        appendRuns(
            content.suffix, x: &x, baseline: baseline, line: line, stretch: (0, 0, -1),
            into: &runs, clusters: &clusters)
    }

    /// The UTF-8 range of a paragraph's text.
    func paragraphRange(_ paragraph: Paragraph) -> Range<Int> {
        offsets[paragraph.clusters.lowerBound]..<offsets[paragraph.clusters.upperBound]
    }

    /// The cluster after a line's text: its next line's first, with a paragraph separator
    /// that ends the line counted in the line.
    private func lineEnd(_ draft: LineDraft) -> Int {
        let paragraphEnd = paragraphs[draft.paragraph].clusters.upperBound
        if draft.span.next >= paragraphEnd && paragraphEnd < clusterCount
            && flags[paragraphEnd].contains(.paragraphSeparator)
        {
            return paragraphEnd + 1
        }
        return min(max(draft.span.next, draft.span.start), clusterCount)
    }

    /// The extra advance of each space, or of each cluster but the last when there are no
    /// spaces, that stretches a line by `extra`.
    private func justification(_ content: ShownContent, extra: Double) -> (
        space: Double, cluster: Double
    ) {
        guard extra > 0, !content.prefix.isEmpty else { return (0, 0) }
        let spaces = content.prefix.filter { flags[$0].contains(.space) }.count
        if spaces > 0 { return (extra / Double(spaces), 0) }
        if content.prefix.count > 1 { return (0, extra / Double(content.prefix.count - 1)) }
        return (0, 0)
    }

    /// Appends the glyph runs of clusters, one per piece, advancing `x`.
    private func appendRuns(
        _ range: Range<Int>, x: inout Double, baseline: Double, line: Int,
        stretch: (space: Double, cluster: Double, lastCluster: Int),
        into runs: inout [PositionedGlyphRun], clusters: inout [AttributedTextLayout.PlacedCluster]
    ) {
        var start = range.lowerBound
        while start < range.upperBound {
            let piece = pieceOfCluster[start]
            var end = start
            var runAdvances: [Double] = []
            let runX = x
            while end < range.upperBound && pieceOfCluster[end] == piece {
                var advance = advances[end]
                if flags[end].contains(.space) { advance += stretch.space }
                if end < stretch.lastCluster { advance += stretch.cluster }
                clusters.append(.init(range: offsets[end]..<offsets[end + 1], x: x, width: advance))
                runAdvances.append(advance)
                x += advance
                end += 1
            }
            let utf8 = offsets[start]..<offsets[end]
            runs.append(
                glyphRun(
                    .text, text: String(text.substring(utf8)), range: utf8, piece: piece, x: runX,
                    baseline: baseline, advances: runAdvances, line: line))
            start = end
        }
    }

    /// A glyph run in the attributes of a piece.
    func glyphRun(
        _ kind: PositionedGlyphRun.Kind, text: String, range: Range<Int>, piece index: Int,
        x: Double,
        baseline: Double, advances: [Double], line: Int
    ) -> PositionedGlyphRun {
        let info = font(ofPiece: index)
        let run = pieces[index].run
        return PositionedGlyphRun(
            kind: kind, text: text, range: range, font: info.font,
            foregroundColor: self.text.storedRuns[run].attributes.foregroundColor
                ?? defaultForegroundColor,
            backgroundColor: self.text.storedRuns[run].attributes.backgroundColor,
            underline: self.text.storedRuns[run].attributes.underline,
            strikethrough: self.text.storedRuns[run].attributes.strikethrough,
            link: self.text.storedRuns[run].attributes.link,
            origin: Point(x: x, y: baseline - pieces[index].baselineOffset),
            width: advances.reduce(0, +), ascent: info.lineMetrics.ascender,
            descent: -info.lineMetrics.descender, advances: advances, lineIndex: line)
    }

    /// The glyph run of a list marker: the font and colour of its paragraph's first piece,
    /// without decorations, background, link or baseline offset.
    private func markerRun(
        _ marker: Marker, piece index: Int, x: Double,
        baseline: Double, line: Int, at offset: Int
    ) -> PositionedGlyphRun {
        let info = font(ofPiece: index)
        return PositionedGlyphRun(
            kind: .listMarker, text: marker.text, range: offset..<offset, font: info.font,
            foregroundColor: attributes(ofPiece: index).foregroundColor ?? defaultForegroundColor,
            backgroundColor: nil, underline: nil, strikethrough: nil, link: nil,
            origin: Point(x: x, y: baseline), width: marker.width,
            ascent: info.lineMetrics.ascender,
            descent: -info.lineMetrics.descender, advances: [marker.width], lineIndex: line)
    }
}
