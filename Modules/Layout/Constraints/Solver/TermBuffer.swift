/// The terms of a constraint, the first three stored inline.
///
/// Almost every layout constraint has one to three variables; keeping them inside the
/// constraint object means adding it reads one object instead of chasing an array buffer too.
struct TermBuffer {
    private(set) var count = 0
    private var first = LinearTerm.zero
    private var second = LinearTerm.zero
    private var third = LinearTerm.zero
    /// Terms beyond the third; `nil` (no storage to retain when copied) for most constraints.
    private var rest: [LinearTerm]?

    /// Appends a term.
    mutating func append(_ term: LinearTerm) {
        switch count {
        case 0: first = term
        case 1: second = term
        case 2: third = term
        default: rest = (rest ?? []) + [term]
        }
        count += 1
    }

    /// Adds `coefficient` to the term of `variable`, appending a term for a new variable.
    mutating func add(_ coefficient: Double, of variable: Variable) {
        for index in 0..<count where self[index].variable == variable {
            let term = LinearTerm(
                variable: variable, coefficient: self[index].coefficient + coefficient)
            switch index {
            case 0: first = term
            case 1: second = term
            case 2: third = term
            default: rest?[index - 3] = term
            }
            return
        }
        append(LinearTerm(variable: variable, coefficient: coefficient))
    }

    /// The term at `index`, which must be in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> LinearTerm {
        switch index {
        case 0: first
        case 1: second
        case 2: third
        default: rest?[index - 3] ?? .zero
        }
    }
}

extension LinearTerm {
    /// A placeholder term.
    static let zero = LinearTerm(
        variable: Variable(index: -1, generation: 0, solverID: 0), coefficient: 0)
}
