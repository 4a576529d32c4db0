// Adding a constraint.
//
// The constraint's row is gathered in a dense accumulator. Then, in order of preference:
// 1. A variable no row mentions becomes the basic symbol of a new definition row of the highest
//    rank. Nothing needs substituting, so a chain of constraints costs O(1) each.
// 2. Otherwise definitions are expanded from the highest rank down, so that terms cancel before
//    lower definitions are expanded; if an unrestricted variable remains it becomes the basic
//    symbol of a definition of the lowest rank (its row holds only parametric symbols).
// 3. Otherwise the row holds only restricted symbols and joins the simplex part as in Cassowary:
//    its own slack or error becomes basic, or an artificial variable is minimised to find a
//    feasible basis, failing when a required constraint cannot hold.

extension Tableau {
    /// Adds `Σ terms + constant (relation) 0` at a priority (1000 is required).
    ///
    /// - Returns: The new constraint record.
    /// - Throws: ``TableauFailure``; the tableau is then as it was.
    mutating func addConstraint(
        _ input: [Term], constant: Double, relation: LayoutRelation,
        priority: Float
    ) throws(TableauFailure) -> Int32 {
        let optional = priority < 1000
        if optional { _ = level(for: priority) }
        let p = partition(joining: input)
        let record = makeRecord()
        var marker: Int32
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
            } else {
                marker = makeSymbol(.dummy, partition: p, owner: record)
            }
        }
        records[Int(record)] = ConstraintRecord(
            marker: marker, other: other, priority: priority, constant: constant,
            markerCoefficient: markerCoefficient, otherCoefficient: otherCoefficient,
            isLive: true)
        partitions[Int(p)].constraintCount += 1
        markDirty(p)

        for term in input { accumulate(term.symbol, term.coefficient) }
        accumulatedConstant = constant
        accumulate(marker, markerCoefficient)
        if other >= 0 { accumulate(other, otherCoefficient) }

        if let subject = freshSubject() {
            installDefinition(subject, partition: p, lowestRank: false)
            addErrorWeights(record)
            return record
        }
        expandDefinitions()
        if let subject = unrestrictedSubject() {
            installDefinition(subject, partition: p, lowestRank: true)
            addErrorWeights(record)
            return record
        }
        try installSimplexRow(record, partition: p)
        return record
    }

    // MARK: Accumulator

    @inline(__always)
    mutating func accumulate(_ symbol: Int32, _ coefficient: Double) {
        let i = Int(symbol)
        if marks[i] == 0 {
            marks[i] = 1
            touched.append(symbol)
        }
        accumulator[i] += coefficient
    }

    mutating func endAccumulation() {
        for symbol in touched {
            accumulator[Int(symbol)] = 0
            marks[Int(symbol)] = 0
        }
        touched.removeAll(keepingCapacity: true)
        accumulatedConstant = 0
    }

    /// An unrestricted variable of the row that no row mentions yet.
    private func freshSubject() -> Int32? {
        for symbol in touched {
            let i = Int(symbol)
            if kinds[i] == .external, basicRows[i] < 0, occurrences[i] == 0,
                !isNearZero(accumulator[i])
            {
                return symbol
            }
        }
        return nil
    }

    /// The unrestricted variable with the largest coefficient, once definitions are expanded.
    private func unrestrictedSubject() -> Int32? {
        var best: Int32?
        var bestMagnitude = solverEpsilon
        for symbol in touched where kinds[Int(symbol)] == .external {
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
        expansionHeap.removeAll(keepingCapacity: true)
        for symbol in touched where kinds[Int(symbol)] == .external {
            let row = basicRows[Int(symbol)]
            if row >= 0 { pushExpansion(DefinitionEntry(symbol: symbol, rank: rows[Int(row)].rank)) }
        }
        while let top = popExpansion() {
            let y = Int(top.symbol)
            let factor = accumulator[y]
            accumulator[y] = 0
            if isNearZero(factor) { continue }
            let row = Int(basicRows[y])
            accumulatedConstant += factor * rows[row].constant
            let span = rows[row].span
            for i in Int(span.start)..<Int(span.start + span.count) {
                let term = terms[i]
                let t = Int(term.symbol)
                let isNew = marks[t] == 0
                accumulate(term.symbol, factor * term.coefficient)
                if isNew && kinds[t] == .external && basicRows[t] >= 0 {
                    pushExpansion(DefinitionEntry(symbol: term.symbol, rank: rows[Int(basicRows[t])].rank))
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
    private mutating func installDefinition(_ subject: Int32, partition p: Int32, lowestRank: Bool)
    {
        let factor = accumulator[Int(subject)]
        let row = makeRow(
            basic: subject, constant: -accumulatedConstant / factor, capacity: touched.count)
        for symbol in touched where symbol != subject {
            let c = accumulator[Int(symbol)]
            if !isNearZero(c) { appendTerm(row, symbol, -c / factor) }
        }
        let rank: Int64
        if lowestRank {
            partitions[Int(p)].minRank -= 1
            rank = partitions[Int(p)].minRank
            partitions[Int(p)].lowDefinitions.append(DefinitionEntry(symbol: subject, rank: rank))
        } else {
            partitions[Int(p)].maxRank += 1
            rank = partitions[Int(p)].maxRank
            partitions[Int(p)].highDefinitions.append(DefinitionEntry(symbol: subject, rank: rank))
        }
        rows[Int(row)].rank = rank
        basicRows[Int(subject)] = row
        endAccumulation()
    }

    /// Adds the accumulated row, which holds only restricted symbols, to the simplex part.
    private mutating func installSimplexRow(_ record: Int32, partition p: Int32)
        throws(TableauFailure)
    {
        if accumulatedConstant < 0 {
            accumulatedConstant = -accumulatedConstant
            for symbol in touched { accumulator[Int(symbol)] = -accumulator[Int(symbol)] }
        }
        let r = records[Int(record)]
        var subject: Int32 = -1
        if kinds[Int(r.marker)] != .dummy && accumulator[Int(r.marker)] < -solverEpsilon {
            subject = r.marker
        } else if r.other >= 0 && accumulator[Int(r.other)] < -solverEpsilon {
            subject = r.other
        }
        if subject < 0 && touched.allSatisfy({ kinds[Int($0)] == .dummy || isNearZero(accumulator[Int($0)]) }) {
            if !isNearZero(accumulatedConstant) {
                var conflicts: [Int32] = [record]
                for symbol in touched where !isNearZero(accumulator[Int(symbol)]) {
                    let owner = owners[Int(symbol)]
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
            try installWithArtificialVariable(record, partition: p)
            return
        }
        let factor = accumulator[Int(subject)]
        let row = makeRow(
            basic: subject, constant: -accumulatedConstant / factor, capacity: touched.count)
        for symbol in touched where symbol != subject {
            let c = accumulator[Int(symbol)]
            if !isNearZero(c) { appendTerm(row, symbol, -c / factor) }
        }
        basicRows[Int(subject)] = row
        endAccumulation()
        addErrorWeights(record)
        try optimizeOrUndo(record, partition: p)
    }

    /// Finds a feasible basis for the accumulated row by minimising an artificial variable.
    private mutating func installWithArtificialVariable(_ record: Int32, partition p: Int32)
        throws(TableauFailure)
    {
        let art = makeSymbol(.slack, partition: p, owner: -1)
        let row = makeRow(basic: art, constant: accumulatedConstant, capacity: touched.count)
        let goal = makeRow(
            basic: Tableau.objectiveRow, constant: accumulatedConstant, capacity: touched.count)
        for symbol in touched {
            let c = accumulator[Int(symbol)]
            if isNearZero(c) { continue }
            appendTerm(row, symbol, c)
            appendTerm(goal, symbol, c)
        }
        basicRows[Int(art)] = row
        endAccumulation()
        var success = false
        var limited = false
        do {
            success = try optimizeArtificial(goal, partition: p)
        } catch {
            limited = true
        }
        let conflicts = success ? [] : requiredOwners(ofRow: goal)
        freeRow(goal)
        let artRow = basicRows[Int(art)]
        if artRow >= 0 {
            if success, let entering = pivotableSymbol(in: artRow) {
                pivot(entering: entering, row: artRow)
            } else {
                freeRow(artRow)
                basicRows[Int(art)] = -1
            }
        } else if !success, let leaving = markerLeavingRow(art) {
            pivotOutAndDrop(art, row: leaving)
        }
        purge(art)
        freeSymbol(art)
        if !success {
            discard(record, partition: p)
            try? optimize(partition: p)
            if limited { throw .iterationLimit }
            var named: [Int32] = [record]
            for owner in conflicts where owner != record { named.append(owner) }
            throw .unsatisfiable(named)
        }
        addErrorWeights(record)
        try optimizeOrUndo(record, partition: p)
    }

    /// A slack or error symbol of the row, if any.
    private func pivotableSymbol(in row: Int32) -> Int32? {
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            let kind = kinds[Int(terms[i].symbol)]
            if kind == .slack || kind == .error { return terms[i].symbol }
        }
        return nil
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
        if kinds[Int(r.marker)] == .error { addToObjective(r.marker, level: l, weight: 1) }
        if r.other >= 0 { addToObjective(r.other, level: l, weight: 1) }
    }

    /// Removes the errors of an optional constraint from the objective.
    mutating func removeErrorWeights(_ record: Int32) {
        let r = records[Int(record)]
        guard !r.isRequired else { return }
        let l = level(for: r.priority)
        if kinds[Int(r.marker)] == .error { addToObjective(r.marker, level: l, weight: -1) }
        if r.other >= 0 { addToObjective(r.other, level: l, weight: -1) }
    }
}
