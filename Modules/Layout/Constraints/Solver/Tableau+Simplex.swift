// Pivoting, the primal simplex (after optional additions and removals) and the dual simplex
// (after required additions, constant changes and suggested values). Entering and leaving symbols follow
// Bland's rule (lowest id among ties), so the simplex cannot cycle; every loop is also bounded,
// and exceeding the bound is reported as an error instead of spinning.

extension Tableau {
    /// The most pivots one optimisation of a partition may take.
    func pivotBound(_ partition: Int32) -> Int {
        pivotLimit ?? 10_000 + 50 * partitions[Int(partition)].memberCount
    }

    /// Makes `entering` basic in `row`, whose basic symbol leaves, and substitutes everywhere.
    mutating func pivot(entering: Int32, row: Int32) {
        guard let at = index(of: entering, inRow: row) else { return }
        let leaving = rows[Int(row)].basic
        let factor = -1 / terms[at].coefficient
        removeTerm(row, at: at)
        scaleRow(row, by: factor)
        appendTerm(row, leaving, -factor)
        symbols[Int(leaving)].basicRow = -1
        rows[Int(row)].basic = entering
        symbols[Int(entering)].basicRow = row
        substituteEverywhere(entering, by: row)
    }

    /// Replaces `symbol`, now basic in `source`, in every other row and in the objective.
    mutating func substituteEverywhere(_ symbol: Int32, by source: Int32) {
        let p = symbols[Int(symbol)].partition
        var i = 0
        while i < Int(symbols[Int(symbol)].column.count) {
            let row = columnPool[Int(symbols[Int(symbol)].column.start) + i]
            i += 1
            if row == source || rows[Int(row)].basic == Tableau.freeRow { continue }
            guard let at = index(of: symbol, inRow: row) else { continue }
            substitute(symbol, inRow: row, at: at, by: source)
            if p >= 0 && isInfeasible(row) {
                partitions[Int(p)].infeasible.append(row)
            }
        }
        symbols[Int(symbol)].column.count = 0
        substituteInObjective(symbol, by: source)
    }

    /// The simplex row that limits how far `entering` can increase (minimum ratio, lowest basic
    /// id among ties).
    func leavingRow(for entering: Int32) -> Int32? {
        var best: Int32?
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        let span = symbols[Int(entering)].column
        for k in Int(span.start)..<Int(span.start + span.count) {
            let row = columnPool[k]
            if !isSimplexRow(row) { continue }
            guard let at = index(of: entering, inRow: row) else { continue }
            let c = terms[at].coefficient
            // A dummy must stay zero, so any coefficient blocks; other rows block a decrease.
            let isDummy = symbols[Int(rows[Int(row)].basic)].kind == .dummy
            guard c < -solverEpsilon || (isDummy && c > solverEpsilon) else { continue }
            let ratio = isDummy ? 0 : -rows[Int(row)].constant / c
            let basic = rows[Int(row)].basic
            if ratio < bestRatio - solverEpsilon
                || (ratio <= bestRatio + solverEpsilon && basic < bestBasic)
            {
                best = row
                bestRatio = ratio
                bestBasic = basic
            }
        }
        return best
    }

    /// Minimises the objective of a partition with the primal simplex.
    mutating func optimize(partition p: Int32) throws(TableauFailure) {
        let bound = pivotBound(p)
        var pivots = 0
        while let entering = nextEntering(in: p) {
            // A sum of non-negative errors is bounded below, so an entering symbol that no row
            // limits only has a negative coefficient through rounding: leave it.
            guard let row = leavingRow(for: entering) else { continue }
            pivot(entering: entering, row: row)
            pivots += 1
            if pivots > bound { throw .iterationLimit }
        }
    }

    /// Restores feasibility of a partition with the dual simplex after constants changed.
    ///
    /// - Throws: `.unsatisfiable` with the required constraints of the row that cannot be made
    ///   feasible, or `.iterationLimit`.
    mutating func dualOptimize(partition p: Int32) throws(TableauFailure) {
        let bound = pivotBound(p)
        var pivots = 0
        while let row = partitions[Int(p)].infeasible.popLast() {
            guard isSimplexRow(row), isInfeasible(row) else { continue }
            // A negative constant needs a symbol with a positive coefficient to enter; a dummy
            // row with a positive constant needs the opposite.
            let direction: Double = rows[Int(row)].constant < 0 ? 1 : -1
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            let span = rows[Int(row)].span
            for i in Int(span.start)..<Int(span.start + span.count) {
                let term = terms[i]
                let kind = symbols[Int(term.symbol)].kind
                let c = term.coefficient * direction
                guard c > solverEpsilon, kind == .slack || kind == .error else { continue }
                if entering < 0
                    || dualRatio(term.symbol, c, isLessThan: entering, enteringCoefficient)
                {
                    entering = term.symbol
                    enteringCoefficient = c
                }
            }
            guard entering >= 0 else { throw .unsatisfiable(requiredOwners(ofRow: row)) }
            pivot(entering: entering, row: row)
            pivots += 1
            if pivots > bound { throw .iterationLimit }
        }
    }

    /// Lists every simplex row of the partition with a negative constant.
    mutating func collectInfeasibleRows(partition p: Int32) {
        partitions[Int(p)].infeasible.removeAll()
        for symbol in members(of: p) {
            let row = symbols[Int(symbol)].basicRow
            if row >= 0 && isSimplexRow(row) && isInfeasible(row) {
                partitions[Int(p)].infeasible.append(row)
            }
        }
    }

    /// The row to pivot a parametric marker into before its constraint is dropped: a dummy row,
    /// else a simplex row chosen so that every other row stays feasible, else the definition row
    /// of lowest rank (every other definition holding the marker has a higher rank).
    mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var first: Int32?
        var firstRatio = Double.infinity
        var second: Int32?
        var secondRatio = Double.infinity
        var third: Int32?
        var thirdRank = Int64.max
        for row in rowsHolding(marker) {
            let basic = rows[Int(row)].basic
            if basic < 0 { continue }
            guard let at = index(of: marker, inRow: row) else { continue }
            let c = terms[at].coefficient
            let constant = rows[Int(row)].constant
            if symbols[Int(basic)].kind == .dummy {
                // The row's constant is zero, so the marker enters at zero and no other row
                // changes; any other choice would move the constants of rows it shares with
                // dummies, which must stay zero.
                return row
            }
            if symbols[Int(basic)].kind == .external {
                if rows[Int(row)].rank < thirdRank {
                    third = row
                    thirdRank = rows[Int(row)].rank
                }
            } else if c < 0 {
                let ratio = -constant / c
                if ratio < firstRatio {
                    first = row
                    firstRatio = ratio
                }
            } else {
                let ratio = constant / c
                if ratio < secondRatio {
                    second = row
                    secondRatio = ratio
                }
            }
        }
        return first ?? second ?? third
    }

    /// Makes `marker` basic in `row`, substitutes it everywhere, and drops the row: the
    /// constraint the marker stands for leaves the tableau.
    mutating func pivotOutAndDrop(_ marker: Int32, row: Int32) {
        // A definition row about to be dropped may carry another constraint alone.
        let basic = rows[Int(row)].basic
        if symbols[Int(basic)].kind == .external && symbols[Int(basic)].owner >= 0 {
            materializeDummy(of: symbols[Int(basic)].owner)
        }
        guard let at = index(of: marker, inRow: row) else { return }
        let leaving = rows[Int(row)].basic
        let factor = -1 / terms[at].coefficient
        removeTerm(row, at: at)
        scaleRow(row, by: factor)
        appendTerm(row, leaving, -factor)
        symbols[Int(leaving)].basicRow = -1
        if symbols[Int(leaving)].kind == .external {
            // A definition row: the marker's objective coefficient is zero here, and the variable
            // that leaves becomes free.
            values[Int(leaving)] = 0
            unlinkDefinition(leaving)
            freeObjectiveSlot(of: marker)
        }
        rows[Int(row)].basic = marker
        symbols[Int(marker)].basicRow = row
        ensureColumn(marker)
        substituteEverywhere(marker, by: row)
        freeRow(row)
        symbols[Int(marker)].basicRow = -1
    }
}
