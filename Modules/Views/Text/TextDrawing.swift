public import TrellisGeometry
public import TrellisRender
public import TrellisText

extension DrawingContext {
    /// Draws laid-out text with its top-left corner at `origin`: one glyph run per line, or one
    /// run per cluster on lines that justification spreads, so that every cluster lands where
    /// the layout put it.
    public func draw(
        _ layout: TextLayout, at origin: Point, font: Font, color: Color,
        underline: TextLineStyle? = nil, strikethrough: TextLineStyle? = nil
    ) {
        guard origin.isFinite else { return }
        for line in layout.lines where !line.text.isEmpty {
            let baseline = Point(x: origin.x + line.origin.x, y: origin.y + line.origin.y)
            guard baseline.isFinite else { continue }
            let ascent = baseline.y - (origin.y + line.frame.minY)
            let descent = origin.y + line.frame.maxY - baseline.y
            let natural = line.advances.reduce(0, +)
            let spread = abs(natural - line.width) > 0.001
            if !spread {
                append(
                    .glyphRun(
                        GlyphRun(
                            text: line.text, font: font.descriptor, color: color, origin: baseline,
                            width: max(0, line.width), ascent: max(0, ascent),
                            descent: max(0, descent),
                            underline: underline, strikethrough: strikethrough)))
                continue
            }
            var x = baseline.x
            for (character, advance) in zip(line.text, line.advances) {
                if !character.isWhitespace {
                    append(
                        .glyphRun(
                            GlyphRun(
                                text: String(character), font: font.descriptor, color: color,
                                origin: Point(x: x, y: baseline.y), width: max(0, advance),
                                ascent: max(0, ascent), descent: max(0, descent),
                                underline: underline,
                                strikethrough: strikethrough)))
                }
                x += advance
            }
        }
    }
}
