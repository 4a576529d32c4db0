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

    /// Recomputes the definitions of one partition, in increasing rank.
    private mutating func evaluate(_ p: Int32) {
        var d = partitions[Int(p)].firstDefinition
        while d >= 0 {
            evaluateDefinition(d)
            d = symbols[Int(d)].nextDefinition
        }
    }

    @inline(__always)
    private mutating func evaluateDefinition(_ symbol: Int32) {
        let row = Int(symbols[Int(symbol)].basicRow)
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

    /// The external symbols whose value is not uniquely determined: free variables (those in no
    /// constraint included), and variables that depend on one, or on a restricted symbol that
    /// can move without changing the objective.
    ///
    /// - Complexity: O(size of the tableau).
    mutating func ambiguousSymbols() -> [Int32] {
        var loose = [Bool](repeating: false, count: symbolCapacity)
        for s in 0..<symbolCapacity {
            let kind = symbols[s].kind
            guard kind == .slack || kind == .error, symbols[s].basicRow < 0,
                symbols[s].occurrences > 0,
                hasZeroObjective(Int32(s))
            else { continue }
            var blocked = false
            for row in rowsHolding(Int32(s)) where isSimplexRow(row) {
                guard let at = index(of: Int32(s), inRow: row) else { continue }
                let c = terms[at].coefficient
                // A dummy must stay zero; any other row at zero stops a decrease of its basic.
                let isDummy = symbols[Int(rows[Int(row)].basic)].kind == .dummy
                if (isDummy && !isNearZero(c))
                    || (c < -solverEpsilon && isNearZero(rows[Int(row)].constant))
                {
                    blocked = true
                    break
                }
            }
            loose[s] = !blocked
        }
        var result: [Int32] = []
        for p in partitions.indices where partitions[p].isLive {
            var d = partitions[p].firstDefinition
            while d >= 0 {
                let span = rows[Int(symbols[Int(d)].basicRow)].span
                for i in Int(span.start)..<Int(span.start + span.count) {
                    let t = Int(terms[i].symbol)
                    if loose[t] || (symbols[t].kind == .external && symbols[t].basicRow < 0) {
                        loose[Int(d)] = true
                        break
                    }
                }
                d = symbols[Int(d)].nextDefinition
            }
        }
        for s in 0..<symbolCapacity where symbols[s].kind == .external {
            if symbols[s].basicRow < 0 || loose[s] { result.append(Int32(s)) }
        }
        return result
    }
}
