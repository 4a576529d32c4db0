// Evaluating variables and finding the ones the constraints leave undetermined.

extension Tableau {
    /// Splits partitions that removals may have disconnected, then recomputes the values of the
    /// definitions of every partition that changed, in rank order.
    ///
    /// - Complexity: O(size of the partitions that changed).
    mutating func updateValues() {
        var i = 0
        while i < dirtyPartitions.count {
            let p = dirtyPartitions[i]
            i += 1
            if partitions[Int(p)].isLive && partitions[Int(p)].isDirty { splitIfWorthwhile(p) }
        }
        for p in dirtyPartitions where partitions[Int(p)].isDirty {
            partitions[Int(p)].isDirty = false
            if partitions[Int(p)].isLive { evaluate(p) }
        }
        dirtyPartitions.removeAll(keepingCapacity: true)
        compactPoolsIfNeeded()
    }

    /// Recomputes the definitions of one partition.
    private mutating func evaluate(_ p: Int32) {
        var stale = 0
        let low = partitions[Int(p)].lowDefinitions
        var k = low.count - 1
        while k >= 0 {
            if isValid(low[k]) { evaluateDefinition(low[k].symbol) } else { stale += 1 }
            k -= 1
        }
        let high = partitions[Int(p)].highDefinitions
        for entry in high {
            if isValid(entry) { evaluateDefinition(entry.symbol) } else { stale += 1 }
        }
        if stale > 16 && stale > (low.count + high.count) / 2 {
            partitions[Int(p)].lowDefinitions = low.filter { isValid($0) }
            partitions[Int(p)].highDefinitions = high.filter { isValid($0) }
        }
        partitions[Int(p)].staleDefinitions = 0
    }

    @inline(__always)
    private mutating func evaluateDefinition(_ symbol: Int32) {
        let row = Int(basicRows[Int(symbol)])
        let span = rows[row].span
        var value = rows[row].constant
        var i = Int(span.start)
        let end = i + Int(span.count)
        while i < end {
            let term = terms[i]
            value += term.coefficient * values[Int(term.symbol)]
            i += 1
        }
        values[Int(symbol)] = value
    }

    /// The external symbols, among those in some constraint, whose value is not uniquely
    /// determined: free variables, and variables that depend on one, or on a restricted symbol
    /// that can move without changing the objective.
    ///
    /// - Complexity: O(size of the tableau).
    mutating func ambiguousSymbols() -> [Int32] {
        var loose = [Bool](repeating: false, count: symbolCapacity)
        for s in 0..<symbolCapacity {
            let kind = kinds[s]
            guard kind == .slack || kind == .error, basicRows[s] < 0, occurrences[s] > 0,
                hasZeroObjective(Int32(s))
            else { continue }
            var blocked = false
            for row in rowsHolding(Int32(s)) where isSimplexRow(row) {
                guard let at = index(of: Int32(s), inRow: row) else { continue }
                if terms[at].coefficient < -solverEpsilon && isNearZero(rows[Int(row)].constant) {
                    blocked = true
                    break
                }
            }
            loose[s] = !blocked
        }
        var result: [Int32] = []
        for p in partitions.indices where partitions[p].isLive {
            var ordered = partitions[p].lowDefinitions.reversed() as [DefinitionEntry]
            ordered.append(contentsOf: partitions[p].highDefinitions)
            for entry in ordered where isValid(entry) {
                let span = rows[Int(basicRows[Int(entry.symbol)])].span
                for i in Int(span.start)..<Int(span.start + span.count) {
                    let t = Int(terms[i].symbol)
                    if loose[t] || (kinds[t] == .external && basicRows[t] < 0) {
                        loose[Int(entry.symbol)] = true
                        break
                    }
                }
            }
        }
        for s in 0..<symbolCapacity where kinds[s] == .external && partitionOf[s] >= 0 {
            if basicRows[s] < 0 || loose[s] { result.append(Int32(s)) }
        }
        return result
    }
}
