import Testing
import TrellisEvents
import TrellisGeometry
import TrellisGrid
import TrellisRender
import TrellisViews

/// A cell that remembers the item it was configured for.
@MainActor
final class NumberCell: CollectionViewCell {
    var item: IndexPath?
}

/// A header or footer that remembers its section.
@MainActor
final class TitleView: CollectionReusableView {
    var section: Int?
}

/// A data source of numbered items in sections, counting the cells and views it creates.
@MainActor
final class NumberSource: CollectionViewDataSource {
    var counts: [Int]
    var cellsCreated = 0
    var viewsCreated = 0
    var cellRequests: [IndexPath] = []
    var showsHeaders = false

    init(_ counts: [Int], in collectionView: CollectionView) {
        self.counts = counts
        collectionView.register(
            { [unowned self] in
                cellsCreated += 1
                return NumberCell()
            }, forCellWithReuseIdentifier: "number")
        collectionView.register(
            TitleView.self, forSupplementaryViewOfKind: .sectionHeader, withReuseIdentifier: "title"
        )
        collectionView.register(
            TitleView.self, forSupplementaryViewOfKind: .sectionFooter, withReuseIdentifier: "title"
        )
        collectionView.dataSource = self
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        guard counts.indices.contains(section) else {
            Issue.record("asked for section \(section) of \(counts.count)")
            return 0
        }
        return counts[section]
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell
    {
        cellRequests.append(indexPath)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
        (cell as? NumberCell)?.item = indexPath
        return cell
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        at indexPath: IndexPath
    ) -> CollectionReusableView? {
        guard showsHeaders else { return nil }
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        (view as? TitleView)?.section = indexPath.section
        return view
    }
}

/// A delegate that logs every call and gives per-item sizes when it has them.
@MainActor
final class EventLog: CollectionViewDelegateFlowLayout {
    var events: [String] = []
    var allowsHighlight = true
    var allowsSelect = true
    var allowsDeselect = true
    var sizes: ((IndexPath) -> Size)?
    var sizeRequests = 0
    var logsDisplay = false

    func collectionView(
        _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
    )
        -> Bool
    {
        events.append("shouldHighlight \(indexPath)")
        return allowsHighlight
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        events.append("didHighlight \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    {
        events.append("didUnhighlight \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
        -> Bool
    {
        events.append("shouldSelect \(indexPath)")
        return allowsSelect
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
        -> Bool
    {
        events.append("shouldDeselect \(indexPath)")
        return allowsDeselect
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath)")
    }
    func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {
        if logsDisplay { events.append("willDisplay \(indexPath)") }
    }
    func collectionView(
        _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {
        if logsDisplay { events.append("didEndDisplaying \(indexPath)") }
    }
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size {
        sizeRequests += 1
        return sizes?(indexPath) ?? layout.itemSize
    }
}

/// A collection view that keeps its data source alive, which a collection view does not do.
@MainActor
final class HoldingCollectionView: CollectionView {
    var heldSource: AnyObject?
    var heldDelegate: AnyObject?
}

/// A collection view of a size with a layout and a numbered data source.
@MainActor
func makeCollection(
    _ counts: [Int], layout: any CollectionViewLayout = FlowLayout(),
    size: Size = Size(width: 320, height: 480)
) -> (CollectionView, NumberSource) {
    let collectionView = HoldingCollectionView(
        frame: Rect(size: size), collectionViewLayout: layout)
    let source = NumberSource(counts, in: collectionView)
    collectionView.heldSource = source
    return (collectionView, source)
}

/// Every attribute of a prepared layout, in order.
@MainActor
func allAttributes(_ collectionView: CollectionView) -> [LayoutAttributes] {
    collectionView.collectionViewLayout.prepare()
    let size = collectionView.collectionViewLayout.collectionViewContentSize
    return collectionView.collectionViewLayout
        .layoutAttributesForElements(
            in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        )
        .sorted {
            ($0.indexPath, $0.representedElementKind?.rawValue ?? "") < (
                $1.indexPath, $1.representedElementKind?.rawValue ?? ""
            )
        }
}

/// The frames of a section's items, in order.
@MainActor
func itemFrames(_ collectionView: CollectionView, section: Int = 0) -> [Rect] {
    (0..<collectionView.numberOfItems(inSection: section)).compactMap {
        collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
    }
}
