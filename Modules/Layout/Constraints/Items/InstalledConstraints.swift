/// The constraints installed on an item, in the order they were installed: a lone constraint in
/// place, two or more in an ``ObjectList``. Most items hold one constraint (their own width or
/// height) or none, and a list of one takes an allocation, which a scene of ten thousand such
/// items makes on the thread that activates its constraints.
struct InstalledConstraints {
    /// The item's only constraint; `nil` when it has none or several (then all in `others`).
    private var only: LayoutConstraint?
    private var others = ObjectList<InstalledConstraintPosition>()

    /// The position stored in the constraint held in `only` (no list has it).
    private static let onlyPosition = -2

    /// Whether no constraint is installed.
    var isEmpty: Bool { only == nil && others.isEmpty }

    /// The constraints in the order they were installed.
    ///
    /// - Complexity: O(1), or O(n) once after constraints were removed.
    var elements: [LayoutConstraint] {
        mutating get {
            if let only { return [only] }
            return others.elements
        }
    }

    /// Adds a constraint after the others.
    mutating func append(_ constraint: LayoutConstraint) {
        if let only {
            // A second constraint: both go to the list, in order.
            self.only = nil
            others.append(only)
            others.append(constraint)
        } else if others.isEmpty {
            only = constraint
            InstalledConstraintPosition.setPosition(Self.onlyPosition, of: constraint)
        } else {
            others.append(constraint)
        }
    }

    /// Removes a constraint; does nothing if it is not here.
    mutating func remove(_ constraint: LayoutConstraint) {
        if let only, only === constraint {
            self.only = nil
            InstalledConstraintPosition.setPosition(-1, of: constraint)
        } else {
            others.remove(constraint)
        }
    }

    /// Calls `body` with each constraint in order.
    func visitElements(_ body: (LayoutConstraint) -> Void) {
        if let only { body(only) }
        others.visitElements(body)
    }
}
