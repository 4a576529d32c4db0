import TrellisGeometry
import TrellisText

/// Attributed text segmented into grapheme clusters, split into pieces of one set of
/// attributes within one paragraph, and measured in one batch.
struct PreparedAttributedText {
    /// Properties of a cluster.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// A line may start at this cluster (a UAX #14 opportunity at its start).
        static let breakBefore = Flags(rawValue: 1)
        /// A space (U+0020): it hangs at the end of a line and stretches a justified one.
        static let space = Flags(rawValue: 2)
        /// A line separator (U+2028): it ends its line within the paragraph.
        static let lineSeparator = Flags(rawValue: 4)
        /// A paragraph separator: it ends its paragraph.
        static let paragraphSeparator = Flags(rawValue: 8)
    }

    /// Clusters with the same attributes within one paragraph.
    struct Piece {
        var clusters: Range<Int>
        var attributes: TextAttributes
        var font: Font
        var lineMetrics: FontLineMetrics
        var baselineOffset: Double
        /// The width of "…" in the piece's font.
        var ellipsisWidth: Double
    }

    /// A paragraph and its resolved style.
    struct Paragraph {
        /// The clusters of its text, without its separator.
        var clusters: Range<Int>
        /// The piece whose attributes the paragraph takes (its first character's).
        var piece: Int
        var style: ResolvedParagraphStyle
        /// The marker's text and width, with the spacing after it.
        var marker: (text: String, width: Double, spacing: Double)?
    }

    static let ellipsis = "\u{2026}"
    /// The largest kern or baseline offset used, in points.
    static let maximumOffset = 10_000.0

    let text: AttributedText
    /// The colour of text that has none.
    let defaultForegroundColor: Color
    /// The UTF-8 offset of each cluster, and the text's length at the end.
    var offsets: [Int] = []
    var advances: [Double] = []
    var flags: [Flags] = []
    var pieceOfCluster: [Int] = []
    var pieces: [Piece] = []
    var paragraphs: [Paragraph] = []

    var clusterCount: Int { flags.count }

    /// Segments, splits and measures a text, with one call to `metrics.measure(runs:)`.
    ///
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    init(_ text: AttributedText, container: TextContainer, metrics: any FontMetrics) {
        self.text = text
        defaultForegroundColor = container.defaultForegroundColor
        let bounds = segment(container: container)
        markBreakOpportunities()
        var lineMetrics: [Font: FontLineMetrics] = [:]
        for index in pieces.indices {
            let font = pieces[index].font
            if lineMetrics[font] == nil { lineMetrics[font] = metrics.lineMetrics(for: font) }
            pieces[index].lineMetrics = lineMetrics[font] ?? pieces[index].lineMetrics
        }
        for bound in bounds {
            let piece =
                bound.start < clusterCount ? pieceOfCluster[bound.start] : max(pieces.count - 1, 0)
            let style = ResolvedParagraphStyle(
                pieces[piece].attributes.paragraphStyle ?? .default, container: container)
            paragraphs.append(
                Paragraph(clusters: bound.start..<bound.end, piece: piece, style: style))
        }
        measure(with: metrics)
    }

    /// Splits the text into clusters and pieces; returns the paragraphs' cluster bounds.
    private mutating func segment(container: TextContainer) -> [(start: Int, end: Int)] {
        let runs = text.storedRuns
        var bounds: [(start: Int, end: Int)] = []
        var runIndex = 0
        var pieceRun = -1
        var offset = 0
        var paragraphStart = 0
        var followsSeparator = false
        let capacity = text.utf8Count
        offsets.reserveCapacity(capacity + 1)
        flags.reserveCapacity(capacity)
        pieceOfCluster.reserveCapacity(capacity)
        for character in text.string {
            let index = flags.count
            while runIndex < runs.count - 1 && runs[runIndex].end <= offset { runIndex += 1 }
            if pieces.isEmpty || pieceRun != runIndex || followsSeparator {
                if !pieces.isEmpty {
                    pieces[pieces.count - 1].clusters =
                        pieces[pieces.count - 1].clusters.lowerBound..<index
                }
                let attributes = runs[runIndex].attributes
                let font = attributes.font ?? container.defaultFont
                let offsetLimit = Self.maximumOffset
                pieces.append(
                    Piece(
                        clusters: index..<index, attributes: attributes, font: font,
                        lineMetrics: FontLineMetrics(
                            ascender: 0, descender: 0, capHeight: 0, xHeight: 0),
                        baselineOffset: min(
                            max(attributes.baselineOffset ?? 0, -offsetLimit), offsetLimit),
                        ellipsisWidth: 0))
                pieceRun = runIndex
            }
            var flag: Flags = []
            let first = character.unicodeScalars.first?.value ?? 0
            if first == 0x20 && character.unicodeScalars.count == 1 {
                flag.insert(.space)
            } else if first == 0x0A || first == 0x0D || first == 0x0B || first == 0x0C
                || first == 0x85
                || first == 0x2029
            {
                flag.insert(.paragraphSeparator)
            } else if first == 0x2028 {
                flag.insert(.lineSeparator)
            }
            offsets.append(offset)
            flags.append(flag)
            pieceOfCluster.append(pieces.count - 1)
            offset += character.utf8.count
            followsSeparator = flag.contains(.paragraphSeparator)
            if followsSeparator {
                bounds.append((paragraphStart, index))
                paragraphStart = index + 1
            }
        }
        offsets.append(offset)
        if !pieces.isEmpty {
            pieces[pieces.count - 1].clusters =
                pieces[pieces.count - 1].clusters.lowerBound..<flags.count
            bounds.append((paragraphStart, flags.count))
        }
        return bounds
    }

    /// Marks the clusters that start at a UAX #14 break opportunity of the whole text, so
    /// that opportunities are found across run boundaries.
    private mutating func markBreakOpportunities() {
        var string = text.string
        let offsets = self.offsets
        let count = clusterCount
        var flags = self.flags
        string.withUTF8 { bytes in
            var cluster = 0
            LineBreaker.forEachOpportunity(inUTF8: bytes) { opportunity in
                while cluster < count && offsets[cluster] < opportunity.offset { cluster += 1 }
                if cluster < count && offsets[cluster] == opportunity.offset {
                    flags[cluster].insert(.breakBefore)
                }
            }
        }
        self.flags = flags
    }

    /// Measures every piece, every list marker and the ellipsis in each font in one call.
    private mutating func measure(with metrics: any FontMetrics) {
        var runs: [TextRun] = pieces.map {
            TextRun(
                text.substring(offsets[$0.clusters.lowerBound]..<offsets[$0.clusters.upperBound]),
                font: $0.font)
        }
        var markerRuns: [Int: Int] = [:]
        for (index, paragraph) in paragraphs.enumerated() {
            guard let marker = paragraph.style.marker else { continue }
            markerRuns[index] = runs.count
            runs.append(TextRun(marker.text, font: pieces[paragraph.piece].font))
        }
        var ellipsisRuns: [Font: Int] = [:]
        for piece in pieces where ellipsisRuns[piece.font] == nil {
            ellipsisRuns[piece.font] = runs.count
            runs.append(TextRun(Self.ellipsis, font: piece.font))
        }
        let measured = runs.isEmpty ? [] : metrics.measure(runs: runs)
        func values(_ index: Int) -> [Double] { index < measured.count ? measured[index] : [] }
        func total(_ index: Int) -> Double { values(index).reduce(0) { $0 + Self.advance($1) } }

        advances = [Double](repeating: 0, count: clusterCount)
        for (index, piece) in pieces.enumerated() {
            let measuredAdvances = values(index)
            let kern = min(max(piece.attributes.kern ?? 0, -Self.maximumOffset), Self.maximumOffset)
            for cluster in piece.clusters {
                let position = cluster - piece.clusters.lowerBound
                if flags[cluster].contains(.paragraphSeparator)
                    || flags[cluster].contains(.lineSeparator)
                {
                    continue
                }
                let advance =
                    position < measuredAdvances.count ? Self.advance(measuredAdvances[position]) : 0
                advances[cluster] = advance + kern
            }
            pieces[index].ellipsisWidth = total(ellipsisRuns[piece.font] ?? runs.count)
        }
        for (index, run) in markerRuns {
            guard let marker = paragraphs[index].style.marker else { continue }
            let font = pieces[paragraphs[index].piece].font
            paragraphs[index].marker = (
                marker.text, total(run), marker.effectiveSpacing * font.size
            )
        }
    }

    /// An advance as the layout uses it: 0 when negative or not finite.
    static func advance(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
}

/// A paragraph style with every value made sensible and the container's break mode applied.
struct ResolvedParagraphStyle {
    var alignment: TextAlignment
    var lineBreakMode: LineBreakMode
    var lineSpacing: Double
    var spacingBefore: Double
    var spacingAfter: Double
    var headIndent: Double
    var firstLineHeadIndent: Double
    var tailIndent: Double
    var lineHeightMultiple: Double
    var marker: ListMarker?

    init(_ style: ParagraphStyle, container: TextContainer) {
        let limit = 1e9
        func distance(_ value: Double) -> Double { min(ParagraphStyle.distance(value), limit) }
        alignment = style.alignment
        lineBreakMode = container.lineBreakMode ?? style.lineBreakMode
        lineSpacing = distance(style.lineSpacing)
        spacingBefore = distance(style.paragraphSpacingBefore)
        spacingAfter = distance(style.paragraphSpacing)
        headIndent = distance(style.headIndent)
        firstLineHeadIndent = distance(style.firstLineHeadIndent)
        tailIndent = min(max(style.effectiveTailIndent, -limit), limit)
        lineHeightMultiple = min(style.effectiveLineHeightMultiple, 1000)
        marker = style.listMarker
    }
}
