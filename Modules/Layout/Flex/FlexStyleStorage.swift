/// A flex style held by reference, with the facts about it that layout reads on every call.
///
/// A style is several hundred bytes. A view keeps its style in one of these, and every layout
/// pass makes its flex nodes from it (``FlexNode/init(styleStorage:measure:)``) without copying
/// the style or checking it again. It never changes: a new style is a new storage.
package final class FlexStyleStorage: Sendable {
    /// The style.
    package let style: FlexStyle
    /// Whether the style passed the quick validity check.
    let isPlainlyValid: Bool
    /// Whether the style has percentage box properties or size limits.
    let usesPercentages: Bool
    /// Whether those percentages include one other than zero, which resolves differently
    /// against different sizes.
    let usesNonzeroPercentages: Bool

    /// Stores a style.
    package init(_ style: FlexStyle) {
        self.style = style
        isPlainlyValid = FlexValidation.isPlainlyValid(style)
        usesPercentages = style.hasPercentageBoxOrLimits
        usesNonzeroPercentages = style.hasNonzeroPercentageBoxOrLimits
    }

    /// The default style, shared by every node made without a style of its own.
    package static let standard = FlexStyleStorage(FlexStyle())
}
