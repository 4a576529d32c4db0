public import TrellisGeometry

/// Everything besides the text that decides how it is laid out: the font and the paragraph
/// and label properties of UIKit (`NSParagraphStyle` and `UILabel`).
///
/// The defaults are those of `NSParagraphStyle`: word wrapping, natural alignment, no line
/// limit, no extra spacing. A `UILabel` starts with one line and tail truncation:
///
/// ```swift
/// var label = TextStyle(font: .system(size: 17))
/// label.numberOfLines = 1
/// label.lineBreakMode = .byTruncatingTail
/// ```
///
/// Values that make no sense are read as the nearest sensible ones: a negative line count as
/// 0 (unlimited), a line spacing or line-height multiple that is negative or not finite as 0,
/// a line spacing above 1,000,000 points as that, and a multiple above 1,000 as that.
public struct TextStyle: Sendable, Hashable {
    /// The font.
    public var font: Font
    /// How lines wrap and the last visible line ends.
    public var lineBreakMode: LineBreakMode
    /// Which line-breaking rules apply: ``LineBreakStrategy/standard`` (where browsers break)
    /// by default, an empty set for UAX #14's default rules alone.
    public var lineBreakStrategy: LineBreakStrategy
    /// The horizontal alignment of the lines.
    public var alignment: TextAlignment
    /// The most lines to show; 0 for no limit.
    ///
    /// When text remains after the last line shown, a truncating ``lineBreakMode`` puts an
    /// ellipsis in that line; the wrapping and clipping modes cut the text there without one,
    /// as `UILabel` does.
    public var numberOfLines: Int
    /// Extra space between one line and the next, in points.
    public var lineSpacing: Double
    /// A factor for the natural line height; 0 for the natural height.
    public var lineHeightMultiple: Double
    /// The direction of every paragraph; `nil` to take each paragraph's from its first strong
    /// character (UAX #9 rules P2 and P3).
    public var baseWritingDirection: LayoutDirection?

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - font: The font.
    ///   - lineBreakMode: How lines wrap and the last one ends.
    ///   - lineBreakStrategy: Which line-breaking rules apply.
    ///   - alignment: The horizontal alignment.
    ///   - numberOfLines: The most lines to show; 0 for no limit.
    ///   - lineSpacing: Extra space between lines, in points.
    ///   - lineHeightMultiple: A factor for the line height; 0 for the natural height.
    ///   - baseWritingDirection: The paragraph direction; `nil` to detect it.
    public init(
        font: Font, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = .standard, alignment: TextAlignment = .natural,
        numberOfLines: Int = 0, lineSpacing: Double = 0,
        lineHeightMultiple: Double = 0, baseWritingDirection: LayoutDirection? = nil
    ) {
        self.font = font
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.baseWritingDirection = baseWritingDirection
    }

    /// The line limit, 0 for none.
    var lineLimit: Int { max(numberOfLines, 0) }
    /// The line spacing, 0 when negative or not finite.
    var effectiveLineSpacing: Double {
        lineSpacing.isFinite ? min(max(lineSpacing, 0), 1_000_000) : 0
    }
    /// The line-height factor, 1 when not a positive finite number.
    var effectiveLineHeightMultiple: Double {
        lineHeightMultiple.isFinite && lineHeightMultiple > 0 ? min(lineHeightMultiple, 1000) : 1
    }
}
