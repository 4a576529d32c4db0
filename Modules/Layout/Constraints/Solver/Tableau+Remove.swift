// Removing a constraint and changing its constant.

extension Tableau {
    /// Removes a constraint: its marker is pivoted into the basis and its row dropped, after
    /// which the rows left describe exactly the other constraints.
    mutating func removeConstraint(_ record: Int32) throws(TableauFailure) {
        guard let p = detach(record) else { return }
        removalCount += 1
        try dualOptimize(partition: p)
        try optimize(partition: p)
    }

    /// Takes a constraint out of the tableau without optimising; returns its partition.
    @discardableResult
    mutating func detach(_ record: Int32) -> Int32? {
        let r = records[Int(record)]
        if r.marker < 0 {
            // A lazy equality is exactly its definition row.
            let x = r.definition
            let p = symbols[Int(x)].partition
            let row = symbols[Int(x)].basicRow
            freeRow(row)
            symbols[Int(x)].basicRow = -1
            values[Int(x)] = 0
            unlinkDefinition(x)
            freeRecord(record)
            partitions[Int(p)].constraintCount -= 1
            partitions[Int(p)].removalsSinceSplit += 1
            markDirty(p)
            return p
        }
        let p = symbols[Int(r.marker)].partition
        removeErrorWeights(record)
        let row = symbols[Int(r.marker)].basicRow
        if row >= 0 {
            freeRow(row)
            symbols[Int(r.marker)].basicRow = -1
        } else if let leaving = markerLeavingRow(r.marker) {
            pivotOutAndDrop(r.marker, row: leaving)
        }
        freeRecord(record)
        guard p >= 0 else { return nil }
        partitions[Int(p)].constraintCount -= 1
        partitions[Int(p)].removalsSinceSplit += 1
        markDirty(p)
        return p
    }

    /// Changes the constant of a constraint in place and restores optimality with the dual
    /// simplex; on failure the old constant is restored.
    mutating func changeConstant(_ record: Int32, to constant: Double) throws(TableauFailure) {
        let delta = constant - records[Int(record)].constant
        if delta == 0 { return }
        let p = partition(of: record)
        if records[Int(record)].marker < 0 {
            // `c·x + rest + k = 0`: raising k by delta lowers x's row constant by delta / c.
            let r = records[Int(record)]
            rows[Int(symbols[Int(r.definition)].basicRow)].constant -= delta / r.otherCoefficient
            records[Int(record)].constant = constant
            markDirty(p)
            return
        }
        if let conflicts = shift(record, by: delta) {
            _ = shift(record, by: -delta)
            throw .unsatisfiable(conflicts)
        }
        do {
            try dualOptimize(partition: p)
        } catch {
            _ = shift(record, by: -delta)
            collectInfeasibleRows(partition: p)
            try? dualOptimize(partition: p)
            if case .unsatisfiable(let conflicts) = error {
                var named: [Int32] = [record]
                for owner in conflicts where owner != record { named.append(owner) }
                throw .unsatisfiable(named)
            }
            throw error
        }
        records[Int(record)].constant = constant
    }

    /// Moves the constraint's constant by `delta` through one of its private symbols: with
    /// `expression + k + a·m = 0`, raising `k` by `delta` is replacing `m` by `m - delta / a`.
    ///
    /// - Returns: The records in conflict if a redundant required equality would stop holding.
    private mutating func shift(_ record: Int32, by delta: Double) -> [Int32]? {
        let r = records[Int(record)]
        let m = r.marker
        let p = symbols[Int(m)].partition
        markDirty(p)
        let row = symbols[Int(m)].basicRow
        if row >= 0 {
            rows[Int(row)].constant -= delta / r.markerCoefficient
            if isInfeasible(row) {
                if symbols[Int(m)].kind == .dummy && !hasNonDummyTerm(row) {
                    var named: [Int32] = [record]
                    for owner in requiredOwners(ofRow: row) where owner != record {
                        named.append(owner)
                    }
                    return named
                }
                partitions[Int(p)].infeasible.append(row)
            }
            return nil
        }
        if r.other >= 0 && symbols[Int(r.other)].basicRow >= 0 {
            let otherRow = symbols[Int(r.other)].basicRow
            rows[Int(otherRow)].constant -= delta / r.otherCoefficient
            if isInfeasible(otherRow) {
                partitions[Int(p)].infeasible.append(otherRow)
            }
            return nil
        }
        let scaled = delta / r.markerCoefficient
        for holder in rowsHolding(m) {
            guard let at = index(of: m, inRow: holder) else { continue }
            rows[Int(holder)].constant += terms[at].coefficient * scaled
            if isInfeasible(holder) {
                partitions[Int(p)].infeasible.append(holder)
            }
        }
        return nil
    }

    private func hasNonDummyTerm(_ row: Int32) -> Bool {
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            let kind = symbols[Int(terms[i].symbol)].kind
            if kind == .slack || kind == .error { return true }
        }
        return false
    }
}
