import TrellisGeometry

extension PreparedText {
    /// Lays the text out: fits lines, truncates the last visible one when text remains, and
    /// places every line.
    ///
    /// - Complexity: O(*n*) in the clusters laid out.
    func layout(_ request: LayoutRequest) -> TextLayout {
        let leading = request.includesLeading ? lineMetrics.leading : 0
        let lineHeight = (lineMetrics.glyphHeight + leading) * request.lineHeightMultiple
        let baselineOffset = lineHeight + lineMetrics.descender - leading
        let spacing = request.lineSpacing
        var limit = request.lineLimit
        if request.height.isFinite && lineHeight + spacing > 0 {
            let fitting = ((request.height + spacing) / (lineHeight + spacing) + 1e-9).rounded(
                .down)
            let byHeight = max(1, Int(min(fitting, 1e9)))
            limit = limit == 0 ? byHeight : min(limit, byHeight)
        }
        let fitMode: LineBreakMode =
            request.lineBreakMode == .byClipping || request.lineBreakMode == .byCharWrapping
            ? request.lineBreakMode : .byWordWrapping

        var spans: [(span: LineSpan, paragraphStart: Int)] = []
        var start = 0
        var paragraphStart = 0
        var hasTrailingEmptyLine =
            clusterCount > 0 && flags[clusterCount - 1].contains(.hardBreak)
        var isTruncated = false
        while start < clusterCount || (start == clusterCount && hasTrailingEmptyLine) {
            if limit > 0 && spans.count == limit {
                isTruncated = true
                break
            }
            if start == clusterCount {
                hasTrailingEmptyLine = false
                spans.append(
                    (
                        LineSpan(
                            start: start, end: start, next: start, width: 0, endsParagraph: true),
                        start
                    ))
                break
            }
            let span = fitLine(
                from: start, limit: request.width, mode: fitMode,
                strategy: request.lineBreakStrategy)
            spans.append((span, paragraphStart))
            if span.endsParagraph && request.lineBreakStrategy.contains(.pushOut)
                && fitMode == .byWordWrapping
            {
                pushOut(&spans, limit: request.width, strategy: request.lineBreakStrategy)
            }
            start = span.next
            if span.endsParagraph { paragraphStart = span.next }
        }

        var shown: [ShownLine] = spans.map {
            shownLine($0.span.start..<$0.span.end, isClipped: $0.span.isClipped)
        }
        if isTruncated, request.lineBreakMode.truncates, let last = spans.last {
            let range = last.span.start..<paragraphEnd(from: last.span.start)
            shown[shown.count - 1] = truncatedLine(
                range, limit: request.width, mode: request.lineBreakMode)
        }
        if shown.contains(where: \.isTruncated) { isTruncated = true }

        let container = request.width.isFinite ? request.width : shown.map(\.width).max() ?? 0
        var directions: [Int: LayoutDirection] = [:]
        var resolved: ResolvedParagraphs = [:]
        var lines: [TextLayout.Line] = []
        lines.reserveCapacity(shown.count)
        for (index, line) in shown.enumerated() {
            let paragraph = spans[index].paragraphStart
            let direction: LayoutDirection
            if let known = directions[paragraph] {
                direction = known
            } else {
                direction = paragraphDirection(at: paragraph, request: request)
                directions[paragraph] = direction
            }
            var advances = line.advances
            var drawnWidth = line.width
            var alignment = request.alignment
            if alignment == .justified {
                if !spans[index].span.endsParagraph && !line.isTruncated && request.width.isFinite {
                    justify(&advances, line: line, to: container)
                    drawnWidth = max(container, line.width)
                }
                alignment = .natural
            }
            if alignment == .natural { alignment = direction == .rightToLeft ? .right : .left }
            let x: Double
            switch alignment {
            case .right: x = container - drawnWidth
            case .center: x = (container - drawnWidth) / 2
            default: x = 0
            }
            let top = Double(index) * (lineHeight + spacing)
            let runs = reorderedRuns(
                of: line, advances: advances, x: x, paragraph: paragraph, direction: direction,
                resolved: &resolved)
            lines.append(
                TextLayout.Line(
                    text: line.text, range: line.range, width: line.width,
                    origin: Point(x: x, y: top + baselineOffset),
                    frame: Rect(x: x, y: top, width: drawnWidth, height: lineHeight),
                    advances: advances, isTruncated: line.isTruncated, direction: direction,
                    reorderedRuns: runs,
                    hiddenRange: line.hasEllipsis
                        ? offsets[line.prefix.upperBound]..<offsets[line.suffix.lowerBound] : nil))
        }
        let count = Double(lines.count)
        return TextLayout(
            lines: lines,
            size: Size(
                width: lines.map(\.frame.width).max() ?? 0,
                height: lines.isEmpty ? 0 : count * lineHeight + (count - 1) * spacing),
            firstBaseline: lines.first?.origin.y ?? 0, lastBaseline: lines.last?.origin.y ?? 0,
            isTruncated: isTruncated)
    }

    /// The direction of the paragraph that starts at a cluster.
    private func paragraphDirection(at start: Int, request: LayoutRequest) -> LayoutDirection {
        if let direction = request.baseWritingDirection { return direction }
        let end = paragraphEnd(from: start)
        return LayoutDirection(firstStrongIn: substring(start..<end)) ?? .leftToRight
    }

    /// Stretches a line's advances to `width`: at its spaces, or between its clusters when it
    /// has none.
    private func justify(_ advances: inout [Double], line: ShownLine, to width: Double) {
        let extra = width - line.width
        guard extra > 0, !advances.isEmpty else { return }
        let spaces = line.clusters.filter { flags[$0].contains(.space) }
        if !spaces.isEmpty {
            let share = extra / Double(spaces.count)
            for cluster in spaces { advances[cluster - line.clusters.lowerBound] += share }
        } else if advances.count > 1 {
            let share = extra / Double(advances.count - 1)
            for index in 0..<(advances.count - 1) { advances[index] += share }
        }
    }
}
