extension IsolatingRunSequence {
    /// Applies rules N1 and N2 — a run of neutrals and isolate controls between two characters
    /// of one direction (numbers count as right to left) takes that direction, any other run
    /// the embedding direction — and then I1 and I2, writing each character's level.
    ///
    /// The classes are tested as bits of masks and the implicit levels read from a constant,
    /// rather than through switches, whose jumps mispredict on mixed text.
    ///
    /// - Parameter levels: The paragraph's levels, updated for the characters of the sequence.
    /// - Complexity: O(*m*) in the length of the sequence.
    mutating func resolveNeutralAndImplicitLevels(levels: inout [UInt8]) {
        let level = self.level
        // I1 and I2 as two bits per class: the increment of a class at an even level, and at
        // an odd one.
        let increments = level & 1 == 0 ? Self.evenIncrements : Self.oddIncrements
        let neutral = Self.neutralOrIsolate
        let rightToLeftForNeutrals = Self.rightToLeftForNeutrals
        let leftToRight = BidiClass.leftToRight.bit
        // The increments of a run of neutrals resolved left or right to left.
        let leftIncrement = UInt8(truncatingIfNeeded: increments) & 3
        let rightIncrement = UInt8(truncatingIfNeeded: increments >> 2) & 3
        let isStartRightToLeft = sos == .rightToLeft
        let isEndRightToLeft = eos == .rightToLeft
        let isEmbeddingRightToLeft = embeddingDirection == .rightToLeft
        let indices = self.indices
        types.withUnsafeBufferPointer { types in
            levels.withUnsafeMutableBufferPointer { levels in
                indices.withUnsafeBufferPointer { indices in
                    let count = types.count
                    let isWholeParagraph = indices.isEmpty
                    @inline(__always) func write(_ position: Int, _ level: UInt8) {
                        levels[isWholeParagraph ? position : Int(indices[position])] = level
                    }
                    // Whether the last character that is not neutral counts as right to left.
                    var isBeforeRightToLeft = isStartRightToLeft
                    var position = 0
                    while position < count {
                        let bit = types[position].bit
                        if bit & neutral == 0 {
                            let shift = UInt64(types[position].rawValue) &* 2
                            write(
                                position,
                                level &+ UInt8(truncatingIfNeeded: increments >> shift) & 3)
                            isBeforeRightToLeft = bit & rightToLeftForNeutrals != 0
                            position += 1
                            continue
                        }
                        var end = position + 1
                        while end < count && types[end].bit & neutral != 0 { end += 1 }
                        var isAfterRightToLeft = isEndRightToLeft
                        if end < count {
                            let after = types[end].bit
                            isAfterRightToLeft =
                                after & rightToLeftForNeutrals != 0
                                ? true : after & leftToRight != 0 ? false : isEndRightToLeft
                        }
                        let isRightToLeft =
                            isBeforeRightToLeft == isAfterRightToLeft
                            ? isBeforeRightToLeft : isEmbeddingRightToLeft
                        let resolved = level &+ (isRightToLeft ? rightIncrement : leftIncrement)
                        for index in position..<end { write(index, resolved) }
                        position = end
                    }
                }
            }
        }
    }

    /// The classes N1 and N2 resolve: neutrals and isolate controls.
    static var neutralOrIsolate: UInt32 {
        BidiClass.paragraphSeparator.bit | BidiClass.segmentSeparator.bit
            | BidiClass.whiteSpace.bit | BidiClass.otherNeutral.bit
            | BidiClass.leftToRightIsolate.bit | BidiClass.rightToLeftIsolate.bit
            | BidiClass.firstStrongIsolate.bit | BidiClass.popDirectionalIsolate.bit
    }

    /// The classes that count as right to left around neutrals: R, AL and the numbers.
    static var rightToLeftForNeutrals: UInt32 {
        BidiClass.rightToLeft.bit | BidiClass.arabicLetter.bit | BidiClass.europeanNumber.bit
            | BidiClass.arabicNumber.bit
    }

    /// Rules I1 and I2 at an even level, two bits per class by raw value: R (raw value 1) goes
    /// up one, EN (3) and AN (6) two. Bits 0 and 2 hold the increments of the classes neutrals
    /// resolve to, L (raw value 0) and R. `BidiLayoutHelperTests` checks both constants
    /// against ``implicitLevel(_:type:)``.
    static let evenIncrements: UInt64 = 1 << 2 | 2 << 6 | 2 << 12

    /// Rules I1 and I2 at an odd level: L (raw value 0), EN (3) and AN (6) go up one.
    static let oddIncrements: UInt64 = 1 << 0 | 1 << 6 | 1 << 12
}
