public import TrellisGeometry

extension TextLayout {
    /// A run of a laid-out line whose grapheme clusters share one embedding level, placed
    /// where the line shows it.
    ///
    /// A line's ``Line/visualRuns`` go from left to right. A run's clusters stay in logical
    /// order in ``range`` and ``clusters``: a renderer draws a left-to-right run's clusters from
    /// its left end in that order, and a right-to-left run's from its right end, the first
    /// cluster rightmost, mirroring brackets and the like (rule L4 of UAX #9,
    /// `Unicode.Scalar.bidiMirroringGlyph`).
    ///
    /// ```swift
    /// // "abc אבג" in a left-to-right paragraph, shown as "abc גבא"
    /// let line = measurer.layout("abc \u{5D0}\u{5D1}\u{5D2}", style: style, in: size).lines[0]
    /// line.visualRuns.map(\.range)       // [0..<4, 4..<10]
    /// line.visualRuns.map(\.direction)   // [.leftToRight, .rightToLeft]
    /// ```
    public struct VisualRun: Sendable, Hashable {
        /// The UTF-8 offsets of the run's characters in the line's ``Line/text``.
        public var range: Range<Int>
        /// The indices of the run's grapheme clusters in the line's ``Line/advances``.
        public var clusters: Range<Int>
        /// The embedding level of the run's clusters: even left to right, odd right to left.
        public var level: UInt8
        /// The left end of the run on the baseline, in the layout's coordinates.
        public var x: Double
        /// The width of the run: the sum of its clusters' advances.
        public var width: Double

        /// The direction the run's clusters are shown in: right to left for an odd ``level``.
        public var direction: LayoutDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }

        /// Creates a run.
        ///
        /// - Parameters:
        ///   - range: The UTF-8 offsets of its characters in the line's text.
        ///   - clusters: The indices of its clusters in the line's advances.
        ///   - level: Its embedding level.
        ///   - x: Its left end, in the layout's coordinates.
        ///   - width: Its width.
        public init(range: Range<Int>, clusters: Range<Int>, level: UInt8, x: Double, width: Double)
        {
            self.range = range
            self.clusters = clusters
            self.level = level
            self.x = x
            self.width = width
        }
    }
}

extension TextLayout.Line {
    /// The line's runs in visual order, from left to right.
    ///
    /// The runs come from the Unicode bidirectional algorithm run on the line's paragraph in
    /// its ``direction``, with the line rules applied to this line (trailing white space takes
    /// the paragraph level), and cover the line's grapheme clusters exactly once. The ellipsis
    /// of a truncated line is ordered as a neutral character between the clusters it stands
    /// between. A line of left-to-right text has one run of level 0: the algorithm is skipped
    /// for paragraphs without right-to-left characters, numbers or explicit formatting. An
    /// empty line has no runs.
    ///
    /// The runs' widths add up to the sum of ``advances``, and each run starts where the one
    /// before it ends, from ``origin``.
    public var visualRuns: [TextLayout.VisualRun] {
        guard reorderedRuns.isEmpty, !advances.isEmpty else { return reorderedRuns }
        return [
            TextLayout.VisualRun(
                range: 0..<text.utf8.count, clusters: 0..<advances.count, level: 0, x: origin.x,
                width: advances.reduce(0, +))
        ]
    }
}
