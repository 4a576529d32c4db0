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

    /// The size for ``numberOfPages``.
    open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }

    /// Moves a page towards the side of the control the tap lands on.
    open override func endTracking(_ touch: Touch?) {
        guard let touch, isTouchInside, numberOfPages > 0 else { return }
        let before = currentPage
        currentPage += touch.location.x < bounds.midX ? -1 : 1
        if currentPage != before { sendActions(for: .valueChanged) }
    }

    /// The left and right arrows change the page of a focused page control.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled, numberOfPages > 0, key == .left || key == .right else { return false }
        let before = currentPage
        currentPage += key == .left ? -1 : 1
        if currentPage != before { sendActions(for: .valueChanged) }
        return true
    }

    /// Draws one dot per page.
    open override func draw(in context: DrawingContext) {
        if hidesForSinglePage && numberOfPages <= 1 { return }
        let total = size(forNumberOfPages: numberOfPages)
        let startX = bounds.midX - total.width / 2 + PageControl.dotSpacing / 2
        let d = PageControl.dotDiameter
        for page in 0..<numberOfPages {
            let x = startX + Double(page) * PageControl.dotSpacing - d / 2
            let color =
                page == currentPage
                ? (currentPageIndicatorTintColor ?? Color(white: 0.2))
                : (pageIndicatorTintColor ?? Color(white: 0.75))
            context.fill(
                Rect(x: x, y: bounds.midY - d / 2, width: d, height: d), color: color,
                cornerRadius: d / 2)
        }
    }
}
