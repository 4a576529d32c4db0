import Testing
import TrellisEvents
import TrellisGeometry
import TrellisGrid
import TrellisViews

/// The wheel over a collection view inside a scrolling page, as the gallery holds its app grid.
@MainActor
@Suite struct WheelTests {
    /// A 320 × 400 window scrolling 1200 points of content, with a 320 × 200 collection view of
    /// 50 × 50 items (five a line, 60 points a line) at y 100.
    private func makePage(items: Int) -> (Window, page: ScrollView, grid: CollectionView) {
        let window = Window(size: Size(width: 320, height: 400))
        let page = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        page.contentSize = Size(width: 320, height: 1200)
        let (grid, _) = makeCollection([items], size: Size(width: 320, height: 200))
        grid.frame.origin = Point(x: 0, y: 100)
        page.addSubview(grid)
        window.addSubview(page)
        window.layoutIfNeeded()
        return (window, page, grid)
    }

    /// The centre of item 0, in window coordinates before any scrolling.
    private let overFirstItem = Point(x: 25, y: 125)

    @Test func aGridWhoseItemsFitPassesTheWheelToThePage() throws {
        // Twelve items take three lines, 170 points: they fit the 200-point frame.
        let (window, page, grid) = makePage(items: 12)
        #expect(grid.contentSize.height == 170)
        #expect(window.hitTest(overFirstItem)?.isDescendant(of: grid) == true)
        #expect(window.dispatchScroll(Size(width: 0, height: 48), at: overFirstItem) === page)
        #expect(page.contentOffset.y == 48)
        #expect(grid.contentOffset.y == 0)
        // The grid moved up with the page and still shows every item.
        window.layoutIfNeeded()
        let first = try #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.convert(Point(x: 0, y: 0), to: window) == Point(x: 0, y: 52))
        #expect(grid.visibleCells.count == 12)
    }

    @Test func aGridThatCanScrollTakesTheWheelUntilItsEnd() {
        // Forty items take eight lines, 470 points: the grid scrolls 270 points itself.
        let (window, page, grid) = makePage(items: 40)
        #expect(window.dispatchScroll(Size(width: 0, height: 200), at: overFirstItem) === grid)
        #expect(grid.contentOffset.y == 200)
        #expect(page.contentOffset.y == 0)
        #expect(window.dispatchScroll(Size(width: 0, height: 200), at: overFirstItem) === grid)
        #expect(grid.contentOffset.y == 270)
        #expect(page.contentOffset.y == 0)
        #expect(window.dispatchScroll(Size(width: 0, height: 200), at: overFirstItem) === page)
        #expect(grid.contentOffset.y == 270)
        #expect(page.contentOffset.y == 200)
    }
}
