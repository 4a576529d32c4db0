import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

/// A custom layout that keeps every invalidation it receives and lays out through a flow
/// layout.
@MainActor
private final class RecordingLayout: CollectionViewLayout {
    weak var collectionView: CollectionView? {
        didSet { inner.collectionView = collectionView }
    }
    let inner = FlowLayout()
    var contexts: [LayoutInvalidationContext] = []

    func prepare() { inner.prepare() }
    var collectionViewContentSize: Size { inner.collectionViewContentSize }
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        inner.layoutAttributesForElements(in: rect)
    }
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        inner.layoutAttributesForItem(at: indexPath)
    }
    func invalidateLayout(with context: LayoutInvalidationContext) {
        contexts.append(context)
        inner.invalidateLayout(with: context)
    }
}

@MainActor
@Suite struct UpdateTests {
    @Test func aBatchMapsIndexPathsWithUIKitsRules() throws {
        let layout = RecordingLayout()
        let (collectionView, source) = makeCollection([10], layout: layout)
        collectionView.layoutIfNeeded()
        source.counts = [11]
        try collectionView.performBatchUpdates {
            try collectionView.insertItems(at: [IndexPath(item: 4, section: 0)])
            try collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
            try collectionView.moveItem(
                at: IndexPath(item: 7, section: 0), to: IndexPath(item: 9, section: 0))
            try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
            try collectionView.reloadItems(at: [IndexPath(item: 5, section: 0)])
        }
        let update = try #require(layout.contexts.last?.update)
        #expect(
            update.insertedItems == [
                IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 0),
            ])
        let new = (0..<10).map {
            update.newIndexPath(forOld: IndexPath(item: $0, section: 0))?.item
        }
        // 1 deleted, 5 reloaded, 7 moved to 9; the others shift around the inserts at 0 and 4.
        #expect(new == [1, nil, 2, 3, 5, nil, 7, 9, 8, 10])
        let old = (0..<11).map {
            update.oldIndexPath(forNew: IndexPath(item: $0, section: 0))?.item
        }
        // New 6 is the reloaded item, which keeps its place.
        #expect(old == [nil, 0, 2, 3, nil, 4, 5, 6, 8, 7, 9])
    }

    @Test func selectionAndCellsFollowTheBatch() throws {
        let (collectionView, source) = makeCollection([10])
        collectionView.allowsMultipleSelection = true
        collectionView.layoutIfNeeded()
        for item in [2, 5, 7, 8] {
            collectionView.selectItem(at: IndexPath(item: item, section: 0))
        }
        let movingCell = collectionView.cellForItem(at: IndexPath(item: 7, section: 0))
        let reloadedCell = collectionView.cellForItem(at: IndexPath(item: 5, section: 0))
        source.counts = [11]
        try collectionView.performBatchUpdates {
            try collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
            try collectionView.insertItems(at: [
                IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 0),
            ])
            try collectionView.moveItem(
                at: IndexPath(item: 7, section: 0), to: IndexPath(item: 9, section: 0))
            try collectionView.reloadItems(at: [IndexPath(item: 5, section: 0)])
        }
        #expect(collectionView.indexPathsForSelectedItems.map(\.item) == [2, 8, 9])
        #expect(collectionView.cellForItem(at: IndexPath(item: 9, section: 0)) === movingCell)
        #expect(movingCell?.isSelected == true)
        collectionView.layoutIfNeeded()
        #expect(movingCell?.frame.minX == 270)  // item 9: the fifth column of line 1
        #expect(reloadedCell?.isSelected == false)
        let inserted = collectionView.cellForItem(at: IndexPath(item: 4, section: 0)) as? NumberCell
        #expect(inserted?.item == IndexPath(item: 4, section: 0))
        #expect(collectionView.visibleCells.count == 11)
    }

    @Test func sectionChangesMoveSelectionsAndHeaders() throws {
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 20)
        let (collectionView, source) = makeCollection([3, 4, 5], layout: layout)
        collectionView.allowsMultipleSelection = true
        collectionView.selectItem(at: IndexPath(item: 1, section: 1))
        collectionView.selectItem(at: IndexPath(item: 0, section: 0))
        source.counts = [2, 4, 5]
        try collectionView.performBatchUpdates {
            try collectionView.deleteSections([0])
            try collectionView.insertSections([0])
        }
        // Section 0 was replaced, so its selection went; section 1 kept its place.
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])
        source.counts = [4, 2, 5]
        try collectionView.moveSection(1, toSection: 0)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        let header = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: .sectionHeader, at: IndexPath(item: 0, section: 1))
        // Section 0 now holds four items: a 20-point header and one line of 50.
        #expect(header?.frame == Rect(x: 0, y: 70, width: 320, height: 20))
    }

    @Test func anUpdateThatDoesNotMatchTheDataSourceThrowsAndReloads() throws {
        let (collectionView, source) = makeCollection([10])
        collectionView.layoutIfNeeded()
        collectionView.selectItem(at: IndexPath(item: 3, section: 0))
        source.counts = [12]
        var completed: Bool?
        #expect(throws: CollectionViewError.self) {
            try collectionView.performBatchUpdates(
                { try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)]) },
                completion: { completed = $0 })
        }
        #expect(completed == false)
        #expect(collectionView.lastError?.code == .invalidUpdate)
        #expect(collectionView.lastError?.message.contains("it should have 11") == true)
        #expect(collectionView.numberOfItems(inSection: 0) == 12)
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.count == 12)
        do {
            try collectionView.deleteItems(at: [IndexPath(item: 40, section: 0)])
            Issue.record("an out-of-range delete was accepted")
        } catch {
            #expect(error.description.contains("out of range"))
        }
        collectionView.layoutIfNeeded()
        #expect(throws: CollectionViewError.self) {
            try collectionView.performBatchUpdates {
                try collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
                try collectionView.reloadItems(at: [IndexPath(item: 2, section: 0)])
            }
        }
    }

    @Test func reloadDataClearsTheSelection() {
        let (collectionView, _) = makeCollection([10])
        collectionView.selectItem(at: IndexPath(item: 3, section: 0))
        collectionView.reloadData()
        #expect(collectionView.indexPathsForSelectedItems.isEmpty)
    }

    @Test func anInsertMeasuresOnlyTheNewItem() throws {
        var widths = (0..<5_000).map { Double(20 + ($0 * 37) % 90) }
        let log = EventLog()
        log.sizes = { Size(width: widths[$0.item], height: 30) }
        let (collectionView, source) = makeCollection([widths.count])
        collectionView.delegate = log
        collectionView.layoutIfNeeded()
        #expect(log.sizeRequests == 5_000)
        log.sizeRequests = 0
        widths.insert(120, at: 2_500)
        source.counts = [widths.count]
        try collectionView.insertItems(at: [IndexPath(item: 2_500, section: 0)])
        #expect(log.sizeRequests == 1)
        let (fresh, _) = makeCollection([widths.count])
        fresh.delegate = log
        #expect(allAttributes(collectionView) == allAttributes(fresh))
    }

    @Test func randomBatchesLayOutAsAFreshLayoutWould() throws {
        var seed: UInt64 = 7
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        func makeSize() -> Size {
            random(3) == 0
                ? Size(width: 50, height: 50)
                : Size(width: Double(10 + random(120)), height: Double(10 + random(60)))
        }
        // Section 1 starts uniform, so updates move it between the two representations.
        var model: [[Size]] = [
            (0..<40).map { _ in makeSize() },
            Array(repeating: Size(width: 50, height: 50), count: 30),
            (0..<25).map { _ in makeSize() },
        ]
        let log = EventLog()
        log.sizes = { model[$0.section][$0.item] }
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 16)
        layout.sectionInset = EdgeInsets(top: 3, left: 6, bottom: 3, right: 6)
        let (collectionView, source) = makeCollection(model.map(\.count), layout: layout)
        collectionView.delegate = log
        collectionView.layoutIfNeeded()
        for step in 0..<120 {
            let section = random(model.count)
            let count = model[section].count
            switch random(7) {
            case 0, 1:
                let item = random(count + 1)
                model[section].insert(
                    step % 4 == 0 ? Size(width: 50, height: 50) : makeSize(), at: item)
                source.counts = model.map(\.count)
                try collectionView.insertItems(at: [IndexPath(item: item, section: section)])
            case 2 where count > 0:
                let item = random(count)
                model[section].remove(at: item)
                source.counts = model.map(\.count)
                try collectionView.deleteItems(at: [IndexPath(item: item, section: section)])
            case 3 where count > 0:
                let from = random(count)
                let target = random(model.count)
                let moved = model[section].remove(at: from)
                let to = random(model[target].count + 1)
                model[target].insert(moved, at: to)
                source.counts = model.map(\.count)
                try collectionView.moveItem(
                    at: IndexPath(item: from, section: section),
                    to: IndexPath(item: to, section: target))
            case 4 where count > 0:
                let item = random(count)
                model[section][item] = makeSize()
                try collectionView.reloadItems(at: [IndexPath(item: item, section: section)])
            case 5 where count > 1:
                // One batch: delete the first item, insert two at the end (new indices).
                model[section].removeFirst()
                model[section].append(contentsOf: [makeSize(), Size(width: 50, height: 50)])
                source.counts = model.map(\.count)
                let end = model[section].count
                try collectionView.performBatchUpdates {
                    try collectionView.insertItems(at: [
                        IndexPath(item: end - 2, section: section),
                        IndexPath(item: end - 1, section: section),
                    ])
                    try collectionView.deleteItems(at: [IndexPath(item: 0, section: section)])
                }
            default:
                if model.count < 5 {
                    model.insert((0..<random(12)).map { _ in makeSize() }, at: section)
                    source.counts = model.map(\.count)
                    try collectionView.insertSections([section])
                } else {
                    model.remove(at: section)
                    source.counts = model.map(\.count)
                    try collectionView.deleteSections([section])
                }
            }
            let (fresh, _) = makeCollection(
                model.map(\.count),
                layout: {
                    let copy = FlowLayout()
                    copy.headerReferenceSize = layout.headerReferenceSize
                    copy.sectionInset = layout.sectionInset
                    return copy
                }())
            fresh.delegate = log
            #expect(allAttributes(collectionView) == allAttributes(fresh), "step \(step)")
            #expect(collectionView.lastError == nil)
        }
    }
}
