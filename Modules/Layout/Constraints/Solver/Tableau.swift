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
    /// The basic symbol; ``Tableau/freeRow`` for a released row.
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
    /// error; -1 for a required equality whose dummy is not materialised (see ``definition``).
    var marker: Int32
    /// The second private symbol: the error of an optional inequality or the negative error of an
    /// optional equality; -1 when there is none.
    var other: Int32
    /// The priority; 1000 when required. Levels are looked up from it, as inserting a level
    /// shifts the indices of the levels below.
    var priority: Float
    /// The constant `k` of the constraint row `expression + k (relation) 0`.
    var constant: Double
    /// The coefficient of ``other`` in the original row (for a lazy equality, that of the
    /// variable it defines).
    var otherCoefficient: Double
    var isLive: Bool
    /// The coefficient of ``marker`` in the original row, always 1 or -1.
    var markerSign: Int8 = 1
    /// For a required equality that became the definition row of an external variable and has
    /// no dummy yet: that variable. Its row alone carries the constraint until the row is
    /// copied into another (expanded) or dropped, when the dummy is materialised; until then a
    /// chain of equalities costs no dummy symbols at all.
    var definition: Int32 = -1

    var isRequired: Bool { priority >= 1000 }

    /// The coefficient of ``marker`` in the original row.
    var markerCoefficient: Double { Double(markerSign) }
}

/// Why a tableau operation failed. The tableau is restored before any of these is thrown.
enum TableauFailure: Error {
    /// A required constraint cannot hold; the records of the constraints involved.
    case unsatisfiable([Int32])
    /// The simplex did not converge within its bound.
    case iterationLimit
}

/// Everything the tableau keeps per symbol.
struct SymbolInfo {
    var kind: SymbolKind
    /// Scratch: whether the symbol is in the accumulator.
    var mark: UInt8 = 0
    /// Whether ``column`` is maintained: always for slacks and errors (they enter the basis),
    /// never for external variables, and for a dummy only once something asks for its rows
    /// (dummies ride along in many rows but are looked up only when their constraint changes).
    var hasColumn = false
    /// The row the symbol is basic in, or -1.
    var basicRow: Int32 = -1
    var partition: Int32
    /// How many rows hold the symbol, exactly.
    var occurrences: Int32 = 0
    /// For a restricted symbol, the rows that may hold it (a superset; entries are checked
    /// when used). External symbols are never looked up by column and keep none.
    var column = Span()
    var objectiveSlot: Int32 = -1
    /// The constraint record a private symbol belongs to, or -1. For an external variable,
    /// the required equality whose dummy is not materialised and whose row defines it.
    var owner: Int32
    /// Scratch: a position in a row or a list, or -1.
    var position: Int32 = -1
    /// The partition's member list.
    var previousMember: Int32 = -1
    var nextMember: Int32 = -1

    /// The partition's definition list, in increasing rank. Only external variables are
    /// definitions, and they never keep a column, so the links share ``column``'s storage.
    var previousDefinition: Int32 {
        get { column.start }
        set { column.start = newValue }
    }
    var nextDefinition: Int32 {
        get { column.count }
        set { column.count = newValue }
    }
}

/// A connected component of the constraint graph, solved on its own. Its members and its
/// definitions are intrusive lists threaded through ``SymbolInfo``, so a partition allocates
/// nothing until it needs the simplex.
struct Partition {
    var firstMember: Int32 = -1
    var memberCount = 0
    /// Definitions in increasing rank: evaluating them in this order respects their references.
    var firstDefinition: Int32 = -1
    var lastDefinition: Int32 = -1
    var minRank: Int64 = 0
    var maxRank: Int64 = 0
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

    // Per symbol.
    var symbols = RawVector<SymbolInfo>(kind: 0)
    var values = RawVector<Double>(kind: 1)
    var freeSymbols: [Int32] = []

    // Scratch, per symbol, always restored to zero / -1 after use.
    var accumulator = RawVector<Double>(kind: 2)
    /// The symbols the accumulator holds, in the order they were first touched.
    var touched = RawVector<Int32>()
    var accumulatedConstant = 0.0
    var expansionHeap = RawVector<DefinitionEntry>()

    // Rows and their pooled terms.
    var rows = RawVector<RowHeader>(kind: 3)
    var terms = RawVector<Term>(kind: 4)
    var freeRowIDs: [Int32] = []
    var freeTermBlocks = BlockFreeList()
    var rowStamps = RawVector<UInt32>(kind: 5)
    var stamp: UInt32 = 0

    // Pooled columns.
    var columnPool = RawVector<Int32>(kind: 6)
    var freeColumnBlocks = BlockFreeList()

    // The lexicographic objective: `objective[slot * levelStride + level]`; `levels` holds each
    // level's priority in the order levels were added, `levelOrder` the levels by decreasing
    // priority.
    var levels: [Float] = []
    var levelOrder: [Int32] = []
    var levelStride = 0
    var objective = RawVector<Double>(kind: 7)
    var slotSymbols = RawVector<Int32>(kind: 8)
    var freeSlots: [Int32] = []
    /// A fixed pivot bound instead of the one that grows with the partition (for tests).
    var pivotLimit: Int?

    var partitions: [Partition] = []
    var freePartitionIDs: [Int32] = []
    var dirtyPartitions: [Int32] = []

    var records = RawVector<ConstraintRecord>(kind: 9)
    var freeRecords: [Int32] = []

    /// How many constraint rows were inserted and removed over the tableau's life (edit
    /// variables included), so that tests can tell an update in place from a rebuild.
    var insertionCount = 0
    var removalCount = 0

    /// The number of symbol ids in use or free.
    var symbolCapacity: Int { symbols.count }

    /// Frees the tableau's memory; called once, by the solver's deinitialiser.
    mutating func deallocate() {
        symbols.deallocate()
        values.deallocate()
        accumulator.deallocate()
        touched.deallocate()
        expansionHeap.deallocate()
        rows.deallocate()
        terms.deallocate()
        rowStamps.deallocate()
        columnPool.deallocate()
        objective.deallocate()
        slotSymbols.deallocate()
        records.deallocate()
    }

    /// Makes room for about `count` more constraints of two or three terms (a layout
    /// constraint's), as a batch about to be added knows: the storage grows once instead of
    /// doubling, and copying, many times over.
    mutating func reserveCapacity(forConstraints count: Int) {
        // A layout scene's tableau holds about 1.6 symbols, 1.1 rows and records, 3.4 terms and
        // a third of a partition for each constraint.
        let symbolCount = symbols.count + count * 8 / 5
        symbols.reserveCapacity(symbolCount)
        values.reserveCapacity(symbolCount)
        accumulator.reserveCapacity(symbolCount)
        let rowCount = rows.count + count * 11 / 10
        rows.reserveCapacity(rowCount)
        rowStamps.reserveCapacity(rowCount)
        terms.reserveCapacity(terms.count + count * 7 / 2)
        records.reserveCapacity(records.count + count * 11 / 10)
        partitions.reserveCapacity(partitions.count + count / 3)
    }

    // MARK: Symbols

    /// Creates a symbol of `kind` in `partition` (-1 for none), owned by constraint `owner`.
    mutating func makeSymbol(_ kind: SymbolKind, partition: Int32, owner: Int32) -> Int32 {
        let id: Int32
        var info = SymbolInfo(kind: kind, partition: -1, owner: owner)
        info.hasColumn = kind == .slack || kind == .error
        // The free lists are usually empty: checked first, without `popLast`'s call.
        if !freeSymbols.isEmpty, let reused = freeSymbols.popLast() {
            id = reused
            symbols[Int(id)] = info
            values[Int(id)] = 0
        } else {
            id = Int32(symbols.count)
            symbols.append(info)
            values.append(0)
            accumulator.append(0)
        }
        if partition >= 0 { addMember(id, to: partition) }
        return id
    }

    /// Releases a symbol that no row holds and that is not basic.
    mutating func freeSymbol(_ symbol: Int32) {
        let i = Int(symbol)
        freeObjectiveSlot(of: symbol)
        if symbols[i].partition >= 0 { removeMember(symbol) }
        freeColumnBlocks.give(symbols[i].column.start, symbols[i].column.capacity)
        symbols[i] = SymbolInfo(kind: .free, partition: -1, owner: -1)
        values[i] = 0
        freeSymbols.append(symbol)
    }

    /// Whether the symbol is restricted to be at least zero (slack, error or dummy).
    @inline(__always)
    func isRestricted(_ symbol: Int32) -> Bool {
        let kind = symbols[Int(symbol)].kind
        return kind == .slack || kind == .error || kind == .dummy
    }

    /// Whether `row` is a live simplex row (its basic symbol is restricted).
    @inline(__always)
    func isSimplexRow(_ row: Int32) -> Bool {
        let basic = rows[Int(row)].basic
        return basic >= 0 && symbols[Int(basic)].kind != .external
    }

    /// Whether a simplex row violates its basic symbol's restriction: a negative constant, or
    /// any non-zero constant for a dummy (which must stay exactly zero).
    @inline(__always)
    func isInfeasible(_ row: Int32) -> Bool {
        let basic = rows[Int(row)].basic
        guard basic >= 0 else { return false }
        let kind = symbols[Int(basic)].kind
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
            marker: -1, other: -1, priority: 1000, constant: 0, otherCoefficient: 0,
            isLive: true)
        if !freeRecords.isEmpty, let reused = freeRecords.popLast() {
            records[Int(reused)] = record
            return reused
        }
        records.append(record)
        return Int32(records.count - 1)
    }

    /// Releases a record and its private symbols.
    mutating func freeRecord(_ record: Int32) {
        let r = records[Int(record)]
        if r.marker >= 0 {
            purge(r.marker)
            freeSymbol(r.marker)
        }
        if r.other >= 0 {
            purge(r.other)
            freeSymbol(r.other)
        }
        if r.definition >= 0 { symbols[Int(r.definition)].owner = -1 }
        records[Int(record)].isLive = false
        freeRecords.append(record)
    }

    /// The partition of a constraint.
    func partition(of record: Int32) -> Int32 {
        let r = records[Int(record)]
        return symbols[Int(r.marker >= 0 ? r.marker : r.definition)].partition
    }

    /// Gives a lazy required equality its dummy, in the row of the variable it defines, so that
    /// the row can be copied or dropped without losing the constraint.
    mutating func materializeDummy(of record: Int32) {
        let r = records[Int(record)]
        guard r.marker < 0, r.definition >= 0 else { return }
        let x = r.definition
        let dummy = makeSymbol(.dummy, partition: symbols[Int(x)].partition, owner: record)
        // The constraint row is `c·x + rest + k + dummy = 0`, so x's row gains `-dummy / c`.
        appendTerm(symbols[Int(x)].basicRow, dummy, -1 / r.otherCoefficient)
        records[Int(record)].marker = dummy
        records[Int(record)].definition = -1
        symbols[Int(x)].owner = -1
    }

    /// The records of required constraints whose private symbols appear in `row`, plus the
    /// owner of the row's basic symbol.
    func requiredOwners(ofRow row: Int32) -> [Int32] {
        var result: [Int32] = []
        func consider(_ symbol: Int32) {
            guard symbol >= 0, symbols[Int(symbol)].kind != .external else { return }
            let owner = symbols[Int(symbol)].owner
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
