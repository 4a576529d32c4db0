import Synchronization

extension LayoutConstraint {
    /// Activates constraints, as `NSLayoutConstraint.activate(_:)`: each is installed in the
    /// engine of its items' tree, on their nearest common ancestor. Already active constraints
    /// are left alone.
    ///
    /// Activation is all or nothing: when one constraint cannot be activated, those activated
    /// by this call are deactivated again and the error is thrown.
    ///
    /// - Throws: ``LayoutError`` with code `unsatisfiable` (naming the required constraints in
    ///   conflict), `noCommonAncestor` for items in different trees or an item that no longer
    ///   exists, `incompatibleAttributes`, `invalidPriority` or `invalidNumber`.
    /// - Complexity: O(depth of the tree) per constraint to find its common ancestor, plus the
    ///   solver's work.
    public static func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        var activated: [LayoutConstraint] = []
        activated.reserveCapacity(constraints.count)
        // A large batch usually goes to one engine: the first constraint it installs makes
        // room there for the others it will install (not for those already active).
        let installing =
            constraints.count >= minimumReservingBatch
            ? constraints.count(where: { !$0.isActive }) : 0
        // The items the constraints are installed on, each told once, once all are in. After
        // a failure, undoing the activated constraints tells their items.
        var told = TellingList()
        for constraint in constraints where !constraint.isActive {
            do {
                told.add(try LayoutEngine.install(constraint, notifies: false))
                constraint.lastError = nil
                activated.append(constraint)
                if activated.count == 1, installing >= minimumReservingBatch {
                    constraint.engine?.solver.state.reserveCapacity(
                        forConstraints: installing - 1)
                }
            } catch {
                for done in activated.reversed() { done.engine?.uninstall(done) }
                throw error
            }
        }
        told.tell()
    }

    /// The fewest constraints a batch installs for it to make room in the solver at once.
    static let minimumReservingBatch = 256

    /// Deactivates constraints, as `NSLayoutConstraint.deactivate(_:)`. Inactive constraints
    /// are left alone.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.engine?.uninstall(constraint) }
    }
}

/// The items a batch of constraints was installed on, each listed once, in the order they first
/// got one, to be told of their constraints once the batch is in: a container's constraints
/// alternate between the container and its children, and telling an item again for each run
/// costs as much as the runs, not the items.
///
/// An item is marked with the batch's number when listed; numbers come from a counter shared
/// by all threads, so two batches activated at once (on two trees) never share one.
struct TellingList {
    private let batch = TellingList.nextBatch()
    /// The items listed, unretained: the constraints' owners keep them alive.
    private(set) var items: [Unmanaged<LayoutItem>] = []

    /// Lists an item unless it is listed.
    mutating func add(_ item: LayoutItem) {
        guard item.toldInBatch != batch else { return }
        item.toldInBatch = batch
        items.append(Unmanaged.passUnretained(item))
    }

    /// Tells each item listed, in order.
    func tell() {
        for item in items { item._withUnsafeGuaranteedRef { $0.notifyConstraintsChanged() } }
    }

    private static let counter = Atomic<UInt32>(0)

    /// A batch number never handed out before (0 is no batch's), until 4 billion batches wrap.
    private static func nextBatch() -> UInt32 {
        let number = counter.add(1, ordering: .relaxed).newValue
        return number == 0 ? counter.add(1, ordering: .relaxed).newValue : number
    }
}
