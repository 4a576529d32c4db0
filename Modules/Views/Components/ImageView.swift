public import TrellisGeometry

/// A view that shows an image, as UIKit's `UIImageView`.
///
/// Resizable images (with cap insets) stretch by nine slices under ``ContentMode/scaleToFill``;
/// template images are drawn in the tint colour.
@MainActor
open class ImageView: View {
    /// The image shown normally.
    public var image: Image? {
        didSet {
            if image !== oldValue { invalidateIntrinsicContentSize() }
        }
    }

    /// The image shown while highlighted, if any.
    public var highlightedImage: Image? {
        didSet { setNeedsDisplay() }
    }

    /// Whether the highlighted image is shown.
    public var isHighlighted = false {
        didSet { setNeedsDisplay() }
    }

    /// How the image fits the bounds.
    public var contentMode: ContentMode = .scaleToFill {
        didSet { setNeedsDisplay() }
    }

    /// Creates an image view sized to its image.
    public convenience init(image: Image?) {
        self.init(frame: Rect(size: image?.size ?? .zero))
        self.image = image
    }

    /// The image currently displayed.
    public var displayedImage: Image? {
        isHighlighted ? (highlightedImage ?? image) : image
    }

    /// The image's size, or no intrinsic size without an image.
    open override var intrinsicContentSize: Size {
        displayedImage?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The image's size.
    open override func sizeThatFits(_ size: Size) -> Size {
        displayedImage?.size ?? .zero
    }

    /// The assigned label, else the accessibility label of the image shown. An image view is
    /// not an accessibility element unless made one, as in UIKit.
    open override var accessibilityLabel: String? {
        get { accessibilityStorage?.label ?? displayedImage?.accessibilityLabel }
        set { super.accessibilityLabel = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/image``.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? .image }
        set { super.accessibilityTraits = newValue }
    }

    /// Draws the image under the content mode, marked as the view's content (a terminal that
    /// shows images draws it with its own graphics).
    open override func draw(in context: DrawingContext) {
        guard let image = displayedImage else { return }
        context.draw(
            image, in: contentMode.frame(for: image.size, in: bounds), tint: effectiveTintColor,
            isContent: true)
    }
}
