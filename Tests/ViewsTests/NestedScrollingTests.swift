import Testing
import TrellisEvents
import TrellisGeometry
import TrellisViews

/// The wheel in nested scroll views: the innermost one that can move takes a step, one that
/// cannot hands it to its nearest scrollable ancestor, and a step is never split between two.
@MainActor
@Suite struct NestedScrollingTests {
    /// A 200 × 300 window scrolling 1000 points of content; inside it at y 100, a 200 × 150
    /// scroll view holding `innerContent` points of content, with a plain view in it to hit.
    private func makeNested(innerContent: Double) -> (Window, outer: ScrollView, inner: ScrollView)
    {
        let window = Window(size: Size(width: 200, height: 300))
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        outer.contentSize = Size(width: 200, height: 1000)
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 200, height: 150))
        inner.contentSize = Size(width: 200, height: innerContent)
        inner.addSubview(View(frame: Rect(x: 0, y: 0, width: 200, height: innerContent)))
        outer.addSubview(inner)
        window.addSubview(outer)
        return (window, outer, inner)
    }

    private let overInner = Point(x: 50, y: 150)

    @Test func anInnerScrollViewWhoseContentFitsPassesTheWheelToItsAncestor() {
        let (window, outer, inner) = makeNested(innerContent: 120)
        #expect(window.dispatchScroll(Size(width: 0, height: 40), at: overInner) === outer)
        #expect(outer.contentOffset.y == 40)
        #expect(inner.contentOffset.y == 0)
        // Still over the inner view (now at window y 60...210): the ancestor scrolls back.
        #expect(window.dispatchScroll(Size(width: 0, height: -30), at: overInner) === outer)
        #expect(outer.contentOffset.y == 10)
    }

    @Test func aDisabledInnerScrollViewPassesTheWheelOn() {
        let (window, outer, inner) = makeNested(innerContent: 600)
        inner.isScrollEnabled = false
        #expect(window.dispatchScroll(Size(width: 0, height: 40), at: overInner) === outer)
        #expect(inner.contentOffset.y == 0)
        #expect(outer.contentOffset.y == 40)
    }

    @Test func anInnerScrollViewThatCanScrollConsumesTheWheel() {
        let (window, outer, inner) = makeNested(innerContent: 600)
        #expect(window.dispatchScroll(Size(width: 0, height: 40), at: overInner) === inner)
        #expect(inner.contentOffset.y == 40)
        #expect(outer.contentOffset.y == 0)
    }

    @Test func aStepThatReachesTheInnerEndIsNotSplitButTheNextGoesToTheAncestor() {
        // The inner view scrolls 450 points at most.
        let (window, outer, inner) = makeNested(innerContent: 600)
        inner.contentOffset = Point(x: 0, y: 430)
        #expect(window.dispatchScroll(Size(width: 0, height: 50), at: overInner) === inner)
        #expect(inner.contentOffset.y == 450)
        #expect(outer.contentOffset.y == 0)
        #expect(window.dispatchScroll(Size(width: 0, height: 50), at: overInner) === outer)
        #expect(inner.contentOffset.y == 450)
        #expect(outer.contentOffset.y == 50)
        // Back up, the inner view can move again and takes the step.
        #expect(window.dispatchScroll(Size(width: 0, height: -50), at: overInner) === inner)
        #expect(inner.contentOffset.y == 400)
        #expect(outer.contentOffset.y == 50)
    }

    @Test func aWheelThatNoScrollViewCanTakeScrollsNothing() {
        let (window, outer, inner) = makeNested(innerContent: 120)
        #expect(window.dispatchScroll(Size(width: 0, height: -40), at: overInner) == nil)
        #expect(outer.contentOffset == .zero)
        #expect(inner.contentOffset == .zero)
    }
}
