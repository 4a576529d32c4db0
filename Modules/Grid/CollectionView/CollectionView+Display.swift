public import TrellisGeometry
import TrellisViews

extension CollectionView {
    /// Prepares the layout, sets the content size, and shows the elements in the display rect.
    func layOutElements() {
        if let previous = laidOutBounds {
            if previous.size != bounds.size {
                collectionViewLayout.invalidateLayout(
                    with: LayoutInvalidationContext(newBounds: bounds))
            } else if previous != bounds,
                collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds)
            {
                collectionViewLayout.invalidateLayout(
                    with: LayoutInvalidationContext(newBounds: bounds))
            }
        }
        collectionViewLayout.prepare()
        let size = collectionViewLayout.collectionViewContentSize
        if size != contentSize { contentSize = size }
        laidOutBounds = bounds
        updateVisibleViews()
    }

    /// The rectangle of content whose elements are kept: the bounds plus the overscan, which
    /// is at most two screens.
    var displayRect: Rect {
        let limit = 2 * max(bounds.width, bounds.height)
        let margin = overscan.isFinite ? min(max(0, overscan), limit) : 0
        return bounds.insetBy(dx: -margin, dy: -margin)
    }

    func updateVisibleViews() {
        var elements: [LayoutAttributes] = []
        var wanted = Set<ElementKey>()
        for laidOut in collectionViewLayout.layoutAttributesForElements(
            in: mirroredIfFlipped(displayRect))
        where !laidOut.isHidden && wanted.insert(ElementKey(laidOut)).inserted {
            elements.append(mirroredIfFlipped(laidOut))
        }
        let departed = visibleViews.filter { !wanted.contains($0.key) }.sorted { $0.key < $1.key }
        for (key, view) in departed { recycle(view, for: key) }
        for element in elements {
            if let view = visibleViews[ElementKey(element)] {
                view.apply(element)
                order(view, zIndex: element.zIndex)
            } else if let view = makeView(for: element) {
                display(view, for: element)
            }
        }
    }

    /// Asks the data source for the view of an element, refusing one that already shows
    /// another element.
    private func makeView(for element: LayoutAttributes) -> CollectionReusableView? {
        guard let dataSource else { return nil }
        let view: CollectionReusableView?
        if let kind = element.representedElementKind {
            view = dataSource.collectionView(
                self, viewForSupplementaryElementOfKind: kind, at: element.indexPath)
        } else {
            view = dataSource.collectionView(self, cellForItemAt: element.indexPath)
        }
        guard let view else { return nil }
        if let other = view.elementKey, visibleViews[other] === view {
            lastError = CollectionViewError(
                .invalidDataSource,
                "the data source returned the view showing \(other) again for "
                    + "\(ElementKey(element)); dequeue a view for each element")
            return nil
        }
        return view
    }

    private func display(_ view: CollectionReusableView, for element: LayoutAttributes) {
        let key = ElementKey(element)
        view.elementKey = key
        view.apply(element)
        if let cell = view as? CollectionViewCell {
            cell.isSelected = selectedItems.contains(element.indexPath)
            cell.isHighlighted = touchTracking?.indexPath == element.indexPath
        }
        if view.superview !== self { addSubview(view) }
        order(view, zIndex: element.zIndex)
        visibleViews[key] = view
        if let cell = view as? CollectionViewCell {
            delegate?.collectionView(self, willDisplay: cell, forItemAt: element.indexPath)
        } else if let kind = key.kind {
            delegate?.collectionView(
                self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
        }
    }

    /// Moves a view with a non-zero z-index to the front (positive) or the back (negative).
    private func order(_ view: CollectionReusableView, zIndex: Int) {
        if zIndex > 0, subviews.last !== view {
            bringSubviewToFront(view)
        } else if zIndex < 0, subviews.first !== view {
            sendSubviewToBack(view)
        }
    }

    /// Stops showing a view and keeps it for reuse under its identifier.
    func recycle(_ view: CollectionReusableView, for key: ElementKey) {
        visibleViews[key] = nil
        view.elementKey = nil
        view.isHidden = true
        if let cell = view as? CollectionViewCell {
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
        } else if let kind = key.kind {
            delegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind,
                at: key.indexPath)
        }
        if let identifier = view.reuseIdentifier {
            reusePool[ReuseKey(kind: key.kind, identifier: identifier), default: []].append(view)
        } else {
            view.removeFromSuperview()
        }
    }

    // MARK: Visible elements

    /// The cells on screen (within the bounds plus the overscan).
    public var visibleCells: [CollectionViewCell] {
        visibleViews.sorted { $0.key < $1.key }.compactMap { $0.value as? CollectionViewCell }
    }

    /// The index paths of the items with a cell on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleViews.keys.filter { $0.kind == nil }.map(\.indexPath).sorted()
    }

    /// The cell showing an item, or `nil` when the item has no cell on screen.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        visibleViews[ElementKey(kind: nil, indexPath: indexPath)] as? CollectionViewCell
    }

    /// The supplementary view showing an element, or `nil` when it is not on screen.
    public func supplementaryView(forElementKind kind: ElementKind, at indexPath: IndexPath)
        -> CollectionReusableView?
    {
        visibleViews[ElementKey(kind: kind, indexPath: indexPath)]
    }

    /// The index path of the item a cell shows, or `nil` when the cell is not on screen.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        guard let key = cell.elementKey, key.kind == nil, visibleViews[key] === cell else {
            return nil
        }
        return key.indexPath
    }

    /// The index path of the on-screen item at a point in the content, the front one where
    /// items overlap.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        for view in subviews.reversed() {
            guard let cell = view as? CollectionViewCell, !cell.isHidden,
                cell.frame.contains(point), let indexPath = indexPath(for: cell)
            else { continue }
            return indexPath
        }
        return nil
    }

    /// The layout's attributes for an item, after preparing the layout.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        collectionViewLayout.prepare()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath).map(mirroredIfFlipped)
    }

    /// Whether the layout's frames are mirrored: a layout that flips, in a right-to-left layout.
    var isFlippingLayout: Bool {
        collectionViewLayout.flipsHorizontallyInOppositeLayoutDirection
            && effectiveLayoutDirection == .rightToLeft
    }

    /// A rectangle of content mirrored across the content's width when the layout flips.
    func mirroredIfFlipped(_ rect: Rect) -> Rect {
        guard isFlippingLayout else { return rect }
        let width = max(collectionViewLayout.collectionViewContentSize.width, bounds.width)
        return Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// Attributes with their frame mirrored when the layout flips.
    func mirroredIfFlipped(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard isFlippingLayout else { return attributes }
        var mirrored = attributes
        mirrored.frame = mirroredIfFlipped(attributes.frame)
        return mirrored
    }

    /// The layout's attributes for a supplementary view, after preparing the layout.
    public func layoutAttributesForSupplementaryElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) -> LayoutAttributes? {
        collectionViewLayout.prepare()
        return collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: kind, at: indexPath
        ).map(mirroredIfFlipped)
    }
}

extension ElementKey: Comparable {
    /// Cells and supplementary views of a section in index order; cells first at equal paths.
    static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        if lhs.indexPath != rhs.indexPath { return lhs.indexPath < rhs.indexPath }
        return (lhs.kind?.rawValue ?? "") < (rhs.kind?.rawValue ?? "")
    }
}
