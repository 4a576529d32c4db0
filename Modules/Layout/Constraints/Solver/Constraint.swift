/// A linear constraint for a ``ConstraintSolver``: `lhs (relation) rhs` at a priority.
///
/// A constraint is an object: adding the same one twice is an error, and it is removed by
/// identity. A required constraint (priority 1000) must hold; an optional one is satisfied as
/// well as its priority allows — an optional `a == b` minimises `|a - b|`, an optional `a <= b`
/// minimises `max(0, a - b)` — and a higher priority strictly dominates any number of lower ones.
///
/// ```swift
/// let solver = ConstraintSolver()
/// let x = solver.makeVariable("x"), y = solver.makeVariable("y")
/// let gap = Constraint(y, .equal, x + 10)
/// try solver.add(gap)
/// try solver.add(Constraint(x, .greaterThanOrEqual, 20, priority: .defaultHigh))
/// solver.updateVariables()
/// solver.value(of: y)        // 30
/// ```
public final class Constraint {
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    // The fields adding a constraint reads come first, to share cache lines.

    /// `lhs - rhs` without its constant, each variable once, zero coefficients dropped.
    let linearTerms: TermBuffer
    /// The constant of `lhs - rhs`: for `y == x + 10` it is -10. The solver changes it in
    /// ``ConstraintSolver/setConstant(_:of:)``.
    @exclusivity(unchecked) public internal(set) var constant: Double
    /// How the sides relate.
    public let relation: LayoutRelation
    /// The priority; 1000 is required.
    public let priority: LayoutPriority
    /// Whether every coefficient and the constant are finite and within
    /// ``ConstraintSolver/maximumMagnitude``.
    let hasValidNumbers: Bool
    /// Where the constraint is installed: the solver's id and the record, or -1.
    @exclusivity(unchecked) var solverID: UInt32 = 0
    @exclusivity(unchecked) var record: Int32 = -1

    /// The sides as written, for a constraint made from expressions; `nil` for one the layout
    /// engine made from its terms, which describes itself through its ``label``. Kept out of
    /// line: a scene's tens of thousands of engine constraints never have them, and inline they
    /// took a sixth of each constraint's memory.
    private let written: WrittenSides?
    /// The left side as written (for a constraint made from its terms: the terms).
    public var lhs: LinearExpression {
        if let written { return written.lhs }
        var terms: [LinearTerm] = []
        for index in 0..<linearTerms.count { terms.append(linearTerms[index]) }
        return LinearExpression(terms: terms)
    }
    /// The right side as written (for a constraint made from its terms: the negated constant).
    public var rhs: LinearExpression {
        written?.rhs ?? LinearExpression(constant: -constant)
    }

    /// The two sides of a constraint made from expressions.
    private final class WrittenSides {
        let lhs: LinearExpression
        let rhs: LinearExpression

        init(_ lhs: LinearExpression, _ rhs: LinearExpression) {
            self.lhs = lhs
            self.rhs = rhs
        }
    }
    /// A name shown in descriptions and errors.
    @exclusivity(unchecked) public var identifier: String?
    /// The object errors name instead of this one: the layout constraint it implements in the
    /// solver of a fitting-size computation, which lasts only while the layout constraint does
    /// (an engine adds layout constraints without solver constraints, see
    /// ``RecordOwner/layout(_:)``). Not a weak reference: a weakly referenced object takes the
    /// runtime's slow path for every retain and release.
    @exclusivity(unchecked) unowned(unsafe) var owner: AnyObject?
    /// How errors describe the constraint when set; its text is built only when asked for.
    @exclusivity(unchecked) var label: ConstraintLabel?

    /// Creates the constraint `lhs (relation) rhs` at a priority.
    ///
    /// - Complexity: O(n²) in the number of terms, which is small.
    public convenience init(
        _ lhs: some LinearExpressionConvertible, _ relation: LayoutRelation,
        _ rhs: some LinearExpressionConvertible, priority: LayoutPriority = .required
    ) {
        let left = lhs.linearExpression
        let right = rhs.linearExpression
        // lhs - rhs, each variable once, in the order of first appearance; built in place,
        // without the intermediate arrays of expression arithmetic.
        var summed = TermBuffer()
        for term in left.terms { summed.add(term.coefficient, of: term.variable) }
        for term in right.terms { summed.add(-term.coefficient, of: term.variable) }
        self.init(
            summed: summed, constant: left.constant - right.constant, relation: relation,
            priority: priority, written: (left, right))
    }

    /// Creates the constraint `terms + constant (relation) 0` from terms that name each
    /// variable once, without keeping sides as written: the layout engine's constraints, which
    /// describe themselves through their labels.
    init(
        summed: TermBuffer, constant: Double, relation: LayoutRelation, priority: LayoutPriority,
        written: (lhs: LinearExpression, rhs: LinearExpression)? = nil
    ) {
        self.written = written.map { WrittenSides($0.lhs, $0.rhs) }
        self.relation = relation
        self.priority = priority
        self.constant = constant
        (linearTerms, hasValidNumbers) = Constraint.nonzeroTerms(of: summed, constant: constant)
    }

    /// The terms without those whose coefficient is zero, and whether every coefficient and
    /// the constant are finite and within ``ConstraintSolver/maximumMagnitude``.
    static func nonzeroTerms(of summed: TermBuffer, constant: Double) -> (TermBuffer, Bool) {
        var buffer = TermBuffer()
        var valid = isValidNumber(constant)
        for index in 0..<summed.count where summed[index].coefficient != 0 {
            buffer.append(summed[index])
            valid = valid && isValidNumber(summed[index].coefficient)
        }
        return (buffer, valid)
    }

    static func isValidNumber(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= ConstraintSolver.maximumMagnitude
    }
}

extension Constraint: CustomStringConvertible {
    /// The constraint as written, with variables as `v<index>` (a solver names them:
    /// ``ConstraintSolver/describe(_:)``).
    public var description: String {
        describe { "v\($0.index)" }
    }

    /// The constraint with variables named by `name`.
    func describe(_ name: (Variable) -> String) -> String {
        if let text = label?.text(owner: owner) { return text }
        func side(_ e: LinearExpression) -> String {
            var parts: [String] = []
            for term in e.terms {
                let n = name(term.variable)
                let c = term.coefficient
                let magnitude = abs(c) == 1 ? n : "\(formatNumber(abs(c)))·\(n)"
                if parts.isEmpty {
                    parts.append(c < 0 ? "-" + magnitude : magnitude)
                } else {
                    parts.append((c < 0 ? "- " : "+ ") + magnitude)
                }
            }
            if e.constant != 0 || parts.isEmpty {
                if parts.isEmpty {
                    parts.append(formatNumber(e.constant))
                } else {
                    parts.append((e.constant < 0 ? "- " : "+ ") + formatNumber(abs(e.constant)))
                }
            }
            return parts.joined(separator: " ")
        }
        var right = rhs
        right.constant = lhs.constant - constant
        var text = side(lhs) + " " + relation.symbol + " " + side(right)
        if !priority.isRequired { text += " @" + priority.description }
        if let identifier { text = "\(identifier): " + text }
        return text
    }
}

/// Formats a number without a trailing `.0` when it is whole.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}

/// What a constraint made by the layout engine or the solver stands for, so that errors can
/// describe it in the user's terms; the text is only built when an error or a description
/// needs it, never for every constraint added. Its cases with text are boxed (`indirect`): a
/// layout constraint's label is `owner`, and an inline payload would add 48 bytes to each.
indirect enum ConstraintLabel {
    /// A fixed text.
    case text(String)
    /// The layout constraint the solver constraint implements: its owner's description.
    case owner
    /// One side of a translating item's frame: `left`, `top`, `width` or `height`.
    case framePin(item: String?, part: String)
    /// Content hugging or compression resistance of an intrinsic dimension.
    case intrinsic(
        item: String?, dimension: String, value: Double, priority: LayoutPriority, hugs: Bool)
    /// The placement of a baseline relative to the item's top.
    case baseline(item: String?, first: Bool)

    /// The text, or `nil` when it names an owner that is gone.
    func text(owner: AnyObject?) -> String? {
        switch self {
        case .text(let text):
            return text
        case .owner:
            return (owner as? CustomStringConvertible)?.description
        case .framePin(let item, let part):
            return "\(item ?? "item").\(part) from its frame (set translatesFrameIntoConstraints = "
                + "false to place it with constraints)"
        case .intrinsic(let item, let dimension, let value, let priority, let hugs):
            let relation = hugs ? "<=" : ">="
            let kind = hugs ? "content hugging" : "compression resistance"
            return
                "\(item ?? "item").\(dimension) \(relation) \(formatNumber(value)) (\(kind)) @\(priority)"
        case .baseline(let item, let first):
            return "\(item ?? "item").\(first ? "firstBaseline" : "lastBaseline") (offset from top)"
        }
    }
}
