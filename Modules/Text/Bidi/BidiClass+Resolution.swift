extension BidiClass {
    /// The class of a raw value read from the generated table, which holds only valid classes.
    ///
    /// The cases are declared in the order of their raw values, 0 to 22, so a raw value is the
    /// case's own representation (`BidiLayoutHelperTests` checks it); anything larger reads as L.
    @inline(__always) static func fromTable(_ raw: UInt8) -> BidiClass {
        raw <= BidiClass.popDirectionalIsolate.rawValue
            ? unsafeBitCast(raw, to: BidiClass.self) : .leftToRight
    }

    /// The class's bit in a set of classes held as a `UInt32`.
    @inline(__always) var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The classes that rule X9 removes or that set explicit levels: BN, and the embeddings,
    /// overrides, isolates, PDF and PDI (raw values 14 to 22). A paragraph without them is one
    /// isolating run sequence at the paragraph level.
    @inline(__always) static var explicitOrRemoved: UInt32 {
        BidiClass.boundaryNeutral.bit | UInt32(0x1FF)
            << UInt32(BidiClass.leftToRightEmbedding.rawValue)
    }
}

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
