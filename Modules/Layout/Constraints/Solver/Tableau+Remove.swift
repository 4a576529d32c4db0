// Removing a constraint and changing its constant.

extension Tableau {
    /// Removes a constraint: its marker is pivoted into the basis and its row dropped, after
    /// which the rows left describe exactly the other constraints.
    mutating func removeConstraint(_ record: Int32) throws(TableauFailure) {
        let r = records[Int(record)]
        let p = partitionOf[Int(r.marker)]
        removeErrorWeights(record)
        let row = basicRows[Int(r.marker)]
        if row >= 0 {
            freeRow(row)
            basicRows[Int(r.marker)] = -1
        } else if let leaving = markerLeavingRow(r.marker) {
            pivotOutAndDrop(r.marker, row: leaving)
        }
        freeRecord(record)
        guard p >= 0 else { return }
        partitions[Int(p)].constraintCount -= 1
        partitions[Int(p)].removalsSinceSplit += 1
        markDirty(p)
        try dualOptimize(partition: p)
        try optimize(partition: p)
    }

    /// Changes the constant of a constraint in place and restores optimality with the dual
    /// simplex; on failure the old constant is restored.
    mutating func changeConstant(_ record: Int32, to constant: Double) throws(TableauFailure) {
        let delta = constant - records[Int(record)].constant
        if delta == 0 { return }
        let p = partitionOf[Int(records[Int(record)].marker)]
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
        let p = partitionOf[Int(m)]
        markDirty(p)
        let row = basicRows[Int(m)]
        if row >= 0 {
            rows[Int(row)].constant -= delta / r.markerCoefficient
            if isInfeasible(row) {
                if kinds[Int(m)] == .dummy && !hasNonDummyTerm(row) {
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
        if r.other >= 0 && basicRows[Int(r.other)] >= 0 {
            let otherRow = basicRows[Int(r.other)]
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
            let kind = kinds[Int(terms[i].symbol)]
            if kind == .slack || kind == .error { return true }
        }
        return false
    }
}
