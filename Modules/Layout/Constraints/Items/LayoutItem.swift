public import TrellisGeometry

/// A rectangle laid out by constraints: the layout half of a view.
///
/// Items form a tree, as views do. Constraints between an item and its parent or its siblings
/// are installed in an engine that belongs to the root of the tree; the engine solves every
/// position in the root's coordinate space and ``layoutIfNeeded()`` writes each item's
/// ``frame`` (relative to its parent) and ``frameInRoot``.
///
/// An item whose ``translatesFrameIntoConstraints`` is `true` (the default, as in UIKit) keeps
/// the frame its owner sets, and constraints see that frame as fixed; set it to `false` for an
/// item the constraints should place. The root of a tree usually keeps it `true`: its frame's
/// size is the size of the canvas.
///
/// ```swift
/// let root = LayoutItem(identifier: "root")
/// root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
/// let button = LayoutItem(identifier: "button")
/// button.translatesFrameIntoConstraints = false
/// root.addChild(button)
/// try LayoutConstraint.activate([
///     button.centerXAnchor.constraint(equalTo: root.centerXAnchor),
///     button.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -22.5),
///     button.widthAnchor.constraint(equalToConstant: 75),
///     button.heightAnchor.constraint(equalToConstant: 45),
/// ])
/// root.layoutIfNeeded()
/// button.frame  // (122.5, 195, 75, 45)
/// ```
public final class LayoutItem {
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    /// A name used in descriptions, errors and the textual constraint form.
    @exclusivity(unchecked) public var identifier: String?

    /// The parent item, or `nil` for the root of a tree.
    ///
    /// Not counted: the parent holds this item in its ``children``, and clears it in the
    /// children it still has when it goes away. (A weak reference would give every item a side
    /// table, which makes every retain and release of it several times slower.)
    public private(set) var parent: LayoutItem? {
        get { parentStorage?.takeUnretainedValue() }
        set { parentStorage = newValue.map(Unmanaged.passUnretained) }
    }
    /// The parent, unretained: walks up the tree read and compare through it without taking
    /// a reference to each ancestor, which costs more than the walk.
    @exclusivity(unchecked) private(set) var parentStorage: Unmanaged<LayoutItem>?

    /// The child items, in the order they were added.
    ///
    /// - Complexity: O(1), or O(n) once after children were removed.
    public var children: [LayoutItem] { childList.elements }

    /// The children, with their positions for removal in O(1).
    @exclusivity(unchecked) private var childList = ObjectList<LayoutItemChildPosition>()

    /// The number of children.
    var childCount: Int { childList.count }
    /// Whether some child is placed by constraints rather than translating its frame.
    package var hasChildPlacedByConstraints: Bool {
        var found = false
        childList.visitElements { child in
            if !child.translatesFrameIntoConstraints { found = true }
        }
        return found
    }
    /// Calls `body` with each child in order, without making an array of them.
    func visitChildren(_ body: (LayoutItem) -> Void) { childList.visitElements(body) }
    /// The item's position in its parent's ``children``.
    @exclusivity(unchecked) var positionInParent = -1

    /// The rectangle in the parent's coordinate space.
    ///
    /// Set it for an item that translates its frame into constraints; for an item placed by
    /// constraints, ``layoutIfNeeded()`` overwrites it.
    @exclusivity(unchecked) public var frame: Rect = .zero {
        didSet {
            guard frame != oldValue else { return }
            guard translatesFrameIntoConstraints else {
                // A frame set by hand on an item the constraints place is overwritten again at
                // the next layout pass.
                engine?.needsPlacement = true
                return
            }
            // Items below may be pinned through this one even when it has no variables.
            root.ownedEngine?.frameDidChange(self)
        }
    }

    /// The direction leading and trailing resolve against: the item's own, else the nearest
    /// ancestor's, else left to right.
    public var effectiveLayoutDirection: LayoutDirection {
        if let direction = layoutDirection { return direction }
        var next = parentStorage
        while let current = next {
            let (direction, parent) = current._withUnsafeGuaranteedRef {
                ($0.layoutDirection, $0.parentStorage)
            }
            if let direction { return direction }
            next = parent
        }
        return .leftToRight
    }

    /// The constraints installed on this item: those whose nearest common ancestor is this
    /// item, as `UIView.constraints`.
    ///
    /// - Complexity: O(1), or O(n) once after constraints were removed.
    public var constraints: [LayoutConstraint] { installedConstraints.elements }

    /// The constraints installed on this item, with their positions for removal in O(1).
    @exclusivity(unchecked) var installedConstraints = InstalledConstraints()

    /// Called when a constraint installed on this item or one of its children is activated,
    /// deactivated or changed, so that the owner of the item (a view) can schedule layout.
    /// Activating several constraints at once calls it once for each item they are installed
    /// on (and once for that item's parent), after all of them are in, in the order the items
    /// first got one.
    @exclusivity(unchecked) public var constraintsDidChange: (() -> Void)?

    /// The batch activation that last listed this item to be told of its constraints (see
    /// ``TellingList``).
    @exclusivity(unchecked) var toldInBatch: UInt32 = 0

    // The two one-byte properties below follow the four bytes above, in what would be padding:
    // stored properties are laid out in the order they are declared.
    /// Whether the item's ``frame`` is fixed, as constraints the engine makes, instead of being
    /// computed from constraints (UIKit's `translatesAutoresizingMaskIntoConstraints`).
    @exclusivity(unchecked) public var translatesFrameIntoConstraints = true {
        didSet {
            guard translatesFrameIntoConstraints != oldValue else { return }
            root.ownedEngine?.translationDidChange(self)
        }
    }

    /// ``frame`` and ``translatesFrameIntoConstraints``, for the modules built on this one:
    /// another module's access to a stored property is checked for exclusivity at run time
    /// whatever its attribute says, and a layout pass reads them for every item it places.
    package var placement: (frame: Rect, translatesFrame: Bool) {
        (frame, translatesFrameIntoConstraints)
    }

    /// Sets ``frame`` (see ``placement``).
    package func setFrame(_ newFrame: Rect) {
        frame = newFrame
    }

    /// The item's own layout direction, or `nil` to inherit its parent's.
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection? {
        didSet {
            guard layoutDirection != oldValue else { return }
            engine?.directionDidChange(self)
        }
    }

    /// The error from the last change to this item's frame, intrinsic size or priorities that
    /// the engine could not apply (the change is then not in effect).
    public internal(set) var lastError: LayoutError? {
        get { lastErrorBox?.value }
        set { lastErrorBox = newValue.map(OutOfLine.init) }
    }
    /// ``lastError``, boxed (see ``LayoutConstraint/lastError``).
    @exclusivity(unchecked) private var lastErrorBox: OutOfLine<LayoutError>?

    // Engine state.

    /// The engine of this item's tree, when this item has variables in it: cleared when the
    /// item leaves the engine, or when the root that owns the engine goes away. Not a weak
    /// reference, which would send every retain and release of the engine down the runtime's
    /// slow path.
    var engine: LayoutEngine? {
        get { engineStorage?.takeUnretainedValue() }
        set { engineStorage = newValue.map(Unmanaged.passUnretained) }
    }
    /// ``engine``, unretained, so that asking whether the item is in an engine takes no
    /// reference to the engine.
    @exclusivity(unchecked) private var engineStorage: Unmanaged<LayoutEngine>?

    /// Whether the item has variables in `engine`.
    @inline(__always)
    func isIn(_ engine: LayoutEngine) -> Bool {
        engineStorage?.toOpaque() == Unmanaged.passUnretained(engine).toOpaque()
    }
    /// The engine this item owns as the root of a tree.
    @exclusivity(unchecked) var ownedEngine: LayoutEngine?
    /// The item's variables and generated constraints in ``engine``.
    @exclusivity(unchecked) var slot: ItemSlot?
    /// The active constraints that refer to this item: those whose first item it is, then
    /// those whose second item it is (and not also the first), each in the order they were
    /// installed. Found among ``namingConstraints``, which every constraint joins when it is
    /// made: keeping lists of the active ones as well cost every activation two more appends.
    ///
    /// - Complexity: O(k log k) in the number of constraints that name the item.
    var referencingConstraints: [LayoutConstraint] {
        var asFirst: [LayoutConstraint] = []
        var asSecond: [LayoutConstraint] = []
        namingConstraints.visit { constraint, isSecond in
            if constraint.engine != nil {
                if isSecond {
                    asSecond.append(constraint)
                } else {
                    asFirst.append(constraint)
                }
            }
            return true
        }
        asFirst.sort { $0.installationOrder < $1.installationOrder }
        asSecond.sort { $0.installationOrder < $1.installationOrder }
        return asFirst + asSecond
    }

    /// Whether an active constraint refers to this item.
    var hasReferencingConstraints: Bool {
        !namingConstraints.visit { constraint, _ in constraint.engine == nil }
    }

    // Intrinsic size and priorities.
    @exclusivity(unchecked) var storedIntrinsicContentSize = Size(
        width: LayoutItem.noIntrinsicMetric, height: LayoutItem.noIntrinsicMetric)
    @exclusivity(unchecked) var huggingPriorities:
        (horizontal: LayoutPriority, vertical: LayoutPriority) = (250, 250)
    @exclusivity(unchecked) var compressionPriorities:
        (horizontal: LayoutPriority, vertical: LayoutPriority) = (750, 750)
    var baselineOffsets: (first: Double?, last: Double?) {
        get { baselineBox?.value ?? (nil, nil) }
        set {
            baselineBox =
                newValue.first == nil && newValue.last == nil ? nil : OutOfLine(newValue)
        }
    }
    /// ``baselineOffsets``, out of line: only items with text have them, and each item would
    /// carry their 32 bytes.
    @exclusivity(unchecked) private var baselineBox: OutOfLine<(first: Double?, last: Double?)>?

    /// Tells the owners of this item and its parent that the constraints placing its children
    /// or itself changed.
    func notifyConstraintsChanged() {
        constraintsDidChange?()
        parentStorage?._withUnsafeGuaranteedRef { $0.constraintsDidChange?() }
    }

    /// Creates an item with no parent and a zero frame.
    public init(identifier: String? = nil) {
        self.identifier = identifier
    }

    /// Every constraint that names this item, active or not, unretained: a list that runs
    /// through the constraints themselves, so that making a constraint allocates nothing for
    /// its items.
    ///
    /// The items of a constraint are not retained (as in UIKit) and must read `nil` once gone.
    /// Weak references would do that, but give every item a side table, which makes every
    /// retain and release of it several times slower; instead a constraint leaves its items'
    /// lists when it goes away, and an item clears the references to it of the constraints
    /// listed here when it goes away first.
    @exclusivity(unchecked) private var namingConstraints = NamingLink.none

    /// Adds a constraint that names this item as its first item, or as its second and not its
    /// first.
    func addNamingConstraint(_ constraint: LayoutConstraint, asSecond: Bool) {
        NamingLink.insert(constraint, asSecond: asSecond, at: &namingConstraints)
    }

    /// Removes a constraint added by ``addNamingConstraint(_:asSecond:)``.
    func removeNamingConstraint(_ constraint: LayoutConstraint, asSecond: Bool) {
        NamingLink.remove(constraint, asSecond: asSecond, from: &namingConstraints)
    }

    deinit {
        if let ownedEngine { forgetEngine(ownedEngine) }
        childList.visitElements { $0.parent = nil }
        installedConstraints.visitElements { $0.installationItem = nil }
        namingConstraints.visit { constraint, _ in
            constraint.clearReferences(to: self)
            return true
        }
    }

    /// Clears the references to an engine that is going away, with the root that owns it, from
    /// the items of the tree and the constraints installed on them, which may outlive it.
    private func forgetEngine(_ engine: LayoutEngine) {
        func forget(_ item: LayoutItem) {
            if item.engine === engine { item.engine = nil }
            item.installedConstraints.visitElements { constraint in
                if constraint.engine === engine {
                    constraint.engine = nil
                    constraint.solverRecord = -1
                }
            }
        }
        forget(self)
        var pending: [LayoutItem] = []
        childList.visitElements { pending.append($0) }
        while let item = pending.popLast() {
            forget(item)
            item.childList.visitElements { pending.append($0) }
        }
    }

    // MARK: The tree

    /// The root of the item's tree.
    public var root: LayoutItem {
        guard var current = parentStorage else { return self }
        while let parent = LayoutItem.parent(of: current) { current = parent }
        return current.takeUnretainedValue()
    }

    /// The parent of an item held unretained, unretained: a step of a walk up the tree that
    /// takes no reference to anything.
    @inline(__always)
    static func parent(of item: Unmanaged<LayoutItem>) -> Unmanaged<LayoutItem>? {
        item._withUnsafeGuaranteedRef { $0.parentStorage }
    }

    /// Whether `item` is this item or one of its ancestors.
    public func isDescendant(of item: LayoutItem) -> Bool {
        let target = Unmanaged.passUnretained(item).toOpaque()
        var next: Unmanaged<LayoutItem>? = Unmanaged.passUnretained(self)
        while let current = next {
            if current.toOpaque() == target { return true }
            next = LayoutItem.parent(of: current)
        }
        return false
    }

    /// Adds a child at the end, removing it from its previous parent first, as `addSubview`.
    ///
    /// Constraints inside the child's subtree stay active and move to this tree's engine;
    /// constraints between the child's subtree and its old tree are deactivated. Adding this
    /// item or one of its ancestors does nothing: a tree cannot contain itself.
    public func addChild(_ child: LayoutItem) {
        insertChild(child, at: children.count)
    }

    /// Inserts a child at an index (clamped to the valid range); see ``addChild(_:)``.
    public func insertChild(_ child: LayoutItem, at index: Int) {
        // An item without children is nobody's ancestor: only itself would make a cycle.
        guard child !== self, child.childCount == 0 || !isDescendant(of: child) else { return }
        if child.parent != nil { child.removeFromParent() }
        let moving = LayoutEngine.detachSubtree(child)
        child.parent = self
        if index >= childList.count {
            childList.append(child)
        } else {
            childList.insert(child, at: index)
        }
        LayoutEngine.reattach(moving)
        root.ownedEngine?.needsPlacement = true
    }

    /// Removes the item from its parent, as `removeFromSuperview`.
    ///
    /// Constraints between the item's subtree and the rest of the old tree are deactivated;
    /// constraints inside the subtree stay active in the subtree's own engine.
    public func removeFromParent() {
        guard let parent else { return }
        let moving = LayoutEngine.detachSubtree(self)
        parent.childList.remove(self)
        self.parent = nil
        LayoutEngine.reattach(moving)
        parent.root.ownedEngine?.needsPlacement = true
        ownedEngine?.needsPlacement = true
    }

    /// The items of the subtree rooted here, parents before children.
    func subtree() -> [LayoutItem] {
        var result: [LayoutItem] = [self]
        var i = 0
        while i < result.count {
            result.append(contentsOf: result[i].children)
            i += 1
        }
        return result
    }

    /// The nearest item that is an ancestor of (or equal to) both items, if any; the items are
    /// held unretained, and no reference to any is taken.
    static func nearestCommonAncestor(
        _ itemA: Unmanaged<LayoutItem>, _ itemB: Unmanaged<LayoutItem>
    ) -> Unmanaged<LayoutItem>? {
        // Most constraints relate siblings, or a child and its parent.
        if itemA.toOpaque() == itemB.toOpaque() { return itemA }
        let parentA = parent(of: itemA)
        if parentA?.toOpaque() == itemB.toOpaque() { return itemB }
        let parentB = parent(of: itemB)
        if parentB?.toOpaque() == itemA.toOpaque() { return itemA }
        if let parentA, parentA.toOpaque() == parentB?.toOpaque() { return parentA }
        func depth(of item: Unmanaged<LayoutItem>) -> Int {
            var depth = 0
            var next = parent(of: item)
            while let current = next {
                depth += 1
                next = parent(of: current)
            }
            return depth
        }
        var depthA = depth(of: itemA)
        var depthB = depth(of: itemB)
        var first: Unmanaged<LayoutItem>? = itemA
        var second: Unmanaged<LayoutItem>? = itemB
        while depthA > depthB, let current = first {
            first = parent(of: current)
            depthA -= 1
        }
        while depthB > depthA, let current = second {
            second = parent(of: current)
            depthB -= 1
        }
        while let f = first, let s = second {
            if f.toOpaque() == s.toOpaque() { return f }
            first = parent(of: f)
            second = parent(of: s)
        }
        return nil
    }
}

extension LayoutItem: CustomStringConvertible {
    /// The identifier and frame, such as `title (56, 12, 120, 18)`.
    public var description: String {
        "\(identifier ?? "item") \(frame)"
    }
}

/// A layout item's position among its parent's children.
enum LayoutItemChildPosition: ObjectListPosition {
    static func position(of element: LayoutItem) -> Int { element.positionInParent }
    static func setPosition(_ position: Int, of element: LayoutItem) {
        element.positionInParent = position
    }
    nonisolated(unsafe) static let placeholder = LayoutItem(identifier: "removed")
}
