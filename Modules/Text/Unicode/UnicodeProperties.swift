extension LineBreakClass {
    /// Creates the line-breaking class of a scalar, as the data file gives it (before LB1).
    ///
    /// ```swift
    /// LineBreakClass(of: "a")          // .alphabetic
    /// LineBreakClass(of: "\u{4E00}")   // .ideographic
    /// ```
    public init(of scalar: Unicode.Scalar) {
        let value = UnicodeTables.lineBreak.value(scalar)
        switch value {
        case LineBreakTableVariant.complexContextMark: self = .complexContext
        case LineBreakTableVariant.openPunctuationWide: self = .openPunctuation
        case LineBreakTableVariant.closeParenthesisWide: self = .closeParenthesis
        case LineBreakTableVariant.unassignedPictographic: self = .ideographic
        default: self = LineBreakClass(rawValue: value) ?? .unknown
        }
    }
}

extension EastAsianWidth {
    /// Creates the East Asian width of a scalar.
    ///
    /// ```swift
    /// EastAsianWidth(of: "a")          // .narrow
    /// EastAsianWidth(of: "\u{4E00}")   // .wide
    /// ```
    public init(of scalar: Unicode.Scalar) {
        self = EastAsianWidth(rawValue: UnicodeTables.eastAsianWidth.value(scalar)) ?? .neutral
    }
}

extension BidiClass {
    /// Creates the bidirectional class of a scalar.
    ///
    /// ```swift
    /// BidiClass(of: "a")          // .leftToRight
    /// BidiClass(of: "\u{05D0}")   // .rightToLeft (Hebrew alef)
    /// ```
    public init(of scalar: Unicode.Scalar) {
        self = BidiClass(rawValue: UnicodeTables.bidiClass.value(scalar)) ?? .leftToRight
    }
}

extension EmojiProperties {
    /// Creates the emoji properties of a scalar.
    public init(of scalar: Unicode.Scalar) {
        self.init(rawValue: UnicodeTables.emoji.value(scalar))
    }
}

/// The Unicode properties of the tables, for ``UnicodeData/version``.
public enum UnicodeData {
    /// The version of the Unicode Character Database that the line-breaking, width, emoji and
    /// bidi tables of this module come from, such as `"15.0.0"`.
    public static var version: String { UnicodeTables.unicodeVersion }
}
