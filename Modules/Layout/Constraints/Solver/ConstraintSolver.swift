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
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    @exclusivity(unchecked) var state = SolverState()

    /// A number that changes whenever the solution may have changed: every added or removed
    /// constraint, changed constant, edit and suggested value moves it on, so a caller can
    /// tell that values it read before are still current.
    @exclusivity(unchecked) private(set) var revision: UInt64 = 0

    /// The largest magnitude a coefficient or constant may have.
    public static let maximumMagnitude = 1.0e12

    /// Creates an empty solver.
    public init() {}

    deinit {
        state.tableau.deallocate()
    }

    /// Creates a variable.
    ///
    /// - Parameter name: The name used in descriptions and errors.
    /// - Returns: A handle that only this solver accepts.
    public func makeVariable(_ name: String = "") -> Variable {
        state.makeVariable(name)
    }

    /// Creates a variable whose name is built only when it is shown.
    func makeVariable(named name: VariableName) -> Variable {
        state.makeVariable(named: name)
    }

    /// Releases a variable that no constraint uses; its handle becomes unknown.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownVariable`` for a variable of another
    ///   solver or one already released; ``LayoutError/Code-swift.struct/duplicateConstraint``
    ///   when a constraint or edit still uses it.
    public func releaseVariable(_ variable: Variable) throws(LayoutError) {
        revision &+= 1
        try state.releaseVariable(variable)
    }

    /// The name of a variable, or `"?"` for one this solver does not know.
    public func name(of variable: Variable) -> String {
        state.name(of: variable)
    }

    /// Brings the values of variables up to date with the constraints.
    ///
    /// - Complexity: O(size of the independent subsystems that changed since the last update).
    public func updateVariables() {
        state.updateVariables()
    }

    /// The value of a variable as of the last ``updateVariables()``; NaN for a variable this
    /// solver does not know.
    public func value(of variable: Variable) -> Double {
        // Each field is read in place: calling a method of `state` would copy the whole state
        // (a retain and release of every array in it) for each value read.
        let index = Int(variable.index)
        guard variable.solverID == state.id, index < state.variables.count,
            state.variables[index].generation == variable.generation,
            state.tableau.symbols[index].kind == .external
        else { return .nan }
        return state.tableau.values[index]
    }

    /// The number of independent subsystems the solver keeps, as of the last
    /// ``updateVariables()``.
    public var partitionCount: Int { state.partitionCount }

    /// Splits every independent subsystem that removals have disconnected now, instead of
    /// when it is next evaluated and enough has been removed to pay for the split.
    package func splitPartitions() {
        state.splitPartitions()
    }

    /// Frees the memory that released solvers left for the next ones.
    ///
    /// A released solver's storage (up to 768 MB in all) is kept for the solvers created after
    /// it, so that they do not pay the kernel for fresh pages; call this after a large system is
    /// gone to give that memory back.
    public static func releaseCachedMemory() {
        BufferCache.purge()
    }

    /// The most pivots one optimisation may take; `nil` (the default) scales the bound with the
    /// size of the subsystem. Lowering it lets tests reach the bound.
    package var pivotLimit: Int? {
        get { state.tableau.pivotLimit }
        set { state.tableau.pivotLimit = newValue }
    }

    /// Rewrites the pooled rows and columns without free space now, instead of when free space
    /// dominates them (for tests).
    package func compactStorage() {
        state.tableau.compactTerms()
        state.tableau.compactColumns()
    }

    /// How many constraint rows the solver has inserted and removed over its life, edit
    /// variables included (for tests that show an update happening in place).
    package var rowChanges: (insertions: Int, removals: Int) {
        (state.tableau.insertionCount, state.tableau.removalCount)
    }

    /// The number of constraints added, edits included.
    public var constraintCount: Int {
        state.constraintCount
    }

    /// The variables whose values the constraints do not determine uniquely, with the optional
    /// constraints taken into account; a variable no constraint uses is one of them.
    ///
    /// - Complexity: O(size of the tableau).
    public func ambiguousVariables() -> [Variable] {
        state.ambiguousVariables()
    }

    /// The constraint with its variables' names.
    public func describe(_ constraint: Constraint) -> String {
        state.describe(constraint)
    }

    /// Adds a constraint.
    ///
    /// - Throws: ``LayoutError`` with code `unsatisfiable` (naming the required constraints in
    ///   conflict) when a required constraint cannot hold, `duplicateConstraint` when the
    ///   constraint is already added here or in another solver, `unknownVariable`,
    ///   `invalidPriority` or `invalidNumber` for bad input, `iterationLimit` if the simplex
    ///   does not converge. The solver is unchanged after an error.
    /// - Complexity: amortised O(1) for a constraint that defines a new variable; otherwise
    ///   proportional to the part of its subsystem the constraint touches.
    public func add(_ constraint: Constraint) throws(LayoutError) {
        revision &+= 1
        try state.add(constraint)
    }

    /// Removes a constraint.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownConstraint`` when the constraint is not
    ///   in this solver.
    /// - Complexity: proportional to the rows that hold the constraint's marker.
    public func remove(_ constraint: Constraint) throws(LayoutError) {
        revision &+= 1
        try state.remove(constraint)
    }

    /// Adds an active layout constraint as `terms + constant (relation) 0`, without a solver
    /// constraint of its own (see ``RecordOwner/layout(_:)``), and returns its record.
    func add(terms: TermBuffer, constant: Double, implementing owner: LayoutConstraint)
        throws(LayoutError) -> Int32
    {
        revision &+= 1
        return try state.add(terms: terms, constant: constant, implementing: owner)
    }

    /// Removes a layout constraint added with ``add(terms:constant:implementing:)``.
    func removeLayoutConstraint(record: Int32) throws(LayoutError) {
        revision &+= 1
        try state.removeLayoutConstraint(record: record)
    }

    /// Changes the constant of a layout constraint added with
    /// ``add(terms:constant:implementing:)``; as ``setConstant(_:of:)``.
    func setConstant(_ constant: Double, ofLayoutRecord record: Int32) throws(LayoutError) {
        revision &+= 1
        try state.setConstant(constant, ofLayoutRecord: record)
    }

    /// Keeps what a layout constraint that goes away while active read as.
    func layoutConstraintWillGo(_ constraint: LayoutConstraint, record: Int32) {
        state.layoutConstraintWillGo(constraint, record: record)
    }

    /// Whether the constraint is in this solver.
    public func contains(_ constraint: Constraint) -> Bool {
        state.contains(constraint)
    }

    /// Changes the constant of an added constraint without rebuilding anything.
    ///
    /// The constant is that of `lhs - rhs`: for `y == x + 10` it is -10, so
    /// `setConstant(-20, of: c)` makes it `y == x + 20`.
    ///
    /// - Throws: ``LayoutError`` with code `unknownConstraint`, `invalidNumber`, or
    ///   `unsatisfiable` when a required constraint can no longer hold (the old constant is
    ///   kept).
    /// - Complexity: O(rows holding the constraint's marker), plus the dual simplex pivots the
    ///   change needs.
    public func setConstant(_ constant: Double, of constraint: Constraint) throws(LayoutError) {
        revision &+= 1
        try state.setConstant(constant, of: constraint)
    }

    /// Makes a variable editable: ``suggestValue(_:for:)`` then pulls it toward a value with
    /// the given optional priority. Its first suggested value is its current value.
    ///
    /// - Throws: ``LayoutError`` with code `duplicateEditVariable`, `unknownVariable`, or
    ///   `invalidPriority` for a required or out-of-range priority.
    public func addEditVariable(
        _ variable: Variable, priority: LayoutPriority = .required - 1
    ) throws(LayoutError) {
        revision &+= 1
        try state.addEditVariable(variable, priority: priority)
    }

    /// Removes the edit of a variable.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownEditVariable`` when it has none.
    public func removeEditVariable(_ variable: Variable) throws(LayoutError) {
        revision &+= 1
        try state.removeEditVariable(variable)
    }

    /// Whether the variable has an edit.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        state.hasEditVariable(variable)
    }

    /// Suggests a value for an edit variable; the solution follows after the dual simplex
    /// restores optimality.
    ///
    /// - Throws: ``LayoutError`` with code `unknownEditVariable`, `invalidNumber`, or
    ///   `iterationLimit`.
    /// - Complexity: O(rows holding the edit's error) plus the pivots the change needs.
    public func suggestValue(_ value: Double, for variable: Variable) throws(LayoutError) {
        revision &+= 1
        try state.suggestValue(value, for: variable)
    }
}
