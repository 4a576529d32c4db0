import Testing
import TrellisEvents
import TrellisGeometry
import TrellisGrid
import TrellisViews
import _TrellisTestSupport

@MainActor
@Suite struct SelectionTests {
    /// Twelve 50×50 items in a window: item 0 at (0, 0), item 1 at (67.5, 0), item 5 at (0, 60).
    private func setUp() -> (Window, CollectionView, EventLog) {
        let window = Window(size: Size(width: 320, height: 480))
        let (collectionView, _) = makeCollection([12])
        let log = EventLog()
        collectionView.delegate = log
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        return (window, collectionView, log)
    }

    private func cell(_ collectionView: CollectionView, _ item: Int) -> CollectionViewCell? {
        collectionView.cellForItem(at: IndexPath(item: item, section: 0))
    }

    @Test func aTapHighlightsDuringTheTouchAndSelectsAfter() {
        let (window, collectionView, log) = setUp()
        window.dispatch(Touch(phase: .began, location: Point(x: 80, y: 20)))
        #expect(cell(collectionView, 1)?.isHighlighted == true)
        #expect(cell(collectionView, 1)?.state == .highlighted)
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
        window.dispatch(Touch(phase: .ended, location: Point(x: 80, y: 20)))
        #expect(cell(collectionView, 1)?.isHighlighted == false)
        #expect(cell(collectionView, 1)?.isSelected == true)
        #expect(cell(collectionView, 1)?.state == .selected)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(
            log.events == [
                "shouldHighlight 0.1", "didHighlight 0.1", "shouldSelect 0.1", "didUnhighlight 0.1",
                "didSelect 0.1",
            ])
    }

    @Test func selectingAnotherItemDeselectsThePreviousOne() {
        let (window, collectionView, log) = setUp()
        tap(window, 10, 10)
        log.events.removeAll()
        tap(window, 10, 70)
        #expect(
            log.events == [
                "shouldHighlight 0.5", "didHighlight 0.5", "shouldSelect 0.5", "didUnhighlight 0.5",
                "didDeselect 0.0", "didSelect 0.5",
            ])
        #expect(cell(collectionView, 0)?.isSelected == false)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])
    }

    @Test func multipleSelectionTogglesItems() {
        let (window, collectionView, log) = setUp()
        collectionView.allowsMultipleSelection = true
        tap(window, 10, 10)
        tap(window, 80, 10)
        #expect(collectionView.indexPathsForSelectedItems.map(\.item) == [0, 1])
        log.events.removeAll()
        tap(window, 10, 10)
        #expect(
            log.events == [
                "shouldHighlight 0.0", "didHighlight 0.0", "shouldDeselect 0.0",
                "didUnhighlight 0.0",
                "didDeselect 0.0",
            ])
        #expect(collectionView.indexPathsForSelectedItems.map(\.item) == [1])
    }

    @Test func aDragCancelsTheHighlightAndSelectsNothing() {
        let (window, collectionView, log) = setUp()
        window.dispatch(Touch(phase: .began, location: Point(x: 10, y: 10)))
        window.dispatch(Touch(phase: .moved, location: Point(x: 10, y: 14)))
        #expect(cell(collectionView, 0)?.isHighlighted == true)
        window.dispatch(Touch(phase: .moved, location: Point(x: 10, y: 40)))
        #expect(cell(collectionView, 0)?.isHighlighted == false)
        window.dispatch(Touch(phase: .ended, location: Point(x: 10, y: 40)))
        #expect(log.events == ["shouldHighlight 0.0", "didHighlight 0.0", "didUnhighlight 0.0"])
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    }

    @Test func refusalsStopTheProcessWhereUIKitDoes() {
        let (window, collectionView, log) = setUp()
        log.allowsHighlight = false
        tap(window, 10, 10)
        #expect(log.events == ["shouldHighlight 0.0"])
        log.allowsHighlight = true
        log.allowsSelect = false
        log.events.removeAll()
        tap(window, 10, 10)
        #expect(
            log.events == [
                "shouldHighlight 0.0", "didHighlight 0.0", "shouldSelect 0.0", "didUnhighlight 0.0",
            ])
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
        collectionView.allowsSelection = false
        log.events.removeAll()
        tap(window, 10, 10)
        #expect(log.events.isEmpty)
        collectionView.selectItem(at: IndexPath(item: 0, section: 0))
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    }

    @Test func aTapBetweenItemsSelectsNothing() {
        let (window, collectionView, log) = setUp()
        tap(window, 55, 10)
        tap(window, 10, 55)
        #expect(log.events.isEmpty)
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    }

    @Test func selectingFromCodeTellsNoDelegateAndCanScroll() {
        let (window, collectionView, log) = setUp()
        collectionView.selectItem(at: IndexPath(item: 2, section: 0))
        collectionView.selectItem(at: IndexPath(item: 3, section: 0))
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(cell(collectionView, 3)?.isSelected == true)
        #expect(cell(collectionView, 2)?.isSelected == false)
        collectionView.selectItem(at: IndexPath(item: 40, section: 0))
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        collectionView.selectItem(at: nil)
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
        #expect(log.events.isEmpty)

        let (big, _) = makeCollection([1_000])
        window.addSubview(big)
        big.selectItem(at: IndexPath(item: 500, section: 0), scrollPosition: .top)
        #expect(big.contentOffset.y == 6_000)
        window.layoutIfNeeded()
        #expect(big.cellForItem(at: IndexPath(item: 500, section: 0))?.isSelected == true)
        big.scrollToItem(at: IndexPath(item: 0, section: 0), at: [])
        #expect(big.contentOffset.y == 0)
    }

    @Test func cellsShowTheControlStateLook() {
        let cell = CollectionViewCell(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let selectedBackground = View()
        cell.selectedBackgroundView = selectedBackground
        cell.setBackgroundColor(.white, for: .normal)
        cell.setBackgroundColor(.red, for: .highlighted)
        cell.setBackgroundColor(.blue, for: .selected)
        let icon = ImageView()
        cell.contentView.addSubview(icon)
        #expect(selectedBackground.isHidden)
        cell.isHighlighted = true
        #expect(cell.backgroundColor == .red)
        #expect(!selectedBackground.isHidden)
        #expect(icon.isHighlighted)
        cell.isHighlighted = false
        cell.isSelected = true
        #expect(cell.backgroundColor == .blue)
        cell.isHighlighted = true
        // No value for [highlighted, selected]: the normal one, by UIKit's rule.
        #expect(cell.backgroundColor == .white)
        cell.prepareForReuse()
        #expect(cell.state == .normal)
        #expect(selectedBackground.isHidden)
        #expect(!icon.isHighlighted)
        #expect(
            cell.debugAttributes.isEmpty
                || !cell.debugAttributes.contains { $0.hasPrefix("state=") })
    }
}
