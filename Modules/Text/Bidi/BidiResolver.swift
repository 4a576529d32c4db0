/// Resolves the embedding levels of one paragraph by the Unicode bidirectional algorithm
/// (UAX #9), from the paragraph level (P2, P3) to the implicit levels (I1, I2).
///
/// The resolver works on the bidi classes of the paragraph's scalars, one byte each, and keeps
/// its working state in a few contiguous arrays sized once: the classes as the rules change
/// them, the levels, and, when the paragraph has isolates, the matching isolate controls. An
/// isolating run sequence is resolved in scratch buffers that are reused from one sequence to
/// the next, so no rule allocates per character.
struct BidiResolver {
    /// The bidi classes of the scalars, as the data gives them.
    let classes: [BidiClass]
    /// For each scalar, its entry number in `UnicodeTables.bidiBrackets` plus one, or zero
    /// when it is not a paired bracket; empty when the paragraph has no paired bracket.
    let brackets: [UInt8]
    /// The classes as rules X1 to N2 change them.
    var types: [BidiClass]
    /// The embedding levels.
    var levels: [UInt8]
    /// For each isolate initiator the index of its matching PDI, for each matched PDI the index
    /// of its initiator, and -1 for every other scalar (BD9); empty when the paragraph has no
    /// isolate initiator.
    let matches: [Int32]
    /// The paragraph embedding level.
    let paragraphLevel: UInt8
    /// The classes present in the paragraph, as ``BidiClass/bit``s.
    let present: UInt32

    /// Prepares the resolution of a paragraph and finds its level.
    ///
    /// - Parameters:
    ///   - classes: The bidi class of each scalar.
    ///   - brackets: The paired-bracket entry of each scalar, or empty (see ``brackets``).
    ///   - present: The classes present in `classes`, as ``BidiClass/bit``s; every class when
    ///     not given.
    ///   - direction: The paragraph's direction, or `nil` to find it by rules P2 and P3, left to
    ///     right when the paragraph has no strong character.
    /// - Complexity: O(*n*) in the number of scalars.
    init(
        classes: [BidiClass], brackets: [UInt8], present: UInt32 = .max, direction: BidiClass?
    ) {
        self.classes = classes
        self.brackets = brackets
        self.present = present
        self.types = classes
        self.matches =
            present & BidiClass.explicitOrRemoved == 0 ? [] : Self.matchIsolates(classes)
        if let direction {
            paragraphLevel = direction == .rightToLeft ? 1 : 0
        } else {
            paragraphLevel =
                Self.firstStrongLevel(classes, matches: matches, from: 0, to: classes.count) ?? 0
        }
        self.levels = [UInt8](repeating: paragraphLevel, count: classes.count)
    }

    /// Resolves the levels.
    ///
    /// A paragraph without explicit embeddings, overrides, isolates or boundary neutrals — most
    /// text — has every character at the paragraph level, in one isolating run sequence that
    /// starts and ends with the paragraph's direction: it skips rules X1 to X10 and is resolved
    /// in place.
    ///
    /// - Complexity: O(*n*) in the number of scalars, with a factor bounded by the nesting of
    ///   paired brackets (at most 63) for rule N0.
    /// - Parameter weakTypes: The classes after rules W1 to W3 as `BidiScan` finds them
    ///   (leading nonspacing marks left as they are), for a paragraph without explicit
    ///   formatting; `nil` to apply the rules here.
    mutating func resolve(weakTypes: consuming [BidiClass]? = nil) {
        guard present & BidiClass.explicitOrRemoved != 0 else {
            var sequence = IsolatingRunSequence()
            if let weakTypes = consume weakTypes {
                sequence.startWholeParagraph(
                    afterEarlyWeakRules: weakTypes, level: paragraphLevel)
            } else {
                sequence.startWholeParagraph(classes, level: paragraphLevel)
            }
            sequence.resolve(
                classes: classes, brackets: brackets, present: present, levels: &levels)
            return
        }
        resolveExplicitLevels()
        resolveIsolatingRunSequences()
        assignLevelsToRemovedCharacters()
    }

    /// Pairs each isolate initiator with its matching PDI (BD9): a stack of open initiators,
    /// emptied at a paragraph separator.
    ///
    /// - Returns: The matches, or an empty array when there is no isolate initiator.
    static func matchIsolates(_ classes: [BidiClass]) -> [Int32] {
        guard classes.contains(where: \.isIsolateInitiator) else { return [] }
        var matches = [Int32](repeating: -1, count: classes.count)
        var open: [Int32] = []
        for index in classes.indices {
            switch classes[index] {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                open.append(Int32(index))
            case .popDirectionalIsolate:
                if let initiator = open.popLast() {
                    matches[Int(initiator)] = Int32(index)
                    matches[index] = initiator
                }
            case .paragraphSeparator:
                open.removeAll(keepingCapacity: true)
            default:
                break
            }
        }
        return matches
    }

    /// The level that the first strong character of `classes[start..<end]` gives, skipping
    /// isolates and stopping at a paragraph separator (P2, P3); `nil` when there is none.
    static func firstStrongLevel(
        _ classes: [BidiClass], matches: [Int32], from start: Int, to end: Int
    ) -> UInt8? {
        var index = start
        while index < end {
            switch classes[index] {
            case .leftToRight:
                return 0
            case .rightToLeft, .arabicLetter:
                return 1
            case .paragraphSeparator:
                return nil
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                let match = Int(matches[index])
                guard match >= 0 else { return nil }
                index = match
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Gives each character removed by rule X9 the level of the character before it, or the
    /// paragraph level at the start, so that reordering keeps it beside its neighbour.
    private mutating func assignLevelsToRemovedCharacters() {
        var previous = paragraphLevel
        for index in classes.indices {
            if classes[index].isRemovedByX9 {
                levels[index] = previous
            } else {
                previous = levels[index]
            }
        }
    }
}
