// Partitions: the connected components of the constraint graph.
//
// Adding a constraint merges the partitions of its variables (the smaller into the larger, so
// a symbol moves O(log n) times in all). Removing one may disconnect a partition; the split is
// done lazily, when the partition is next evaluated and enough constraints have been removed
// since its last split to pay for the O(size) pass.

extension Tableau {
    /// Creates an empty partition.
    mutating func makePartition() -> Int32 {
        if !freePartitionIDs.isEmpty, let reused = freePartitionIDs.popLast() {
            partitions[Int(reused)] = Partition()
            return reused
        }
        partitions.append(Partition())
        return Int32(partitions.count - 1)
    }

    /// Marks a partition as needing evaluation.
    @inline(__always)
    mutating func markDirty(_ partition: Int32) {
        if !partitions[Int(partition)].isDirty {
            partitions[Int(partition)].isDirty = true
            dirtyPartitions.append(partition)
        }
    }

    /// The partition a new constraint over `terms` goes to, merging the partitions it joins
    /// and adopting variables that are in none.
    mutating func partition(joining terms: TermBuffer) -> Int32 {
        var target: Int32 = -1
        for i in 0..<terms.count {
            let p = symbols[Int(terms[i].variable.index)].partition
            guard p >= 0, p != target else { continue }
            if target < 0 {
                target = p
            } else if partitions[Int(p)].memberCount > partitions[Int(target)].memberCount {
                merge(target, into: p)
                target = p
            } else {
                merge(p, into: target)
            }
        }
        if target < 0 { target = makePartition() }
        for i in 0..<terms.count where symbols[Int(terms[i].variable.index)].partition < 0 {
            addMember(terms[i].variable.index, to: target)
        }
        return target
    }

    /// The members of a partition.
    func members(of partition: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(partitions[Int(partition)].memberCount)
        var s = partitions[Int(partition)].firstMember
        while s >= 0 {
            result.append(s)
            s = symbols[Int(s)].nextMember
        }
        return result
    }

    /// Moves every symbol of partition `small` into `big`.
    mutating func merge(_ small: Int32, into big: Int32) {
        let source = partitions[Int(small)]
        partitions[Int(small)] = Partition()
        partitions[Int(small)].isLive = false
        freePartitionIDs.append(small)
        var s = source.firstMember
        var last: Int32 = -1
        while s >= 0 {
            symbols[Int(s)].partition = big
            last = s
            s = symbols[Int(s)].nextMember
        }
        if last >= 0 {
            let head = partitions[Int(big)].firstMember
            symbols[Int(last)].nextMember = head
            if head >= 0 { symbols[Int(head)].previousMember = last }
            partitions[Int(big)].firstMember = source.firstMember
            partitions[Int(big)].memberCount += source.memberCount
        }
        // Definitions keep their relative order, after and above every definition of `big`.
        if source.firstDefinition >= 0 {
            let offset = partitions[Int(big)].maxRank + 1 - source.minRank
            var d = source.firstDefinition
            while d >= 0 {
                rows[Int(symbols[Int(d)].basicRow)].rank += offset
                d = symbols[Int(d)].nextDefinition
            }
            let tail = partitions[Int(big)].lastDefinition
            if tail >= 0 {
                symbols[Int(tail)].nextDefinition = source.firstDefinition
                symbols[Int(source.firstDefinition)].previousDefinition = tail
            } else {
                partitions[Int(big)].firstDefinition = source.firstDefinition
            }
            partitions[Int(big)].lastDefinition = source.lastDefinition
            partitions[Int(big)].maxRank = max(
                partitions[Int(big)].maxRank, source.maxRank + offset)
        }
        for symbol in source.candidates { partitions[Int(big)].candidates.pushHeap(symbol) }
        partitions[Int(big)].infeasible.append(contentsOf: source.infeasible)
        partitions[Int(big)].constraintCount += source.constraintCount
        partitions[Int(big)].removalsSinceSplit += source.removalsSinceSplit
        markDirty(big)
    }

    /// Splits a partition into its connected components if removals have made that worthwhile.
    mutating func splitIfWorthwhile(_ partition: Int32) {
        let p = partitions[Int(partition)]
        guard p.removalsSinceSplit > 0,
            p.removalsSinceSplit * 8 >= max(p.constraintCount, 1)
        else { return }
        split(partition)
    }

    /// Splits a partition into the connected components of its rows.
    mutating func split(_ partition: Int32) {
        let members = members(of: partition)
        guard !members.isEmpty else {
            // Everything in it was removed: the partition is free for reuse.
            partitions[Int(partition)] = Partition()
            partitions[Int(partition)].isLive = false
            freePartitionIDs.append(partition)
            return
        }
        for (i, symbol) in members.enumerated() { symbols[Int(symbol)].position = Int32(i) }
        var parent = Array(0..<Int32(members.count))
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        func union(_ a: Int32, _ b: Int32) {
            let ra = find(a)
            let rb = find(b)
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        for (i, symbol) in members.enumerated() {
            let owner = symbols[Int(symbol)].owner
            if owner >= 0 {
                let marker = records[Int(owner)].marker
                if marker >= 0, symbols[Int(marker)].position >= 0 {
                    union(Int32(i), symbols[Int(marker)].position)
                }
            }
            let row = symbols[Int(symbol)].basicRow
            guard row >= 0 else { continue }
            let span = rows[Int(row)].span
            for t in Int(span.start)..<Int(span.start + span.count) {
                let other = symbols[Int(terms[t].symbol)].position
                if other >= 0 { union(Int32(i), other) }
            }
        }
        var componentOf = [Int32](repeating: -1, count: members.count)
        var sizes: [Int] = []
        for i in members.indices {
            let root = Int(find(Int32(i)))
            if componentOf[root] < 0 {
                componentOf[root] = Int32(sizes.count)
                sizes.append(0)
            }
            componentOf[i] = componentOf[root]
            sizes[Int(componentOf[i])] += 1
        }
        for symbol in members { symbols[Int(symbol)].position = -1 }
        let old = partitions[Int(partition)]
        var definitions: [Int32] = []
        var d = old.firstDefinition
        while d >= 0 {
            definitions.append(d)
            d = symbols[Int(d)].nextDefinition
        }
        // The largest component keeps the partition id; isolated unused variables leave.
        let largest = sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0
        var ids = [Int32](repeating: -1, count: sizes.count)
        partitions[Int(partition)] = Partition()
        ids[largest] = partition
        for c in sizes.indices where c != largest { ids[c] = makePartition() }
        for (i, symbol) in members.enumerated() {
            symbols[Int(symbol)].partition = -1
            let isolated =
                sizes[Int(componentOf[i])] == 1 && symbols[Int(symbol)].kind == .external
                && symbols[Int(symbol)].basicRow < 0 && symbols[Int(symbol)].occurrences == 0
            if isolated {
                symbols[Int(symbol)].previousMember = -1
                symbols[Int(symbol)].nextMember = -1
                continue
            }
            let target = ids[Int(componentOf[i])]
            addMember(symbol, to: target)
            let owner = symbols[Int(symbol)].owner
            if owner >= 0 && records[Int(owner)].marker == symbol {
                partitions[Int(target)].constraintCount += 1
            }
        }
        for definition in definitions {
            linkDefinition(definition, in: symbols[Int(definition)].partition, first: false)
        }
        for id in ids where id >= 0 {
            if partitions[Int(id)].memberCount == 0 {
                partitions[Int(id)].isLive = false
                freePartitionIDs.append(id)
                continue
            }
            // New ranks must stay outside every rank in use.
            partitions[Int(id)].minRank = old.minRank
            partitions[Int(id)].maxRank = old.maxRank
            markDirty(id)
        }
        // A split happens between operations, when no candidate or infeasible row is pending.
        for symbol in old.candidates where symbols[Int(symbol)].partition >= 0 {
            pushCandidate(symbol)
        }
    }

    /// The number of live partitions.
    var livePartitionCount: Int {
        partitions.reduce(0) { $0 + ($1.isLive && $1.memberCount > 0 ? 1 : 0) }
    }
}
