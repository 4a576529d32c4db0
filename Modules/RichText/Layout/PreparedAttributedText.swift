import TrellisGeometry
import TrellisText

/// Attributed text segmented into grapheme clusters, split into pieces of one set of
/// attributes within one paragraph, and measured.
struct PreparedAttributedText {
    /// Properties of a cluster.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// A line may start at this cluster under UAX #14's default rules.
        static let breakBefore = Flags(rawValue: 1)
        /// A space (U+0020): it hangs at the end of a line and stretches a justified one.
        static let space = Flags(rawValue: 2)
        /// A line separator (U+2028): it ends its line within the paragraph.
        static let lineSeparator = Flags(rawValue: 4)
        /// A paragraph separator: it ends its paragraph.
        static let paragraphSeparator = Flags(rawValue: 8)
        /// A line may start at this cluster under the browser-compatible tailoring
        /// (`LineBreakStrategy.standard`).
        static let standardBreakBefore = Flags(rawValue: 16)
        /// The cluster and the one before it are Hangul (for `hangulWordPriority`).
        static let betweenHangul = Flags(rawValue: 32)
    }

    /// Clusters with the same attributes within one paragraph.
    struct Piece {
        var clusters: Range<Int>
        /// The index of the text's run the piece belongs to.
        var run: Int
        /// The index of the piece's font in `fonts`.
        var font: Int
        var baselineOffset: Double
        var kern: Double
    }

    /// A font of the text with its metrics.
    struct FontInfo {
        var font: Font
        var lineMetrics: FontLineMetrics
        /// The width of "…" in the font.
        var ellipsisWidth: Double
    }

    /// A list marker to draw.
    struct Marker {
        var text: String
        var width: Double
        /// The space after the marker, in points.
        var spacing: Double
    }

    /// A paragraph and its resolved style.
    struct Paragraph {
        /// The clusters of its text, without its separator.
        var clusters: Range<Int>
        /// The piece whose attributes the paragraph takes (its first character's).
        var piece: Int
        var style: ResolvedParagraphStyle
        /// The index of its marker in `markers`.
        var marker: Int?
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
    var fonts: [FontInfo] = []
    var paragraphs: [Paragraph] = []
    var markers: [Marker] = []
    /// The list marker of each paragraph that has one, in order.
    var markerStyles: [ListMarker] = []

    var clusterCount: Int { flags.count }

    /// The attributes of a piece.
    func attributes(ofPiece index: Int) -> TextAttributes {
        text.storedRuns[pieces[index].run].attributes
    }

    /// The font of a piece.
    func font(ofPiece index: Int) -> FontInfo { fonts[pieces[index].font] }

    /// Segments, splits and measures a text: with a built-in provider cluster by cluster, with
    /// any other provider in one call to `metrics.measure(runs:)` for the runs
    /// ``measurementRuns()`` names; either way before the line metrics are asked for, so that
    /// a provider that fetches both at once crosses its boundary once.
    ///
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    init(_ text: AttributedText, container: TextContainer, metrics: any FontMetrics) {
        self.init(segmenting: text, container: container)
        markBreakOpportunities()
        measure(with: metrics)
        for index in fonts.indices {
            fonts[index].lineMetrics = metrics.lineMetrics(for: fonts[index].font)
        }
    }

    /// Segments and splits a text into pieces and paragraphs, without measuring it or finding
    /// its break opportunities.
    ///
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    init(segmenting text: AttributedText, container: TextContainer) {
        self.text = text
        defaultForegroundColor = container.defaultForegroundColor
        let bounds = segment(container: container)
        for bound in bounds {
            let piece =
                bound.start < clusterCount ? pieceOfCluster[bound.start] : max(pieces.count - 1, 0)
            let style = text.storedRuns[pieces[piece].run].attributes.paragraphStyle ?? .default
            var paragraph = Paragraph(
                clusters: bound.start..<bound.end, piece: piece,
                style: ResolvedParagraphStyle(style, container: container))
            if let marker = style.listMarker {
                paragraph.marker = markerStyles.count
                markerStyles.append(marker)
            }
            paragraphs.append(paragraph)
        }
    }

    /// Splits the text into clusters and pieces; returns the paragraphs' cluster bounds.
    ///
    /// Clusters are Swift's `Character`s, found in one pass over the UTF-8 bytes by
    /// TrellisText's segmentation.
    private mutating func segment(container: TextContainer) -> [(start: Int, end: Int)] {
        var string = text.string
        let offsets = string.withUTF8 { ClusterMeasurer.clusterOffsets($0) }
        let count = offsets.count - 1
        var flags: [Flags] = []
        flags.reserveCapacity(count)
        string.withUTF8 { bytes in
            for index in 0..<count {
                flags.append(Self.flags(bytes, offsets[index]..<offsets[index + 1]))
            }
        }
        self.offsets = offsets
        self.flags = flags
        return splitPieces(container: container)
    }

    /// The flags of the cluster at UTF-8 range `range`, from its first scalar, without
    /// ``Flags/breakBefore``.
    private static func flags(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Flags {
        let byte = bytes[range.lowerBound]
        if byte < 0x80 {
            if byte == 0x20 { return range.count == 1 ? .space : [] }
            return byte >= 0x0A && byte <= 0x0D ? .paragraphSeparator : []
        }
        guard range.count >= 2 else { return [] }
        let second = bytes[range.lowerBound + 1]
        if byte == 0xC2 { return second == 0x85 ? .paragraphSeparator : [] }  // NEL
        guard byte == 0xE2 && second == 0x80 && range.count >= 3 else { return [] }
        switch bytes[range.lowerBound + 2] {
        case 0xA8: return .lineSeparator  // U+2028
        case 0xA9: return .paragraphSeparator  // U+2029
        default: return []
        }
    }

    /// Splits the clusters into pieces of one attribute run within one paragraph; returns the
    /// paragraphs' cluster bounds.
    private mutating func splitPieces(container: TextContainer) -> [(start: Int, end: Int)] {
        let runs = text.storedRuns
        var bounds: [(start: Int, end: Int)] = []
        var fontIndices: [Font: Int] = [:]
        var runIndex = 0
        var pieceRun = -1
        var paragraphStart = 0
        var followsSeparator = false
        let count = clusterCount
        var pieceOfCluster: [Int] = []
        pieceOfCluster.reserveCapacity(count)
        for index in 0..<count {
            let offset = offsets[index]
            while runIndex < runs.count - 1 && runs[runIndex].end <= offset { runIndex += 1 }
            if pieces.isEmpty || pieceRun != runIndex || followsSeparator {
                if let last = pieces.indices.last {
                    pieces[last].clusters = pieces[last].clusters.lowerBound..<index
                }
                let attributes = runs[runIndex].attributes
                let font = attributes.font ?? container.defaultFont
                let fontIndex: Int
                if let last = pieces.last, fonts[last.font].font == font {
                    fontIndex = last.font
                } else if let known = fontIndices[font] {
                    fontIndex = known
                } else {
                    fontIndex = fonts.count
                    fontIndices[font] = fontIndex
                    fonts.append(
                        FontInfo(
                            font: font,
                            lineMetrics: FontLineMetrics(
                                ascender: 0, descender: 0, capHeight: 0, xHeight: 0),
                            ellipsisWidth: 0))
                }
                let limit = Self.maximumOffset
                pieces.append(
                    Piece(
                        clusters: index..<index, run: runIndex, font: fontIndex,
                        baselineOffset: min(max(attributes.baselineOffset ?? 0, -limit), limit),
                        kern: min(max(attributes.kern ?? 0, -limit), limit)))
                pieceRun = runIndex
            }
            pieceOfCluster.append(pieces.count - 1)
            followsSeparator = flags[index].contains(.paragraphSeparator)
            if followsSeparator {
                bounds.append((paragraphStart, index))
                paragraphStart = index + 1
            }
        }
        self.pieceOfCluster = pieceOfCluster
        if let last = pieces.indices.last {
            pieces[last].clusters = pieces[last].clusters.lowerBound..<count
            bounds.append((paragraphStart, count))
        }
        return bounds
    }

    /// Marks the clusters that start at a break opportunity of the whole text, under UAX #14's
    /// default rules and under the browser-compatible tailoring, so that opportunities are
    /// found across run boundaries and each paragraph can follow its own strategy.
    private mutating func markBreakOpportunities() {
        var string = text.string
        let offsets = self.offsets
        let count = clusterCount
        var flags = self.flags
        string.withUTF8 { bytes in
            var cluster = 0
            LineBreaker.forEachOpportunity(inUTF8: bytes) { offset, strict, standard, hangul in
                while cluster < count && offsets[cluster] < offset { cluster += 1 }
                guard cluster < count && offsets[cluster] == offset else { return }
                if strict { flags[cluster].insert(.breakBefore) }
                if standard { flags[cluster].insert(.standardBreakBefore) }
                if hangul { flags[cluster].insert(.betweenHangul) }
            }
        }
        self.flags = flags
    }

    /// The runs the text is measured in with a provider that is not one of the built-in ones,
    /// in order: every piece, the list marker of every paragraph that has one (in the font of
    /// the paragraph's first piece), then the ellipsis in each font.
    func measurementRuns() -> [TextRun] {
        var runs: [TextRun] = []
        runs.reserveCapacity(pieces.count + markerStyles.count + fonts.count)
        for piece in pieces {
            let range = offsets[piece.clusters.lowerBound]..<offsets[piece.clusters.upperBound]
            runs.append(TextRun(text.substring(range), font: fonts[piece.font].font))
        }
        runs += markerAndEllipsisRuns()
        return runs
    }

    /// The list marker of every paragraph that has one, in the font of the paragraph's first
    /// piece, then the ellipsis in each font.
    private func markerAndEllipsisRuns() -> [TextRun] {
        var runs: [TextRun] = []
        runs.reserveCapacity(markerStyles.count + fonts.count)
        for paragraph in paragraphs {
            guard let marker = paragraph.marker else { continue }
            runs.append(
                TextRun(markerStyles[marker].text, font: font(ofPiece: paragraph.piece).font))
        }
        for info in fonts { runs.append(TextRun(Self.ellipsis, font: info.font)) }
        return runs
    }

    /// Measures every piece, every list marker and the ellipsis in each font: with a built-in
    /// provider cluster by cluster from the text's bytes and the markers and ellipses in one
    /// call, with any other provider all of them in one call.
    private mutating func measure(with metrics: any FontMetrics) {
        var advances = [Double](repeating: 0, count: clusterCount)
        let measured: [[Double]]
        let firstMarkerRun: Int
        if let measurer = ClusterMeasurer(metrics) {
            var string = text.string
            let offsets = self.offsets
            string.withUTF8 { bytes in
                for piece in pieces {
                    measurer.measure(
                        bytes, offsets: offsets, clusters: piece.clusters,
                        font: fonts[piece.font].font, into: &advances)
                }
            }
            let runs = markerAndEllipsisRuns()
            measured = runs.isEmpty ? [] : metrics.measure(runs: runs)
            firstMarkerRun = 0
        } else {
            let runs = measurementRuns()
            measured = runs.isEmpty ? [] : metrics.measure(runs: runs)
            for (index, piece) in pieces.enumerated() where index < measured.count {
                let values = measured[index]
                for (position, cluster) in piece.clusters.enumerated() where position < values.count
                {
                    advances[cluster] = Self.advance(values[position])
                }
            }
            firstMarkerRun = pieces.count
        }
        func values(_ index: Int) -> [Double] { index < measured.count ? measured[index] : [] }
        func total(_ index: Int) -> Double { values(index).reduce(0) { $0 + Self.advance($1) } }

        for piece in pieces {
            for cluster in piece.clusters {
                if flags[cluster].contains(.paragraphSeparator)
                    || flags[cluster].contains(.lineSeparator)
                {
                    advances[cluster] = 0
                } else {
                    advances[cluster] += piece.kern
                }
            }
        }
        self.advances = advances
        let firstEllipsisRun = firstMarkerRun + markerStyles.count
        for index in fonts.indices { fonts[index].ellipsisWidth = total(firstEllipsisRun + index) }
        var markerRun = firstMarkerRun
        for paragraph in paragraphs {
            guard let marker = paragraph.marker else { continue }
            let size = font(ofPiece: paragraph.piece).font.size
            markers.append(
                Marker(
                    text: markerStyles[marker].text, width: total(markerRun),
                    spacing: markerStyles[marker].effectiveSpacing * size))
            markerRun += 1
        }
    }

    /// An advance as the layout uses it: 0 when negative or not finite.
    static func advance(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
}

/// A paragraph style with every value made sensible and the container's break mode applied.
struct ResolvedParagraphStyle {
    var alignment: TextAlignment
    var lineBreakMode: LineBreakMode
    var lineBreakStrategy: LineBreakStrategy
    var lineSpacing: Double
    var spacingBefore: Double
    var spacingAfter: Double
    var headIndent: Double
    var firstLineHeadIndent: Double
    var tailIndent: Double
    var lineHeightMultiple: Double

    init(_ style: ParagraphStyle, container: TextContainer) {
        let limit = 1e9
        func distance(_ value: Double) -> Double { min(ParagraphStyle.distance(value), limit) }
        alignment = style.alignment
        lineBreakMode = container.lineBreakMode ?? style.lineBreakMode
        lineBreakStrategy = container.lineBreakStrategy ?? style.lineBreakStrategy
        lineSpacing = distance(style.lineSpacing)
        spacingBefore = distance(style.paragraphSpacingBefore)
        spacingAfter = distance(style.paragraphSpacing)
        headIndent = distance(style.headIndent)
        firstLineHeadIndent = distance(style.firstLineHeadIndent)
        tailIndent = min(max(style.effectiveTailIndent, -limit), limit)
        lineHeightMultiple = min(style.effectiveLineHeightMultiple, 1000)
    }
}
