extension SolverState {
    /// Adds a constraint.
    ///
    /// - Throws: ``LayoutError`` with code `unsatisfiable` (naming the required constraints in
    ///   conflict) when a required constraint cannot hold, `duplicateConstraint` when the
    ///   constraint is already added here or in another solver, `unknownVariable`,
    ///   `invalidPriority` or `invalidNumber` for bad input, `iterationLimit` if the simplex
    ///   does not converge. The solver is unchanged after an error.
    /// - Complexity: amortised O(1) for a constraint that defines a new variable; otherwise
    ///   proportional to the part of its subsystem the constraint touches.
    mutating func add(_ constraint: Constraint) throws(LayoutError) {
        if constraint.record >= 0 {
            throw LayoutError(
                code: .duplicateConstraint,
                message:
                    "constraint \"\(describe(constraint))\" is already added"
                    + (constraint.solverID == id ? "" : " to another solver")
                    + "; remove it first or create a new constraint",
                conflicts: [conflict(constraint)])
        }
        let record = try insert(
            .constraint(constraint), terms: constraint.linearTerms, constant: constraint.constant,
            relation: constraint.relation, priority: constraint.priority,
            validNumbers: constraint.hasValidNumbers)
        constraint.solverID = id
        constraint.record = record
    }

    /// Adds an active layout constraint as `terms + constant (relation) 0`, without a solver
    /// constraint object, and returns its record; see ``RecordOwner/layout(_:)``. The terms
    /// are the engine's, over variables of this solver.
    ///
    /// - Throws: As ``add(_:)``; the solver is unchanged after an error.
    mutating func add(
        terms summed: TermBuffer, constant: Double, implementing owner: LayoutConstraint
    ) throws(LayoutError) -> Int32 {
        let (terms, valid) = Constraint.nonzeroTerms(of: summed, constant: constant)
        return try insert(
            .layout(Unmanaged.passUnretained(owner)), terms: terms, constant: constant,
            relation: owner.relation, priority: owner.priority, validNumbers: valid)
    }

    /// Checks a constraint's priority, variables and numbers, inserts its row and keeps what
    /// stands behind the record; the solver is unchanged after an error, which names `owner`.
    private mutating func insert(
        _ owner: RecordOwner, terms: TermBuffer, constant: Double, relation: LayoutRelation,
        priority: LayoutPriority, validNumbers: Bool
    ) throws(LayoutError) -> Int32 {
        guard priority.isValid else {
            throw LayoutError(
                code: .invalidPriority,
                message:
                    "constraint \"\(describe(owner))\" has priority \(priority); "
                    + "use a value in 1...1000",
                conflicts: [conflict(owner)])
        }
        for i in 0..<terms.count { try validate(terms[i].variable) }
        guard validNumbers else {
            throw LayoutError(
                code: .invalidNumber,
                message:
                    "constraint \"\(describe(owner))\" has a coefficient or constant that is "
                    + "not finite or exceeds 1e12 in magnitude; use finite numbers of layout size",
                conflicts: [conflict(owner)])
        }
        let record: Int32
        do {
            record = try tableau.addConstraint(
                terms, constant: constant, relation: relation, priority: priority.rawValue)
        } catch {
            throw failure(error, refusing: owner)
        }
        store(owner, for: record)
        return record
    }

    private mutating func store(_ owner: RecordOwner, for record: Int32) {
        while owners.count <= Int(record) { owners.append(nil) }
        owners[Int(record)] = owner
    }

    /// Removes a layout constraint added with ``add(terms:constant:implementing:)``.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/iterationLimit`` when re-optimising did not
    ///   converge; the constraint is gone either way.
    mutating func removeLayoutConstraint(record: Int32) throws(LayoutError) {
        try removeRecord(record)
    }

    /// Removes a record and forgets its owner, which an error names if re-optimising fails.
    private mutating func removeRecord(_ record: Int32) throws(LayoutError) {
        let owner = owners[Int(record)]
        owners[Int(record)] = nil
        do {
            try tableau.removeConstraint(record)
        } catch {
            // The constraint is gone; only re-optimising failed, which leaves a feasible tableau.
            throw LayoutError(
                code: .iterationLimit,
                message:
                    "constraint \"\(owner.map(describe) ?? "?")\" was removed, but the solver did "
                    + "not converge afterwards within its pivot bound; the values are feasible but "
                    + "may not be optimal",
                conflicts: owner.map { [conflict($0)] } ?? [])
        }
    }

    /// Changes the constant of a layout constraint added with
    /// ``add(terms:constant:implementing:)``.
    ///
    /// - Throws: As ``setConstant(_:of:)``; the old constant is kept after an error.
    mutating func setConstant(_ constant: Double, ofLayoutRecord record: Int32)
        throws(LayoutError)
    {
        try changeConstant(to: constant, record: record, of: owners[Int(record)])
    }

    /// Keeps what a layout constraint that goes away while active read as, for errors about
    /// its record; a record that is not that constraint's is left alone.
    mutating func layoutConstraintWillGo(_ constraint: LayoutConstraint, record: Int32) {
        guard owners.indices.contains(Int(record)), case .layout(let owner) = owners[Int(record)],
            owner.toOpaque() == Unmanaged.passUnretained(constraint).toOpaque()
        else { return }
        owners[Int(record)] = .gone(GoneConstraint(description: constraint.description))
    }

    /// Removes a constraint.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownConstraint`` when the constraint is not
    ///   in this solver.
    /// - Complexity: proportional to the rows that hold the constraint's marker.
    mutating func remove(_ constraint: Constraint) throws(LayoutError) {
        let record = try recordOf(constraint)
        constraint.record = -1
        constraint.solverID = 0
        try removeRecord(record)
    }

    /// Whether the constraint is in this solver.
    func contains(_ constraint: Constraint) -> Bool {
        constraint.solverID == id && constraint.record >= 0
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
    mutating func setConstant(_ constant: Double, of constraint: Constraint) throws(LayoutError) {
        try changeConstant(
            to: constant, record: try recordOf(constraint), of: .constraint(constraint))
        constraint.constant = constant
    }

    /// Changes a record's constant, naming `owner` in an error; the old constant is kept after
    /// one.
    private mutating func changeConstant(to constant: Double, record: Int32, of owner: RecordOwner?)
        throws(LayoutError)
    {
        try validate(constant, in: "the new constant of \"\(owner.map(describe) ?? "?")\"")
        do {
            try tableau.changeConstant(record, to: constant)
        } catch {
            throw failure(error, refusing: owner)
        }
    }

    // MARK: Edit variables

    /// Makes a variable editable: ``suggestValue(_:for:)`` then pulls it toward a value with
    /// the given optional priority. Its first suggested value is its current value.
    ///
    /// - Throws: ``LayoutError`` with code `duplicateEditVariable`, `unknownVariable`, or
    ///   `invalidPriority` for a required or out-of-range priority.
    mutating func addEditVariable(
        _ variable: Variable, priority: LayoutPriority = .required - 1
    ) throws(LayoutError) {
        try validate(variable)
        guard edits[variable.index] == nil else {
            throw LayoutError(
                code: .duplicateEditVariable,
                message:
                    "variable \(name(of: variable)) already has an edit; remove it before adding one"
            )
        }
        guard priority.isValid, !priority.isRequired else {
            throw LayoutError(
                code: .invalidPriority,
                message:
                    "an edit of \(name(of: variable)) needs an optional priority in 1..<1000, not \(priority)"
            )
        }
        let start = tableau.values[Int(variable.index)]
        let edit = Constraint(variable, .equal, start, priority: priority)
        edit.label = .text("edit \(name(of: variable)) @\(priority)")
        try add(edit)
        edits[variable.index] = edit
    }

    /// Removes the edit of a variable.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownEditVariable`` when it has none.
    mutating func removeEditVariable(_ variable: Variable) throws(LayoutError) {
        let edit = try existingEdit(of: variable)
        edits[variable.index] = nil
        try remove(edit)
    }

    /// Whether the variable has an edit.
    func hasEditVariable(_ variable: Variable) -> Bool {
        isKnown(variable) && edits[variable.index] != nil
    }

    /// Suggests a value for an edit variable; the solution follows after the dual simplex
    /// restores optimality.
    ///
    /// - Throws: ``LayoutError`` with code `unknownEditVariable`, `invalidNumber`, or
    ///   `iterationLimit`.
    /// - Complexity: O(rows holding the edit's error) plus the pivots the change needs.
    mutating func suggestValue(_ value: Double, for variable: Variable) throws(LayoutError) {
        let edit = try existingEdit(of: variable)
        try validate(value, in: "the value suggested for \(name(of: variable))")
        do {
            try tableau.changeConstant(edit.record, to: -value)
        } catch {
            throw failure(error, refusing: .constraint(edit))
        }
        edit.constant = -value
    }

    // MARK: Helpers

    private func existingEdit(of variable: Variable) throws(LayoutError) -> Constraint {
        try validate(variable)
        guard let edit = edits[variable.index] else {
            throw LayoutError(
                code: .unknownEditVariable,
                message:
                    "variable \(name(of: variable)) has no edit; call addEditVariable(_:priority:) first"
            )
        }
        return edit
    }

    private func recordOf(_ constraint: Constraint) throws(LayoutError) -> Int32 {
        guard constraint.solverID == id, constraint.record >= 0 else {
            throw LayoutError(
                code: .unknownConstraint,
                message:
                    "constraint \"\(describe(constraint))\" is not in this solver; add it first",
                conflicts: [conflict(constraint)])
        }
        return constraint.record
    }

    private func validate(_ number: Double, in place: @autoclosure () -> String)
        throws(LayoutError)
    {
        guard Constraint.isValidNumber(number) else {
            throw LayoutError(
                code: .invalidNumber,
                message:
                    "\(place()) is \(number); use a finite number no larger than 1e12 in magnitude")
        }
    }

    func conflict(_ constraint: Constraint) -> LayoutError.Conflict {
        conflict(.constraint(constraint))
    }

    /// The conflict that names what stands behind a record: a layout constraint by itself.
    func conflict(_ owner: RecordOwner) -> LayoutError.Conflict {
        switch owner {
        case .constraint(let constraint):
            return LayoutError.Conflict(
                id: ObjectIdentifier(constraint.owner ?? constraint),
                description: describe(constraint))
        case .layout(let layout):
            let constraint = layout.takeUnretainedValue()
            return LayoutError.Conflict(
                id: ObjectIdentifier(constraint), description: constraint.description)
        case .gone(let gone):
            return LayoutError.Conflict(id: ObjectIdentifier(gone), description: gone.description)
        }
    }

    /// The description of what stands behind a record.
    func describe(_ owner: RecordOwner) -> String {
        switch owner {
        case .constraint(let constraint): return describe(constraint)
        case .layout(let layout): return layout.takeUnretainedValue().description
        case .gone(let gone): return gone.description
        }
    }

    /// Turns a tableau failure into an error that names the constraints involved.
    private func failure(_ error: TableauFailure, refusing constraint: RecordOwner?) -> LayoutError
    {
        let name = constraint.map { "\"\(describe($0))\"" } ?? "the change"
        switch error {
        case .iterationLimit:
            return LayoutError(
                code: .iterationLimit,
                message:
                    "the solver did not converge after \(name) within its pivot bound; the change "
                    + "was undone. Check for nearly parallel constraints with huge coefficients",
                conflicts: constraint.map { [conflict($0)] } ?? [])
        case .unsatisfiable(let records):
            var named: [LayoutError.Conflict] = constraint.map { [conflict($0)] } ?? []
            for record in records {
                guard Int(record) < owners.count, let owner = owners[Int(record)],
                    !owner.isSame(as: constraint)
                else { continue }
                named.append(conflict(owner))
            }
            return LayoutError(
                code: .unsatisfiable,
                message:
                    "unsatisfiable constraint \(name): it conflicts with the required constraints "
                    + "listed; lower the priority of one of them below 1000 or remove it",
                conflicts: named)
        }
    }
}

extension RecordOwner {
    /// Whether two owners are the same object.
    func isSame(as other: RecordOwner?) -> Bool {
        switch (self, other) {
        case (.constraint(let a), .constraint(let b)?): return a === b
        case (.layout(let a), .layout(let b)?): return a.toOpaque() == b.toOpaque()
        case (.gone(let a), .gone(let b)?): return a === b
        default: return false
        }
    }
}
