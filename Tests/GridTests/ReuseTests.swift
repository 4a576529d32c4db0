import Testing
import TrellisEvents
import TrellisGeometry
import TrellisGrid
import TrellisViews
import _TrellisTestSupport

@MainActor
@Suite struct ReuseTests {
    /// A million 50×50 items in a 320×480 window: five a line, 60 points a line.
    private func million() -> (Window, CollectionView, NumberSource) {
        let window = Window(size: Size(width: 320, height: 480))
        let (collectionView, source) = makeCollection([1_000_000])
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        return (window, collectionView, source)
    }

    /// The most cells that a 480-point screen plus 32 points of overscan on each side can show:
    /// lines that intersect a 544-point band, at most ten, five cells each.
    private let screenful = 10 * 5

    @Test func aMillionItemsCreateOnlyTheCellsOnScreen() {
        let (_, collectionView, source) = million()
        #expect(collectionView.contentSize == Size(width: 320, height: 200_000 * 60 - 10))
        #expect(source.cellsCreated == collectionView.visibleCells.count)
        #expect(source.cellsCreated <= screenful)
        // Lines 0...8 intersect 0..<512: 45 cells.
        #expect(
            collectionView.indexPathsForVisibleItems
                == (0..<45).map { IndexPath(item: $0, section: 0) })
        let cell = collectionView.cellForItem(at: IndexPath(item: 7, section: 0)) as? NumberCell
        #expect(cell?.item == IndexPath(item: 7, section: 0))
        #expect(cell?.frame == Rect(x: 135, y: 60, width: 50, height: 50))
    }

    @Test func wheelScrollingReusesCells() {
        let (window, collectionView, source) = million()
        // At the top nothing shows above the content; one screen down the band is full.
        window.dispatchScroll(Size(width: 0, height: 480), at: Point(x: 100, y: 100))
        window.layoutIfNeeded()
        let created = source.cellsCreated
        #expect(created == screenful)
        for _ in 0..<19 {
            window.dispatchScroll(Size(width: 0, height: 480), at: Point(x: 100, y: 100))
            window.layoutIfNeeded()
        }
        #expect(collectionView.contentOffset.y == 9_600)
        #expect(source.cellsCreated == created)
        let first = collectionView.indexPathsForVisibleItems.first
        // 9600 - 32 of overscan = 9568: line 159 (9540...9590) is the first to reach into it.
        #expect(first == IndexPath(item: 159 * 5, section: 0))
        let cell = collectionView.cellForItem(at: IndexPath(item: 800, section: 0)) as? NumberCell
        #expect(cell?.item == IndexPath(item: 800, section: 0))
        #expect(cell?.frame.minY == 9_600)
    }

    @Test func scrollingAnywhereNeverCreatesMoreThanAScreenful() {
        let (window, collectionView, source) = million()
        for step in [7.0, 133, 480, 1_000, 25, 4_000_000, -3_000_000, 59] {
            window.dispatchScroll(Size(width: 0, height: step), at: Point(x: 10, y: 10))
            window.layoutIfNeeded()
            #expect(collectionView.visibleCells.count <= screenful)
        }
        #expect(source.cellsCreated <= screenful)
        collectionView.contentOffset = Point(x: 0, y: 1e12)
        window.layoutIfNeeded()
        #expect(
            collectionView.indexPathsForVisibleItems.last == IndexPath(item: 999_999, section: 0))
    }

    @Test func overscanIsBounded() {
        let (window, collectionView, source) = million()
        collectionView.overscan = .infinity
        window.layoutIfNeeded()
        // A non-finite overscan counts as 0: lines 0...7 intersect 0..<480.
        #expect(collectionView.visibleCells.count == 40)
        collectionView.overscan = 1e12
        window.layoutIfNeeded()
        // Two screens of 480 below: lines 0...23 reach into 0..<1440.
        #expect(collectionView.visibleCells.count == 24 * 5)
        #expect(source.cellsCreated == 24 * 5)
    }

    @Test func draggingScrollsAndReusesCells() {
        let (window, collectionView, source) = million()
        let created = source.cellsCreated
        drag(window, from: Point(x: 100, y: 400), to: Point(x: 100, y: 100))
        window.layoutIfNeeded()
        #expect(collectionView.contentOffset.y == 300)
        #expect(source.cellsCreated == created + 5)
        drag(window, from: Point(x: 100, y: 460), to: Point(x: 100, y: 40))
        window.layoutIfNeeded()
        #expect(collectionView.contentOffset.y == 720)
        #expect(source.cellsCreated == created + 5)
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
        // 720 - 32 = 688: line 11 (660..<710) is the first to reach into the band.
        #expect(collectionView.indexPathsForVisibleItems.first == IndexPath(item: 55, section: 0))
    }

    @Test func displayCallbacksPairUpAsCellsComeAndGo() {
        let (window, collectionView, _) = million()
        let log = EventLog()
        log.logsDisplay = true
        collectionView.delegate = log
        window.layoutIfNeeded()
        log.events.removeAll()
        // The band is now 88..<632: line 0 (0..<50) leaves, lines 9 and 10 arrive.
        collectionView.contentOffset = Point(x: 0, y: 120)
        window.layoutIfNeeded()
        #expect(
            log.events
                == (0..<5).map { "didEndDisplaying 0.\($0)" }
                + (45..<55).map { "willDisplay 0.\($0)" })
    }

    @Test func headersAndFootersAreReusedToo() {
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let window = Window(size: Size(width: 320, height: 480))
        let (collectionView, source) = makeCollection(
            Array(repeating: 5, count: 10_000), layout: layout)
        source.showsHeaders = true
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        let header =
            collectionView.supplementaryView(
                forElementKind: .sectionHeader, at: IndexPath(item: 0, section: 1)) as? TitleView
        #expect(header?.section == 1)
        #expect(header?.frame == Rect(x: 0, y: 80, width: 320, height: 30))
        let views = collectionView.subviews.count
        for _ in 0..<50 {
            collectionView.scroll(by: Size(width: 0, height: 400))
            window.layoutIfNeeded()
        }
        #expect(collectionView.subviews.count <= views + 10)
        let top = collectionView.indexPathsForVisibleItems.first?.section ?? 0
        #expect(top > 200)
        let shown =
            collectionView.supplementaryView(
                forElementKind: .sectionHeader, at: IndexPath(item: 0, section: top + 1))
            as? TitleView
        #expect(shown?.section == top + 1)
    }

    @Test func anUnregisteredIdentifierIsReportedAndTheRestStillShows() {
        final class Careless: CollectionViewDataSource {
            func collectionView(
                _ collectionView: CollectionView, numberOfItemsInSection section: Int
            ) -> Int { 3 }
            func collectionView(
                _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
            )
                -> CollectionViewCell
            {
                collectionView.dequeueReusableCell(withReuseIdentifier: "missing", for: indexPath)
            }
        }
        let source = Careless()
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.count == 3)
        #expect(collectionView.lastError?.code == .invalidDataSource)
        #expect(collectionView.lastError?.description.contains("\"missing\"") == true)
    }

    @Test func absurdCountsAreCutAndReported() {
        final class Greedy: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { -4 }
            func collectionView(
                _ collectionView: CollectionView, numberOfItemsInSection section: Int
            ) -> Int { 1 }
            func collectionView(
                _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
            )
                -> CollectionViewCell
            { CollectionViewCell() }
        }
        let source = Greedy()
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        collectionView.dataSource = source
        #expect(collectionView.numberOfSections == 0)
        #expect(collectionView.lastError?.code == .invalidDataSource)
        let (huge, numbers) = makeCollection([1])
        numbers.counts = [Int.max]
        huge.reloadData()
        #expect(huge.numberOfItems(inSection: 0) == CollectionView.maximumItemCount)
        huge.layoutIfNeeded()
        #expect(huge.visibleCells.count <= screenful)
    }
}
