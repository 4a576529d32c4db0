/// A section's spacing, resolved into line coordinates: `u` along a line, `v` along the scroll
/// direction.
struct SectionMetrics: Equatable {
    /// The length of a whole line, from the collection view's bounds minus its content insets.
    var lineLength: Double = 0
    /// The inset before the first item of a line.
    var lineStartInset: Double = 0
    /// The inset after the last item of a line.
    var lineEndInset: Double = 0
    /// The inset between the header and the first line.
    var leadingInset: Double = 0
    /// The inset between the last line and the footer.
    var trailingInset: Double = 0
    /// The space between lines.
    var lineSpacing: Double = 0
    /// The space between items of a line: the minimum for a flow layout.
    var itemSpacing: Double = 0
    /// The header's length along the scroll direction; 0 for none.
    var headerLength: Double = 0
    /// The footer's length along the scroll direction; 0 for none.
    var footerLength: Double = 0

    /// The room for items in a line.
    var available: Double { max(0, lineLength - lineStartInset - lineEndInset) }

    /// The tolerance of the fit test, so that sizes computed as fractions of the line still fit.
    var tolerance: Double { 1e-9 * max(1, available) }
}
