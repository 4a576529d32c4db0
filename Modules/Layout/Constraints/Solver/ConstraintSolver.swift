/// An incremental Cassowary constraint solver.
///
/// The solver keeps a simplex tableau up to date as constraints come and go, so each change
/// costs about as much as the part of the system it touches. It solves independent subsystems
/// separately, keeps chains of equalities out of the simplex, and ranks optional constraints
/// lexicographically by priority: one constraint at priority 251 outweighs any number at 250.
///
/// ```swift
/// let solver = ConstraintSolver()
/// let left = solver.makeVariable("left"), width = solver.makeVariable("width")
/// try solver.add(Constraint(left, .equal, 20))
/// try solver.add(Constraint(width, .greaterThanOrEqual, 100))
/// try solver.add(Constraint(width, .equal, 300, priority: .defaultLow))
/// try solver.addEditVariable(width, priority: .defaultHigh)
/// try solver.suggestValue(150, for: width)
/// solver.updateVariables()
/// solver.value(of: width)   // 150
/// ```
///
/// Every operation either succeeds or throws a ``LayoutError`` and leaves the solver as it was:
/// an unsatisfiable required constraint is refused and the constraints it conflicts with are
/// named; duplicate and unknown constraints and edit variables are errors; NaN and infinite
/// numbers are refused; and every simplex loop is bounded.
public final class ConstraintSolver {
    var tableau = Tableau()
    let id: UInt32
    var names: [String] = []
    var generations: [UInt32] = []
    var constraints: [Constraint?] = []
    var editRecords: [Int32] = []
    var editConstraints: [Constraint?] = []
    var editValues: [Double] = []

    /// The largest magnitude a coefficient or constant may have.
    public static let maximumMagnitude = 1.0e12

    /// Creates an empty solver.
    public init() {
        id = UInt32.random(in: 1...UInt32.max)
    }

    // MARK: Variables

    /// Creates a variable.
    ///
    /// - Parameter name: The name used in descriptions and errors.
    /// - Returns: A handle that only this solver accepts.
    public func makeVariable(_ name: String = "") -> Variable {
        let symbol = tableau.makeSymbol(.external, partition: -1, owner: -1)
        let i = Int(symbol)
        while names.count <= i {
            names.append("")
            generations.append(0)
            editRecords.append(-1)
            editConstraints.append(nil)
            editValues.append(0)
        }
        names[i] = name.isEmpty ? "v\(i)" : name
        return Variable(index: symbol, generation: generations[i], solverID: id)
    }

    /// Releases a variable that no constraint uses; its handle becomes unknown.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownVariable`` for a variable of another
    ///   solver or one already released; ``LayoutError/Code-swift.struct/duplicateConstraint``
    ///   when a constraint or edit still uses it.
    public func releaseVariable(_ variable: Variable) throws(LayoutError) {
        try validate(variable)
        let i = Int(variable.index)
        guard tableau.occurrences[i] == 0, tableau.basicRows[i] < 0, editRecords[i] < 0 else {
            throw LayoutError(
                code: .duplicateConstraint,
                message:
                    "variable \(names[i]) is still used by a constraint or an edit; remove them "
                    + "before releasing it")
        }
        tableau.partitionOf[i] = -1
        tableau.freeSymbol(variable.index)
        generations[i] &+= 1
    }

    /// The name of a variable, or `"?"` for one this solver does not know.
    public func name(of variable: Variable) -> String {
        isKnown(variable) ? names[Int(variable.index)] : "?"
    }

    func isKnown(_ variable: Variable) -> Bool {
        variable.solverID == id && Int(variable.index) < names.count
            && generations[Int(variable.index)] == variable.generation
            && tableau.kinds[Int(variable.index)] == .external
    }

    func validate(_ variable: Variable) throws(LayoutError) {
        guard isKnown(variable) else {
            throw LayoutError(
                code: .unknownVariable,
                message:
                    "variable #\(variable.index) does not belong to this solver or was released; "
                    + "create variables with this solver's makeVariable(_:)")
        }
    }

    // MARK: Values

    /// Brings the values of variables up to date with the constraints.
    ///
    /// - Complexity: O(size of the independent subsystems that changed since the last update).
    public func updateVariables() {
        tableau.updateValues()
    }

    /// The value of a variable as of the last ``updateVariables()``; NaN for a variable this
    /// solver does not know.
    public func value(of variable: Variable) -> Double {
        isKnown(variable) ? tableau.values[Int(variable.index)] : .nan
    }

    /// The number of independent subsystems the solver keeps, as of the last
    /// ``updateVariables()``.
    public var partitionCount: Int { tableau.livePartitionCount }

    /// Splits every independent subsystem that removals have disconnected now, instead of
    /// when it is next evaluated and enough has been removed to pay for the split.
    package func splitPartitions() {
        for p in tableau.partitions.indices where tableau.partitions[p].isLive {
            tableau.split(Int32(p))
        }
        tableau.updateValues()
    }

    /// The number of constraints added, edits included.
    public var constraintCount: Int {
        tableau.records.reduce(0) { $0 + ($1.isLive ? 1 : 0) }
    }

    /// The variables, among those used by constraints, whose values the constraints do not
    /// determine uniquely (with the optional constraints taken into account).
    ///
    /// - Complexity: O(size of the tableau).
    public func ambiguousVariables() -> [Variable] {
        tableau.ambiguousSymbols().map {
            Variable(index: $0, generation: generations[Int($0)], solverID: id)
        }
    }

    /// The constraint with its variables' names.
    public func describe(_ constraint: Constraint) -> String {
        constraint.describe { self.name(of: $0) }
    }
}
