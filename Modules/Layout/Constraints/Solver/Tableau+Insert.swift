// Adding a constraint.
//
// The constraint's row is gathered in a dense accumulator. Then, in order of preference:
// 1. A variable no row mentions becomes the basic symbol of a new definition row of the highest
//    rank. Nothing needs substituting, so a chain of constraints costs O(1) each.
// 2. Otherwise definitions are expanded from the highest rank down, so that terms cancel before
//    lower definitions are expanded; if an unrestricted variable remains it becomes the basic
//    symbol of a definition of the lowest rank (its row holds only parametric symbols).
// 3. Otherwise the row holds only restricted symbols and joins the simplex part as in Cassowary:
//    its own slack or error becomes basic when that keeps the row feasible; otherwise (only for
//    required constraints) its marker becomes basic at an infeasible value and the dual simplex
//    repairs the basis, which fails, naming the constraints in the way, exactly when a required
//    constraint cannot hold.

extension Tableau {
    /// Adds `Σ terms + constant (relation) 0` at a priority (1000 is required).
    ///
    /// - Returns: The new constraint record.
    /// - Throws: ``TableauFailure``; the tableau is then as it was.
    mutating func addConstraint(
        _ input: TermBuffer, constant: Double, relation: LayoutRelation,
        priority: Float
    ) throws(TableauFailure) -> Int32 {
        let optional = priority < 1000
        if optional { _ = level(for: priority) }
        let p = partition(joining: input)
        let record = makeRecord()
        insertionCount += 1
        var marker: Int32 = -1
        var other: Int32 = -1
        var markerCoefficient = 1.0
        var otherCoefficient = 0.0
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack, partition: p, owner: record)
            markerCoefficient = sign
            if optional {
                other = makeSymbol(.error, partition: p, owner: record)
                otherCoefficient = -sign
            }
        case .equal:
            if optional {
                marker = makeSymbol(.error, partition: p, owner: record)
                markerCoefficient = -1
                other = makeSymbol(.error, partition: p, owner: record)
                otherCoefficient = 1
            }
        }
        records[Int(record)] = ConstraintRecord(
            marker: marker, other: other, priority: priority, constant: constant,
            otherCoefficient: otherCoefficient, isLive: true, markerSign: Int8(markerCoefficient))
        partitions[Int(p)].constraintCount += 1
        markDirty(p)

        for i in 0..<input.count { accumulate(input[i].variable.index, input[i].coefficient) }
        accumulatedConstant = constant
        if marker >= 0 { accumulate(marker, markerCoefficient) }
        if other >= 0 { accumulate(other, otherCoefficient) }

        if let subject = freshSubject() {
            installDefinition(subject, record: record, partition: p, lowestRank: false)
            return record
        }
        expandDefinitions()
        if let subject = unrestrictedSubject() {
            installDefinition(subject, record: record, partition: p, lowestRank: true)
            return record
        }
        if marker < 0 {
            // A required equality in the simplex part needs its dummy from the start.
            marker = makeSymbol(.dummy, partition: p, owner: record)
            records[Int(record)].marker = marker
            accumulate(marker, 1)
        }
        try installSimplexRow(record, partition: p)
        return record
    }

    // MARK: Accumulator

    @inline(__always)
    mutating func accumulate(_ symbol: Int32, _ coefficient: Double) {
        let i = Int(symbol)
        if symbols[i].mark == 0 {
            symbols[i].mark = 1
            touched.append(symbol)
        }
        accumulator[i] += coefficient
    }

    mutating func endAccumulation() {
        for symbol in touched.elements {
            accumulator[Int(symbol)] = 0
            symbols[Int(symbol)].mark = 0
        }
        touched.removeAll()
        accumulatedConstant = 0
    }

    /// An unrestricted variable of the row that no row mentions yet.
    ///
    /// Inlined, as is ``unrestrictedSubject()``: a method that does not mutate the tableau gets
    /// a copy of it (544 bytes) at each call.
    @inline(__always)
    private func freshSubject() -> Int32? {
        for symbol in touched.elements {
            let i = Int(symbol)
            if symbols[i].kind == .external, symbols[i].basicRow < 0, symbols[i].occurrences == 0,
                !isNearZero(accumulator[i])
            {
                return symbol
            }
        }
        return nil
    }

    /// The unrestricted variable with the largest coefficient, once definitions are expanded.
    @inline(__always)
    private func unrestrictedSubject() -> Int32? {
        var best: Int32?
        var bestMagnitude = solverEpsilon
        for symbol in touched.elements where symbols[Int(symbol)].kind == .external {
            let magnitude = abs(accumulator[Int(symbol)])
            if magnitude >= bestMagnitude {
                best = symbol
                bestMagnitude = magnitude
            }
        }
        return best
    }

    /// Replaces every definition in the accumulator by its row, highest rank first.
    private mutating func expandDefinitions() {
        expansionHeap.removeAll()
        for symbol in touched.elements where symbols[Int(symbol)].kind == .external {
            let row = symbols[Int(symbol)].basicRow
            if row >= 0 {
                pushExpansion(DefinitionEntry(symbol: symbol, rank: rows[Int(row)].rank))
            }
        }
        while let top = popExpansion() {
            let y = Int(top.symbol)
            let factor = accumulator[y]
            accumulator[y] = 0
            if isNearZero(factor) { continue }
            // The row is about to be copied: its constraint needs its dummy to follow it.
            if symbols[y].owner >= 0 { materializeDummy(of: symbols[y].owner) }
            let row = Int(symbols[y].basicRow)
            accumulatedConstant += factor * rows[row].constant
            let span = rows[row].span
            for i in Int(span.start)..<Int(span.start + span.count) {
                let term = terms[i]
                let t = Int(term.symbol)
                let isNew = symbols[t].mark == 0
                accumulate(term.symbol, factor * term.coefficient)
                if isNew && symbols[t].kind == .external && symbols[t].basicRow >= 0 {
                    pushExpansion(
                        DefinitionEntry(
                            symbol: term.symbol, rank: rows[Int(symbols[t].basicRow)].rank))
                }
            }
        }
    }

    private mutating func pushExpansion(_ entry: DefinitionEntry) {
        expansionHeap.append(entry)
        var child = expansionHeap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if expansionHeap[parent].rank >= expansionHeap[child].rank { break }
            expansionHeap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func popExpansion() -> DefinitionEntry? {
        guard let last = expansionHeap.popLast() else { return nil }
        guard !expansionHeap.isEmpty else { return last }
        let top = expansionHeap[0]
        expansionHeap[0] = last
        var parent = 0
        let count = expansionHeap.count
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            var child = left
            if left + 1 < count && expansionHeap[left + 1].rank > expansionHeap[left].rank {
                child = left + 1
            }
            if expansionHeap[parent].rank >= expansionHeap[child].rank { break }
            expansionHeap.swapAt(parent, child)
            parent = child
        }
        return top
    }

    // MARK: Installing rows

    /// Makes `subject` basic in a definition row built from the accumulator.
    private mutating func installDefinition(
        _ subject: Int32, record: Int32, partition p: Int32, lowestRank: Bool
    ) {
        let factor = accumulator[Int(subject)]
        if records[Int(record)].marker < 0 {
            records[Int(record)].definition = subject
            records[Int(record)].otherCoefficient = factor
            symbols[Int(subject)].owner = record
        }
        let row = makeRow(
            basic: subject, constant: -accumulatedConstant / factor, capacity: touched.count)
        for symbol in touched.elements where symbol != subject {
            let c = accumulator[Int(symbol)]
            if !isNearZero(c) { appendTerm(row, symbol, -c / factor) }
        }
        let rank: Int64
        if lowestRank {
            partitions[Int(p)].minRank -= 1
            rank = partitions[Int(p)].minRank
        } else {
            partitions[Int(p)].maxRank += 1
            rank = partitions[Int(p)].maxRank
        }
        rows[Int(row)].rank = rank
        symbols[Int(subject)].basicRow = row
        linkDefinition(subject, in: p, first: lowestRank)
        endAccumulation()
        addErrorWeights(record)
    }

    /// Adds the accumulated row, which holds only restricted symbols, to the simplex part.
    private mutating func installSimplexRow(_ record: Int32, partition p: Int32)
        throws(TableauFailure)
    {
        if accumulatedConstant < 0 {
            accumulatedConstant = -accumulatedConstant
            for symbol in touched.elements { accumulator[Int(symbol)] = -accumulator[Int(symbol)] }
        }
        let r = records[Int(record)]
        var subject: Int32 = -1
        if symbols[Int(r.marker)].kind != .dummy && accumulator[Int(r.marker)] < -solverEpsilon {
            subject = r.marker
        } else if r.other >= 0 && accumulator[Int(r.other)] < -solverEpsilon {
            subject = r.other
        }
        if subject < 0
            && touched.elements.allSatisfy({
                symbols[Int($0)].kind == .dummy || isNearZero(accumulator[Int($0)])
            })
        {
            if !isNearZero(accumulatedConstant) {
                var conflicts: [Int32] = [record]
                for symbol in touched.elements where !isNearZero(accumulator[Int(symbol)]) {
                    let owner = symbols[Int(symbol)].owner
                    if owner >= 0 && owner != record && !conflicts.contains(owner) {
                        conflicts.append(owner)
                    }
                }
                endAccumulation()
                discard(record, partition: p)
                throw .unsatisfiable(conflicts)
            }
            subject = r.marker
        }
        if subject < 0 {
            try installInfeasible(record, partition: p)
            return
        }
        let factor = accumulator[Int(subject)]
        let row = makeRow(
            basic: subject, constant: -accumulatedConstant / factor, capacity: touched.count)
        for symbol in touched.elements where symbol != subject {
            let c = accumulator[Int(symbol)]
            if !isNearZero(c) { appendTerm(row, symbol, -c / factor) }
        }
        symbols[Int(subject)].basicRow = row
        endAccumulation()
        addErrorWeights(record)
        try optimizeOrUndo(record, partition: p)
    }

    /// Installs a required row that no symbol can enter feasibly: its own marker becomes basic,
    /// possibly at an infeasible value, and the dual simplex restores feasibility while keeping
    /// the objective optimal (a required constraint adds nothing to the objective). If it
    /// cannot, the constraint is taken out again and the required constraints of the row that
    /// could not be repaired are named.
    private mutating func installInfeasible(_ record: Int32, partition p: Int32)
        throws(TableauFailure)
    {
        let marker = records[Int(record)].marker
        let factor = accumulator[Int(marker)]
        let row = makeRow(
            basic: marker, constant: -accumulatedConstant / factor, capacity: touched.count)
        for symbol in touched.elements where symbol != marker {
            let c = accumulator[Int(symbol)]
            if !isNearZero(c) { appendTerm(row, symbol, -c / factor) }
        }
        symbols[Int(marker)].basicRow = row
        endAccumulation()
        if isInfeasible(row) { partitions[Int(p)].infeasible.append(row) }
        do {
            try dualOptimize(partition: p)
        } catch {
            detach(record)
            collectInfeasibleRows(partition: p)
            try? dualOptimize(partition: p)
            try? optimize(partition: p)
            if case .unsatisfiable(let owners) = error {
                var named: [Int32] = [record]
                for owner in owners where owner != record { named.append(owner) }
                throw .unsatisfiable(named)
            }
            throw error
        }
    }

    /// Optimises after an addition; if the simplex does not converge, removes the constraint.
    private mutating func optimizeOrUndo(_ record: Int32, partition p: Int32)
        throws(TableauFailure)
    {
        do {
            try optimize(partition: p)
        } catch {
            try? removeConstraint(record)
            throw .iterationLimit
        }
    }

    /// Releases a record that was refused before its row was installed.
    private mutating func discard(_ record: Int32, partition p: Int32) {
        freeRecord(record)
        partitions[Int(p)].constraintCount -= 1
    }

    // MARK: Objective weights

    /// Adds the errors of an optional constraint to the objective.
    mutating func addErrorWeights(_ record: Int32) {
        let r = records[Int(record)]
        guard !r.isRequired else { return }
        let l = level(for: r.priority)
        if symbols[Int(r.marker)].kind == .error { addToObjective(r.marker, level: l, weight: 1) }
        if r.other >= 0 { addToObjective(r.other, level: l, weight: 1) }
    }

    /// Removes the errors of an optional constraint from the objective.
    mutating func removeErrorWeights(_ record: Int32) {
        let r = records[Int(record)]
        guard !r.isRequired else { return }
        let l = level(for: r.priority)
        if symbols[Int(r.marker)].kind == .error { addToObjective(r.marker, level: l, weight: -1) }
        if r.other >= 0 { addToObjective(r.other, level: l, weight: -1) }
    }
}
