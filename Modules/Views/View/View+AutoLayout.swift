public import TrellisGeometry
public import TrellisLayout

extension View {
    /// The view's constraint-layout item, created on first use and attached to its superview's,
    /// so that the item tree follows the view tree wherever constraints are used.
    public var layoutItem: LayoutItem {
        if let item = layoutItemStorage { return item }
        let item = LayoutItem(identifier: accessibilityIdentifier)
        item.setFrame(frame)
        item.layoutDirection = layoutDirection
        // Not counted, as the item belongs to the view, and not weak, which would give every
        // view a side table: the view clears the callback when it goes away.
        item.constraintsDidChange = { [unowned(unsafe) self] in self.setNeedsLayout() }
        layoutItemStorage = item
        superview?.layoutItem.addChild(item)
        updateLayoutItemMeasurements()
        return item
    }

    /// The layout item, if constraints have used it.
    var existingLayoutItem: LayoutItem? { layoutItemStorage }

    /// Whether the view's frame is fixed (as constraints the engine makes) rather than placed
    /// by constraints, as UIKit's property. Set it to `false` for a view that constraints lay
    /// out.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { existingLayoutItem?.translatesFrameIntoConstraints ?? true }
        set {
            layoutItem.translatesFrameIntoConstraints = newValue
            superview?.setNeedsLayout()
        }
    }

    /// The leading edge: left in left-to-right layouts.
    public var leadingAnchor: LayoutXAxisAnchor { layoutItem.leadingAnchor }
    /// The trailing edge: right in left-to-right layouts.
    public var trailingAnchor: LayoutXAxisAnchor { layoutItem.trailingAnchor }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { layoutItem.leftAnchor }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { layoutItem.rightAnchor }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { layoutItem.centerXAnchor }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { layoutItem.topAnchor }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { layoutItem.bottomAnchor }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { layoutItem.centerYAnchor }
    /// The baseline of the first line of text (the bottom edge for views without text).
    public var firstBaselineAnchor: LayoutYAxisAnchor { layoutItem.firstBaselineAnchor }
    /// The baseline of the last line of text (the bottom edge for views without text).
    public var lastBaselineAnchor: LayoutYAxisAnchor { layoutItem.lastBaselineAnchor }
    /// The width.
    public var widthAnchor: LayoutDimension { layoutItem.widthAnchor }
    /// The height.
    public var heightAnchor: LayoutDimension { layoutItem.heightAnchor }

    /// The constraints installed on the view: those whose nearest common ancestor it is.
    public var constraints: [LayoutConstraint] { existingLayoutItem?.constraints ?? [] }

    /// Activates constraints, as `UIView.addConstraints(_:)`.
    ///
    /// - Throws: `LayoutError` naming the constraints in conflict when a required constraint
    ///   cannot be satisfied; no constraint of the call is then active.
    public func addConstraints(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        try layoutItem.addConstraints(constraints)
        setNeedsLayout()
    }

    /// Deactivates constraints, as `UIView.removeConstraints(_:)`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        existingLayoutItem?.removeConstraints(constraints)
        setNeedsLayout()
    }

    /// The priority with which the view resists growing beyond its intrinsic size on an axis
    /// (250 by default).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        existingLayoutItem?.contentHuggingPriority(for: axis) ?? .defaultLow
    }

    /// Sets the content hugging priority for an axis.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        layoutItem.setContentHuggingPriority(priority, for: axis)
    }

    /// The priority with which the view resists shrinking below its intrinsic size on an axis
    /// (750 by default).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        existingLayoutItem?.contentCompressionResistancePriority(for: axis) ?? .defaultHigh
    }

    /// Sets the compression resistance priority for an axis.
    public func setContentCompressionResistancePriority(
        _ priority: LayoutPriority, for axis: LayoutAxis
    ) {
        layoutItem.setContentCompressionResistancePriority(priority, for: axis)
    }

    /// The smallest size the view's constraints allow when fitting a target size, as UIKit's
    /// `systemLayoutSizeFitting(_:)`.
    ///
    /// - Throws: `LayoutError` when the constraints cannot be solved.
    public func systemLayoutSizeFitting(_ targetSize: Size) throws(LayoutError) -> Size {
        try layoutItem.systemLayoutSizeFitting(targetSize)
    }

    /// Lays out subviews by the view's automatic layout: flexbox for a view with a flex style,
    /// then constraints for subviews that constraints place.
    func performAutomaticLayout() {
        layoutFlexChildren()
        // A subview's layout item is a child of the view's own, which exists first: without
        // one, no subview is placed by constraints, and the subviews need not be visited again.
        guard hasSubviews, existingLayoutItem != nil else { return }
        // Loops rather than closures: a closure made here would check the main actor's
        // executor at each call.
        let subviews = self.subviews
        var placed: [View] = []
        placed.reserveCapacity(subviews.count)
        for subview in subviews
        where subview.existingLayoutItem?.placement.translatesFrame == false {
            placed.append(subview)
        }
        guard !placed.isEmpty else { return }
        syncLayoutItemFrame()
        layoutItem.layoutIfNeeded()
        let originX = bounds.minX
        let originY = bounds.minY
        for subview in placed {
            guard let item = subview.existingLayoutItem else { continue }
            let frame = item.placement.frame.offsetBy(dx: originX, dy: originY)
            if frame.isFinite { subview.frame = frame }
        }
        // A solve can move items further down the tree, under views whose own frames did not
        // change: those views place their subviews again.
        for subview in subviews where subview.placesSubviewsByConstraints {
            subview.setNeedsLayout()
        }
    }

    /// Whether some subview is placed by constraints.
    var placesSubviewsByConstraints: Bool {
        existingLayoutItem?.hasChildPlacedByConstraints ?? false
    }

    /// Copies the view's frame into its item when the item translates its frame into
    /// constraints.
    func syncLayoutItemFrame() {
        guard let item = existingLayoutItem else { return }
        let placement = item.placement
        if placement.translatesFrame, placement.frame != frame { item.setFrame(frame) }
    }

    /// Drops the constraints between this view's subtree and views outside it after it leaves
    /// `parent`, as UIKit does when a view is removed.
    func removeConstraintsCrossing(from parent: View) {
        existingLayoutItem?.removeFromParent()
    }

    /// Attaches the view's item to the new superview's tree after a move.
    func attachLayoutItem() {
        guard let item = existingLayoutItem, let superview else { return }
        if item.parent !== superview.layoutItem { superview.layoutItem.addChild(item) }
    }

    /// Gives the item the view's intrinsic size and baselines.
    func updateLayoutItemMeasurements() {
        guard let item = existingLayoutItem else { return }
        item.intrinsicContentSize = intrinsicContentSize
        let baselines = baselineOffsetsFromTop
        item.firstBaselineOffsetFromTop = baselines.first
        item.lastBaselineOffsetFromTop = baselines.last
    }

    /// Updates the layout engine after the intrinsic content size changed.
    func intrinsicSizeDidChange() {
        updateLayoutItemMeasurements()
    }
}
