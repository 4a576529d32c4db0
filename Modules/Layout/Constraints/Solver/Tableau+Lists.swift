// The intrusive lists threaded through `SymbolInfo`: a partition's members and its definitions
// in rank order.

extension Tableau {
    /// Adds a symbol that is in no partition to a partition's members.
    mutating func addMember(_ symbol: Int32, to partition: Int32) {
        let head = partitions[Int(partition)].firstMember
        symbols[Int(symbol)].partition = partition
        symbols[Int(symbol)].previousMember = -1
        symbols[Int(symbol)].nextMember = head
        if head >= 0 { symbols[Int(head)].previousMember = symbol }
        partitions[Int(partition)].firstMember = symbol
        partitions[Int(partition)].memberCount += 1
    }

    /// Removes a symbol from its partition's members.
    mutating func removeMember(_ symbol: Int32) {
        let info = symbols[Int(symbol)]
        let p = Int(info.partition)
        if info.previousMember >= 0 {
            symbols[Int(info.previousMember)].nextMember = info.nextMember
        } else {
            partitions[p].firstMember = info.nextMember
        }
        if info.nextMember >= 0 {
            symbols[Int(info.nextMember)].previousMember = info.previousMember
        }
        partitions[p].memberCount -= 1
        symbols[Int(symbol)].partition = -1
        symbols[Int(symbol)].previousMember = -1
        symbols[Int(symbol)].nextMember = -1
    }

    /// Adds a definition to a partition's list, first (lowest rank) or last (highest rank).
    mutating func linkDefinition(_ symbol: Int32, in partition: Int32, first: Bool) {
        let p = Int(partition)
        if first {
            let head = partitions[p].firstDefinition
            symbols[Int(symbol)].previousDefinition = -1
            symbols[Int(symbol)].nextDefinition = head
            if head >= 0 {
                symbols[Int(head)].previousDefinition = symbol
            } else {
                partitions[p].lastDefinition = symbol
            }
            partitions[p].firstDefinition = symbol
        } else {
            let tail = partitions[p].lastDefinition
            symbols[Int(symbol)].nextDefinition = -1
            symbols[Int(symbol)].previousDefinition = tail
            if tail >= 0 {
                symbols[Int(tail)].nextDefinition = symbol
            } else {
                partitions[p].firstDefinition = symbol
            }
            partitions[p].lastDefinition = symbol
        }
    }

    /// Removes a definition from its partition's list.
    mutating func unlinkDefinition(_ symbol: Int32) {
        let info = symbols[Int(symbol)]
        let p = Int(info.partition)
        if info.previousDefinition >= 0 {
            symbols[Int(info.previousDefinition)].nextDefinition = info.nextDefinition
        } else {
            partitions[p].firstDefinition = info.nextDefinition
        }
        if info.nextDefinition >= 0 {
            symbols[Int(info.nextDefinition)].previousDefinition = info.previousDefinition
        } else {
            partitions[p].lastDefinition = info.previousDefinition
        }
        symbols[Int(symbol)].previousDefinition = -1
        symbols[Int(symbol)].nextDefinition = -1
    }
}
