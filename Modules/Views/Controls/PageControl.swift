public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// A row of dots showing which of several pages is current, as UIKit's `UIPageControl`.
///
/// ``currentPage`` is pinned to `0...numberOfPages - 1` (0 with no pages). A tap on the left
/// half moves to the previous page and on the right half to the next one, sending
/// `valueChanged` when the page changes; setting the page in code sends nothing.
@MainActor
open class PageControl: Control {
    /// The number of pages, at least 0.
    public var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            currentPage = pinned(currentPage)
            invalidateIntrinsicContentSize()
        }
    }

    /// The current page.
    public var currentPage = 0 {
        didSet {
            let fixed = pinned(currentPage)
            if fixed != currentPage { currentPage = fixed }
            setNeedsDisplay()
        }
    }

    /// Whether the control is hidden when there is only one page.
    public var hidesForSinglePage = false {
        didSet { setNeedsDisplay() }
    }

    /// The colour of the dots of other pages.
    public var pageIndicatorTintColor: Color?
    /// The colour of the current page's dot.
    public var currentPageIndicatorTintColor: Color?

    /// The distance between dot centres.
    public static let dotSpacing = 16.0
    /// The diameter of a dot.
    public static let dotDiameter = 7.0

    private func pinned(_ page: Int) -> Int {
        min(max(page, 0), max(numberOfPages - 1, 0))
    }

    /// The size that shows a number of pages: 16 points per page, 26 high.
    public func size(forNumberOfPages pages: Int) -> Size {
        Size(width: Double(max(pages, 0)) * PageControl.dotSpacing, height: 26)
    }

    /// The most dots a page control shows: with more pages, a window of them scrolls to keep
    /// the current page in view, as UIKit's does.
    public static let maximumIndicators = 256

    /// The size that shows the dots: one per page, at most ``maximumIndicators``.
    open override var intrinsicContentSize: Size {
        size(forNumberOfPages: min(numberOfPages, PageControl.maximumIndicators))
    }

    /// Moves a page towards the side of the control the tap lands on (towards the first page
    /// on the leading side).
    open override func endTracking(_ touch: Touch?) {
        guard let touch, isTouchInside, numberOfPages > 0 else { return }
        let before = currentPage
        let towardsStart = touch.location.x < bounds.midX
        currentPage += towardsStart != isMirrored ? -1 : 1
        if currentPage != before { pageDidChange(from: before) }
    }

    /// Whether the first page's dot is at the right: in a right-to-left layout.
    private var isMirrored: Bool { effectiveLayoutDirection == .rightToLeft }

    /// The left and right arrows change the page of a focused page control (the left arrow to
    /// the next page in a right-to-left layout).
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled, numberOfPages > 0, key == .left || key == .right else { return false }
        let before = currentPage
        currentPage += (key == .left) != isMirrored ? -1 : 1
        if currentPage != before { pageDidChange(from: before) }
        return true
    }

    // MARK: Accessibility

    /// A page control is an accessibility element unless one was assigned otherwise.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned value, else "page 2 of 5" (`nil` without pages), as UIKit's page control.
    open override var accessibilityValue: String? {
        get {
            if let value = accessibilityStorage?.value { return value }
            return numberOfPages > 0 ? "page \(currentPage + 1) of \(numberOfPages)" : nil
        }
        set { super.accessibilityValue = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/adjustable`` (with
    /// ``AccessibilityTraits/notEnabled`` while disabled).
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? stateAccessibilityTraits().union(.adjustable) }
        set { super.accessibilityTraits = newValue }
    }

    /// Moves an enabled page control to the next page, sending `valueChanged` when the page
    /// changes.
    open override func accessibilityIncrement() {
        turnPageForAccessibility(by: 1)
    }

    /// Moves an enabled page control to the previous page, sending `valueChanged` when the
    /// page changes.
    open override func accessibilityDecrement() {
        turnPageForAccessibility(by: -1)
    }

    /// Does nothing and returns `false`: an adjustable control is adjusted, not activated.
    open override func accessibilityActivate() -> Bool { false }

    private func turnPageForAccessibility(by step: Int) {
        guard isEnabled, numberOfPages > 0 else { return }
        let before = currentPage
        currentPage += step
        if currentPage != before { pageDidChange(from: before) }
    }

    /// The page shown before a user's change, whose dot fades out as the new one fades in.
    private var previousPage = 0

    /// Cross-fades the two dots over a quarter of a second and sends `valueChanged`.
    fileprivate func pageDidChange(from before: Int) {
        previousPage = before
        animateContentTransition()
        sendActions(for: .valueChanged)
    }

    /// The pages whose dots are drawn: every page when they fit in the bounds (and number at
    /// most ``maximumIndicators``), otherwise as many as fit, in a window that keeps the current page in view (at its middle where it
    /// can), as UIKit's page control scrolls its indicators.
    ///
    /// - Complexity: O(1); drawing is bounded by the width, not the number of pages.
    public var visiblePages: Range<Int> {
        guard numberOfPages > 0 else { return 0..<0 }
        // A width a hair short of whole dots, as layout arithmetic gives, still holds them.
        let room =
            bounds.width.isNaN ? 1 : max(1, bounds.width / PageControl.dotSpacing + 1e-9)
        let fitting = Int(min(room, Double(PageControl.maximumIndicators)))
        guard numberOfPages > fitting else { return 0..<numberOfPages }
        let start = min(max(currentPage - fitting / 2, 0), numberOfPages - fitting)
        return start..<(start + fitting)
    }

    /// A page control: the visible pages, and the current one among them; nothing when it
    /// hides for a single page.
    open override var semanticHint: SemanticHint? {
        if hidesForSinglePage && numberOfPages <= 1 { return nil }
        let pages = visiblePages
        let current = min(max(currentPage - pages.lowerBound, 0), max(pages.count - 1, 0))
        return SemanticHint(
            frame: bounds, kind: .pageControl(currentPage: current, numberOfPages: pages.count),
            state: semanticState)
    }

    /// Draws one dot per visible page, centred in the bounds, the first page's at the leading
    /// side.
    open override func draw(in context: DrawingContext) {
        if hidesForSinglePage && numberOfPages <= 1 { return }
        let pages = visiblePages
        let total = size(forNumberOfPages: pages.count)
        let startX = bounds.midX - total.width / 2 + PageControl.dotSpacing / 2
        let d = PageControl.dotDiameter
        let current = currentPageIndicatorTintColor ?? Color(white: 0.2)
        let other = pageIndicatorTintColor ?? Color(white: 0.75)
        let progress = min(max(presentation.contentTransition, 0), 1)
        for (index, page) in pages.enumerated() {
            let slot = isMirrored ? pages.count - 1 - index : index
            let x = startX + Double(slot) * PageControl.dotSpacing - d / 2
            var color = page == currentPage ? current : other
            if progress < 1, page == currentPage {
                color = other.interpolated(to: current, fraction: progress)
            } else if progress < 1, page == previousPage {
                color = current.interpolated(to: other, fraction: progress)
            }
            context.fill(
                Rect(x: x, y: bounds.midY - d / 2, width: d, height: d), color: color,
                cornerRadius: d / 2)
        }
    }
}

extension PageControl: AccessibilityValueRangeProviding {
    /// The page for assistive technologies, counted from 1 as the value reads ("page 2 of
    /// 5"): `1...numberOfPages` in steps of 1, at `currentPage + 1`; `nil` without pages.
    public var accessibilityValueRange: AccessibilityValueRange? {
        guard numberOfPages > 0 else { return nil }
        return AccessibilityValueRange(
            minimum: 1, maximum: Double(numberOfPages), step: 1, current: Double(currentPage + 1))
    }

    package func setAccessibilityNumericValue(_ value: Double) -> Bool {
        guard isEnabled, numberOfPages > 0, value.isFinite else { return false }
        let page = Int(min(max(value.rounded(), 1), Double(numberOfPages))) - 1
        let before = currentPage
        currentPage = page
        guard currentPage != before else { return false }
        pageDidChange(from: before)
        return true
    }
}
