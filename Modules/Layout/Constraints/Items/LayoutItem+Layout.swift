public import TrellisGeometry

extension LayoutItem {
    /// The item's rectangle in the coordinate space of its tree's root, which the engine
    /// solves in: the sum of the frame origins below the root. The root's own is at the origin.
    public var frameInRoot: Rect {
        var origin = Point.zero
        var item = self
        while let parent = item.parent {
            origin = origin.offsetBy(dx: item.frame.origin.x, dy: item.frame.origin.y)
            item = parent
        }
        return Rect(origin: origin, size: frame.size)
    }

    /// Solves the constraints of the item's tree and updates the frame of every item placed by
    /// constraints, as UIKit's method.
    ///
    /// - Complexity: O(the parts of the system that changed since the last layout), plus
    ///   O(items in the tree) to write the frames.
    public func layoutIfNeeded() {
        root.ownedEngine?.layout()
    }

    /// Whether the constraints leave the item's position or size undetermined, as UIKit's
    /// property; `false` for an item that takes part in no constraint.
    ///
    /// - Complexity: O(size of the tree's constraint system).
    public var hasAmbiguousLayout: Bool {
        engine?.isAmbiguous(self) ?? false
    }

    /// How many layout passes of the item's tree wrote frames (for tests): a pass with nothing
    /// changed since the last one writes none.
    package var enginePlacementPassCount: Int {
        root.ownedEngine?.placementPassCount ?? 0
    }

    /// The number of independent subsystems in the engine of the item's tree (for tests).
    package var enginePartitionCount: Int {
        guard let engine = root.ownedEngine else { return 0 }
        engine.solver.updateVariables()
        return engine.solver.partitionCount
    }

    /// Activates a constraint, as UIKit's `addConstraint(_:)`; see
    /// ``LayoutConstraint/activate(_:)``.
    ///
    /// - Throws: ``LayoutError`` when the constraint cannot be activated.
    public func addConstraint(_ constraint: LayoutConstraint) throws(LayoutError) {
        try LayoutConstraint.activate([constraint])
    }

    /// Activates constraints, as UIKit's `addConstraints(_:)`; all or nothing.
    ///
    /// - Throws: ``LayoutError`` when a constraint cannot be activated.
    public func addConstraints(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        try LayoutConstraint.activate(constraints)
    }

    /// Deactivates a constraint, as UIKit's `removeConstraint(_:)`.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        LayoutConstraint.deactivate([constraint])
    }

    /// Deactivates constraints, as UIKit's `removeConstraints(_:)`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        LayoutConstraint.deactivate(constraints)
    }
}
