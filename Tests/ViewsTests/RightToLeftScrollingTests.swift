import Testing
import TrellisGeometry
import TrellisViews

/// A scroll view starts at its leading edge: the right end of its content in a right-to-left
/// layout, the left in a left-to-right one; the offset stays physical either way.
@MainActor
@Suite struct RightToLeftScrollingTests {
    /// A 200 × 100 scroll view of 1000 × 100 points of content in a window of a direction.
    private func makeScrollView(
        _ direction: LayoutDirection, attribute: SemanticContentAttribute = .unspecified
    ) -> (Window, ScrollView) {
        let window = Window(size: Size(width: 200, height: 100), layoutDirection: direction)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        scroll.semanticContentAttribute = attribute
        scroll.contentSize = Size(width: 1000, height: 100)
        window.addSubview(scroll)
        window.layoutIfNeeded()
        return (window, scroll)
    }

    @Test func aRightToLeftScrollViewStartsAtTheRightEnd() {
        let (window, scroll) = makeScrollView(.rightToLeft)
        defer { withExtendedLifetime(window) {} }
        #expect(scroll.contentOffset == Point(x: 800, y: 0))
        #expect(scroll.leadingContentOffsetX == 800)
        // Content added later keeps it at the right end until it is scrolled.
        scroll.contentSize = Size(width: 1500, height: 100)
        #expect(scroll.contentOffset.x == 1300)
        scroll.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        scroll.layoutIfNeeded()
        #expect(scroll.contentOffset.x == 1200)
    }

    @Test func aLeftToRightScrollViewStartsAtTheLeft() {
        let (window, scroll) = makeScrollView(.leftToRight)
        defer { withExtendedLifetime(window) {} }
        #expect(scroll.contentOffset == .zero)
        #expect(scroll.leadingContentOffsetX == 0)
        scroll.contentSize = Size(width: 1500, height: 100)
        #expect(scroll.contentOffset == .zero)
        // A left inset does not move a left-to-right view's offset, as in UIKit.
        scroll.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        #expect(scroll.contentOffset == .zero)
    }

    @Test func aViewForcedLeftToRightStartsAtTheLeftInARightToLeftWindow() {
        let (window, scroll) = makeScrollView(.rightToLeft, attribute: .forceLeftToRight)
        defer { withExtendedLifetime(window) {} }
        #expect(scroll.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(scroll.contentOffset == .zero)
        // Forced right to left in a left-to-right window, it starts at the right.
        let (otherWindow, forced) = makeScrollView(.leftToRight, attribute: .forceRightToLeft)
        defer { withExtendedLifetime(otherWindow) {} }
        #expect(forced.contentOffset.x == 800)
        // Changing the attribute of an unscrolled view moves it to the new leading edge.
        forced.semanticContentAttribute = .forceLeftToRight
        forced.layoutIfNeeded()
        #expect(forced.contentOffset.x == 0)
    }

    @Test func theOffsetStaysPhysicalOnceScrolled() {
        let (window, scroll) = makeScrollView(.rightToLeft)
        defer { withExtendedLifetime(window) {} }
        // Scrolling left (toward the end of right-to-left content) lowers x, as in UIKit.
        #expect(scroll.scroll(by: Size(width: -300, height: 0)))
        #expect(scroll.contentOffset.x == 500)
        scroll.contentSize = Size(width: 1500, height: 100)
        #expect(scroll.contentOffset.x == 500)
        scroll.contentOffset = Point(x: 0, y: 0)
        #expect(scroll.contentOffset.x == 0)
        // Scrolled back to the leading edge, it follows that edge again.
        scroll.contentOffset = Point(x: 1300, y: 0)
        scroll.contentSize = Size(width: 2000, height: 100)
        #expect(scroll.contentOffset.x == 1800)
    }

    @Test func contentNarrowerThanTheBoundsStaysAtTheOrigin() {
        let window = Window(size: Size(width: 200, height: 100), layoutDirection: .rightToLeft)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        scroll.contentSize = Size(width: 120, height: 100)
        window.addSubview(scroll)
        window.layoutIfNeeded()
        #expect(scroll.contentOffset == .zero)
        withExtendedLifetime(window) {}
    }
}
