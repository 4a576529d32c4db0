import TrellisGeometry

/// The parameters of one layout of a prepared text, besides the text and font.
struct LayoutRequest: Hashable, Sendable {
    /// The width lines wrap at; infinity for none.
    var width: Double
    /// The height the lines must fit in; infinity for none.
    var height: Double
    var lineBreakMode: LineBreakMode
    var lineBreakStrategy: LineBreakStrategy
    var alignment: TextAlignment
    /// The most lines, 0 for no limit.
    var lineLimit: Int
    var lineSpacing: Double
    var lineHeightMultiple: Double
    var baseWritingDirection: LayoutDirection?
    /// Whether line heights include the font's leading.
    var includesLeading: Bool

    /// The largest dimension that limits a layout; larger ones, such as UIKit code's
    /// `MAXFLOAT` and `CGFloat.greatestFiniteMagnitude`, mean no limit.
    static var largestLimit: Double { 1e15 }

    /// A request for a style in a box; dimensions that are not positive finite numbers below
    /// ``largestLimit`` (0, NaN, infinity, `MAXFLOAT`) mean no limit.
    init(style: TextStyle, size: Size, includesLeading: Bool) {
        func limit(_ value: Double) -> Double {
            value.isFinite && value > 0 && value < Self.largestLimit ? value : .infinity
        }
        width = limit(size.width)
        height = limit(size.height)
        lineBreakMode = style.lineBreakMode
        lineBreakStrategy = style.lineBreakStrategy
        alignment = style.alignment
        lineLimit = style.lineLimit
        lineSpacing = style.effectiveLineSpacing
        lineHeightMultiple = style.effectiveLineHeightMultiple
        baseWritingDirection = style.baseWritingDirection
        self.includesLeading = includesLeading
    }
}
