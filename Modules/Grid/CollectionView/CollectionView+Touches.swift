import TrellisEvents
import TrellisGeometry
import TrellisViews

extension CollectionView {
    /// Tracks a touch for highlighting and selection; `scrolls` tells whether the scroll view
    /// took it for dragging. Returns whether the collection view takes the touch.
    func trackTouch(_ touch: Touch, scrolls: Bool) -> Bool {
        let fixed = touch.location.applying(transformToSuperview)
        switch touch.phase {
        case .began:
            endTouchTracking(notify: false)
            guard allowsSelection else { return scrolls }
            if let indexPath = indexPathForItem(at: touch.location),
                delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true
            {
                touchTracking = TouchTracking(indexPath: indexPath, start: fixed)
                setHighlighted(true, at: indexPath)
                delegate?.collectionView(self, didHighlightItemAt: indexPath)
            }
        case .moved:
            if let tracking = touchTracking, fixed.distance(to: tracking.start) > touchSlop {
                endTouchTracking(notify: true)
            }
        case .ended:
            if let tracking = touchTracking {
                touchTracking = nil
                finishTap(on: tracking.indexPath)
            }
        case .cancelled:
            endTouchTracking(notify: true)
        }
        return true
    }

    /// Drops the highlight of the tracked touch, telling the delegate when asked to.
    func endTouchTracking(notify: Bool) {
        guard let tracking = touchTracking else { return }
        touchTracking = nil
        setHighlighted(false, at: tracking.indexPath)
        if notify { delegate?.collectionView(self, didUnhighlightItemAt: tracking.indexPath) }
    }

    /// Selects or deselects the item a tap ended on, in UIKit's order of delegate calls.
    private func finishTap(on indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        if allowsMultipleSelection, selectedItems.contains(indexPath) {
            let deselects = delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
            setHighlighted(false, at: indexPath)
            delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
            if deselects {
                setSelected(false, at: indexPath)
                delegate?.collectionView(self, didDeselectItemAt: indexPath)
            }
            return
        }
        let selects = delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
        setHighlighted(false, at: indexPath)
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        guard selects else { return }
        if !allowsMultipleSelection {
            for other in selectedItems.sorted() where other != indexPath {
                setSelected(false, at: other)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        setSelected(true, at: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }
}
