import TrellisGeometry
import TrellisViews

extension CollectionView {
    /// The selected items, in order.
    public var indexPathsForSelectedItems: [IndexPath] { selectedItems.sorted() }

    /// Selects an item from code, deselecting the others unless ``allowsMultipleSelection``,
    /// and optionally scrolls to it; `nil` deselects every item. The delegate is not told, as in
    /// UIKit. Does nothing for an item that does not exist or when ``allowsSelection`` is off.
    ///
    /// - Parameters:
    ///   - indexPath: The item, or `nil`.
    ///   - animated: Ignored: Trellis moves at once.
    ///   - scrollPosition: Where to scroll the item; empty for no scrolling.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []
    ) {
        guard let indexPath else {
            for selected in selectedItems { setSelected(false, at: selected) }
            return
        }
        guard allowsSelection, contains(indexPath) else { return }
        if !allowsMultipleSelection {
            for selected in selectedItems where selected != indexPath {
                setSelected(false, at: selected)
            }
        }
        setSelected(true, at: indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition) }
    }

    /// Deselects an item from code; the delegate is not told.
    public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
        setSelected(false, at: indexPath)
    }

    /// Scrolls so that an item is visible at a position.
    ///
    /// - Parameters:
    ///   - indexPath: The item.
    ///   - scrollPosition: Where the item goes; for an axis without a position the view
    ///     scrolls as little as possible.
    ///   - animated: Ignored: Trellis moves at once.
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool = false
    ) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        if contentSize != collectionViewLayout.collectionViewContentSize {
            contentSize = collectionViewLayout.collectionViewContentSize
        }
        var offset = contentOffset
        let visible = bounds.size
        if scrollPosition.contains(.top) {
            offset.y = frame.minY
        } else if scrollPosition.contains(.centeredVertically) {
            offset.y = frame.midY - visible.height / 2
        } else if scrollPosition.contains(.bottom) {
            offset.y = frame.maxY - visible.height
        } else {
            offset.y = minimalOffset(offset.y, frame.minY, frame.maxY, visible.height)
        }
        if scrollPosition.contains(.left) {
            offset.x = frame.minX
        } else if scrollPosition.contains(.centeredHorizontally) {
            offset.x = frame.midX - visible.width / 2
        } else if scrollPosition.contains(.right) {
            offset.x = frame.maxX - visible.width
        } else {
            offset.x = minimalOffset(offset.x, frame.minX, frame.maxX, visible.width)
        }
        contentOffset = offset
    }

    private func minimalOffset(_ offset: Double, _ low: Double, _ high: Double, _ extent: Double)
        -> Double
    {
        if low < offset { return low }
        if high > offset + extent { return high - extent }
        return offset
    }

    /// Whether an item exists.
    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
    }

    /// Selects or deselects an item and its cell, without telling the delegate.
    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
        if selected {
            selectedItems.insert(indexPath)
        } else {
            selectedItems.remove(indexPath)
        }
        cellForItem(at: indexPath)?.isSelected = selected
    }

    /// Highlights or unhighlights an item's cell, without telling the delegate.
    func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath) {
        cellForItem(at: indexPath)?.isHighlighted = highlighted
    }
}
