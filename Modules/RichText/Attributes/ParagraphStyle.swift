public import TrellisText

/// How the lines of a paragraph are placed, as `NSParagraphStyle`: alignment, wrapping and its
/// line-breaking rules, spacing, indents and a list marker.
///
/// A paragraph takes the style of its first character. Distances are in points; the defaults
/// are those of `NSParagraphStyle.default` (natural alignment, word wrapping, no spacing or
/// indents).
///
/// ```swift
/// var item = ParagraphStyle()
/// item.listMarker = .bullet
/// item.paragraphSpacing = 4
/// let text = AttributedText("Water for 7 days", attributes: [.paragraphStyle(item)])
/// ```
///
/// Values that make no sense are read as the nearest sensible ones in layout: spacings and
/// indents that are negative or not finite as 0 (a ``tailIndent`` may be negative), and a
/// ``lineHeightMultiple`` that is not a positive finite number as 1.
public struct ParagraphStyle: Sendable, Hashable {
    /// The horizontal alignment of the lines.
    public var alignment: TextAlignment
    /// How lines wrap and how the last visible line ends when text remains.
    public var lineBreakMode: LineBreakMode
    /// Which line-breaking rules the paragraph follows: where browsers break
    /// (`LineBreakStrategy.standard`) by default, UAX #14's default rules alone with an empty
    /// set, as `NSParagraphStyle.lineBreakStrategy`. A container's strategy, when it sets one,
    /// wins.
    public var lineBreakStrategy: LineBreakStrategy = .standard
    /// Extra space after each line, before the next one.
    public var lineSpacing: Double
    /// Extra space above the paragraph, unless it is the first one laid out.
    public var paragraphSpacingBefore: Double
    /// Extra space below the paragraph, unless it is the last one laid out.
    public var paragraphSpacing: Double
    /// The distance from the leading edge to the start of every line but the first.
    public var headIndent: Double
    /// Where lines end: a positive value is a distance from the leading edge, zero or a
    /// negative value a distance back from the trailing edge.
    public var tailIndent: Double
    /// The distance from the leading edge to the start of the first line (to the list marker,
    /// when there is one).
    public var firstLineHeadIndent: Double
    /// A factor for the natural height of each line; 0 for the natural height.
    public var lineHeightMultiple: Double
    /// The marker of a list item, drawn before the first line with a hanging indent.
    public var listMarker: ListMarker?

    /// Creates a paragraph style.
    ///
    /// - Parameters:
    ///   - alignment: The horizontal alignment.
    ///   - lineBreakMode: How lines wrap and the last visible line ends.
    ///   - lineSpacing: Extra space after each line.
    ///   - paragraphSpacingBefore: Extra space above the paragraph.
    ///   - paragraphSpacing: Extra space below the paragraph.
    ///   - headIndent: The start of every line but the first.
    ///   - tailIndent: Where lines end (positive: from the leading edge; otherwise from the
    ///     trailing edge).
    ///   - firstLineHeadIndent: The start of the first line.
    ///   - lineHeightMultiple: A factor for the line height; 0 for the natural height.
    ///   - listMarker: The marker of a list item.
    public init(
        alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: Double = 0, paragraphSpacingBefore: Double = 0, paragraphSpacing: Double = 0,
        headIndent: Double = 0, tailIndent: Double = 0, firstLineHeadIndent: Double = 0,
        lineHeightMultiple: Double = 0, listMarker: ListMarker? = nil
    ) {
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.lineHeightMultiple = lineHeightMultiple
        self.listMarker = listMarker
    }

    /// The style of a paragraph that has none: `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()

    /// A distance that is 0 when negative or not finite.
    static func distance(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }

    /// The tail indent, 0 when not finite.
    var effectiveTailIndent: Double { tailIndent.isFinite ? tailIndent : 0 }

    /// The line-height factor, 1 when not a positive finite number.
    var effectiveLineHeightMultiple: Double {
        lineHeightMultiple.isFinite && lineHeightMultiple > 0 ? lineHeightMultiple : 1
    }
}

extension ParagraphStyle: Codable {
    private enum CodingKeys: String, CodingKey {
        case alignment, lineBreakMode, lineSpacing, paragraphSpacingBefore, paragraphSpacing
        case headIndent, tailIndent, firstLineHeadIndent, lineHeightMultiple, listMarker
        case lineBreakStrategy
    }

    /// Decodes a style; every key is optional and defaults to the value of ``default``.
    ///
    /// - Throws: `DecodingError` when a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double {
            try container.decodeIfPresent(Double.self, forKey: key) ?? 0
        }
        self.init(
            alignment: try container.decodeIfPresent(TextAlignment.self, forKey: .alignment)
                ?? .natural,
            lineBreakMode: try container.decodeIfPresent(LineBreakMode.self, forKey: .lineBreakMode)
                ?? .byWordWrapping,
            lineSpacing: try number(.lineSpacing),
            paragraphSpacingBefore: try number(.paragraphSpacingBefore),
            paragraphSpacing: try number(.paragraphSpacing), headIndent: try number(.headIndent),
            tailIndent: try number(.tailIndent),
            firstLineHeadIndent: try number(.firstLineHeadIndent),
            lineHeightMultiple: try number(.lineHeightMultiple),
            listMarker: try container.decodeIfPresent(ListMarker.self, forKey: .listMarker))
        if let names = try? container.decodeIfPresent(String.self, forKey: .lineBreakStrategy) {
            lineBreakStrategy = try Self.strategy(names, container: container)
        } else if let names = try container.decodeIfPresent(
            [String].self, forKey: .lineBreakStrategy)
        {
            lineBreakStrategy = []
            for name in names {
                lineBreakStrategy.formUnion(try Self.strategy(name, container: container))
            }
        }
    }

    /// The strategy of one name of `LineBreakStrategy.names`.
    private static func strategy(
        _ name: String, container: KeyedDecodingContainer<CodingKeys>
    ) throws -> LineBreakStrategy {
        guard let strategy = LineBreakStrategy(name: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lineBreakStrategy, in: container,
                debugDescription: "unknown line break strategy \"\(name)\"; use one of "
                    + LineBreakStrategy.names.map(\.name).joined(separator: ", "))
        }
        return strategy
    }

    /// Encodes every property of the style; the line-break strategy only when it is not
    /// `LineBreakStrategy.standard`, as an array of names (empty for UAX #14 alone).
    ///
    /// - Throws: `EncodingError` for a value that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(lineBreakMode, forKey: .lineBreakMode)
        if lineBreakStrategy != .standard {
            let names = LineBreakStrategy.names.filter {
                !$0.strategy.isEmpty && lineBreakStrategy.contains($0.strategy)
            }.map(\.name)
            try container.encode(names, forKey: .lineBreakStrategy)
        }
        try container.encode(lineSpacing, forKey: .lineSpacing)
        try container.encode(paragraphSpacingBefore, forKey: .paragraphSpacingBefore)
        try container.encode(paragraphSpacing, forKey: .paragraphSpacing)
        try container.encode(headIndent, forKey: .headIndent)
        try container.encode(tailIndent, forKey: .tailIndent)
        try container.encode(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try container.encode(lineHeightMultiple, forKey: .lineHeightMultiple)
        try container.encodeIfPresent(listMarker, forKey: .listMarker)
    }
}
