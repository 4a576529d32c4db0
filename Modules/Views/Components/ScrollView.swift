public import TrellisEvents
public import TrellisGeometry

/// A view whose content is larger than its bounds and scrolls by dragging or by the wheel, as
/// UIKit's `UIScrollView`.
///
/// The content offset is the bounds' origin, as in UIKit. Scroll views clip to their bounds by
/// default. Offsets stay within the content size plus the content insets.
///
/// A scroll view starts at its leading edge: the left in a left-to-right layout, the right end
/// of its content in a right-to-left one (``View/effectiveUserInterfaceLayoutDirection``), so
/// that a right-to-left row of content shows its first items first. Until it is scrolled it
/// stays at the right end as its content size, insets or bounds change, and it moves to the
/// new leading edge when its direction changes. The offset itself is
/// physical in either direction, as in UIKit: the point of the content at the top-left corner.
///
/// ```swift
/// let window = Window(size: Size(width: 320, height: 200), layoutDirection: .rightToLeft)
/// let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
/// scroll.contentSize = Size(width: 1000, height: 200)
/// window.addSubview(scroll)
/// scroll.contentOffset   // (680, 0): the right end of the content
/// ```
@MainActor
open class ScrollView: View {
    /// The size of the scrollable content.
    public var contentSize: Size = .zero {
        didSet { clampOffset() }
    }

    /// Extra room around the content, in which it can also scroll.
    public var contentInset: EdgeInsets = .zero {
        didSet { clampOffset() }
    }

    /// Whether dragging and the wheel scroll the view.
    public var isScrollEnabled = true

    // Where the current drag started, in the superview's coordinates, and the offset then.
    private var dragOrigin: (touch: Point, offset: Point)?

    // Whether the horizontal offset follows the leading edge: true until the view is scrolled
    // elsewhere, and again once it is scrolled back there.
    private var isAtLeadingEdge = true
    // The layout direction the offset was last clamped in.
    private var clampedDirection = LayoutDirection.leftToRight

    /// Creates a scroll view; it clips to its bounds.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// The point of the content shown at the top-left corner.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            let clamped = clampedOffset(newValue)
            isAtLeadingEdge = clamped.x == leadingContentOffsetX
            if clamped != bounds.origin {
                bounds.origin = clamped
                scrollViewDidScroll()
            }
        }
    }

    /// The horizontal offset of the leading edge: the smallest offset in a left-to-right
    /// layout, the largest in a right-to-left one.
    public var leadingContentOffsetX: Double {
        effectiveLayoutDirection == .rightToLeft
            ? maximumContentOffset.x : minimumContentOffset.x
    }

    /// The smallest offset: the top and left insets, negated.
    public var minimumContentOffset: Point {
        Point(x: -contentInset.left, y: -contentInset.top)
    }

    /// The largest offset that still shows content: the content's far edge plus its inset at
    /// the far side of the bounds.
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(
            x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
            y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    private func clampedOffset(_ offset: Point) -> Point {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
            v.isNaN ? lo : min(max(v, lo), hi)
        }
        return Point(
            x: clamp(offset.x, minimum.x, maximum.x), y: clamp(offset.y, minimum.y, maximum.y))
    }

    /// Clamps the offset to the content, keeping it at the right end while it is there in a
    /// right-to-left layout, and moving it to the new leading edge when the direction changed
    /// while it was at the old one. A left-to-right view that keeps its direction is only
    /// clamped, as UIKit does.
    private func clampOffset() {
        let direction = effectiveLayoutDirection
        var offset = bounds.origin
        if isAtLeadingEdge && (direction == .rightToLeft || direction != clampedDirection) {
            offset.x = leadingContentOffsetX
        }
        clampedDirection = direction
        contentOffset = offset
    }

    /// Keeps the offset at the leading edge, while it is there, for the current bounds and
    /// direction.
    open override func layoutSubviews() {
        super.layoutSubviews()
        clampOffset()
    }

    /// Keeps the offset at the leading edge, while it is there, in the new window's direction.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        clampOffset()
    }

    /// Scrolls by a distance, as a wheel or a trackpad does; returns whether the offset moved.
    @discardableResult
    public func scroll(by delta: Size) -> Bool {
        guard isScrollEnabled else { return false }
        let before = contentOffset
        contentOffset = Point(x: before.x + delta.width, y: before.y + delta.height)
        return contentOffset != before
    }

    /// Scrolls so that a rectangle of the content is visible, moving as little as possible.
    public func scrollRectToVisible(_ rect: Rect) {
        var offset = contentOffset
        if rect.minX < offset.x {
            offset.x = rect.minX
        } else if rect.maxX > offset.x + bounds.width {
            offset.x = rect.maxX - bounds.width
        }
        if rect.minY < offset.y {
            offset.y = rect.minY
        } else if rect.maxY > offset.y + bounds.height {
            offset.y = rect.maxY - bounds.height
        }
        contentOffset = offset
    }

    /// Called after the content offset changed.
    open func scrollViewDidScroll() {}

    /// Takes touches that begin on it (not on a control inside it) and scrolls by dragging.
    open override func handleTouch(_ touch: Touch) -> Bool {
        guard isScrollEnabled else { return false }
        // The touch's location is in the scroll view's coordinates, which move as it scrolls;
        // work in the superview's to get stable distances.
        let fixed = touch.location.applying(transformToSuperview)
        switch touch.phase {
        case .began:
            dragOrigin = (fixed, contentOffset)
        case .moved:
            guard let origin = dragOrigin else { return false }
            contentOffset = Point(
                x: origin.offset.x - (fixed.x - origin.touch.x),
                y: origin.offset.y - (fixed.y - origin.touch.y))
        case .ended, .cancelled:
            dragOrigin = nil
        }
        return true
    }
}
