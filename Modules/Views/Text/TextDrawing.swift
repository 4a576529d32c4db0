public import TrellisGeometry
public import TrellisRender
public import TrellisText

extension DrawingContext {
    /// Draws laid-out text with its top-left corner at `origin`: one glyph run per visual run
    /// of each line, or one run per cluster on lines that justification spreads, so that every
    /// cluster lands where the layout put it.
    ///
    /// Runs are appended left to right in the order the line shows them
    /// (`TextLayout.Line.visualRuns`); a right-to-left run keeps its text in logical order and
    /// is marked with `GlyphRun.direction`, and the backend shows it from its right end with
    /// brackets mirrored. A line of left-to-right text is one glyph run, as before bidi.
    public func draw(
        _ layout: TextLayout, at origin: Point, font: Font, color: Color,
        underline: TextLineStyle? = nil, strikethrough: TextLineStyle? = nil
    ) {
        guard origin.isFinite else { return }
        for line in layout.lines where !line.text.isEmpty {
            let baseline = Point(x: origin.x + line.origin.x, y: origin.y + line.origin.y)
            guard baseline.isFinite else { continue }
            let ascent = max(0, baseline.y - (origin.y + line.frame.minY))
            let descent = max(0, origin.y + line.frame.maxY - baseline.y)
            func run(_ text: String, x: Double, width: Double, direction: LayoutDirection)
                -> GlyphRun
            {
                GlyphRun(
                    text: text, font: font.descriptor, color: color,
                    origin: Point(x: x, y: baseline.y), width: max(0, width), ascent: ascent,
                    descent: descent, underline: underline, strikethrough: strikethrough,
                    direction: direction)
            }
            let natural = line.advances.reduce(0, +)
            let spread = abs(natural - line.width) > 0.001
            let runs = line.visualRuns
            if !spread, runs.count == 1 {
                append(
                    .glyphRun(
                        run(
                            line.text, x: baseline.x, width: line.width,
                            direction: runs[0].direction)))
                continue
            }
            if !spread {
                let utf8 = Array(line.text.utf8)
                for visual in runs {
                    let text = String(decoding: utf8[visual.range], as: UTF8.self)
                    append(
                        .glyphRun(
                            run(
                                text, x: origin.x + visual.x, width: visual.width,
                                direction: visual.direction)))
                }
                continue
            }
            let characters = Array(line.text)
            for visual in runs {
                var x = origin.x + visual.x
                let isReversed = visual.direction == .rightToLeft
                for step in 0..<visual.clusters.count {
                    let index =
                        isReversed
                        ? visual.clusters.upperBound - 1 - step : visual.clusters.lowerBound + step
                    let advance = line.advances[index]
                    defer { x += advance }
                    guard index < characters.count, !characters[index].isWhitespace else {
                        continue
                    }
                    append(
                        .glyphRun(
                            run(
                                String(characters[index]), x: x, width: advance,
                                direction: visual.direction)))
                }
            }
        }
    }
}
