/// The marker drawn before the first line of a list item: a bullet or a number.
///
/// A paragraph whose ``ParagraphStyle/listMarker`` is set is laid out with a hanging indent:
/// the marker sits at the paragraph's ``ParagraphStyle/firstLineHeadIndent`` and every line of
/// the text, wrapped ones included, starts after the marker and its ``spacing``.
///
/// ```swift
/// ListMarker(style: .decimal, ordinal: 3).text     // "3."
/// ListMarker(style: .lowerRoman, ordinal: 4).text  // "iv."
/// ListMarker.bullet.text                           // "•"
/// ```
public struct ListMarker: Sendable, Hashable, Codable {
    /// What the marker shows.
    public enum Style: Sendable, Hashable, Codable {
        /// A filled bullet, "•".
        case disc
        /// A hollow bullet, "◦".
        case circle
        /// A small square, "▪".
        case square
        /// The ordinal in decimal digits and a full stop: "1.", "2.", ...
        case decimal
        /// The ordinal as lowercase letters and a full stop: "a.", ..., "z.", "aa.", ...
        case lowerAlpha
        /// The ordinal as uppercase letters and a full stop: "A.", "B.", ...
        case upperAlpha
        /// The ordinal as lowercase Roman numerals and a full stop: "i.", "ii.", ...
        case lowerRoman
        /// The ordinal as uppercase Roman numerals and a full stop: "I.", "II.", ...
        case upperRoman
        /// A fixed text, such as "–" or "★".
        case custom(String)

        /// The bullet of a first-level unordered list: ``disc``.
        public static var bullet: Style { .disc }

        /// Whether the marker shows the item's ordinal.
        public var isOrdered: Bool {
            switch self {
            case .decimal, .lowerAlpha, .upperAlpha, .lowerRoman, .upperRoman: true
            default: false
            }
        }
    }

    /// What the marker shows.
    public var style: Style
    /// The number of the item in its list, from 1; ordered styles show it.
    public var ordinal: Int
    /// The space between the marker and the text, in ems of the marker's font.
    public var spacing: Double

    /// Creates a marker.
    ///
    /// - Parameters:
    ///   - style: What the marker shows.
    ///   - ordinal: The number of the item, from 1.
    ///   - spacing: The space between the marker and the text, in ems; values that are
    ///     negative or not finite count as 0 in layout.
    public init(style: Style, ordinal: Int = 1, spacing: Double = 0.5) {
        self.style = style
        self.ordinal = ordinal
        self.spacing = spacing
    }

    /// A disc bullet, "•".
    public static let bullet = ListMarker(style: .disc)

    /// The text of the marker: the bullet, or the ordinal in the style's numbering with a full
    /// stop. Alphabetic numbering of an ordinal below 1, and Roman numbering outside
    /// 1...3999, fall back to decimal.
    public var text: String {
        switch style {
        case .disc: "\u{2022}"
        case .circle: "\u{25E6}"
        case .square: "\u{25AA}"
        case .custom(let text): text
        case .decimal: "\(ordinal)."
        case .lowerAlpha: (Self.alphabetic(ordinal) ?? "\(ordinal)") + "."
        case .upperAlpha: (Self.alphabetic(ordinal)?.uppercased() ?? "\(ordinal)") + "."
        case .lowerRoman: (Self.roman(ordinal) ?? "\(ordinal)") + "."
        case .upperRoman: (Self.roman(ordinal)?.uppercased() ?? "\(ordinal)") + "."
        }
    }

    /// The spacing in ems, 0 when negative or not finite.
    var effectiveSpacing: Double { spacing.isFinite ? max(spacing, 0) : 0 }

    /// Bijective base-26 letters: 1 is "a", 26 "z", 27 "aa".
    private static func alphabetic(_ number: Int) -> String? {
        guard number > 0 else { return nil }
        var letters: [Character] = []
        var rest = number
        while rest > 0 {
            rest -= 1
            letters.append(Character(Unicode.Scalar(UInt8(97 + rest % 26))))
            rest /= 26
        }
        return String(letters.reversed())
    }

    /// Lowercase Roman numerals for 1...3999.
    private static func roman(_ number: Int) -> String? {
        guard (1...3999).contains(number) else { return nil }
        let table: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var result = ""
        var rest = number
        for (value, numeral) in table {
            while rest >= value {
                result += numeral
                rest -= value
            }
        }
        return result
    }
}
