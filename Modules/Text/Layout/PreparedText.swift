/// A text segmented and measured in one font: its grapheme clusters with their UTF-8 offsets,
/// advances and break properties. Laying it out again at another width needs no more
/// segmentation or measurement, which is what the measurement cache keeps.
final class PreparedText: Sendable {
    /// Flags of a cluster.
    struct ClusterFlags: OptionSet {
        let rawValue: UInt8
        /// A line may start at this cluster under UAX #14's default rules.
        static let breakBefore = ClusterFlags(rawValue: 1)
        /// The cluster is a line break (LF, CR, CR LF, NEL, VT, FF, LS, PS): it ends its line
        /// and is not shown.
        static let hardBreak = ClusterFlags(rawValue: 2)
        /// The cluster is a space (U+0020): it hangs at the end of a line and stretches a
        /// justified one.
        static let space = ClusterFlags(rawValue: 4)
        /// A line may start at this cluster under the browser-compatible tailoring
        /// (``LineBreakStrategy/standard``).
        static let standardBreakBefore = ClusterFlags(rawValue: 8)
        /// The cluster and the one before it are Hangul, so that
        /// ``LineBreakStrategy/hangulWordPriority`` does not break between them.
        static let betweenHangul = ClusterFlags(rawValue: 16)

        /// The flag that marks the clusters a line may start at under a strategy.
        static func breakBefore(_ strategy: LineBreakStrategy) -> ClusterFlags {
            strategy.contains(.standard) ? standardBreakBefore : breakBefore
        }
    }

    let text: String
    let font: Font
    let lineMetrics: FontLineMetrics
    /// The advance of the ellipsis "…" in the font.
    let ellipsisWidth: Double
    /// The UTF-8 offset of each cluster, and the text's UTF-8 length at the end.
    let offsets: [Int]
    let advances: [Double]
    let flags: [ClusterFlags]
    /// Whether every character resolves to level 0 in a left-to-right paragraph, so that lines
    /// of left-to-right paragraphs need no bidi resolution; found while segmenting.
    let isAllLeftToRight: Bool

    var clusterCount: Int { advances.count }

    /// The ellipsis that truncated lines show.
    static let ellipsis = "\u{2026}"
    /// Its UTF-8.
    private static let ellipsisUTF8 = Array(ellipsis.utf8)

    /// Segments and measures `text`: with the built-in providers while segmenting, with any
    /// other provider in one ``FontMetrics/measure(runs:)`` call for the runs
    /// ``measurementRuns(of:font:)`` names (its paragraphs and the ellipsis), made before the
    /// line metrics are asked for, so that a provider that fetches both at once crosses its
    /// boundary once.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    convenience init(text: String, font: Font, metrics: any FontMetrics) {
        self.init(
            text: text, font: font, metrics: metrics,
            scalarMetrics: scalarClusterMetrics(of: metrics))
    }

    /// Segments and measures `text`, given `metrics` as a built-in provider when it is one.
    init(
        text: String, font: Font, metrics: any FontMetrics,
        scalarMetrics fast: (any ScalarClusterMetrics)?
    ) {
        self.text = text
        self.font = font
        var segments = Segments(capacity: text.utf8.count, measuresAdvances: fast != nil)
        var bytes = text
        bytes.withUTF8 { buffer in
            (fast ?? UnmeasuredClusters()).segment(buffer, into: &segments, font: font)
            segments.markBreakOpportunities(buffer)
        }
        isAllLeftToRight = segments.isAllLeftToRight
        offsets = segments.offsets
        flags = segments.flags
        if let fast {
            advances = segments.advances
            // The ellipsis is one cluster: measured as one, without splitting a string into
            // clusters first.
            ellipsisWidth = Self.ellipsisUTF8.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                let scalars = UTF8Scalars(base: base, position: 0, end: bytes.count)
                return Self.sanitized(fast.clusterAdvance(ascii: nil, scalars: scalars, font: font))
            }
        } else {
            (advances, ellipsisWidth) = Self.measure(
                text, segments: segments, font: font, metrics: metrics)
        }
        lineMetrics = metrics.lineMetrics(for: font)
    }

    /// The runs a layout of `text` in `font` measures with a provider that is not one of the
    /// built-in ones: each paragraph (up to and including its line break) in order, then the
    /// ellipsis.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    static func measurementRuns(of text: String, font: Font) -> [TextRun] {
        var segments = Segments(capacity: text.utf8.count, measuresAdvances: false)
        var bytes = text
        bytes.withUTF8 { buffer in
            UnmeasuredClusters().segment(buffer, into: &segments, font: font)
        }
        return paragraphRuns(text, segments: segments, font: font).runs + [
            TextRun(ellipsis, font: font)
        ]
    }

    /// The paragraphs of a segmented text as runs, with the number of clusters of each.
    private static func paragraphRuns(
        _ text: String, segments: Segments, font: Font
    ) -> (runs: [TextRun], counts: [Int]) {
        let offsets = segments.offsets
        var runs: [TextRun] = []
        var counts: [Int] = []
        var start = 0
        var cluster = 0
        let utf8 = text.utf8
        var ends = segments.paragraphEnds
        if let length = offsets.last, length > (ends.last ?? 0) { ends.append(length) }
        for end in ends {
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(utf8.startIndex, offsetBy: end)
            runs.append(TextRun(text[lower..<upper], font: font))
            var count = 0
            while cluster < offsets.count - 1 && offsets[cluster] < end {
                cluster += 1
                count += 1
            }
            counts.append(count)
            start = end
        }
        return (runs, counts)
    }

    /// An advance as a layout uses it: 0 when negative or not finite.
    static func sanitized(_ advance: Double) -> Double {
        advance.isFinite && advance > 0 ? advance : 0
    }

    /// Measures the paragraphs and the ellipsis in one batch.
    private static func measure(
        _ text: String, segments: Segments, font: Font, metrics: any FontMetrics
    ) -> (advances: [Double], ellipsis: Double) {
        var (runs, counts) = paragraphRuns(text, segments: segments, font: font)
        runs.append(TextRun(ellipsis, font: font))
        let measured = metrics.measure(runs: runs)
        var advances: [Double] = []
        advances.reserveCapacity(segments.offsets.count)
        for (index, count) in counts.enumerated() {
            let values = index < measured.count ? measured[index] : []
            for i in 0..<count {
                let value = i < values.count ? values[i] : 0
                advances.append(sanitized(value))
            }
        }
        for (index, flag) in segments.flags.enumerated() where flag.contains(.hardBreak) {
            advances[index] = 0
        }
        let ellipsis = measured.count == runs.count ? measured[runs.count - 1].reduce(0, +) : 0
        return (advances, sanitized(ellipsis))
    }
}
