import Foundation
import TrellisGeometry
import TrellisGrid
import TrellisViews

// Foundation has an IndexPath too; the collection view's is meant here.
private typealias IndexPath = TrellisGrid.IndexPath

/// Collection view layouts for 100,000 and 1,000,000 items — the flow layout uniform and with a
/// size per item, and seed 003's column grid (`GridLayout`: three 85 × 90 columns under the
/// margin rule): preparing, answering a screen-sized rectangle query, the memory the layout
/// keeps, and scrolling a million items screen by screen.
///
/// There is no peer library in Python for this, so the peer is a baseline measured in the same
/// run: the straightforward layout that computes every frame into an array when it prepares and
/// scans the whole array for each query (`NaiveLayout` and `NaiveColumnGrid` below, with the
/// same placement rules). The two are checked to return the same elements before anything is
/// timed.
func runGridBenchmarks() throws {
    try MainActor.assumeIsolated { try runGridSuite() }
}

@MainActor
private func runGridSuite() throws {
    var rows: [BenchRow] = []
    for variable in [false, true] {
        for count in [100_000, 1_000_000] {
            rows += try layoutRows(count: count, variable: variable)
        }
    }
    for count in [100_000, 1_000_000] {
        rows += try columnGridRows(count: count)
    }
    for variable in [false, true] {
        rows.append(try scrollRow(count: 1_000_000, variable: variable))
    }
    printTable(rows)
}

// MARK: Fixtures

/// Item counts for one section, and cells that count their creation.
@MainActor
private final class BenchSource: CollectionViewDataSource {
    let count: Int
    var cellsCreated = 0

    init(count: Int, in collectionView: CollectionView) {
        self.count = count
        collectionView.register(
            { [unowned self] in
                cellsCreated += 1
                return CollectionViewCell()
            }, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = self
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// Item sizes that vary from item to item, in whole points.
@MainActor
private final class BenchSizes: CollectionViewDelegateFlowLayout {
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size {
        benchSize(indexPath.item)
    }
}

private func benchSize(_ item: Int) -> Size {
    Size(width: Double(20 + (item &* 37) % 90), height: Double(20 + (item &* 53) % 40))
}

/// A 320×480 collection view over `count` items with a flow layout, uniform (50×50) or with
/// sizes per item, and optionally the baseline layout instead.
@MainActor
private struct Fixture {
    let collectionView: CollectionView
    let source: BenchSource
    let sizes: BenchSizes?

    init(count: Int, variable: Bool, layout: any CollectionViewLayout) {
        collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        source = BenchSource(count: count, in: collectionView)
        sizes = variable ? BenchSizes() : nil
        collectionView.delegate = sizes
    }
}

// MARK: Layout workloads

/// Prepare and query times of a layout and of its linear baseline over the same items.
private struct LayoutTimes {
    var prepare: Double
    var baselinePrepare: Double
    var query: Double
    var baselineQuery: Double
}

/// Times preparing both layouts and querying screen-sized rectangles spread over the whole
/// content, after checking that the two layouts find the same elements.
@MainActor
private func timeLayouts(
    _ layout: any CollectionViewLayout, baseline: any CollectionViewLayout, count: Int,
    variable: Bool, name: String
) throws -> LayoutTimes {
    let fast = Fixture(count: count, variable: variable, layout: layout)
    let slow = Fixture(count: count, variable: variable, layout: baseline)
    let prepare = bestTime(minimumRuns: 3, maximumRuns: 10, budget: 2) {
        layout.invalidateLayout(with: .everything)
        layout.prepare()
    }
    let baselinePrepare = bestTime(minimumRuns: 3, maximumRuns: 10, budget: 2) {
        baseline.invalidateLayout(with: .everything)
        baseline.prepare()
    }
    _ = fast.collectionView
    _ = slow.collectionView

    let height = layout.collectionViewContentSize.height
    let rects = (0..<64).map { index in
        Rect(x: 0, y: (height - 480) * Double(index) / 63, width: 320, height: 480)
    }
    for rect in rects.prefix(8) {
        let found = Set(layout.layoutAttributesForElements(in: rect))
        let expected = Set(baseline.layoutAttributesForElements(in: rect))
        guard found == expected, !found.isEmpty else {
            throw BenchError("\(name): the layouts disagree in \(rect)")
        }
    }
    var sink = 0
    let query =
        bestTime(minimumRuns: 5, maximumRuns: 200, budget: 1) {
            for rect in rects { sink &+= layout.layoutAttributesForElements(in: rect).count }
        } / Double(rects.count)
    let baselineQuery =
        bestTime(minimumRuns: 3, maximumRuns: 20, budget: 2) {
            for rect in rects.prefix(8) {
                sink &+= baseline.layoutAttributesForElements(in: rect).count
            }
        } / 8
    if sink < 0 { print(sink) }
    return LayoutTimes(
        prepare: prepare, baselinePrepare: baselinePrepare, query: query,
        baselineQuery: baselineQuery)
}

/// "100k" or "1M".
private func countLabel(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
}

@MainActor
private func layoutRows(count: Int, variable: Bool) throws -> [BenchRow] {
    let flow = FlowLayout()
    let naive = NaiveLayout(variable: variable)
    let kind = variable ? "variable" : "uniform"
    let label = countLabel(count)
    let times = try timeLayouts(
        flow, baseline: naive, count: count, variable: variable, name: "grid \(kind) \(label)")

    let itemBytesPerItem = Double(flow.itemStorageBytes) / Double(count)
    let sectionBytes = flow.storageBytes - flow.itemStorageBytes
    let naiveBytesPerItem = Double(naive.storageBytes) / Double(count)
    let memoryGoal = variable ? "<= 16 B/item" : "memory independent of count"
    let memoryMet = variable ? itemBytesPerItem <= 16 : flow.storageBytes < 4_096
    return [
        BenchRow(
            workload: "grid prepare \(kind) \(label)", trellis: times.prepare,
            peer: times.baselinePrepare, peerName: "linear baseline", goal: memoryGoal,
            met: memoryMet,
            note: String(
                format: "%.2f B/item + %d B for the section; baseline %.1f B/item",
                itemBytesPerItem, sectionBytes, naiveBytesPerItem)),
        BenchRow(
            workload: "grid query 320x480 \(kind) \(label)", trellis: times.query,
            peer: times.baselineQuery, peerName: "linear baseline", goal: "< 50 µs",
            met: times.query < 50e-6, note: "64 rectangles over the content"),
    ]
}

/// Seed 003's grid as a layout: three columns of 85 × 90 items, 15 points between lines, the
/// margin rule between and around the columns, 30 points above the first line.
@MainActor
private func makeSeedGrid() -> GridLayout {
    GridLayout(
        columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
        interitemSpacing: .auto, sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
}

@MainActor
private func columnGridRows(count: Int) throws -> [BenchRow] {
    let grid = makeSeedGrid()
    let naive = NaiveColumnGrid()
    let label = countLabel(count)
    let times = try timeLayouts(
        grid, baseline: naive, count: count, variable: false, name: "grid column grid \(label)")

    let naiveBytesPerItem = Double(naive.storageBytes) / Double(count)
    return [
        BenchRow(
            workload: "grid prepare column grid \(label)", trellis: times.prepare,
            peer: times.baselinePrepare, peerName: "linear baseline",
            goal: "memory independent of count", met: grid.storageBytes < 4_096,
            note: String(
                format: "%d B in all (%.4f B/item); baseline %.1f B/item", grid.storageBytes,
                Double(grid.storageBytes) / Double(count), naiveBytesPerItem)),
        BenchRow(
            workload: "grid query 320x480 column grid \(label)", trellis: times.query,
            peer: times.baselineQuery, peerName: "linear baseline", goal: "< 50 µs",
            met: times.query < 50e-6, note: "64 rectangles over the content"),
    ]
}

// MARK: Scrolling

@MainActor
private func scrollRow(count: Int, variable: Bool) throws -> BenchRow {
    struct Scrolling {
        var time: Double
        var created: Int
        var mostVisible: Int
        var total: Int
    }
    func measure(_ layout: any CollectionViewLayout) -> Scrolling {
        let fixture = Fixture(count: count, variable: variable, layout: layout)
        let view = fixture.collectionView
        let window = Window(size: Size(width: 320, height: 480))
        window.addSubview(view)
        window.layoutIfNeeded()
        var mostVisible = view.indexPathsForVisibleItems.count
        // One screen down, the overscan band is full on both sides.
        view.scroll(by: Size(width: 0, height: 480))
        window.layoutIfNeeded()
        mostVisible = max(mostVisible, view.indexPathsForVisibleItems.count)
        let before = fixture.source.cellsCreated
        let screens = 100
        for _ in 0..<screens {
            view.scroll(by: Size(width: 0, height: 480))
            window.layoutIfNeeded()
            mostVisible = max(mostVisible, view.indexPathsForVisibleItems.count)
        }
        let created = fixture.source.cellsCreated - before
        let total = fixture.source.cellsCreated
        let time =
            bestTime(minimumRuns: 3, maximumRuns: 10, budget: 2) {
                for _ in 0..<screens {
                    view.scroll(by: Size(width: 0, height: 480))
                    window.layoutIfNeeded()
                }
            } / Double(screens)
        return Scrolling(time: time, created: created, mostVisible: mostVisible, total: total)
    }
    let fast = measure(FlowLayout())
    let slow = measure(NaiveLayout(variable: variable))
    let kind = variable ? "variable" : "uniform"
    // Uniform lines show the same number of cells on every screen, so no screen needs a new
    // cell; with sizes per item, a screen that shows more items than any before needs as many
    // more cells, and never a cell more than the most shown at once.
    let met = variable ? fast.total <= fast.mostVisible : fast.created == 0
    return BenchRow(
        workload: "grid scroll 1 screen \(kind) 1M", trellis: fast.time, peer: slow.time,
        peerName: "linear baseline",
        goal: variable ? "cells <= most shown at once" : "no new cells", met: met,
        note: "\(fast.created) new over 100 screens; \(fast.total) cells for at most "
            + "\(fast.mostVisible) shown")
}

// MARK: Baseline

/// What the straightforward layouts share: every frame computed into an array when they
/// prepare, every query a scan of the whole array.
@MainActor
private class BaselineLayout: CollectionViewLayout {
    weak var collectionView: CollectionView?
    /// The frames of the items of section 0, written by ``placeItems(count:width:)``.
    var frames: [Rect] = []
    private var isValid = false
    private var width = 0.0
    private var height = 0.0

    var storageBytes: Int { frames.capacity * MemoryLayout<Rect>.stride }

    /// Computes the frames of `count` items in a section `width` points wide into ``frames``.
    func placeItems(count: Int, width: Double) {}

    func prepare() {
        guard !isValid, let collectionView else { return }
        isValid = true
        width = collectionView.bounds.width
        frames = []
        placeItems(count: collectionView.numberOfItems(inSection: 0), width: width)
        height = frames.reduce(0) { max($0, $1.maxY) }
    }

    var collectionViewContentSize: Size { Size(width: width, height: height) }

    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for (item, frame) in frames.enumerated() where frame.intersects(rect) {
            result.append(
                LayoutAttributes(forCellWith: IndexPath(item: item, section: 0), frame: frame))
        }
        return result
    }

    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
        return LayoutAttributes(forCellWith: indexPath, frame: frames[indexPath.item])
    }

    func invalidateLayout(with context: LayoutInvalidationContext) {
        isValid = false
    }
}

/// The straightforward flow layout. It places items by the same rules as a flow layout with
/// UIKit's defaults in one section, so that both answer the same.
@MainActor
private final class NaiveLayout: BaselineLayout {
    private let variable: Bool

    init(variable: Bool) {
        self.variable = variable
    }

    override func placeItems(count: Int, width: Double) {
        frames.reserveCapacity(count)
        var lineStart = 0
        var used = 0.0
        var y = 0.0
        var sizes: [Size] = []
        func flush(last: Bool) {
            let line = sizes
            let sum = line.reduce(0) { $0 + $1.width }
            let thickness = line.reduce(0) { max($0, $1.height) }
            var x = 0.0
            var gap = 10.0
            if !last || !variable {
                if line.count == 1 && !last {
                    x = max(0, (width - sum) / 2)
                } else if line.count > 1 && !last {
                    gap = (width - sum) / Double(line.count - 1)
                } else if !variable {
                    // The last line of a uniform section keeps a full line's columns.
                    let itemWidth = line.first?.width ?? 0
                    let perLine = Int(((width + 10) / (itemWidth + 10)).rounded(.down))
                    gap =
                        perLine > 1
                        ? (width - Double(perLine) * itemWidth) / Double(perLine - 1) : 10
                    if perLine <= 1 { x = max(0, (width - itemWidth) / 2) }
                }
            }
            for size in line {
                frames.append(
                    Rect(
                        x: x, y: y + (thickness - size.height) / 2, width: size.width,
                        height: size.height))
                x += size.width + gap
            }
            y += thickness + 10
            sizes = []
        }
        for item in 0..<count {
            let size = variable ? benchSize(item) : Size(width: 50, height: 50)
            if item > lineStart, used + 10 + size.width > width + 1e-9 * max(1, width) {
                flush(last: false)
                lineStart = item
            }
            used = item == lineStart ? size.width : used + 10 + size.width
            sizes.append(size)
        }
        if !sizes.isEmpty { flush(last: true) }
    }
}

/// The straightforward column grid: seed 003's formula applied to every item.
@MainActor
private final class NaiveColumnGrid: BaselineLayout {
    override func placeItems(count: Int, width: Double) {
        let columns = 3
        let itemWidth = 85.0
        let itemHeight = 90.0
        let margin = max(0, (width - Double(columns) * itemWidth) / Double(columns + 1))
        frames.reserveCapacity(count)
        for index in 0..<count {
            let row = index / columns
            let column = index % columns
            frames.append(
                Rect(
                    x: margin + Double(column) * (itemWidth + margin),
                    y: 30 + Double(row) * (itemHeight + 15), width: itemWidth, height: itemHeight))
        }
    }
}
