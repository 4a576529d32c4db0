// The incremental simplex tableau behind `ConstraintSolver`.
//
// Symbols are dense `Int32` ids into struct-of-arrays storage; rows and columns live in pooled
// arrays, so the inner loops index arrays and never hash. The tableau has two kinds of rows:
//
// - Definition rows, whose basic symbol is an external (unrestricted) variable. They may refer
//   to other definitions of lower *rank*, so they form a DAG that is evaluated in rank order
//   instead of being kept fully substituted. A chain `x[i] == x[i-1] + 10` costs O(1) per
//   constraint this way, where a fully reduced tableau needs O(i) per row.
// - Simplex rows, whose basic symbol is restricted (slack, error or dummy). They refer only to
//   parametric restricted symbols, as in Cassowary's C_S part, and are what the primal and dual
//   simplex pivot on.
//
// The objective is lexicographic: one coefficient per optional priority level for every symbol,
// compared from the highest level down, so a higher priority strictly dominates any number of
// lower ones. Independent subsystems live in separate partitions (connected components), each
// with its own candidate heap, infeasible list and definition order.

/// Coefficients and constants whose magnitude is below this count as zero.
let solverEpsilon = 1.0e-8

/// Whether `value` is within ``solverEpsilon`` of zero.
@inline(__always)
func isNearZero(_ value: Double) -> Bool {
    abs(value) < solverEpsilon
}

/// The kind of a tableau symbol.
enum SymbolKind: UInt8 {
    /// A user variable; unrestricted in sign.
    case external
    /// The slack of an inequality; at least zero.
    case slack
    /// The error of an optional constraint; at least zero, and weighted in the objective.
    case error
    /// The marker of a required equality; always zero, and never enters the basis.
    case dummy
    /// A released id, waiting on the free list.
    case free
}

/// One coefficient of a row.
struct Term {
    var symbol: Int32
    var coefficient: Double
}

/// A slice of a pooled array: where it starts, how many elements are used, how many fit.
struct Span {
    var start: Int32 = 0
    var count: Int32 = 0
    var capacity: Int32 = 0
}

/// A row: `basic = constant + Σ coefficient · symbol`.
struct RowHeader {
    var span: Span
    /// The basic symbol; ``Tableau/freeRow`` for a released row, ``Tableau/objectiveRow`` for the
    /// objective of the artificial phase.
    var basic: Int32
    var constant: Double
    /// The topological rank of a definition row; unused for simplex rows.
    var rank: Int64
}

/// An entry of a partition's definition order.
struct DefinitionEntry {
    var symbol: Int32
    var rank: Int64
}

/// What the tableau records about one constraint.
struct ConstraintRecord {
    /// The symbol that identifies the constraint in the tableau: its slack, dummy or positive
    /// error.
    var marker: Int32
    /// The second private symbol: the error of an optional inequality or the negative error of an
    /// optional equality; -1 when there is none.
    var other: Int32
    /// The priority; 1000 when required. Levels are looked up from it, as inserting a level
    /// shifts the indices of the levels below.
    var priority: Float
    /// The constant `k` of the constraint row `expression + k (relation) 0`.
    var constant: Double
    /// The coefficients of ``marker`` and ``other`` in the original row.
    var markerCoefficient: Double
    var otherCoefficient: Double
    var isLive: Bool

    var isRequired: Bool { priority >= 1000 }
}

/// Why a tableau operation failed. The tableau is restored before any of these is thrown.
enum TableauFailure: Error {
    /// A required constraint cannot hold; the records of the constraints involved.
    case unsatisfiable([Int32])
    /// The simplex did not converge within its bound.
    case iterationLimit
}

/// A connected component of the constraint graph, solved on its own.
struct Partition {
    /// The symbols of the partition; may hold stale ids, checked against `partitionOf`.
    var members: [Int32] = []
    /// Definitions of decreasing rank (evaluated back to front), then of increasing rank.
    var lowDefinitions: [DefinitionEntry] = []
    var highDefinitions: [DefinitionEntry] = []
    var minRank: Int64 = 0
    var maxRank: Int64 = 0
    var staleDefinitions = 0
    /// A min-heap of symbols whose objective coefficients may be lexicographically negative.
    var candidates: [Int32] = []
    /// Simplex rows whose constant may be negative.
    var infeasible: [Int32] = []
    var constraintCount = 0
    var removalsSinceSplit = 0
    var isDirty = false
    var isLive = true
}

/// The incremental simplex tableau; see the top of this file.
struct Tableau {
    static let freeRow: Int32 = -1
    static let objectiveRow: Int32 = -2

    // Per symbol.
    var kinds: [SymbolKind] = []
    var basicRows: [Int32] = []
    var partitionOf: [Int32] = []
    /// How many rows hold the symbol, exactly.
    var occurrences: [Int32] = []
    /// The rows that may hold the symbol (a superset; entries are checked when used).
    var columns: [Span] = []
    var objectiveSlots: [Int32] = []
    var values: [Double] = []
    /// The constraint record a private symbol belongs to, or -1.
    var owners: [Int32] = []
    var freeSymbols: [Int32] = []

    // Scratch, per symbol, always restored to zero / -1 after use.
    var accumulator: [Double] = []
    var marks: [UInt8] = []
    var positions: [Int32] = []
    var touched: [Int32] = []
    var accumulatedConstant = 0.0
    var expansionHeap: [DefinitionEntry] = []

    // Rows and their pooled terms.
    var rows: [RowHeader] = []
    var terms: [Term] = []
    var freeRowIDs: [Int32] = []
    var garbageTerms = 0
    var rowStamps: [UInt32] = []
    var stamp: UInt32 = 0

    // Pooled columns.
    var columnPool: [Int32] = []
    var garbageColumnEntries = 0

    // The lexicographic objective: `objective[slot * levels.count + level]`, levels by
    // decreasing priority.
    var levels: [Float] = []
    var objective: [Double] = []
    var slotSymbols: [Int32] = []
    var freeSlots: [Int32] = []
    var levelScratch: [Double] = []

    var partitions: [Partition] = []
    var freePartitionIDs: [Int32] = []
    var dirtyPartitions: [Int32] = []

    var records: [ConstraintRecord] = []
    var freeRecords: [Int32] = []

    /// The number of symbol ids in use or free.
    var symbolCapacity: Int { kinds.count }

    // MARK: Symbols

    /// Creates a symbol of `kind` in `partition` (-1 for none), owned by constraint `owner`.
    mutating func makeSymbol(_ kind: SymbolKind, partition: Int32, owner: Int32) -> Int32 {
        let id: Int32
        if let reused = freeSymbols.popLast() {
            id = reused
            let i = Int(id)
            kinds[i] = kind
            basicRows[i] = -1
            partitionOf[i] = partition
            occurrences[i] = 0
            columns[i] = Span()
            objectiveSlots[i] = -1
            values[i] = 0
            owners[i] = owner
        } else {
            id = Int32(kinds.count)
            kinds.append(kind)
            basicRows.append(-1)
            partitionOf.append(partition)
            occurrences.append(0)
            columns.append(Span())
            objectiveSlots.append(-1)
            values.append(0)
            owners.append(owner)
            accumulator.append(0)
            marks.append(0)
            positions.append(-1)
        }
        if partition >= 0 { partitions[Int(partition)].members.append(id) }
        return id
    }

    /// Releases a symbol that no row holds and that is not basic.
    mutating func freeSymbol(_ symbol: Int32) {
        let i = Int(symbol)
        freeObjectiveSlot(of: symbol)
        garbageColumnEntries += Int(columns[i].capacity)
        columns[i] = Span()
        kinds[i] = .free
        basicRows[i] = -1
        partitionOf[i] = -1
        owners[i] = -1
        values[i] = 0
        freeSymbols.append(symbol)
    }

    /// Whether the symbol is restricted to be at least zero (slack, error or dummy).
    @inline(__always)
    func isRestricted(_ symbol: Int32) -> Bool {
        let kind = kinds[Int(symbol)]
        return kind == .slack || kind == .error || kind == .dummy
    }

    /// Whether `row` is a live simplex row (its basic symbol is restricted).
    @inline(__always)
    func isSimplexRow(_ row: Int32) -> Bool {
        let basic = rows[Int(row)].basic
        return basic >= 0 && kinds[Int(basic)] != .external
    }

    /// Whether a simplex row violates its basic symbol's restriction: a negative constant, or
    /// any non-zero constant for a dummy (which must stay exactly zero).
    @inline(__always)
    func isInfeasible(_ row: Int32) -> Bool {
        let basic = rows[Int(row)].basic
        guard basic >= 0 else { return false }
        let kind = kinds[Int(basic)]
        let constant = rows[Int(row)].constant
        switch kind {
        case .slack, .error: return constant < -solverEpsilon
        case .dummy: return !isNearZero(constant)
        case .external, .free: return false
        }
    }

    // MARK: Records

    /// Creates a constraint record.
    mutating func makeRecord() -> Int32 {
        let record = ConstraintRecord(
            marker: -1, other: -1, priority: 1000, constant: 0, markerCoefficient: 0,
            otherCoefficient: 0, isLive: true)
        if let reused = freeRecords.popLast() {
            records[Int(reused)] = record
            return reused
        }
        records.append(record)
        return Int32(records.count - 1)
    }

    /// Releases a record and its private symbols.
    mutating func freeRecord(_ record: Int32) {
        let r = records[Int(record)]
        for symbol in [r.marker, r.other] where symbol >= 0 {
            purge(symbol)
            freeSymbol(symbol)
        }
        records[Int(record)].isLive = false
        freeRecords.append(record)
    }

    /// The records of required constraints whose private symbols appear in `row`, plus the
    /// owner of the row's basic symbol.
    func requiredOwners(ofRow row: Int32) -> [Int32] {
        var result: [Int32] = []
        func consider(_ symbol: Int32) {
            guard symbol >= 0 else { return }
            let owner = owners[Int(symbol)]
            guard owner >= 0, records[Int(owner)].isLive, records[Int(owner)].isRequired,
                !result.contains(owner)
            else { return }
            result.append(owner)
        }
        let header = rows[Int(row)]
        consider(header.basic)
        for i in Int(header.span.start)..<Int(header.span.start + header.span.count)
        where !isNearZero(terms[i].coefficient) {
            consider(terms[i].symbol)
        }
        return result
    }
}
