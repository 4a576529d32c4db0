// Partitions: the connected components of the constraint graph.
//
// Adding a constraint merges the partitions of its variables (the smaller into the larger, so
// a symbol moves O(log n) times in all). Removing one may disconnect a partition; the split is
// done lazily, when the partition is next evaluated and enough constraints have been removed
// since its last split to pay for the O(size) pass.

extension Tableau {
    /// Creates an empty partition.
    mutating func makePartition() -> Int32 {
        if let reused = freePartitionIDs.popLast() {
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

    /// The partition a new constraint over `symbols` goes to, merging the partitions it joins
    /// and adopting variables that are in none.
    mutating func partition(joining symbols: [Term]) -> Int32 {
        var target: Int32 = -1
        for term in symbols {
            let p = partitionOf[Int(term.symbol)]
            guard p >= 0, p != target else { continue }
            if target < 0 {
                target = p
            } else if partitions[Int(p)].members.count > partitions[Int(target)].members.count {
                merge(target, into: p)
                target = p
            } else {
                merge(p, into: target)
            }
        }
        if target < 0 { target = makePartition() }
        for term in symbols where partitionOf[Int(term.symbol)] < 0 {
            partitionOf[Int(term.symbol)] = target
            partitions[Int(target)].members.append(term.symbol)
        }
        return target
    }

    /// Moves every symbol of partition `small` into `big`.
    mutating func merge(_ small: Int32, into big: Int32) {
        var source = partitions[Int(small)]
        partitions[Int(small)] = Partition()
        partitions[Int(small)].isLive = false
        freePartitionIDs.append(small)
        for symbol in source.members where partitionOf[Int(symbol)] == small {
            partitionOf[Int(symbol)] = big
            partitions[Int(big)].members.append(symbol)
        }
        // Definitions keep their relative order, above every definition of `big`.
        let offset = partitions[Int(big)].maxRank + 1 - source.minRank
        var moved = source.lowDefinitions.reversed() as [DefinitionEntry]
        moved.append(contentsOf: source.highDefinitions)
        for entry in moved where isValid(entry) {
            let rank = entry.rank + offset
            rows[Int(basicRows[Int(entry.symbol)])].rank = rank
            partitions[Int(big)].highDefinitions.append(
                DefinitionEntry(symbol: entry.symbol, rank: rank))
        }
        partitions[Int(big)].maxRank = max(
            partitions[Int(big)].maxRank, source.maxRank + offset)
        while let symbol = source.candidates.popLast() {
            partitions[Int(big)].candidates.pushHeap(symbol)
        }
        partitions[Int(big)].infeasible.append(contentsOf: source.infeasible)
        partitions[Int(big)].constraintCount += source.constraintCount
        partitions[Int(big)].removalsSinceSplit += source.removalsSinceSplit
        markDirty(big)
    }

    /// Whether a definition entry still describes a definition row.
    @inline(__always)
    func isValid(_ entry: DefinitionEntry) -> Bool {
        let row = basicRows[Int(entry.symbol)]
        return row >= 0 && kinds[Int(entry.symbol)] == .external
            && rows[Int(row)].rank == entry.rank
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
        partitions[Int(partition)].removalsSinceSplit = 0
        var members: [Int32] = []
        for symbol in partitions[Int(partition)].members
        where partitionOf[Int(symbol)] == partition && positions[Int(symbol)] < 0 {
            positions[Int(symbol)] = Int32(members.count)
            members.append(symbol)
        }
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
            let owner = owners[Int(symbol)]
            if owner >= 0 {
                let marker = records[Int(owner)].marker
                if marker >= 0, positions[Int(marker)] >= 0 {
                    union(Int32(i), positions[Int(marker)])
                }
            }
            let row = basicRows[Int(symbol)]
            guard row >= 0 else { continue }
            let span = rows[Int(row)].span
            for t in Int(span.start)..<Int(span.start + span.count) {
                let other = positions[Int(terms[t].symbol)]
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
        for symbol in members { positions[Int(symbol)] = -1 }
        let old = partitions[Int(partition)]
        // The largest component keeps the partition id; isolated unused variables leave.
        let largest = sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0
        var ids = [Int32](repeating: -1, count: sizes.count)
        ids[largest] = partition
        partitions[Int(partition)] = Partition()
        for c in sizes.indices where c != largest { ids[c] = makePartition() }
        for (i, symbol) in members.enumerated() {
            let isolated =
                sizes[Int(componentOf[i])] == 1 && kinds[Int(symbol)] == .external
                && basicRows[Int(symbol)] < 0 && occurrences[Int(symbol)] == 0
            if isolated {
                partitionOf[Int(symbol)] = -1
                continue
            }
            let target = ids[Int(componentOf[i])]
            partitionOf[Int(symbol)] = target
            partitions[Int(target)].members.append(symbol)
            let owner = owners[Int(symbol)]
            if owner >= 0 && records[Int(owner)].marker == symbol {
                partitions[Int(target)].constraintCount += 1
            }
        }
        var ordered = old.lowDefinitions.reversed() as [DefinitionEntry]
        ordered.append(contentsOf: old.highDefinitions)
        for entry in ordered where isValid(entry) {
            let target = partitionOf[Int(entry.symbol)]
            guard target >= 0 else { continue }
            partitions[Int(target)].highDefinitions.append(entry)
        }
        for id in ids where id >= 0 {
            if partitions[Int(id)].members.isEmpty {
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
        for symbol in old.candidates where partitionOf[Int(symbol)] >= 0 {
            pushCandidate(symbol)
        }
    }

    /// The number of live partitions.
    var livePartitionCount: Int {
        partitions.reduce(0) { $0 + ($1.isLive && !$1.members.isEmpty ? 1 : 0) }
    }
}
