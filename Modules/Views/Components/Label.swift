public import TrellisCore
public import TrellisGeometry
public import TrellisRichText
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
    /// The text; `nil` shows nothing. Setting it replaces any attributed text.
    public var text: String? {
        get { storedAttributedText?.string ?? storedText }
        set {
            guard newValue != text || storedAttributedText != nil else { return }
            storedAttributedText = nil
            storedText = newValue
            measurements = nil
            textDidChange()
        }
    }

    @exclusivity(unchecked) private var storedText: String?
    @exclusivity(unchecked) private var storedAttributedText: AttributedText?

    /// Styled text; when set it is drawn instead of ``text`` with the label's font and colour
    /// for the parts it does not style. Setting ``text`` clears it.
    public var attributedText: AttributedText? {
        get { storedAttributedText }
        set {
            storedAttributedText = newValue
            storedText = newValue?.string
            measurements = nil
            textDidChange()
        }
    }

    /// The problems found in the markup last given to ``setMarkup(_:options:)``.
    @exclusivity(unchecked) public private(set) var markupWarnings: [MarkupWarning] = []

    /// Sets the text from markup — the HTML subset of `TrellisRichText` — in the label's font
    /// and colour unless `options` says otherwise, as seed 001 turns `<p>` paragraphs into
    /// bullet lines:
    ///
    /// ```swift
    /// label.setMarkup("<p>连续浇水7天</p><p>连续浇水14天</p>",
    ///                 options: MarkupOptions(paragraphMarker: .bullet))
    /// ```
    public func setMarkup(_ markup: String, options: MarkupOptions? = nil) {
        var settings = options ?? MarkupOptions()
        if options == nil {
            settings.font = font
            settings.foregroundColor = textColor
        }
        let result = MarkupParser(options: settings).parse(markup)
        markupWarnings = result.warnings
        attributedText = result.text
    }

    /// The container attributed text is laid out in, for a box.
    func textContainer(_ size: Size) -> TextContainer {
        var container = TextContainer(
            size: size, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            defaultFont: font, defaultForegroundColor: textColor)
        container.lineBreakStrategy = lineBreakStrategy
        return container
    }

    /// The font; 17-point system by default, as UIKit's.
    @exclusivity(unchecked) public var font: Font = .system(size: 17) {
        didSet { if font != oldValue { styleDidChange() } }
    }

    /// The text colour; black by default.
    @exclusivity(unchecked) public var textColor: Color = .black {
        didSet { setNeedsDisplay() }
    }

    /// The most lines to show; 0 for no limit. 1 by default.
    @exclusivity(unchecked) public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { styleDidChange() } }
    }

    /// How lines wrap and the last visible line ends; truncating the tail by default.
    @exclusivity(unchecked) public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { styleDidChange() } }
    }

    /// Which line-breaking rules the label's lines follow: where browsers break
    /// (`LineBreakStrategy.standard`) by default, UAX #14's default rules alone with an empty
    /// set, as `NSParagraphStyle.lineBreakStrategy`.
    @exclusivity(unchecked) public var lineBreakStrategy: LineBreakStrategy = .standard {
        didSet { if lineBreakStrategy != oldValue { styleDidChange() } }
    }

    /// The horizontal alignment of the lines; natural by default.
    @exclusivity(unchecked) public var textAlignment: TextAlignment = .natural {
        didSet { setNeedsDisplay() }
    }

    /// The width at which a multi-line label wraps when computing its intrinsic size; 0 uses
    /// the current width, as `preferredMaxLayoutWidth`.
    @exclusivity(unchecked) public var preferredMaxLayoutWidth: Double = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// Extra space between lines.
    @exclusivity(unchecked) public var lineSpacing: Double = 0 {
        didSet { styleDidChange() }
    }

    /// Forgets what was measured with the old style, then tells ``textDidChange()``.
    private func styleDidChange() {
        measurements = nil
        textDidChange()
    }

    /// Called after the text or its style changed: the label is measured and laid out again.
    open func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The style the label lays its text out with.
    public var textStyle: TextStyle {
        TextStyle(
            font: font, lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy,
            alignment: textAlignment, numberOfLines: numberOfLines, lineSpacing: lineSpacing,
            baseWritingDirection: nil)
    }

    /// The size of the text on one line, or wrapped at ``preferredMaxLayoutWidth`` (or the
    /// current width) for a multi-line label; rounded up to whole points, as UIKit does.
    open override var intrinsicContentSize: Size {
        var limit = Size(width: 0, height: 0)
        if numberOfLines != 1 {
            limit.width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        }
        return measuredSize(in: limit)
    }

    /// The size the text needs within a box, rounded up to whole points.
    open override func sizeThatFits(_ size: Size) -> Size {
        measuredSize(in: size)
    }

    private func measuredSize(in box: Size) -> Size {
        let size: Size
        if let attributed = storedAttributedText {
            guard !attributed.string.isEmpty else { return .zero }
            size = attributed.size(in: textContainer(box), metrics: textMeasurer.metrics)
        } else {
            guard let text, !text.isEmpty else { return .zero }
            let measurer = textMeasurer
            // A text this long is measured only as far as a box shows it: its natural size
            // would measure it all.
            guard text.utf8.count <= 2 * TextMeasurer.maximumBytesPerLine else {
                let size = measurer.sizeThatFits(box, text: text, style: textStyle)
                return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
            }
            let id = ObjectIdentifier(measurer)
            let natural: Size
            if let kept = measurements, kept.measurer == id {
                natural = kept.natural
            } else {
                natural = measurer.sizeThatFits(.zero, text: text, style: textStyle)
                measurements = LabelMeasurements(measurer: id, natural: natural)
            }
            if Label.holds(box, natural) {
                size = natural
            } else if let kept = measurements?.last, kept.box == box {
                size = kept.size
            } else {
                size = measurer.sizeThatFits(box, text: text, style: textStyle)
                measurements?.last = (box, size)
            }
        }
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// What the plain text measured, until the text or a property that shapes it changes.
    @exclusivity(unchecked) private var measurements: LabelMeasurements?

    /// Whether a box dimension sets no limit, as ``TextMeasurer`` reads it.
    private static func isUnlimited(_ length: Double) -> Bool {
        !(length > 0) || !length.isFinite || length == .greatestFiniteMagnitude
    }

    /// Whether a box holds text of a size without wrapping or stopping it.
    private static func holds(_ box: Size, _ size: Size) -> Bool {
        (isUnlimited(box.width) || box.width >= size.width)
            && (isUnlimited(box.height) || box.height >= size.height)
    }

    /// The first and last baselines of the text laid out at its intrinsic size, so that
    /// baseline constraints align labels by their text.
    open override var baselineOffsetsFromTop: (first: Double?, last: Double?) {
        baselines(in: intrinsicContentSize)
    }

    /// The first baseline of the text laid out in a label of that size, as it is drawn there.
    open override func firstBaselineOffsetFromTop(in size: Size) -> Double? {
        baselines(in: size).first
    }

    /// The first and last baselines of the text laid out in a label of that size.
    private func baselines(in size: Size) -> (first: Double?, last: Double?) {
        if let attributed = storedAttributedText, !attributed.string.isEmpty {
            let layout = AttributedTextLayout(
                attributed, in: textContainer(size), metrics: textMeasurer.metrics)
            return (layout.firstBaseline, layout.lastBaseline)
        }
        guard let text, !text.isEmpty else { return (nil, nil) }
        let layout = textMeasurer.layout(text, style: textStyle, in: size)
        return (layout.firstBaseline, layout.lastBaseline)
    }

    /// The runs its text layout measures: each paragraph and the ellipsis in the label's font,
    /// or for attributed text each piece, list marker and ellipsis in its own.
    open override var textRunsToMeasure: [TextRun] {
        if let attributed = storedAttributedText {
            guard !attributed.string.isEmpty else { return [] }
            return AttributedTextLayout.runsToMeasure(attributed, in: textContainer(bounds.size))
        }
        guard let text, !text.isEmpty else { return [] }
        return TextMeasurer.runsToMeasure(text, style: textStyle)
    }

    /// Measures again with the new metrics.
    open override func textMetricsDidChange() {
        measurements = nil
        textDidChange()
        super.textMetricsDidChange()
    }

    /// The plain text laid out in the bounds (`nil` for attributed text).
    public var textLayout: TextLayout? {
        guard storedAttributedText == nil, let text, !text.isEmpty else { return nil }
        return textMeasurer.layout(text, style: textStyle, in: bounds.size)
    }

    /// The attributed text laid out in the bounds, when the label has attributed text.
    public var attributedTextLayout: AttributedTextLayout? {
        guard let attributed = storedAttributedText, !attributed.string.isEmpty else { return nil }
        return AttributedTextLayout(
            attributed, in: textContainer(bounds.size), metrics: textMeasurer.metrics)
    }

    /// The label's frame and how its text is cut when it is wider there in cells than in
    /// points: as ``lineBreakMode`` truncates, with an ellipsis at the end for the wrapping
    /// modes (their last line was laid out to fit), and no ellipsis when it clips.
    open override var semanticHint: SemanticHint? {
        let truncation: SemanticHint.Truncation =
            switch lineBreakMode {
            case .byClipping: .clip
            case .byTruncatingHead: .head
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail, .byWordWrapping, .byCharWrapping: .tail
            }
        guard bounds.isFinite else { return nil }
        return SemanticHint(frame: bounds, kind: .label(truncation: truncation))
    }

    /// Draws the lines, centred vertically.
    open override func draw(in context: DrawingContext) {
        // Centred vertically, as UILabel draws: text taller than the bounds overflows both
        // edges alike (clipped only with clipsToBounds).
        if let layout = attributedTextLayout {
            let top = bounds.minY + (bounds.height - layout.usedSize.height) / 2
            context.draw(layout, at: Point(x: bounds.minX, y: top))
            return
        }
        guard let layout = textLayout else { return }
        let top = bounds.minY + (bounds.height - layout.size.height) / 2
        context.draw(layout, at: Point(x: bounds.minX, y: top), font: font, color: textColor)
    }

    // MARK: Accessibility

    /// The assigned value, else whether the label has text: a label is read as its text.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? !(text ?? "").isEmpty }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned label, else the text.
    open override var accessibilityLabel: String? {
        get { accessibilityStorage?.label ?? text }
        set { super.accessibilityLabel = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/staticText``.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? .staticText }
        set { super.accessibilityTraits = newValue }
    }

    /// The view's attributes plus the text.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if let text { attributes.append("text=\"\(text)\"") }
        return attributes
    }
}

extension Label: AccessibilityTextProviding {
    /// The text, empty when there is none.
    package var accessibilityText: String { text ?? "" }
    /// None: a label has no caret.
    package var accessibilityCaretScalarOffset: Int? { nil }
}

/// The sizes a label's plain text measured, with the measurer that measured them.
///
/// The text's natural size, with no limit, answers every box at least that large: text laid out
/// there wraps and stops nowhere. Layout asks a label for its size several times a pass (flexbox
/// at max-content, then at the width it gives; the label's own container again), and most boxes
/// hold a short label's text whole. The last other box and its size answer a repeated request.
private struct LabelMeasurements {
    let measurer: ObjectIdentifier
    /// The unrounded size with no limit.
    let natural: Size
    var last: (box: Size, size: Size)?
}
