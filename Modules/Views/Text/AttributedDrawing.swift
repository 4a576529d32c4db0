public import TrellisGeometry
import TrellisRender
public import TrellisRichText

extension DrawingContext {
    /// Draws an attributed layout with its top-left corner at `origin`: backgrounds, then
    /// each positioned run as a glyph run with its decorations.
    ///
    /// Each run carries its clusters' advances, so that kern and justification survive in
    /// backends that place clusters themselves, and its direction: the layout's runs come left
    /// to right in the order the lines show them, right-to-left ones in logical order.
    public func draw(_ layout: AttributedTextLayout, at origin: Point) {
        guard origin.isFinite else { return }
        for run in layout.glyphRuns where !run.text.isEmpty {
            let start = Point(x: origin.x + run.origin.x, y: origin.y + run.origin.y)
            guard start.isFinite else { continue }
            if let background = run.backgroundColor {
                fill(run.frame.offsetBy(dx: origin.x, dy: origin.y), color: background)
            }
            let underline = run.underline.map(DrawingContext.lineStyle)
            let strikethrough = run.strikethrough.map(DrawingContext.lineStyle)
            let usable = run.advances.count == run.text.count && run.advances.allSatisfy(\.isFinite)
            append(
                .glyphRun(
                    GlyphRun(
                        text: run.text, font: run.font.descriptor, color: run.foregroundColor,
                        origin: start, width: max(0, run.width), ascent: max(0, run.ascent),
                        descent: max(0, run.descent), underline: underline,
                        strikethrough: strikethrough,
                        advances: usable ? run.advances : nil, direction: run.direction)))
        }
    }

    /// The display list's line style for a rich-text decoration; dotted and dashed lines are
    /// drawn solid.
    static func lineStyle(_ decoration: TextDecoration) -> TextLineStyle {
        let pattern: TextLineStyle.Pattern
        switch decoration.style {
        case .double: pattern = .double
        case .thick: pattern = .thick
        case .single, .dotted, .dashed: pattern = .single
        }
        return TextLineStyle(pattern, color: decoration.color)
    }
}
