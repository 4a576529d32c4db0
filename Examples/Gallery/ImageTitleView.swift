public import Trellis

extension SeedComponents {
    /// Seed 000's `RjxImageTitleView`: a control with an image above a title, built from
    /// constraints as the article builds it.
    ///
    /// A content view holds the image and the title and shrink-wraps them; required
    /// inequalities keep it inside the control, and one set of constraints per content alignment places it: setting
    /// ``contentHorizontalAlignment`` or ``contentVerticalAlignment`` deactivates the old set and
    /// activates the new one. Titles, title colours and images are stored per state and shown as
    /// the state changes.
    ///
    /// ```swift
    /// let view = SeedComponents.ImageTitleView()
    /// view.setImage(icon, andTitle: "Title")
    /// view.setTitleColor(.red, for: .selected)
    /// view.contentVerticalAlignment = .top
    /// ```
    public final class ImageTitleView: Control {
        /// The view that holds the image and the title, placed by the content alignments.
        public let contentView = View()
        /// The image at the top.
        public let topImageView = ImageView()
        /// The title under the image.
        public let titleLabel = Label()

        /// The distance between the bottom of the image and the top of the title (2 by
        /// default).
        public var spaceBetweenTitleAndImage: Double = 2 {
            didSet { spacingConstraint.constant = spaceBetweenTitleAndImage }
        }

        /// The error from the last change of constraints the engine refused, if any.
        public private(set) var layoutError: LayoutError?

        private var titles = StateValues<String>()
        private var titleColors = StateValues<Color>()
        private var images = StateValues<Image>()
        private let spacingConstraint: LayoutConstraint
        private var horizontalConstraints: [ContentHorizontalAlignment: [LayoutConstraint]] = [:]
        private var verticalConstraints: [ContentVerticalAlignment: [LayoutConstraint]] = [:]

        /// Creates the control with its content view, image and title constrained inside it.
        public override init(frame: Rect = .zero) {
            spacingConstraint = titleLabel.topAnchor.constraint(
                equalTo: topImageView.bottomAnchor, constant: 2)
            super.init(frame: frame)
            for view in [contentView, topImageView, titleLabel] {
                view.translatesAutoresizingMaskIntoConstraints = false
            }
            addSubview(contentView)
            contentView.addSubview(topImageView)
            contentView.addSubview(titleLabel)
            titleLabel.font = .system(size: 11)
            titleLabel.textAlignment = .center
            // The image keeps its size when the content fills a taller control: the title
            // stretches (its text stays centred).
            topImageView.setContentHuggingPriority(251, for: .vertical)
            // Left alone, the content's width could be anything from its widest child to the
            // control's; it shrink-wraps its children.
            let shrinkWrap = contentView.widthAnchor.constraint(equalToConstant: 0)
            shrinkWrap.priority = .fittingSizeLevel
            activate([
                shrinkWrap,
                contentView.topAnchor.constraint(greaterThanOrEqualTo: topAnchor),
                contentView.leftAnchor.constraint(greaterThanOrEqualTo: leftAnchor),
                contentView.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor),
                contentView.rightAnchor.constraint(lessThanOrEqualTo: rightAnchor),
                topImageView.topAnchor.constraint(equalTo: contentView.topAnchor),
                topImageView.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                topImageView.leftAnchor.constraint(greaterThanOrEqualTo: contentView.leftAnchor),
                topImageView.rightAnchor.constraint(lessThanOrEqualTo: contentView.rightAnchor),
                titleLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                titleLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                titleLabel.leftAnchor.constraint(greaterThanOrEqualTo: contentView.leftAnchor),
                titleLabel.rightAnchor.constraint(lessThanOrEqualTo: contentView.rightAnchor),
                spacingConstraint,
            ])
            let left = contentView.leftAnchor.constraint(equalTo: leftAnchor)
            let right = contentView.rightAnchor.constraint(equalTo: rightAnchor)
            let top = contentView.topAnchor.constraint(equalTo: topAnchor)
            let bottom = contentView.bottomAnchor.constraint(equalTo: bottomAnchor)
            horizontalConstraints = [
                .center: [contentView.centerXAnchor.constraint(equalTo: centerXAnchor)],
                .left: [left], .right: [right], .fill: [left, right],
                .leading: [contentView.leadingAnchor.constraint(equalTo: leadingAnchor)],
                .trailing: [contentView.trailingAnchor.constraint(equalTo: trailingAnchor)],
            ]
            verticalConstraints = [
                .center: [contentView.centerYAnchor.constraint(equalTo: centerYAnchor)],
                .top: [top], .bottom: [bottom], .fill: [top, bottom],
            ]
            updateHorizontalPosition()
            updateVerticalPosition()
            isAccessibilityElement = true
        }

        /// Read as one button named by its title, as the control a user taps: unless told
        /// otherwise, its label is the title shown and its traits are a button's, selected
        /// while it is selected.
        public override var accessibilityLabel: String? {
            get { super.accessibilityLabel ?? titleLabel.text }
            set { super.accessibilityLabel = newValue }
        }

        /// A button's traits, with ``AccessibilityTraits/selected`` while selected, added to
        /// the control's (``AccessibilityTraits/notEnabled`` while disabled).
        public override var accessibilityTraits: AccessibilityTraits {
            get { super.accessibilityTraits.union(isSelected ? [.button, .selected] : .button) }
            set { super.accessibilityTraits = newValue }
        }

        /// Places the content view horizontally by the new alignment.
        public override var contentHorizontalAlignment: ContentHorizontalAlignment {
            didSet { updateHorizontalPosition() }
        }

        /// Places the content view vertically by the new alignment.
        public override var contentVerticalAlignment: ContentVerticalAlignment {
            didSet { updateVerticalPosition() }
        }

        /// Sets the title shown in a state.
        public func setTitle(_ title: String?, for state: Control.State) {
            titles[state] = title
            showValues()
        }

        /// Sets the title colour used in a state.
        public func setTitleColor(_ color: Color?, for state: Control.State) {
            titleColors[state] = color
            showValues()
        }

        /// Sets the image shown in a state.
        public func setImage(_ image: Image?, for state: Control.State) {
            images[state] = image
            showValues()
        }

        /// Sets the normal image and title at once, as the article's
        /// `setImage:andTitleLableText:`.
        public func setImage(_ image: Image?, andTitle title: String?) {
            setImage(image, for: .normal)
            setTitle(title, for: .normal)
        }

        /// Shows the values of the new state.
        public override func controlStateDidChange() {
            super.controlStateDidChange()
            showValues()
        }

        private func showValues() {
            titleLabel.text = titles.value(for: state)
            titleLabel.textColor = titleColors.value(for: state) ?? .black
            topImageView.image = images.value(for: state)
        }

        private func updateHorizontalPosition() {
            LayoutConstraint.deactivate(horizontalConstraints.values.flatMap { $0 })
            activate(horizontalConstraints[contentHorizontalAlignment] ?? [])
        }

        private func updateVerticalPosition() {
            LayoutConstraint.deactivate(verticalConstraints.values.flatMap { $0 })
            activate(verticalConstraints[contentVerticalAlignment] ?? [])
        }

        private func activate(_ constraints: [LayoutConstraint]) {
            do {
                try LayoutConstraint.activate(constraints)
            } catch {
                layoutError = error
            }
        }
    }
}
