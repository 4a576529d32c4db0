extension IsolatingRunSequence {
    /// The most open brackets rule BD16 tracks; past them it stops looking for pairs.
    static let maximumOpenBrackets = 63

    /// Applies rule N0: each pair of matching brackets takes the embedding direction when it
    /// encloses a strong character of that direction, else the opposite direction when it
    /// encloses one of that direction and the context before it has that direction too.
    ///
    /// - Parameters:
    ///   - classes: The paragraph's classes as the data gives them: marks after a bracket that
    ///     changes take its new direction.
    ///   - brackets: The paragraph's paired-bracket entries (see `BidiResolver.brackets`).
    /// - Complexity: O(*m* × *d*) in the length of the sequence and the nesting depth of its
    ///   pairs, at most 63.
    mutating func resolveBracketPairs(classes: [BidiClass], brackets: [UInt8]) {
        identifyBracketPairs(brackets: brackets)
        guard !bracketPairs.isEmpty else { return }
        let embedding = embeddingDirection
        for pair in bracketPairs.indices {
            let open = Int(bracketPairs[pair].open)
            let close = Int(bracketPairs[pair].close)
            var enclosesOpposite = false
            var enclosesEmbedding = false
            for position in open + 1..<close {
                guard let direction = types[position].strongDirectionForNeutrals else { continue }
                if direction == embedding {
                    enclosesEmbedding = true
                    break
                }
                enclosesOpposite = true
            }
            let resolved: BidiClass
            if enclosesEmbedding {
                resolved = embedding
            } else if enclosesOpposite {
                resolved = directionBefore(open) == embedding ? embedding : embedding.opposite
            } else {
                continue
            }
            setBracket(at: open, to: resolved, classes: classes)
            setBracket(at: close, to: resolved, classes: classes)
        }
    }

    /// Finds the bracket pairs of the sequence (BD16), in order of their opening brackets.
    ///
    /// Only brackets whose current class is ON count: an override makes a bracket strong. A
    /// closing bracket matches the nearest open bracket whose pair it is, canonical equivalents
    /// included (U+2329 and U+3008, U+232A and U+3009), and closes the brackets opened after
    /// it; a closing bracket that matches none is ignored.
    mutating func identifyBracketPairs(brackets: [UInt8]) {
        openBrackets.removeAll(keepingCapacity: true)
        bracketPairs.removeAll(keepingCapacity: true)
        openBrackets.reserveCapacity(16)
        bracketPairs.reserveCapacity(16)
        let table = UnicodeTables.bidiBrackets
        let indices = self.indices
        var openBrackets = self.openBrackets
        var bracketPairs = self.bracketPairs
        self.openBrackets = []
        self.bracketPairs = []
        types.withUnsafeBufferPointer { types in
            brackets.withUnsafeBufferPointer { brackets in
                indices.withUnsafeBufferPointer { indices in
                    let isWholeParagraph = indices.isEmpty
                    let count = types.count
                    var position = -1
                    while true {
                        position += 1
                        // A whole paragraph skips to its next bracket, eight scalars at a
                        // time where there is none.
                        if isWholeParagraph {
                            position = Self.nextNonzero(in: brackets, from: position, before: count)
                        }
                        guard position < count else { break }
                        guard types[position] == .otherNeutral else { continue }
                        let index = isWholeParagraph ? position : Int(indices[position])
                        let entry = Int(brackets[index]) - 1
                        guard entry >= 0 else { continue }
                        let value = table.values[entry]
                        if value & Self.closingFlag == 0 {
                            guard openBrackets.count < Self.maximumOpenBrackets else { return }
                            openBrackets.append((Self.canonicalBracket(value), Int32(position)))
                        } else {
                            let closing = Self.canonicalBracket(table.keys[entry])
                            var depth = openBrackets.count - 1
                            while depth >= 0 && openBrackets[depth].closing != closing {
                                depth -= 1
                            }
                            guard depth >= 0 else { continue }
                            bracketPairs.append((openBrackets[depth].position, Int32(position)))
                            openBrackets.removeLast(openBrackets.count - depth)
                        }
                    }
                }
            }
        }
        if bracketPairs.count > 1 { bracketPairs.sort { $0.open < $1.open } }
        self.openBrackets = openBrackets
        self.bracketPairs = bracketPairs
    }

    /// The first position from `start` before `end` whose byte is not zero, or `end`.
    @inline(__always)
    static func nextNonzero(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int)
        -> Int
    {
        guard let base = bytes.baseAddress else { return end }
        var position = start
        while position + 8 <= end {
            guard UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0 else {
                break
            }
            position += 8
        }
        while position < end && base[position] == 0 { position += 1 }
        return position
    }

    /// The flag of a closing bracket in the values of `UnicodeTables.bidiBrackets`.
    static let closingFlag: UInt32 = 0x80_0000

    /// The bracket a code point is canonically equivalent to, or the code point itself.
    @inline(__always)
    static func canonicalBracket(_ codePoint: UInt32) -> UInt32 {
        UnicodeTables.bidiBracketEquivalents.value(codePoint) ?? codePoint
    }

    /// The direction of the first strong character before `position` (numbers count as right
    /// to left), or ``sos``.
    private func directionBefore(_ position: Int) -> BidiClass {
        var before = position - 1
        while before >= 0 {
            if let direction = types[before].strongDirectionForNeutrals { return direction }
            before -= 1
        }
        return sos
    }

    /// Sets a bracket to a direction, with the nonspacing marks right after it (rule N0's last
    /// paragraph: W1 had made them ON, the bracket's class before N0).
    private mutating func setBracket(
        at position: Int, to direction: BidiClass, classes: [BidiClass]
    ) {
        types[position] = direction
        var next = position + 1
        while next < types.count && classes[paragraphIndex(next)] == .nonspacingMark {
            types[next] = direction
            next += 1
        }
    }
}
