public import TrellisGeometry

extension LayoutItem {
    /// The target that asks for the smallest size, as `UIView.layoutFittingCompressedSize`.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The target that asks for the largest size, as `UIView.layoutFittingExpandedSize`.
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size of this item that best satisfies the constraints inside its subtree, as
    /// `systemLayoutSizeFitting(_:)`: each dimension is pulled toward `targetSize` at
    /// ``LayoutPriority/fittingSizeLevel`` (50), so ``layoutFittingCompressedSize`` gives the
    /// smallest size the constraints allow.
    ///
    /// ```swift
    /// let size = try cell.systemLayoutSizeFitting(LayoutItem.layoutFittingCompressedSize)
    /// ```
    ///
    /// - Throws: ``LayoutError`` when the subtree's constraints cannot be solved on their own.
    /// - Complexity: O(constraints in the subtree): they are solved in a solver of their own,
    ///   so the item's tree is not disturbed.
    public func systemLayoutSizeFitting(_ targetSize: Size) throws(LayoutError) -> Size {
        try systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size of this item that best satisfies the constraints inside its subtree, with the
    /// pull toward `targetSize` at the given priority per axis: `.required` fixes that
    /// dimension (a cell of known width whose height follows its content, for example).
    ///
    /// Only constraints installed on this item or its descendants count; constraints to items
    /// outside the subtree (the item's own position in its parent) do not.
    ///
    /// - Throws: ``LayoutError`` when the subtree's constraints cannot be solved on their own.
    /// - Complexity: O(constraints in the subtree).
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority,
        verticalFittingPriority vertical: LayoutPriority
    ) throws(LayoutError) -> Size {
        let context = FittingContext(container: self)
        let s = try context.slot(for: self)
        for item in subtree() {
            for constraint in item.constraints {
                try context.solver.add(try context.makeConstraint(for: constraint))
            }
        }
        let width = LayoutItem.cleanFrameNumber(targetSize.width)
        let height = LayoutItem.cleanFrameNumber(targetSize.height)
        try context.solver.add(Constraint(s.width, .equal, max(width, 0), priority: horizontal))
        try context.solver.add(Constraint(s.height, .equal, max(height, 0), priority: vertical))
        context.solver.updateVariables()
        return Size(
            width: context.solver.value(of: s.width), height: context.solver.value(of: s.height))
    }
}

/// Variables for the items of one subtree in a solver of their own, for a fitting size.
final class FittingContext: ItemVariableSource {
    let solver = ConstraintSolver()
    let container: LayoutItem
    private var slots: [ObjectIdentifier: ItemSlot] = [:]

    init(container: LayoutItem) {
        self.container = container
    }

    func variables(for item: LayoutItem) throws(LayoutError) -> ItemVariables {
        try slot(for: item).variables
    }

    func variables(forUnretained item: Unmanaged<LayoutItem>) throws(LayoutError)
        -> ItemVariables
    {
        try variables(for: item.takeUnretainedValue())
    }

    func store(_ slot: ItemSlot, for item: LayoutItem) {
        slots[ObjectIdentifier(item)] = slot
    }

    /// The container sits at the origin with a free size; a descendant that translates its
    /// frame is pinned to its pin anchor; one placed by constraints gets its intrinsic size.
    func slot(for item: LayoutItem) throws(LayoutError) -> ItemSlot {
        if let existing = slots[ObjectIdentifier(item)] { return existing }
        var s = makeSlot(for: item)
        slots[ObjectIdentifier(item)] = s
        if item === container {
            s.pins = makePins(for: item, s.variables, anchor: nil, offset: .zero, pinsSize: false)
        } else if item.translatesFrameIntoConstraints {
            let (anchor, offset) = pinAnchor(for: item, below: container)
            let anchorVariables = try anchor.map { (a) throws(LayoutError) in try variables(for: a)
            }
            s.pins = makePins(
                for: item, s.variables, anchor: anchorVariables, offset: offset, pinsSize: true)
        }
        if item === container || !item.translatesFrameIntoConstraints {
            s.intrinsic = makeIntrinsic(for: item, s.variables)
        }
        slots[ObjectIdentifier(item)] = s
        for constraint in s.pins + s.intrinsic { try solver.add(constraint) }
        return s
    }
}
