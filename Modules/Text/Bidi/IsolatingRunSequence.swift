/// One isolating run sequence of a paragraph (BD13), copied into contiguous scratch buffers
/// for rules W1 to I2.
///
/// A resolver keeps one value and refills it for each sequence, so the buffers grow to the
/// longest sequence once and are reused: resolving a sequence allocates nothing per
/// character. Positions in the rules are positions in the sequence; ``indices`` maps them back
/// to the paragraph, or, for a sequence that is the whole paragraph, is empty: positions are
/// then paragraph indices.
struct IsolatingRunSequence {
    /// The paragraph index of each character of the sequence, in order; empty when the
    /// sequence is the whole paragraph.
    private(set) var indices: [Int32] = []
    /// The class of each character, as the rules change it.
    var types: [BidiClass] = []
    /// The embedding level of every character of the sequence.
    private(set) var level: UInt8 = 0
    /// The type before the first character: L or R (X10).
    var sos: BidiClass = .leftToRight
    /// The type after the last character: L or R (X10).
    var eos: BidiClass = .leftToRight
    /// Whether rules W1 to W3 have already been applied to ``types``.
    var isPastEarlyWeakRules = false
    /// The open brackets of rule BD16, reused by ``identifyBracketPairs(brackets:)``.
    var openBrackets: [(closing: UInt32, position: Int32)] = []
    /// The bracket pairs of rule BD16, reused by ``identifyBracketPairs(brackets:)``.
    var bracketPairs: [(open: Int32, close: Int32)] = []

    /// The paragraph index of the first character; the sequence must not be empty.
    var firstIndex: Int { indices.isEmpty ? 0 : Int(indices[0]) }

    /// The paragraph index of the last character; the sequence must not be empty.
    var lastIndex: Int { indices.isEmpty ? types.count - 1 : Int(indices[indices.count - 1]) }

    /// The paragraph index of the character at a position of the sequence.
    @inline(__always) func paragraphIndex(_ position: Int) -> Int {
        indices.isEmpty ? position : Int(indices[position])
    }

    /// The direction of the embedding level: L for even, R for odd.
    var embeddingDirection: BidiClass { .direction(ofLevel: level) }

    /// Empties the sequence, keeping its storage, for a sequence at `level`.
    mutating func start(level: UInt8) {
        indices.removeAll(keepingCapacity: true)
        types.removeAll(keepingCapacity: true)
        isPastEarlyWeakRules = false
        self.level = level
    }

    /// Makes the sequence the whole paragraph, every character at `level`, which starts and
    /// ends with that level's direction: the sequence of a paragraph without explicit
    /// formatting or boundary neutrals.
    mutating func startWholeParagraph(_ classes: consuming [BidiClass], level: UInt8) {
        indices.removeAll(keepingCapacity: true)
        types = classes
        isPastEarlyWeakRules = false
        self.level = level
        sos = .direction(ofLevel: level)
        eos = sos
    }

    /// Makes the sequence the whole paragraph, as ``startWholeParagraph(_:level:)``, from
    /// classes that rules W1 to W3 have already changed but for nonspacing marks at the very
    /// start, which take the start-of-sequence type here (W1).
    mutating func startWholeParagraph(
        afterEarlyWeakRules weakTypes: consuming [BidiClass], level: UInt8
    ) {
        startWholeParagraph(weakTypes, level: level)
        isPastEarlyWeakRules = true
        var position = 0
        while position < types.count && types[position] == .nonspacingMark {
            types[position] = sos
            position += 1
        }
    }

    /// Appends a character.
    @inline(__always)
    mutating func append(index: Int, type: BidiClass) {
        indices.append(Int32(index))
        types.append(type)
    }

    /// Resolves the sequence by rules W1 to W7, N0 to N2, I1 and I2, and writes the levels.
    ///
    /// - Parameters:
    ///   - classes: The paragraph's classes as the data gives them (for N0's marks).
    ///   - brackets: The paragraph's paired-bracket entries, or empty.
    ///   - present: The classes present in the paragraph, as ``BidiClass/bit``s: rules whose
    ///     classes are absent are skipped.
    ///   - levels: The paragraph's levels, updated for the characters of the sequence.
    /// - Complexity: O(*m*) in the length of the sequence, with a factor bounded by the nesting
    ///   of paired brackets for rule N0.
    mutating func resolve(
        classes: [BidiClass], brackets: [UInt8], present: UInt32, levels: inout [UInt8]
    ) {
        resolveWeakTypes(present: present)
        if !brackets.isEmpty {
            resolveBracketPairs(classes: classes, brackets: brackets)
        }
        resolveNeutralAndImplicitLevels(levels: &levels)
    }

    /// The level rules I1 and I2 give a character of `type` at embedding level `level`.
    @inline(__always)
    static func implicitLevel(_ level: UInt8, type: BidiClass) -> UInt8 {
        if level & 1 == 0 {
            switch type {
            case .rightToLeft: return level + 1
            case .arabicNumber, .europeanNumber: return level + 2
            default: return level
            }
        }
        switch type {
        case .leftToRight, .europeanNumber, .arabicNumber: return level + 1
        default: return level
        }
    }
}
