public import TrellisCore
public import TrellisEvents
public import TrellisGeometry
public import TrellisRichText
public import TrellisText

/// A control with an image and a title placed in any of four directions with spacing between
/// them, content insets, content alignment, and per-state titles, colours, images and
/// backgrounds: UIKit's `UIButton` generalised as seeds 000, 002 and 004 build it.
///
/// ```swift
/// let button = Button(image: icon, title: "来点我啊", font: .system(size: 14), spacing: 10,
///                     direction: .row)
/// button.setTitle("选中了", for: .selected)
/// button.setTitleColor(.blue, for: .selected)
/// button.contentEdgeInsets = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
/// button.sizeToFit()
/// ```
///
/// ## Sizing
/// The intrinsic size is the content insets plus, along the direction's axis, the image, the
/// spacing (only when both image and title show) and the title, and across it the larger of
/// the two. The title is measured on one line unless a width is given to
/// ``sizeThatFits(_:)``.
///
/// ## State
/// Each per-state value follows UIKit's rule: the value for exactly the current state, else
/// the normal state's. When the image falls back from normal, it is darkened while highlighted
/// (``adjustsImageWhenHighlighted``) and faded while disabled (``adjustsImageWhenDisabled``).
@MainActor
open class Button: Control {
    /// Where the image sits relative to the title.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Image at the leading side, title after it.
        case row
        /// Title at the leading side, image after it.
        case rowReverse
        /// Image above the title.
        case column
        /// Title above the image.
        case columnReverse

        /// Whether the image and title sit side by side.
        public var isHorizontal: Bool { self == .row || self == .rowReverse }
        /// Whether the title comes first.
        public var isReversed: Bool { self == .rowReverse || self == .columnReverse }
    }

    /// The label that shows the current title.
    public let titleLabel = Label()

    /// A button with its current title and state, and the frames its layout gave the title
    /// and the image; `nil` for a button without a title, whose image is its face.
    open override var semanticHint: SemanticHint? {
        let title = currentAttributedTitle?.string ?? currentTitle ?? ""
        guard !title.isEmpty else { return nil }
        return SemanticHint(
            frame: bounds,
            kind: .button(
                title: title, titleFrame: titleLabel.superview === self ? titleLabel.frame : nil,
                imageFrame: showsImage && imageView.superview === self ? imageView.frame : nil),
            state: semanticState)
    }
    /// The view that shows the current image.
    public let imageView = ImageView()

    /// Where the image sits relative to the title.
    public var direction: Direction = .row {
        didSet { contentDidChange() }
    }

    /// The distance between the image and the title, applied only when both show.
    public var spacing: Double = 0 {
        didSet { contentDidChange() }
    }

    /// The distances between the bounds and the content.
    public var contentEdgeInsets: EdgeInsets = .zero {
        didSet { contentDidChange() }
    }

    /// Whether an image falling back from the normal state is darkened while highlighted.
    public var adjustsImageWhenHighlighted = true {
        didSet { updateAppearance() }
    }

    /// Whether an image falling back from the normal state is faded while disabled.
    public var adjustsImageWhenDisabled = true {
        didSet { updateAppearance() }
    }

    private var titles = StateValues<String>()
    private var attributedTitles = StateValues<AttributedText>()
    private var titleColors = StateValues<Color>()
    private var images = StateValues<Image>()
    private var backgroundImages = StateValues<Image>()
    private var backgroundColors = StateValues<Color>()
    private var adjustedImages: [ObjectIdentifier: (Image.Adjustment, Image)] = [:]
    /// The background colour the user assigned to ``View/backgroundColor`` directly, shown
    /// when no per-state colour applies.
    private var assignedBackgroundColor: Color?
    private var isApplyingStateBackground = false

    /// Creates a button.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        sendsPrimaryActionOnTouchUpInside = true
        titleLabel.numberOfLines = 1
        titleLabel.textAlignment = .center
        titleLabel.isUserInteractionEnabled = false
        imageView.isUserInteractionEnabled = false
        imageView.contentMode = .center
        // The hint says where they are: moving either records the button again.
        titleLabel.invalidatesSuperviewDrawing = true
        imageView.invalidatesSuperviewDrawing = true
        addSubview(imageView)
        addSubview(titleLabel)
        updateAppearance()
    }

    /// Creates a button with an image, a title, a font, the spacing and the direction, as seed
    /// 002's `initWithImage:title:titleFond:imageMargin:imageAlignmentTYpe:`.
    public convenience init(
        image: Image?, title: String?, font: Font = .system(size: 15), spacing: Double = 0,
        direction: Direction = .row
    ) {
        self.init(frame: .zero)
        titleLabel.font = font
        self.spacing = spacing
        self.direction = direction
        setImage(image, for: .normal)
        setTitle(title, for: .normal)
    }

    /// Whether an inside release also sends `primaryActionTriggered` (true, as for buttons).
    public var sendsPrimaryActionOnTouchUpInside: Bool {
        get { core.sendsPrimaryActionOnTouchUpInside }
        set { core.sendsPrimaryActionOnTouchUpInside = newValue }
    }

    // MARK: Per-state values

    /// Sets the title for a state; `nil` removes it.
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        updateAppearance()
    }

    /// The title for a state, by UIKit's rule (that state, else normal).
    public func title(for state: State) -> String? { titles.value(for: state) }

    /// Sets the styled title for a state; it wins over the plain title, as in UIKit.
    public func setAttributedTitle(_ title: AttributedText?, for state: State) {
        attributedTitles[state] = title
        updateAppearance()
    }

    /// The styled title for a state, by UIKit's rule.
    public func attributedTitle(for state: State) -> AttributedText? {
        attributedTitles.value(for: state)
    }

    /// The styled title shown now, if any.
    public var currentAttributedTitle: AttributedText? { attributedTitle(for: state) }

    /// Sets the title colour for a state; `nil` removes it.
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        updateAppearance()
    }

    /// The title colour for a state; white when none is set, as UIKit's custom buttons.
    public func titleColor(for state: State) -> Color { titleColors.value(for: state) ?? .white }

    /// Sets the image for a state; `nil` removes it.
    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        updateAppearance()
    }

    /// The image for a state, by UIKit's rule.
    public func image(for state: State) -> Image? { images.value(for: state) }

    /// Sets the background image for a state (a resizable image stretches by nine slices).
    public func setBackgroundImage(_ image: Image?, for state: State) {
        backgroundImages[state] = image
        updateAppearance()
    }

    /// The background image for a state, by UIKit's rule.
    public func backgroundImage(for state: State) -> Image? { backgroundImages.value(for: state) }

    /// Sets the background colour for a state, as seed 002's button does.
    public func setBackgroundColor(_ color: Color?, for state: State) {
        backgroundColors[state] = color
        updateAppearance()
    }

    /// The background colour for a state, by UIKit's rule.
    public func backgroundColor(for state: State) -> Color? { backgroundColors.value(for: state) }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }
    /// The title colour shown now.
    public var currentTitleColor: Color { titleColor(for: state) }
    /// The image shown now, adjusted for the state when it falls back from normal.
    public var currentImage: Image? { adjustedImage(for: state) }
    /// The background image shown now.
    public var currentBackgroundImage: Image? { backgroundImage(for: state) }

    /// The font of the title.
    public var titleFont: Font {
        get { titleLabel.font }
        set {
            titleLabel.font = newValue
            contentDidChange()
        }
    }

    private func adjustedImage(for state: State) -> Image? {
        guard let image = images.value(for: state) else { return nil }
        guard images.isFallback(for: state) else { return image }
        let adjustment: Image.Adjustment?
        if state.contains(.disabled) {
            adjustment = adjustsImageWhenDisabled ? .disabled : nil
        } else if state.contains(.highlighted) {
            adjustment = adjustsImageWhenHighlighted ? .highlighted : nil
        } else {
            adjustment = nil
        }
        guard let adjustment else { return image }
        let key = ObjectIdentifier(image)
        if let cached = adjustedImages[key], cached.0 == adjustment { return cached.1 }
        let adjusted = image.adjusted(adjustment)
        adjustedImages[key] = (adjustment, adjusted)
        return adjusted
    }

    // MARK: Appearance

    /// Restyles the button for its state.
    open override func controlStateDidChange() {
        updateAppearance()
        super.controlStateDidChange()
    }

    /// Shows the current title, colour, image and background; a change of title or image
    /// lays the button out again, as seed 002 rebuilds its constraints when the title changes.
    public func updateAppearance() {
        let attributed = currentAttributedTitle
        let title = attributed?.string ?? currentTitle
        let image = currentImage
        let changedSize =
            titleLabel.text != title || titleLabel.attributedText != attributed
            || imageView.image?.size != image?.size
        titleLabel.textColor = currentTitleColor
        if let attributed {
            if titleLabel.attributedText != attributed { titleLabel.attributedText = attributed }
        } else {
            titleLabel.text = title
        }
        imageView.image = image
        titleLabel.isHidden = title?.isEmpty ?? true
        imageView.isHidden = image == nil
        applyBackgroundColor()
        if changedSize { contentDidChange() }
        setNeedsDisplay()
    }

    /// Shows the state's background colour (that state's, else normal's), else the colour last
    /// assigned to ``View/backgroundColor``.
    private func applyBackgroundColor() {
        let color = backgroundColor(for: state) ?? assignedBackgroundColor
        guard backgroundColor != color else { return }
        isApplyingStateBackground = true
        defer { isApplyingStateBackground = false }
        backgroundColor = color
    }

    /// Remembers a colour assigned from outside, as the fallback of the per-state colours.
    override func backgroundColorDidChange() {
        super.backgroundColorDidChange()
        if !isApplyingStateBackground { assignedBackgroundColor = backgroundColor }
    }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Measures the title again with the new metrics, and with it the button's own size.
    open override func textMetricsDidChange() {
        super.textMetricsDidChange()
        contentDidChange()
    }

    // MARK: Sizing and layout

    private var showsTitle: Bool {
        !((currentAttributedTitle?.string ?? currentTitle)?.isEmpty ?? true)
    }
    private var showsImage: Bool { currentImage != nil }

    /// The title's size on one line, or wrapped at a width.
    /// The title's size on one line, or wrapped at `width` in as many lines as `height` holds
    /// (all of them for no height).
    private func titleSize(width: Double?, height: Double? = nil) -> Size {
        guard showsTitle else { return .zero }
        if let width, width > 0 {
            let label = titleLabel
            let limit = Size(width: width, height: height ?? 0)
            let previous = label.numberOfLines
            label.numberOfLines = 0
            defer { label.numberOfLines = previous }
            return label.sizeThatFits(limit)
        }
        return titleLabel.sizeThatFits(Size(width: 0, height: 0))
    }

    /// The size of the image, spacing and title, without insets; a wrapped title takes at
    /// most the lines `height` holds, when given.
    private func contentSize(titleWidth: Double?, height: Double? = nil) -> Size {
        let image = showsImage ? (currentImage?.size ?? .zero) : .zero
        let gap = showsImage && showsTitle ? spacing : 0
        var title = titleSize(width: nil)
        if let titleWidth, titleWidth > 0, title.width > titleWidth {
            // Beside the image the title has the whole height; below or above it, the rest.
            let room = height.map { direction.isHorizontal ? $0 : $0 - image.height - gap }
            title = titleSize(width: titleWidth, height: room.map { max($0, 1) })
        }
        if direction.isHorizontal {
            return Size(
                width: image.width + gap + title.width, height: max(image.height, title.height))
        }
        return Size(width: max(image.width, title.width), height: image.height + gap + title.height)
    }

    /// Insets plus image, spacing and title along the axis, and the larger of the two across.
    open override var intrinsicContentSize: Size {
        let content = contentSize(titleWidth: nil)
        return Size(
            width: content.width + contentEdgeInsets.horizontal,
            height: content.height + contentEdgeInsets.vertical)
    }

    /// The intrinsic size, with the title wrapped when `size` limits the width.
    open override func sizeThatFits(_ size: Size) -> Size {
        let titleWidth =
            size.width > 0 && size.width.isFinite
            ? titleWidthLimit(forContentWidth: size.width - contentEdgeInsets.horizontal) : nil
        let content = contentSize(titleWidth: titleWidth)
        return Size(
            width: content.width + contentEdgeInsets.horizontal,
            height: content.height + contentEdgeInsets.vertical)
    }

    /// Resizes the button to its intrinsic size, the title on one line, keeping its origin, as
    /// `UIButton.sizeToFit()` does.
    open override func sizeToFit() {
        frame = Rect(origin: frame.origin, size: intrinsicContentSize)
    }

    /// Places the image and the title inside the bounds under the content alignments.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let area = bounds.inset(by: contentEdgeInsets)
        // A wrapped title shows the lines the button holds: no more are measured.
        let content = contentSize(
            titleWidth: titleWidthLimit(forContentWidth: area.width), height: area.height)
        let box = ContentPlacement.place(
            content, in: area, horizontal: contentHorizontalAlignment,
            vertical: contentVerticalAlignment,
            direction: effectiveLayoutDirection)
        let imageSize = showsImage ? (currentImage?.size ?? .zero) : .zero
        let gap = gapExtent
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        if direction.isHorizontal {
            let titleWidth = max(0, box.width - imageSize.width - gap)
            let imageFirst = direction.isReversed == rightToLeft
            let imageX = imageFirst ? box.minX : box.maxX - imageSize.width
            let titleX = imageFirst ? box.minX + imageSize.width + gap : box.minX
            imageView.frame = Rect(
                x: imageX, y: box.midY - imageSize.height / 2, width: imageSize.width,
                height: imageSize.height)
            titleLabel.frame = Rect(x: titleX, y: box.minY, width: titleWidth, height: box.height)
        } else {
            let titleHeight = max(0, box.height - imageSize.height - gap)
            let imageY = direction.isReversed ? box.maxY - imageSize.height : box.minY
            let titleY = direction.isReversed ? box.minY : box.minY + imageSize.height + gap
            imageView.frame = Rect(
                x: box.midX - imageSize.width / 2, y: imageY, width: imageSize.width,
                height: imageSize.height)
            titleLabel.frame = Rect(x: box.minX, y: titleY, width: box.width, height: titleHeight)
        }
        titleLabel.numberOfLines =
            titleLabel.frame.width + 0.001 < titleSize(width: nil).width ? 0 : 1
        switch contentHorizontalAlignment.effective(for: effectiveLayoutDirection) {
        case .left: titleLabel.textAlignment = direction.isHorizontal ? .left : .center
        case .right: titleLabel.textAlignment = direction.isHorizontal ? .right : .center
        default: titleLabel.textAlignment = .center
        }
    }

    /// The width the title may take when the content may be `width` wide: all of it in a
    /// column, what the image and the spacing leave in a row.
    private func titleWidthLimit(forContentWidth width: Double) -> Double {
        max(0, direction.isHorizontal ? width - imageExtent - gapExtent : width)
    }

    private var imageExtent: Double { showsImage ? (currentImage?.size.width ?? 0) : 0 }
    private var gapExtent: Double { showsImage && showsTitle ? spacing : 0 }

    /// Draws the background image for the state, stretched to the bounds.
    open override func draw(in context: DrawingContext) {
        if let background = currentBackgroundImage {
            context.draw(background, in: bounds, tint: effectiveTintColor)
        }
    }

    /// Return and Space press a focused button: `touchUpInside`, then `primaryActionTriggered`.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled, key == .returnKey || key == .space else { return false }
        sendActions(for: .touchUpInside)
        if sendsPrimaryActionOnTouchUpInside { sendActions(for: .primaryActionTriggered) }
        return true
    }

    /// The control's attributes plus the current title.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if let title = currentTitle { attributes.append("title=\"\(title)\"") }
        return attributes
    }

    // MARK: Accessibility

    /// A button is an accessibility element unless one was assigned otherwise.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned label, else the title shown, else the accessibility label of the image
    /// shown (``Image/withAccessibilityLabel(_:)``), as UIKit reads a button.
    open override var accessibilityLabel: String? {
        get {
            if let label = accessibilityStorage?.label { return label }
            if let title = currentAttributedTitle?.string ?? currentTitle, !title.isEmpty {
                return title
            }
            return image(for: state)?.accessibilityLabel
        }
        set { super.accessibilityLabel = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/button``, with
    /// ``AccessibilityTraits/selected`` while selected and ``AccessibilityTraits/notEnabled``
    /// while disabled.
    open override var accessibilityTraits: AccessibilityTraits {
        get {
            accessibilityStorage?.traits
                ?? stateAccessibilityTraits(selectable: true).union(.button)
        }
        set { super.accessibilityTraits = newValue }
    }
}
