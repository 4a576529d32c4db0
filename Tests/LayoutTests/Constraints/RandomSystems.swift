import TrellisLayout
import _TrellisTestSupport

/// A constraint described by value, so that the same system can be rebuilt in a fresh solver.
struct ConstraintSpec {
    var terms: [(index: Int, coefficient: Double)]
    var relation: LayoutRelation
    var constant: Double
    var priority: LayoutPriority

    /// `Σ terms + constant (relation) 0`.
    func make(_ variables: [Variable]) -> Constraint {
        var lhs = LinearExpression(constant: constant)
        for term in terms { lhs = lhs + term.coefficient * variables[term.index] }
        return Constraint(lhs, relation, 0, priority: priority)
    }

    /// Whether the values satisfy the constraint within `tolerance`.
    func holds(_ values: [Double], tolerance: Double = 1e-6) -> Bool {
        var sum = constant
        for term in terms { sum += term.coefficient * values[term.index] }
        switch relation {
        case .equal: return abs(sum) <= tolerance
        case .lessThanOrEqual: return sum <= tolerance
        case .greaterThanOrEqual: return sum >= -tolerance
        }
    }
}

/// Random systems over `count` variables, built around a hidden solution so that the required
/// constraints it generates as "consistent" can always hold.
struct RandomSystemGenerator {
    var rng: SeededGenerator
    let count: Int
    let hidden: [Double]

    init(seed: UInt64, count: Int) {
        var rng = SeededGenerator(seed: seed)
        self.count = count
        hidden = (0..<count).map { _ in Double(Int.random(in: 0...200, using: &rng)) }
        self.rng = rng
    }

    /// Optional anchors `x[j] == c` at distinct low priorities: the solution is then unique.
    mutating func anchors() -> [ConstraintSpec] {
        (0..<count).map { j in
            ConstraintSpec(
                terms: [(j, 1)], relation: .equal,
                constant: -Double(Int.random(in: 0...200, using: &rng)),
                priority: LayoutPriority(Float(10 + j)))
        }
    }

    /// A random constraint; required ones hold at the hidden solution when `consistent`.
    mutating func constraint(required: Bool, consistent: Bool) -> ConstraintSpec {
        let arity = Int.random(in: 1...3, using: &rng)
        var terms: [(index: Int, coefficient: Double)] = []
        var used = Set<Int>()
        for _ in 0..<arity {
            let j = Int.random(in: 0..<count, using: &rng)
            if !used.insert(j).inserted { continue }
            let c = [1.0, -1, 2, -2, 0.5][Int.random(in: 0..<5, using: &rng)]
            terms.append((j, c))
        }
        if terms.isEmpty { terms = [(0, 1)] }
        let relation = [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual][
            Int.random(in: 0..<3, using: &rng)]
        var atHidden = 0.0
        for term in terms { atHidden += term.coefficient * hidden[term.index] }
        var constant = -atHidden
        if !consistent { constant += Double(Int.random(in: -50...50, using: &rng)) }
        if consistent && relation != .equal {
            let slack = Double(Int.random(in: 0...30, using: &rng))
            constant += relation == .lessThanOrEqual ? -slack : slack
        }
        let priority: LayoutPriority =
            required ? .required : [250, 500, 750, 999][Int.random(in: 0..<4, using: &rng)]
        return ConstraintSpec(
            terms: terms, relation: relation, constant: constant, priority: priority)
    }
}

/// Builds a fresh solver from specs; returns its values, or `nil` if some constraint failed.
func solveFresh(_ specs: [ConstraintSpec], count: Int, order: [Int]? = nil) -> [Double]? {
    let solver = ConstraintSolver()
    let variables = (0..<count).map { solver.makeVariable("x\($0)") }
    for i in order ?? Array(specs.indices) {
        do { try solver.add(specs[i].make(variables)) } catch { return nil }
    }
    solver.updateVariables()
    return variables.map { solver.value(of: $0) }
}
