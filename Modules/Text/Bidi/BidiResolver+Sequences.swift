extension BidiResolver {
    /// Applies rule X10: splits the characters that rule X9 keeps into level runs, chains the
    /// runs into isolating run sequences (BD13), and resolves each sequence by rules W1 to I2.
    ///
    /// - Complexity: O(*n*) in the number of scalars, plus O(log *r*) in the number of level
    ///   runs for each isolate that continues a sequence.
    mutating func resolveIsolatingRunSequences() {
        let (runStarts, runEnds) = levelRuns()
        // The rules read the explicit levels on either side of a sequence, so the implicit
        // levels go into a copy until every sequence is resolved.
        var resolvedLevels = levels
        defer { levels = resolvedLevels }
        var sequence = IsolatingRunSequence()
        for run in runStarts.indices {
            let first = Int(runStarts[run])
            // A run that starts with a matched PDI continues the sequence of its initiator.
            if classes[first] == .popDirectionalIsolate && !matches.isEmpty && matches[first] >= 0
                && runEndsWithItsInitiator(Int(matches[first]))
            {
                continue
            }
            sequence.start(level: levels[first])
            var current = run
            while true {
                for index in Int(runStarts[current])..<Int(runEnds[current])
                where !classes[index].isRemovedByX9 {
                    sequence.append(index: index, type: types[index])
                }
                let last = Int(runEnds[current]) - 1
                guard classes[last].isIsolateInitiator, !matches.isEmpty, matches[last] >= 0,
                    let next = Self.run(startingAt: matches[last], in: runStarts)
                else { break }
                current = next
            }
            setBoundaries(of: &sequence)
            sequence.resolve(
                classes: classes, brackets: brackets, present: present, levels: &resolvedLevels)
        }
    }

    /// The level runs of the characters that rule X9 keeps (BD7): the index of each run's first
    /// character and one past its last, in text order. Removed characters inside a run belong
    /// to no run and are skipped when the run is read.
    private func levelRuns() -> (starts: [Int32], ends: [Int32]) {
        var starts: [Int32] = []
        var ends: [Int32] = []
        var lastKept = -1
        for index in classes.indices where !classes[index].isRemovedByX9 {
            if lastKept < 0 || levels[index] != levels[lastKept] {
                if lastKept >= 0 { ends.append(Int32(lastKept + 1)) }
                starts.append(Int32(index))
            }
            lastKept = index
        }
        if lastKept >= 0 { ends.append(Int32(lastKept + 1)) }
        return (starts, ends)
    }

    /// Whether the isolate initiator at `initiator` is the last character of its level run, so
    /// that its sequence continues at its matching PDI.
    private func runEndsWithItsInitiator(_ initiator: Int) -> Bool {
        var next = initiator + 1
        while next < classes.count && classes[next].isRemovedByX9 { next += 1 }
        return next < classes.count && levels[next] != levels[initiator]
    }

    /// The index of the level run that starts at character `index`, by binary search.
    private static func run(startingAt index: Int32, in starts: [Int32]) -> Int? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && starts[low] == index ? low : nil
    }

    /// Sets the start-of-sequence and end-of-sequence types of a sequence from the levels on
    /// either side of it (X10), skipping characters that rule X9 removes.
    private func setBoundaries(of sequence: inout IsolatingRunSequence) {
        let first = sequence.firstIndex
        let last = sequence.lastIndex
        var before = first - 1
        while before >= 0 && classes[before].isRemovedByX9 { before -= 1 }
        let levelBefore = before >= 0 ? levels[before] : paragraphLevel
        var levelAfter = paragraphLevel
        if !classes[last].isIsolateInitiator {
            var after = last + 1
            while after < classes.count && classes[after].isRemovedByX9 { after += 1 }
            if after < classes.count { levelAfter = levels[after] }
        }
        sequence.sos = .direction(ofLevel: max(sequence.level, levelBefore))
        sequence.eos = .direction(ofLevel: max(sequence.level, levelAfter))
    }
}
