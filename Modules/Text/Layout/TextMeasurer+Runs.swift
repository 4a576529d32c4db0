extension TextMeasurer {
    /// Returns the runs that laying out a text measures, in the order it measures them.
    ///
    /// A layout asks its ``FontMetrics`` provider (one that is not built in, such as a
    /// backend's) for each paragraph of the text as one run, so that shaping sees every
    /// cluster with its neighbours, and for the ellipsis "…" that truncated lines show. A
    /// window calls this for all its text before a layout pass and hands the runs to
    /// ``FontMetrics/measure(runs:)`` at once, so that a provider which caches runs answers the
    /// pass from one call. The runs depend on the text and the style's font only, not on the
    /// size of the box.
    ///
    /// ```swift
    /// let runs = TextMeasurer.runsToMeasure("Title\nSubtitle", style: TextStyle(font: font))
    /// // "Title\n", "Subtitle" and "…", each in `font`.
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: The style it is laid out in.
    /// A text long enough to be cut to its visible lines (over twice
    /// ``maximumBytesPerLine``) names no runs: which part is measured depends on the box, so
    /// it is measured when it is laid out.
    ///
    /// - Returns: Each paragraph, its line break included, then the ellipsis.
    /// - Complexity: O(*n*) in the length of the text.
    public static func runsToMeasure(_ text: String, style: TextStyle) -> [TextRun] {
        guard text.utf8.count <= 2 * maximumBytesPerLine else { return [] }
        return PreparedText.measurementRuns(of: text, font: style.font)
    }
}
