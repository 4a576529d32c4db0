/// The vertical metrics of a font at its size, in points, with `UIFont`'s signs: the ascender
/// is above the baseline and positive, the descender below it and negative.
public struct FontLineMetrics: Sendable, Hashable {
    /// The distance from the baseline to the top of the tallest glyphs (positive).
    public var ascender: Double
    /// The distance from the baseline to the bottom of the lowest glyphs (zero or negative).
    public var descender: Double
    /// The extra space the font asks for between lines (its line gap; zero or positive).
    public var leading: Double
    /// The height of capital letters above the baseline.
    public var capHeight: Double
    /// The height of lowercase letters such as `x` above the baseline.
    public var xHeight: Double

    /// Creates line metrics. Values that are not finite become 0, and the descender is made
    /// non-positive and the leading non-negative.
    public init(
        ascender: Double, descender: Double, leading: Double = 0, capHeight: Double,
        xHeight: Double
    ) {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.ascender = finite(ascender)
        self.descender = min(finite(descender), 0)
        self.leading = max(finite(leading), 0)
        self.capHeight = finite(capHeight)
        self.xHeight = finite(xHeight)
    }

    /// The height of a line: `ascender - descender + leading`, as `UIFont.lineHeight`.
    public var lineHeight: Double { ascender - descender + leading }

    /// The height of a line without the leading: `ascender - descender`.
    public var glyphHeight: Double { ascender - descender }
}
