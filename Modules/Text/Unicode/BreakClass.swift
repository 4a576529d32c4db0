/// The line-breaking classes the breaker works with: the classes of ``LineBreakClass`` after
/// rule LB1 (AI, SG and XX become AL; SA becomes CM or AL; CJ becomes NS), with the classes
/// that rules LB30 and LB30b single out kept apart, and `sot` for the start of text.
enum BreakClass: UInt8, CaseIterable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case BK, CR, LF, NL, SP, ZW, ZWJ, CM, WJ, GL, B2, BA, BB, HY, CB, CL, EX, IN, NS, QU, IS
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case NU, PO, PR, SY, AL, EB, EM, H2, H3, HL, ID, JL, JV, JT, RI
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Opening punctuation that is not East Asian wide (LB30 applies to it).
    case OP30
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Opening punctuation that is East Asian fullwidth, wide or halfwidth.
    case OP
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Closing parentheses that are not East Asian wide (LB30 applies to them).
    case CP30
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Closing parentheses that are East Asian fullwidth, wide or halfwidth.
    case CP
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Unassigned Extended_Pictographic code points (ID; LB30b keeps them before EM).
    case EPU
    /// The start of the text: no rule matches it.
    case sot

    /// The number of classes, for tables indexed by class.
    static let count = allCases.count

    /// Whether the class is one of opening punctuation's two.
    @inline(__always) var isOpen: Bool { self == .OP || self == .OP30 }
    /// Whether the class is one of closing parenthesis' two.
    @inline(__always) var isCloseParenthesis: Bool { self == .CP || self == .CP30 }
    /// Whether the class is alphabetic or Hebrew.
    @inline(__always) var isLetter: Bool { self == .AL || self == .HL }
    /// Whether the class is a combining mark or the zero-width joiner.
    @inline(__always) var isCombining: Bool { self == .CM || self == .ZWJ }
    /// Whether a mandatory break follows a character of this class (LB4, LB5).
    @inline(__always) var isHardBreak: Bool {
        self == .BK || self == .CR || self == .LF || self == .NL
    }
    /// Whether the class is ideographic or emoji for LB23a.
    var isIdeographicOrEmoji: Bool {
        self == .ID || self == .EPU || self == .EB || self == .EM
    }
    /// Whether the class is a Hangul jamo or syllable (LB27).
    var isHangul: Bool {
        self == .JL || self == .JV || self == .JT || self == .H2 || self == .H3
    }
}

extension BreakClass {
    /// The breaking class of each value of the generated line-break table.
    static let resolved: [BreakClass] = {
        var map = [BreakClass](repeating: .AL, count: 256)
        for raw in LineBreakClass.allCases {
            map[Int(raw.rawValue)] = BreakClass(resolving: raw)
        }
        map[Int(LineBreakTableVariant.complexContextMark)] = .CM
        map[Int(LineBreakTableVariant.openPunctuationWide)] = .OP
        map[Int(LineBreakTableVariant.closeParenthesisWide)] = .CP
        map[Int(LineBreakTableVariant.unassignedPictographic)] = .EPU
        return map
    }()

    /// Resolves a class of the data file by rule LB1; OP and CP resolve to their LB30 forms.
    init(resolving raw: LineBreakClass) {
        switch raw {
        case .mandatoryBreak: self = .BK
        case .carriageReturn: self = .CR
        case .lineFeed: self = .LF
        case .combiningMark: self = .CM
        case .nextLine: self = .NL
        case .wordJoiner: self = .WJ
        case .zeroWidthSpace: self = .ZW
        case .nonBreakingGlue: self = .GL
        case .space: self = .SP
        case .zeroWidthJoiner: self = .ZWJ
        case .breakBeforeAndAfter: self = .B2
        case .breakAfter: self = .BA
        case .breakBefore: self = .BB
        case .hyphen: self = .HY
        case .contingentBreak: self = .CB
        case .closePunctuation: self = .CL
        case .closeParenthesis: self = .CP30
        case .exclamation: self = .EX
        case .inseparable: self = .IN
        case .nonstarter, .conditionalJapaneseStarter: self = .NS
        case .openPunctuation: self = .OP30
        case .quotation: self = .QU
        case .infixSeparator: self = .IS
        case .numeric: self = .NU
        case .postfixNumeric: self = .PO
        case .prefixNumeric: self = .PR
        case .symbolAllowingBreakAfter: self = .SY
        case .ambiguous, .alphabetic, .surrogate, .unknown, .complexContext: self = .AL
        case .emojiBase: self = .EB
        case .emojiModifier: self = .EM
        case .hangulLVSyllable: self = .H2
        case .hangulLVTSyllable: self = .H3
        case .hebrewLetter: self = .HL
        case .ideographic: self = .ID
        case .hangulLeadingJamo: self = .JL
        case .hangulVowelJamo: self = .JV
        case .hangulTrailingJamo: self = .JT
        case .regionalIndicator: self = .RI
        }
    }
}
