public import TrellisGeometry
public import TrellisText

/// A view that shows one or more lines of read-only text, as UIKit's `UILabel`.
///
/// Text is measured with the window's metrics (those of its backend), wraps and truncates as
/// ``lineBreakMode`` says within ``numberOfLines`` (0 for no limit), and is centred vertically
/// in the bounds as UIKit centres it.
///
/// ```swift
/// let label = Label()
/// label.text = "连续浇水7天，可得20鲸豆"
/// label.font = .system(size: 16)
/// label.numberOfLines = 0
/// let size = label.sizeThatFits(Size(width: 280, height: .greatestFiniteMagnitude))
/// ```
@MainActor
open class Label: View {
    /// The text; `nil` shows nothing.
    public var text: String? {
        didSet { if text != oldValue { textDidChange() } }
    }

    /// The font; 17-point system by default, as UIKit's.
    public var font: Font = .system(size: 17) {
        didSet { if font != oldValue { textDidChange() } }
    }

    /// The text colour; black by default.
    public var textColor: Color = .black {
        didSet { setNeedsDisplay() }
    }

    /// The most lines to show; 0 for no limit. 1 by default.
    public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { textDidChange() } }
    }

    /// How lines wrap and the last visible line ends; truncating the tail by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textDidChange() } }
    }

    /// The horizontal alignment of the lines; natural by default.
    public var textAlignment: TextAlignment = .natural {
        didSet { setNeedsDisplay() }
    }

    /// The width at which a multi-line label wraps when computing its intrinsic size; 0 uses
    /// the current width, as `preferredMaxLayoutWidth`.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// Extra space between lines.
    public var lineSpacing: Double = 0 {
        didSet { textDidChange() }
    }

    /// Called after the text or its style changed: the label is measured and laid out again.
    open func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The style the label lays its text out with.
    public var textStyle: TextStyle {
        TextStyle(
            font: font, lineBreakMode: lineBreakMode, alignment: textAlignment,
            numberOfLines: numberOfLines, lineSpacing: lineSpacing,
            baseWritingDirection: nil)
    }

    /// The size of the text on one line, or wrapped at ``preferredMaxLayoutWidth`` (or the
    /// current width) for a multi-line label; rounded up to whole points, as UIKit does.
    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty else { return .zero }
        var limit = Size(width: 0, height: 0)
        if numberOfLines != 1 {
            limit.width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        }
        let size = textMeasurer.sizeThatFits(limit, text: text, style: textStyle)
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// The size the text needs within a box, rounded up to whole points.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return .zero }
        let fitted = textMeasurer.sizeThatFits(size, text: text, style: textStyle)
        return Size(width: fitted.width.rounded(.up), height: fitted.height.rounded(.up))
    }

    /// The label's text with its font.
    open override var textRunsToMeasure: [TextRun] {
        guard let text, !text.isEmpty else { return [] }
        return [TextRun(text, font: font)]
    }

    /// Measures again with the new metrics.
    open override func textMetricsDidChange() {
        textDidChange()
        super.textMetricsDidChange()
    }

    /// The text laid out in the bounds.
    public var textLayout: TextLayout? {
        guard let text, !text.isEmpty else { return nil }
        return textMeasurer.layout(text, style: textStyle, in: bounds.size)
    }

    /// Draws the lines, centred vertically.
    open override func draw(in context: DrawingContext) {
        guard let layout = textLayout else { return }
        let top = bounds.minY + max(0, (bounds.height - layout.size.height) / 2)
        context.draw(layout, at: Point(x: bounds.minX, y: top), font: font, color: textColor)
    }

    /// The view's attributes plus the text.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if let text { attributes.append("text=\"\(text)\"") }
        return attributes
    }
}
