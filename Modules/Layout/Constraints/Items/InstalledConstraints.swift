/// The constraints installed on an item, in the order they were installed: the first in place,
/// the others in an ``ObjectList``. Most items hold one constraint (their own width or height)
/// or none, and a list of one takes an allocation, which a scene of ten thousand such items
/// makes on the thread that activates its constraints.
struct InstalledConstraints {
    /// The first constraint installed, until it is removed; constraints installed after it go
    /// to `others`, and to `others` too once `others` holds any, so that the order holds.
    private var first: LayoutConstraint?
    private var others = ObjectList<InstalledConstraintPosition>()

    /// The position stored in the constraint held in `first` (no list has it).
    private static let firstPosition = -2

    /// Whether no constraint is installed.
    var isEmpty: Bool { first == nil && others.isEmpty }

    /// The constraints in the order they were installed.
    var elements: [LayoutConstraint] {
        mutating get {
            guard let first else { return others.elements }
            return [first] + others.elements
        }
    }

    /// Adds a constraint after the others.
    mutating func append(_ constraint: LayoutConstraint) {
        if first == nil && others.isEmpty {
            first = constraint
            InstalledConstraintPosition.setPosition(Self.firstPosition, of: constraint)
        } else {
            others.append(constraint)
        }
    }

    /// Removes a constraint; does nothing if it is not here.
    mutating func remove(_ constraint: LayoutConstraint) {
        if let first, first === constraint {
            self.first = nil
            InstalledConstraintPosition.setPosition(-1, of: constraint)
        } else {
            others.remove(constraint)
        }
    }

    /// Calls `body` with each constraint in order.
    func visitElements(_ body: (LayoutConstraint) -> Void) {
        if let first { body(first) }
        others.visitElements(body)
    }
}
