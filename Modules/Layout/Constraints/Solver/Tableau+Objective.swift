// The lexicographic objective.
//
// Each optional priority in use is one level; `levelOrder` ranks them by decreasing priority. A symbol's
// objective coefficients are a vector over the levels, compared lexicographically: the first
// level whose coefficient is not zero decides its sign. Minimising such an objective is the
// same as minimising the levels one after the other, each without giving up anything at the
// levels above, which is exactly "a higher priority strictly dominates any number of lower
// ones". Weighted sums of floating-point numbers cannot promise that: with Kiwi's weights
// (1, 10³, 10⁶) a thousand weak violations outweigh one medium one.

extension Tableau {
    /// The level of an optional priority, adding it if new.
    ///
    /// A level keeps its index for good (new ones are appended; ``levelOrder`` ranks them), and
    /// every slot has room for ``levelStride`` levels, doubled when full: a new priority costs
    /// amortised O(slots), not O(slots × levels).
    mutating func level(for priority: Float) -> Int32 {
        // The order ranks levels by decreasing priority.
        var low = 0
        var high = levelOrder.count
        while low < high {
            let mid = (low + high) / 2
            if levels[Int(levelOrder[mid])] > priority {
                low = mid + 1
            } else {
                high = mid
            }
        }
        if low < levelOrder.count && levels[Int(levelOrder[low])] == priority {
            return levelOrder[low]
        }
        let level = Int32(levels.count)
        levels.append(priority)
        levelOrder.insert(level, at: low)
        if levels.count > levelStride {
            let oldStride = levelStride
            levelStride = max(4, 2 * levelStride)
            let slots = slotSymbols.count
            var widened = RawVector<Double>(kind: objective.kind)
            widened.append(repeating: 0, count: slots * levelStride)
            for slot in 0..<slots {
                for l in 0..<oldStride {
                    widened[slot * levelStride + l] = objective[slot * oldStride + l]
                }
            }
            objective.deallocate()
            objective = widened
        }
        return level
    }

    /// The slot of a symbol's objective coefficients, allocated on first use.
    @inline(__always)
    mutating func objectiveSlot(of symbol: Int32) -> Int {
        let existing = symbols[Int(symbol)].objectiveSlot
        if existing >= 0 { return Int(existing) }
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slotSymbols[Int(slot)] = symbol
        } else {
            slot = Int32(slotSymbols.count)
            slotSymbols.append(symbol)
            objective.append(repeating: 0, count: levelStride)
        }
        symbols[Int(symbol)].objectiveSlot = slot
        return Int(slot)
    }

    /// Zeroes and releases a symbol's objective slot.
    mutating func freeObjectiveSlot(of symbol: Int32) {
        let slot = symbols[Int(symbol)].objectiveSlot
        guard slot >= 0 else { return }
        let base = Int(slot) * levelStride
        for l in 0..<levels.count { objective[base + l] = 0 }
        symbols[Int(symbol)].objectiveSlot = -1
        slotSymbols[Int(slot)] = -1
        freeSlots.append(slot)
    }

    /// Whether the symbol's objective vector is lexicographically negative: increasing the
    /// symbol would improve the objective.
    @inline(__always)
    func isLexicographicallyNegative(_ symbol: Int32) -> Bool {
        let slot = symbols[Int(symbol)].objectiveSlot
        guard slot >= 0 else { return false }
        let base = Int(slot) * levelStride
        for level in levelOrder {
            let v = objective[base + Int(level)]
            if v < -solverEpsilon { return true }
            if v > solverEpsilon { return false }
        }
        return false
    }

    /// Whether every objective coefficient of the symbol is zero.
    func hasZeroObjective(_ symbol: Int32) -> Bool {
        let slot = symbols[Int(symbol)].objectiveSlot
        guard slot >= 0 else { return true }
        let base = Int(slot) * levelStride
        for l in 0..<levels.count where !isNearZero(objective[base + l]) { return false }
        return true
    }

    /// Adds `weight · symbol` at `level`, substituting the symbol's row if it is basic.
    mutating func addToObjective(_ symbol: Int32, level: Int32, weight: Double) {
        let row = symbols[Int(symbol)].basicRow
        if row < 0 {
            addObjectiveCoefficient(symbol, level: Int(level), amount: weight)
            return
        }
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            let term = terms[i]
            addObjectiveCoefficient(
                term.symbol, level: Int(level), amount: weight * term.coefficient)
        }
    }

    @inline(__always)
    private mutating func addObjectiveCoefficient(_ symbol: Int32, level: Int, amount: Double) {
        let slot = objectiveSlot(of: symbol)
        let index = slot * levelStride + level
        var v = objective[index] + amount
        if isNearZero(v) { v = 0 }
        objective[index] = v
        // Zeroing a higher level can expose a negative lower one.
        if isLexicographicallyNegative(symbol) { pushCandidate(symbol) }
    }

    /// Replaces a symbol that just became basic with its row in the objective.
    mutating func substituteInObjective(_ symbol: Int32, by row: Int32) {
        let slot = symbols[Int(symbol)].objectiveSlot
        guard slot >= 0 else { return }
        let stride = levelStride
        let base = Int(slot) * stride
        // The symbol's nonzero coefficients: few, however many levels there are.
        var nonzero: [(level: Int, value: Double)] = []
        for l in 0..<levels.count where objective[base + l] != 0 {
            nonzero.append((l, objective[base + l]))
        }
        freeObjectiveSlot(of: symbol)
        guard !nonzero.isEmpty else { return }
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            let term = terms[i]
            let target = objectiveSlot(of: term.symbol) * stride
            for (l, value) in nonzero {
                var v = objective[target + l] + value * term.coefficient
                if isNearZero(v) { v = 0 }
                objective[target + l] = v
            }
            if isLexicographicallyNegative(term.symbol) { pushCandidate(term.symbol) }
        }
    }

    /// Compares the dual ratios `objective(a) / ca` and `objective(b) / cb` lexicographically;
    /// returns whether the first is smaller.
    func dualRatio(_ a: Int32, _ ca: Double, isLessThan b: Int32, _ cb: Double) -> Bool {
        let sa = symbols[Int(a)].objectiveSlot
        let sb = symbols[Int(b)].objectiveSlot
        for level in levelOrder {
            let l = Int(level)
            let ra = sa >= 0 ? objective[Int(sa) * levelStride + l] / ca : 0
            let rb = sb >= 0 ? objective[Int(sb) * levelStride + l] / cb : 0
            if ra < rb - solverEpsilon { return true }
            if ra > rb + solverEpsilon { return false }
        }
        return a < b
    }

    // MARK: Candidate heap

    /// Notes that a symbol may now improve the objective of its partition.
    @inline(__always)
    mutating func pushCandidate(_ symbol: Int32) {
        let p = symbols[Int(symbol)].partition
        guard p >= 0 else { return }
        partitions[Int(p)].candidates.pushHeap(symbol)
    }

    /// The lowest-numbered parametric symbol of the partition whose objective vector is
    /// negative (Bland's rule), or `nil` when the objective is optimal.
    mutating func nextEntering(in partition: Int32) -> Int32? {
        while let symbol = partitions[Int(partition)].candidates.popHeap() {
            let kind = symbols[Int(symbol)].kind
            if symbols[Int(symbol)].partition == partition, symbols[Int(symbol)].basicRow < 0,
                kind == .slack || kind == .error, isLexicographicallyNegative(symbol)
            {
                return symbol
            }
        }
        return nil
    }
}

extension Array where Element == Int32 {
    /// Pushes onto a binary min-heap.
    mutating func pushHeap(_ value: Int32) {
        append(value)
        var child = count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if self[parent] <= self[child] { break }
            swapAt(parent, child)
            child = parent
        }
    }

    /// Pops the smallest element of a binary min-heap.
    mutating func popHeap() -> Int32? {
        guard let last = popLast() else { return nil }
        guard !isEmpty else { return last }
        let top = self[0]
        self[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            var child = left
            if left + 1 < count && self[left + 1] < self[left] { child = left + 1 }
            if self[parent] <= self[child] { break }
            swapAt(parent, child)
            parent = child
        }
        return top
    }
}
