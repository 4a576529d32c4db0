import TrellisGeometry

/// The constraint engine of one tree of layout items, owned by its root.
///
/// It gives every item that takes part in a constraint four variables (left, top, width and
/// height in the root's coordinate space), adds the constraints the item generates itself
/// (its frame when it translates it, else its intrinsic size), and keeps the active layout
/// constraints installed in one ``ConstraintSolver``.
final class LayoutEngine: ItemVariableSource {
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    let solver = ConstraintSolver()
    /// The root that owns the engine (which holds it strongly).
    unowned let root: LayoutItem
    /// The solver revision the frames were last written for, or `nil` before the first pass.
    @exclusivity(unchecked) var placedRevision: UInt64?
    /// Whether something other than the solver changed what ``layout()`` writes: the tree,
    /// a frame, or an item's translation.
    @exclusivity(unchecked) var needsPlacement = true
    /// How many passes wrote frames (for tests).
    @exclusivity(unchecked) var placementPassCount = 0
    /// How many constraints have been installed here: each installed constraint keeps the count
    /// as of its installation, which orders an item's ``LayoutItem/referencingConstraints``.
    @exclusivity(unchecked) var installationCount: UInt64 = 0

    init(root: LayoutItem) {
        self.root = root
    }

    /// The engine of a root, created on first use.
    static func engine(of root: LayoutItem) -> LayoutEngine {
        if let engine = root.ownedEngine { return engine }
        let engine = LayoutEngine(root: root)
        root.ownedEngine = engine
        return engine
    }

    // MARK: Installing constraints

    /// Installs a constraint in the engine of its items' tree and, when `notifies`, tells the
    /// item it is installed on (and that item's parent) that its constraints changed; a batch
    /// activation tells each item itself once a run of constraints on it is in.
    ///
    /// - Returns: The item the constraint is installed on.
    @discardableResult
    static func install(_ constraint: LayoutConstraint, notifies: Bool = true)
        throws(LayoutError) -> LayoutItem
    {
        let ancestor = try installationItem(of: constraint)
        try install(constraint, at: ancestor, notifies: notifies)
        return ancestor
    }

    /// Installs a constraint on the item ``installationItem(of:)`` found for it, in the engine
    /// of that item's tree.
    static func install(_ constraint: LayoutConstraint, at ancestor: LayoutItem, notifies: Bool)
        throws(LayoutError)
    {
        // An item with variables is in the engine of its tree's root.
        let engine = ancestor.engine ?? engine(of: ancestor.root)
        try engine.install(constraint, on: ancestor, notifies: notifies)
    }

    /// Checks that a constraint can be installed and returns the item it is installed on: the
    /// nearest common ancestor of its items. This reads the constraint and its items' places
    /// in the tree, and nothing of any engine.
    static func installationItem(of constraint: LayoutConstraint) throws(LayoutError)
        -> LayoutItem
    {
        try constraint.validate()
        guard let first = constraint.firstItemStorage else {
            throw missingItem(constraint)
        }
        guard constraint.priority.isValid else {
            throw LayoutError(
                code: .invalidPriority,
                message:
                    "constraint \"\(constraint.description)\" has priority \(constraint.priority); "
                    + "use a value in 1...1000",
                conflicts: [
                    LayoutError.Conflict(
                        id: ObjectIdentifier(constraint), description: constraint.description)
                ])
        }
        guard constraint.secondAttribute != .notAnAttribute else {
            return first.takeUnretainedValue()
        }
        guard let second = constraint.secondItemStorage else {
            throw missingItem(constraint)
        }
        guard let common = LayoutItem.nearestCommonAncestor(first, second) else {
            throw LayoutError(
                code: .noCommonAncestor,
                message:
                    "constraint \"\(constraint.description)\" relates items in different trees; "
                    + "add both to one tree (addChild) before activating it",
                conflicts: [
                    LayoutError.Conflict(
                        id: ObjectIdentifier(constraint), description: constraint.description)
                ])
        }
        return common.takeUnretainedValue()
    }

    /// Installs a constraint on `ancestor`, the nearest common ancestor of its items.
    func install(_ constraint: LayoutConstraint, on ancestor: LayoutItem, notifies: Bool = true)
        throws(LayoutError)
    {
        // The solver keeps the constraint as its terms, with no solver constraint object.
        constraint.solverRecord = try solver.add(
            terms: try solverTerms(of: constraint), constant: -constraint.constant,
            implementing: constraint)
        constraint.engine = self
        constraint.installationItem = ancestor
        ancestor.installedConstraints.append(constraint)
        if notifies { ancestor.notifyConstraintsChanged() }
        installationCount &+= 1
        constraint.installationOrder = installationCount
    }

    /// Removes an active constraint.
    func uninstall(_ constraint: LayoutConstraint) {
        if constraint.solverRecord >= 0 {
            try? solver.removeLayoutConstraint(record: constraint.solverRecord)
        }
        constraint.installationItem?.installedConstraints.remove(constraint)
        constraint.installationItem?.notifyConstraintsChanged()
        constraint.engine = nil
        constraint.solverRecord = -1
        constraint.installationItem = nil
    }

    /// Reinstalls an active constraint (after its priority or an item's direction changed); on
    /// failure it stays inactive with the error in `lastError`.
    func reinstall(_ constraint: LayoutConstraint) {
        uninstall(constraint)
        do {
            try LayoutEngine.install(constraint)
        } catch {
            constraint.lastError = error
        }
    }

    // MARK: Changes to constraints

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard constraint.solverRecord >= 0 else { return }
        do {
            // The solver's constant is that of lhs - rhs, where rhs carries +constant.
            try solver.setConstant(-constraint.constant, ofLayoutRecord: constraint.solverRecord)
            constraint.installationItem?.notifyConstraintsChanged()
        } catch {
            uninstall(constraint)
            constraint.lastError = error
        }
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        reinstall(constraint)
    }

    // MARK: Items

    func slot(for item: LayoutItem) throws(LayoutError) -> ItemSlot {
        if item.engine !== self || item.slot == nil { try register(item) }
        return item.slot.unsafelyUnwrapped
    }

    func variables(for item: LayoutItem) throws(LayoutError) -> ItemVariables {
        // The variables are read in place: `unsafelyUnwrapped` would copy the slot, retaining
        // and releasing its lists.
        if item.isIn(self), let variables = item.slot?.variables { return variables }
        return try register(item)
    }

    func variables(forUnretained item: Unmanaged<LayoutItem>) throws(LayoutError)
        -> ItemVariables
    {
        let known = item._withUnsafeGuaranteedRef { $0.isIn(self) ? $0.slot?.variables : nil }
        if let known { return known }
        return try register(item.takeUnretainedValue())
    }

    func store(_ slot: ItemSlot, for item: LayoutItem) {
        item.slot = slot
    }

    /// Gives an item variables here, with its generated constraints; returns the variables.
    @discardableResult
    private func register(_ item: LayoutItem) throws(LayoutError) -> ItemVariables {
        let slot = makeSlot(for: item)
        item.slot = slot
        item.engine = self
        try addGenerated(item)
        return slot.variables
    }

    /// Adds an item's pins or intrinsic constraints: a root sits at the origin of its own
    /// space, with its size pinned if it translates its frame; another item translating its
    /// frame is pinned to its pin anchor (see `pinAnchor(for:below:)`); an item placed by
    /// constraints gets hugging and compression resistance for its intrinsic size.
    func addGenerated(_ item: LayoutItem) throws(LayoutError) {
        // The slot is changed in place and read through its variables, which hold no
        // references: copying it whole would retain and release its lists.
        guard let s = item.slot?.variables else { return }
        if item.parent == nil {
            item.slot?.pins = makePins(
                for: item, s, anchor: nil, offset: .zero,
                pinsSize: item.translatesFrameIntoConstraints)
        } else if item.translatesFrameIntoConstraints {
            let (anchor, offset) = pinAnchor(for: item, below: root)
            let anchorVariables = try anchor.map { (a) throws(LayoutError) in try variables(for: a)
            }
            item.slot?.pins = makePins(
                for: item, s, anchor: anchorVariables, offset: offset, pinsSize: true)
        }
        if !item.translatesFrameIntoConstraints {
            item.slot?.intrinsic = makeIntrinsic(for: item, s)
        }
        for constraint in item.slot?.pins ?? [] { try solver.add(constraint) }
        for constraint in item.slot?.intrinsic ?? [] { try solver.add(constraint) }
    }

    /// Removes an item's pins and intrinsic constraints.
    func removeGenerated(_ item: LayoutItem) {
        guard var s = item.slot else { return }
        for constraint in s.pins + s.intrinsic where solver.contains(constraint) {
            try? solver.remove(constraint)
        }
        s.pins = []
        s.intrinsic = []
        item.slot = s
    }

    /// Takes an item out of the engine; its constraints must already be uninstalled.
    func unregister(_ item: LayoutItem) {
        removeGenerated(item)
        if let s = item.slot {
            if let baseline = s.firstBaseline { try? solver.remove(baseline.placement) }
            if let baseline = s.lastBaseline { try? solver.remove(baseline.placement) }
        }
    }

    /// Releases the variables of items taken out of the engine, once nothing refers to them.
    func releaseVariables(of items: [LayoutItem]) {
        for item in items {
            guard let s = item.slot else { continue }
            var variables = [s.left, s.top, s.width, s.height]
            if let baseline = s.firstBaseline { variables.append(baseline.variable) }
            if let baseline = s.lastBaseline { variables.append(baseline.variable) }
            for variable in variables { try? solver.releaseVariable(variable) }
            item.slot = nil
            item.engine = nil
        }
    }
}
