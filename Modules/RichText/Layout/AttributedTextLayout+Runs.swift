public import TrellisText

extension AttributedTextLayout {
    /// Returns the runs that laying out an attributed text measures, in the order it measures
    /// them.
    ///
    /// A layout with a provider other than the built-in ones asks it for each piece of the
    /// text (the clusters of one attribute run within one paragraph, its separator included)
    /// as one run, so that shaping sees every cluster with its neighbours; then for each list
    /// marker, in the font of its paragraph's first piece; then for the ellipsis "…" in each
    /// font. (The built-in providers measure each cluster alone, so a layout with one of them
    /// measures the pieces cluster by cluster and asks only for the markers and ellipses.) A window calls
    /// this for all its text before a layout pass and hands the runs to
    /// `FontMetrics.measure(runs:)` at once, so that a provider which caches runs answers the
    /// pass from one call. The runs depend on the text and the container's default font only,
    /// not on its size or line limit.
    ///
    /// ```swift
    /// let container = TextContainer(width: 280, defaultFont: .system(size: 14))
    /// let runs = AttributedTextLayout.runsToMeasure(text, in: container)
    /// _ = metrics.measure(runs: runs)
    /// let layout = AttributedTextLayout(text, in: container, metrics: metrics)  // cached
    /// ```
    ///
    /// - Parameters:
    ///   - text: The attributed text.
    ///   - container: The container it is laid out in.
    /// - Returns: The pieces, the list markers and one ellipsis per font.
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    public static func runsToMeasure(_ text: AttributedText, in container: TextContainer)
        -> [TextRun]
    {
        PreparedAttributedText(segmenting: text, container: container).measurementRuns()
    }
}
