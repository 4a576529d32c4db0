/// A value of an enumerated Unicode property: its UCD short name, the Swift case name, other
/// names the data files use for it, and the documentation of the case.
struct PropertyValue {
    var short: String
    var swiftName: String
    var aliases: [String] = []
    var summary: String
}

/// The Line_Break classes of UAX #14, in the order of the generated enumeration.
let lineBreakValues: [PropertyValue] = [
    .init(
        short: "BK", swiftName: "mandatoryBreak",
        summary: "Mandatory break: form feed, line tabulation, line and paragraph separators."),
    .init(short: "CR", swiftName: "carriageReturn", summary: "Carriage return."),
    .init(short: "LF", swiftName: "lineFeed", summary: "Line feed."),
    .init(
        short: "CM", swiftName: "combiningMark",
        summary: "Combining marks and most control characters: they attach to the character before."
    ),
    .init(short: "NL", swiftName: "nextLine", summary: "Next line (U+0085)."),
    .init(short: "SG", swiftName: "surrogate", summary: "Surrogate code points."),
    .init(
        short: "WJ", swiftName: "wordJoiner",
        summary: "Word joiner and zero-width no-break space: no break on either side."),
    .init(
        short: "ZW", swiftName: "zeroWidthSpace", summary: "Zero-width space: a break opportunity."),
    .init(
        short: "GL", swiftName: "nonBreakingGlue",
        summary: "Non-breaking glue such as the no-break space."),
    .init(short: "SP", swiftName: "space", summary: "Space (U+0020)."),
    .init(short: "ZWJ", swiftName: "zeroWidthJoiner", summary: "Zero-width joiner."),
    .init(
        short: "B2", swiftName: "breakBeforeAndAfter",
        summary: "Break opportunity before and after, such as the em dash."),
    .init(
        short: "BA", swiftName: "breakAfter",
        summary: "Break opportunity after, such as tabulation and most dashes."),
    .init(
        short: "BB", swiftName: "breakBefore",
        summary: "Break opportunity before, such as dictionary punctuation."),
    .init(short: "HY", swiftName: "hyphen", summary: "Hyphen-minus."),
    .init(
        short: "CB", swiftName: "contingentBreak",
        summary: "Contingent break opportunity, such as the object replacement character."),
    .init(short: "CL", swiftName: "closePunctuation", summary: "Closing punctuation."),
    .init(
        short: "CP", swiftName: "closeParenthesis",
        summary: "Closing parenthesis and square bracket."),
    .init(short: "EX", swiftName: "exclamation", summary: "Exclamation and interrogation marks."),
    .init(
        short: "IN", swiftName: "inseparable", summary: "Inseparable characters such as leaders."),
    .init(
        short: "NS", swiftName: "nonstarter",
        summary: "Nonstarters such as small kana and iteration marks."),
    .init(short: "OP", swiftName: "openPunctuation", summary: "Opening punctuation."),
    .init(short: "QU", swiftName: "quotation", summary: "Ambiguous quotation marks."),
    .init(
        short: "IS", swiftName: "infixSeparator",
        summary: "Infix numeric separators such as the full stop and comma."),
    .init(short: "NU", swiftName: "numeric", summary: "Digits."),
    .init(
        short: "PO", swiftName: "postfixNumeric",
        summary: "Postfix numeric characters such as the percent sign."),
    .init(
        short: "PR", swiftName: "prefixNumeric",
        summary: "Prefix numeric characters such as currency signs."),
    .init(
        short: "SY", swiftName: "symbolAllowingBreakAfter",
        summary: "Symbols that allow a break after, such as the solidus."),
    .init(
        short: "AI", swiftName: "ambiguous",
        summary:
            "Ambiguous characters, alphabetic or ideographic by context; resolved to alphabetic."),
    .init(short: "AL", swiftName: "alphabetic", summary: "Alphabetic characters and symbols."),
    .init(
        short: "CJ", swiftName: "conditionalJapaneseStarter",
        summary: "Conditional Japanese starters (small kana); resolved to nonstarter."),
    .init(
        short: "EB", swiftName: "emojiBase", summary: "Emoji bases that take a skin-tone modifier."),
    .init(short: "EM", swiftName: "emojiModifier", summary: "Emoji skin-tone modifiers."),
    .init(short: "H2", swiftName: "hangulLVSyllable", summary: "Hangul LV syllables."),
    .init(short: "H3", swiftName: "hangulLVTSyllable", summary: "Hangul LVT syllables."),
    .init(short: "HL", swiftName: "hebrewLetter", summary: "Hebrew letters."),
    .init(
        short: "ID", swiftName: "ideographic",
        summary: "Ideographs, kana and most pictographs: a break opportunity on either side."),
    .init(short: "JL", swiftName: "hangulLeadingJamo", summary: "Hangul leading consonants."),
    .init(short: "JV", swiftName: "hangulVowelJamo", summary: "Hangul vowels."),
    .init(short: "JT", swiftName: "hangulTrailingJamo", summary: "Hangul trailing consonants."),
    .init(
        short: "RI", swiftName: "regionalIndicator",
        summary: "Regional indicator symbols, which pair into flags."),
    .init(
        short: "SA", swiftName: "complexContext",
        summary:
            "South-East Asian scripts that need a dictionary; resolved to alphabetic or combining mark."
    ),
    .init(
        short: "XX", swiftName: "unknown",
        summary: "Unassigned and private-use code points; resolved to alphabetic."),
]

/// The East_Asian_Width values of UAX #11.
let eastAsianWidthValues: [PropertyValue] = [
    .init(
        short: "A", swiftName: "ambiguous",
        summary: "Ambiguous: wide in East Asian legacy contexts, narrow elsewhere."),
    .init(short: "F", swiftName: "fullwidth", summary: "Fullwidth compatibility forms."),
    .init(short: "H", swiftName: "halfwidth", summary: "Halfwidth compatibility forms."),
    .init(
        short: "N", swiftName: "neutral",
        summary: "Neutral: characters that do not occur in East Asian legacy sets."),
    .init(short: "Na", swiftName: "narrow", summary: "Narrow characters with a wide counterpart."),
    .init(
        short: "W", swiftName: "wide",
        summary: "Wide characters such as ideographs and emoji presentation characters."),
]

/// The Bidi_Class values of UAX #9.
let bidiClassValues: [PropertyValue] = [
    .init(
        short: "L", swiftName: "leftToRight", aliases: ["Left_To_Right"],
        summary: "Strong left-to-right characters."),
    .init(
        short: "R", swiftName: "rightToLeft", aliases: ["Right_To_Left"],
        summary: "Strong right-to-left characters such as Hebrew."),
    .init(
        short: "AL", swiftName: "arabicLetter", aliases: ["Arabic_Letter"],
        summary: "Strong right-to-left Arabic, Syriac and Thaana characters."),
    .init(
        short: "EN", swiftName: "europeanNumber", aliases: ["European_Number"],
        summary: "European digits."),
    .init(
        short: "ES", swiftName: "europeanSeparator", aliases: ["European_Separator"],
        summary: "Plus and minus signs."),
    .init(
        short: "ET", swiftName: "europeanTerminator", aliases: ["European_Terminator"],
        summary: "Currency and degree signs and the like."),
    .init(
        short: "AN", swiftName: "arabicNumber", aliases: ["Arabic_Number"],
        summary: "Arabic-Indic digits."),
    .init(
        short: "CS", swiftName: "commonSeparator", aliases: ["Common_Separator"],
        summary: "Separators within numbers."),
    .init(
        short: "NSM", swiftName: "nonspacingMark", aliases: ["Nonspacing_Mark"],
        summary: "Nonspacing marks."),
    .init(
        short: "BN", swiftName: "boundaryNeutral", aliases: ["Boundary_Neutral"],
        summary: "Format characters and controls that bidi ignores."),
    .init(
        short: "B", swiftName: "paragraphSeparator", aliases: ["Paragraph_Separator"],
        summary: "Paragraph separators."),
    .init(
        short: "S", swiftName: "segmentSeparator", aliases: ["Segment_Separator"],
        summary: "Tabulation."),
    .init(short: "WS", swiftName: "whiteSpace", aliases: ["White_Space"], summary: "Spaces."),
    .init(
        short: "ON", swiftName: "otherNeutral", aliases: ["Other_Neutral"],
        summary: "Other neutral characters."),
    .init(
        short: "LRE", swiftName: "leftToRightEmbedding", aliases: ["Left_To_Right_Embedding"],
        summary: "Left-to-right embedding (U+202A)."),
    .init(
        short: "LRO", swiftName: "leftToRightOverride", aliases: ["Left_To_Right_Override"],
        summary: "Left-to-right override (U+202D)."),
    .init(
        short: "RLE", swiftName: "rightToLeftEmbedding", aliases: ["Right_To_Left_Embedding"],
        summary: "Right-to-left embedding (U+202B)."),
    .init(
        short: "RLO", swiftName: "rightToLeftOverride", aliases: ["Right_To_Left_Override"],
        summary: "Right-to-left override (U+202E)."),
    .init(
        short: "PDF", swiftName: "popDirectionalFormat", aliases: ["Pop_Directional_Format"],
        summary: "Pop directional formatting (U+202C)."),
    .init(
        short: "LRI", swiftName: "leftToRightIsolate", aliases: ["Left_To_Right_Isolate"],
        summary: "Left-to-right isolate (U+2066)."),
    .init(
        short: "RLI", swiftName: "rightToLeftIsolate", aliases: ["Right_To_Left_Isolate"],
        summary: "Right-to-left isolate (U+2067)."),
    .init(
        short: "FSI", swiftName: "firstStrongIsolate", aliases: ["First_Strong_Isolate"],
        summary: "First strong isolate (U+2068)."),
    .init(
        short: "PDI", swiftName: "popDirectionalIsolate", aliases: ["Pop_Directional_Isolate"],
        summary: "Pop directional isolate (U+2069)."),
]

/// The emoji properties of UTS #51 and their bits in the emoji table.
let emojiBits: [(property: String, swiftName: String, summary: String)] = [
    ("Emoji", "emoji", "The character is an emoji (Emoji)."),
    (
        "Emoji_Presentation", "emojiPresentation",
        "The character shows as emoji by default (Emoji_Presentation)."
    ),
    ("Emoji_Modifier", "emojiModifier", "The character is a skin-tone modifier (Emoji_Modifier)."),
    (
        "Emoji_Modifier_Base", "emojiModifierBase",
        "The character takes a skin-tone modifier (Emoji_Modifier_Base)."
    ),
    (
        "Emoji_Component", "emojiComponent",
        "The character appears in emoji sequences (Emoji_Component)."
    ),
    (
        "Extended_Pictographic", "extendedPictographic",
        "The character is pictographic or reserved for pictographs (Extended_Pictographic)."
    ),
]

/// Returns a map from every name of the values (short name and aliases) to its number.
func nameMap(_ values: [PropertyValue]) -> [String: UInt8] {
    var map: [String: UInt8] = [:]
    for (number, value) in values.enumerated() {
        map[value.short] = UInt8(number)
        map[value.swiftName] = UInt8(number)
        for alias in value.aliases { map[alias] = UInt8(number) }
    }
    return map
}
