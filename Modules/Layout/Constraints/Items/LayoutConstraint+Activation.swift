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
        // The item the current run of constraints is installed on: a container's constraints
        // come in a run, and the item is told of the change once the run is in. After a
        // failure, undoing the activated constraints tells their items.
        var run: LayoutItem?
        for constraint in constraints where !constraint.isActive {
            do {
                let item = try LayoutEngine.install(constraint, notifies: false)
                if item !== run {
                    run?.notifyConstraintsChanged()
                    run = item
                }
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
        run?.notifyConstraintsChanged()
    }

    /// The fewest constraints a batch installs for it to make room in the solver at once.
    static let minimumReservingBatch = 256

    /// Deactivates constraints, as `NSLayoutConstraint.deactivate(_:)`. Inactive constraints
    /// are left alone.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.engine?.uninstall(constraint) }
    }
}
