// The state behind ConstraintSolver, kept in one struct so that each call on the solver makes a
// single exclusive access to it.

/// How a variable is named in descriptions and errors.
enum VariableName {
    /// A name as given; an empty one reads `v<index>`.
    case text(String)
    /// A part of a layout item: `identifier.part`, joined only when shown rather than for
    /// every item an engine gives variables.
    case part(of: String?, ItemPart)

    /// The four variables of a layout item.
    enum ItemPart: UInt8 {
        case left, top, width, height
    }
}

/// What the solver keeps of every tableau symbol beside the tableau, in eight bytes: the
/// tableau makes symbols for its own use (slacks, errors, markers) in the same id space as
/// variables, and a scene of a hundred thousand views has over a million of them.
struct VariableEntry {
    /// Bumped when the variable is released, so that an old handle is refused.
    var generation: UInt32 = 0
    /// The variable's place in ``SolverState/names``, or -1 for a symbol that has never been a
    /// variable.
    var nameIndex: Int32 = -1
}

/// What stands behind a record of the tableau, for the errors that name the constraints
/// involved.
enum RecordOwner {
    /// A solver constraint.
    case constraint(Constraint)
    /// An active layout constraint, which the layout engine adds as its terms without making a
    /// solver constraint of its own: a scene's tens of thousands of constraints would each
    /// take a second object of some 150 bytes. Not retained; the layout constraint hands the
    /// record a description when it goes away first
    /// (``SolverState/layoutConstraintWillGo(_:record:)``).
    case layout(Unmanaged<LayoutConstraint>)
    /// A layout constraint that went away while its record stayed.
    case gone(GoneConstraint)
}

/// What a layout constraint that went away while active read as; an object, so that errors
/// can still tell it apart from the others.
final class GoneConstraint {
    let description: String

    init(description: String) {
        self.description = description
    }
}

struct SolverState {
    var tableau = Tableau()
    let id: UInt32
    /// The generation and name of each symbol's variable, by symbol.
    var variables: [VariableEntry] = []
    /// The names of the variables, by ``VariableEntry/nameIndex``; a released variable's place
    /// is taken by the next variable its symbol is given to.
    var names: [VariableName] = []
    /// The edit constraints (``addEditVariable(_:priority:)``), by the symbol of their
    /// variable: few variables have one. An edit's constant follows the suggested value.
    var edits: [Int32: Constraint] = [:]
    /// What stands behind each record of the tableau, by record.
    var owners: [RecordOwner?] = []
    /// How many constraints batches have made room for (for tests).
    var reservedConstraints = 0

    init() {
        id = UInt32.random(in: 1...UInt32.max)
    }

    /// Makes room for about `count` more layout constraints (see
    /// ``Tableau/reserveCapacity(forConstraints:)``).
    mutating func reserveCapacity(forConstraints count: Int) {
        reservedConstraints += count
        tableau.reserveCapacity(forConstraints: count)
        variables.reserveCapacity(variables.count + count * 8 / 5)
        names.reserveCapacity(names.count + count * 11 / 10)
        owners.reserveCapacity(owners.count + count * 11 / 10)
    }

    // MARK: Variables

    /// Creates a variable.
    ///
    /// - Parameter name: The name used in descriptions and errors.
    /// - Returns: A handle that only this solver accepts.
    mutating func makeVariable(_ name: String = "") -> Variable {
        makeVariable(named: .text(name))
    }

    /// Creates a variable whose name is built only when it is shown.
    mutating func makeVariable(named name: VariableName) -> Variable {
        let symbol = tableau.makeSymbol(.external, partition: -1, owner: -1)
        let i = Int(symbol)
        // Symbols made for the tableau's own use in between get entries without names.
        while variables.count <= i { variables.append(VariableEntry()) }
        if variables[i].nameIndex >= 0 {
            // A symbol freed earlier is used again.
            names[Int(variables[i].nameIndex)] = name
        } else {
            variables[i].nameIndex = Int32(names.count)
            names.append(name)
        }
        return Variable(index: symbol, generation: variables[i].generation, solverID: id)
    }

    /// Releases a variable that no constraint uses; its handle becomes unknown.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/unknownVariable`` for a variable of another
    ///   solver or one already released; ``LayoutError/Code-swift.struct/duplicateConstraint``
    ///   when a constraint or edit still uses it.
    mutating func releaseVariable(_ variable: Variable) throws(LayoutError) {
        try validate(variable)
        let i = Int(variable.index)
        guard tableau.symbols[i].occurrences == 0, tableau.symbols[i].basicRow < 0,
            edits[variable.index] == nil
        else {
            throw LayoutError(
                code: .duplicateConstraint,
                message:
                    "variable \(name(of: variable)) is still used by a constraint or an edit; remove them "
                    + "before releasing it")
        }
        tableau.freeSymbol(variable.index)
        variables[i].generation &+= 1
    }

    /// The name of a variable, or `"?"` for one this solver does not know.
    func name(of variable: Variable) -> String {
        guard isKnown(variable) else { return "?" }
        switch names[Int(variables[Int(variable.index)].nameIndex)] {
        case .text(let text): return text.isEmpty ? "v\(variable.index)" : text
        case .part(let item, let part): return "\(item ?? "item").\(part)"
        }
    }

    func isKnown(_ variable: Variable) -> Bool {
        variable.solverID == id && Int(variable.index) < variables.count
            && variables[Int(variable.index)].generation == variable.generation
            && tableau.symbols[Int(variable.index)].kind == .external
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
    mutating func updateVariables() {
        tableau.updateValues()
    }

    /// The value of a variable as of the last ``updateVariables()``; NaN for a variable this
    /// solver does not know.
    func value(of variable: Variable) -> Double {
        isKnown(variable) ? tableau.values[Int(variable.index)] : .nan
    }

    /// The number of independent subsystems the solver keeps, as of the last
    /// ``updateVariables()``.
    var partitionCount: Int { tableau.livePartitionCount }

    /// Splits every independent subsystem that removals have disconnected now, instead of
    /// when it is next evaluated and enough has been removed to pay for the split.
    mutating func splitPartitions() {
        for p in tableau.partitions.indices where tableau.partitions[p].isLive {
            tableau.split(Int32(p))
        }
        tableau.updateValues()
    }

    /// The number of constraints added, edits included.
    var constraintCount: Int {
        (0..<tableau.records.count).reduce(0) { $0 + (tableau.records[$1].isLive ? 1 : 0) }
    }

    /// The variables the constraints leave undetermined.
    ///
    /// - Complexity: O(size of the tableau).
    mutating func ambiguousVariables() -> [Variable] {
        tableau.ambiguousSymbols().map {
            Variable(index: $0, generation: variables[Int($0)].generation, solverID: id)
        }
    }

    /// The constraint with its variables' names.
    func describe(_ constraint: Constraint) -> String {
        constraint.describe { self.name(of: $0) }
    }
}
