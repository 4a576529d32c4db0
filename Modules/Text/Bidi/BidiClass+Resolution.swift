extension BidiClass {
    /// Whether rule X9 removes characters of the class: the embedding and override controls,
    /// PDF and boundary neutrals. The resolver skips them and gives them the level of the
    /// character before them afterwards (UAX #9, section 5.2).
    @inline(__always) var isRemovedByX9: Bool {
        switch self {
        case .boundaryNeutral, .leftToRightEmbedding, .rightToLeftEmbedding,
            .leftToRightOverride, .rightToLeftOverride, .popDirectionalFormat:
            return true
        default:
            return false
        }
    }

    /// Whether the class is LRI, RLI or FSI.
    @inline(__always) var isIsolateInitiator: Bool {
        self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate
    }

    /// Whether the class is LRI, RLI, FSI or PDI.
    @inline(__always) var isIsolateControl: Bool {
        isIsolateInitiator || self == .popDirectionalIsolate
    }

    /// Whether the class is a neutral or an isolate control, NI in rules N1 and N2.
    @inline(__always) var isNeutralOrIsolate: Bool {
        switch self {
        case .paragraphSeparator, .segmentSeparator, .whiteSpace, .otherNeutral,
            .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
            return true
        default:
            return false
        }
    }

    /// The strong direction the class counts as in rules N0 and N1: L for L, R for R, AL and
    /// numbers (EN and AN count as R there), `nil` for the others.
    @inline(__always) var strongDirectionForNeutrals: BidiClass? {
        switch self {
        case .leftToRight: return .leftToRight
        case .rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber: return .rightToLeft
        default: return nil
        }
    }

    /// R for L and L for any other class: the direction opposite a strong direction.
    @inline(__always) var opposite: BidiClass {
        self == .leftToRight ? .rightToLeft : .leftToRight
    }

    /// L for an even embedding level, R for an odd one.
    @inline(__always) static func direction(ofLevel level: UInt8) -> BidiClass {
        level & 1 == 0 ? .leftToRight : .rightToLeft
    }
}
