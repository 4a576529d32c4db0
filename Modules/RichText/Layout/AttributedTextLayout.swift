public import TrellisGeometry
public import TrellisText

/// Attributed text laid out in lines: positioned glyph runs ready for a display list, the
/// lines' rectangles and baselines, the used size, and hit-testing.
///
/// Lines mix fonts and sizes on a shared baseline; each line is as tall as its tallest run
/// (ascent plus descent plus leading, times the paragraph's line-height multiple, with the
/// extra height above the text). Lines wrap at UAX #14 break opportunities found across run
/// boundaries, so a word whose letters have different fonts is still one word. Paragraphs
/// (separated by a line feed, carriage return, CR LF, NEL, VT, FF or U+2029) take their
/// ``ParagraphStyle`` from their first character; U+2028 breaks a line within a paragraph.
///
/// Measurement goes through one `FontMetrics` provider. The built-in providers measure the
/// text cluster by cluster from its bytes, as TrellisText's plain layout does; any other
/// provider gets a single `FontMetrics.measure(runs:)` call per layout: every run of the
/// text, every list marker and the ellipsis in each font are measured in the same batch, so
/// a provider behind a plugin boundary answers a whole layout in one crossing.
///
/// ```swift
/// let text = AttributedText(markup: html, options: .init(paragraphMarker: .bullet))
/// let layout = AttributedTextLayout(
///     text, in: TextContainer(width: 280, defaultFont: .system(size: 14)),
///     metrics: ProportionalMetrics())
/// for run in layout.glyphRuns { draw(run.text, at: run.origin, font: run.font) }
/// let height = layout.usedSize.height.rounded(.up)
/// ```
///
/// Line limits and truncation follow `UILabel`: lines wrap by word (by character for
/// `LineBreakMode.byCharWrapping`; `LineBreakMode.byClipping` keeps each line of a
/// paragraph on one line), and when text remains after the last line that fits the
/// container's line limit and height, that line is truncated as its break mode says: an
/// ellipsis at the tail, head or middle of the rest of its paragraph, in the attributes of
/// the run it cuts: its font (and so its width), colours, decorations and link are those of
/// the last character shown before it, or for the head, and in the middle when nothing shows
/// before it, of the first character shown after it. When the ellipsis is all the line shows,
/// it takes the attributes of the hidden character at the end it stands at: the first for the
/// tail and the middle, the last for the head. The ellipsis replaces whole grapheme clusters.
/// Indents and markers are laid out from the left edge, and natural alignment follows each
/// paragraph's direction.
///
/// Each line shows its characters in the order of the Unicode bidirectional algorithm
/// (UAX #9), run on each paragraph in the direction of its first strong character: the glyph
/// runs of a line come left to right as they are shown, split where the embedding level
/// changes as well as where the attributes do, and a right-to-left run
/// (``PositionedGlyphRun/direction``) keeps its text and advances in logical order, to be
/// drawn from its right end. Paragraphs without right-to-left characters, numbers or explicit
/// formatting skip the algorithm. Hit-testing follows what is shown.
public struct AttributedTextLayout: Sendable, Hashable {
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The glyph runs of every line, line by line, left to right in the order they are shown.
    public var glyphRuns: [PositionedGlyphRun]
    /// The size the lines use: from the origin to the right end of the widest line and the
    /// bottom of the last one. Fractional: round up with `ceil` to size a view.
    public var usedSize: Size
    /// The y of the first line's baseline; 0 without lines.
    public var firstBaseline: Double
    /// The y of the last line's baseline; 0 without lines.
    public var lastBaseline: Double
    /// Whether some text is not shown: lines past the limit, an ellipsis, clipping.
    public var isTruncated: Bool
    /// The shown clusters of every line, in order, for hit-testing.
    var clusters: [PlacedCluster]

    /// A shown grapheme cluster (or ellipsis) and where it is on its line.
    struct PlacedCluster: Sendable, Hashable {
        /// The UTF-8 range of the characters it stands for.
        var range: Range<Int>
        var x: Double
        var width: Double
    }

    /// One laid-out line.
    public struct Line: Sendable, Hashable {
        /// The UTF-8 range of the text the line holds, from its first character to its line
        /// break (hidden characters of a truncated line included).
        public var range: Range<Int>
        /// The line's box: from the left end of its first glyph run (marker included) to the
        /// right end of its last, from the top of the line to its bottom.
        public var frame: Rect
        /// The y of the line's baseline.
        public var baseline: Double
        /// The distance from the baseline up to the top of the tallest run.
        public var ascent: Double
        /// The distance from the baseline down to the bottom of the lowest run.
        public var descent: Double
        /// The index in ``AttributedTextLayout/glyphRuns`` of the line's runs.
        public var glyphRunRange: Range<Int>
        /// Whether an ellipsis replaced part of the line or clusters were clipped.
        public var isTruncated: Bool
        /// The index of the line's paragraph, from 0.
        public var paragraphIndex: Int
        /// The index range in the layout's placed clusters.
        var clusterRange: Range<Int>
    }

    /// Lays attributed text out in a container.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - container: The box, line limit, break mode and default font and colour.
    ///   - metrics: The provider of font measurements; one that is not built in is called
    ///     once for all advances.
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    public init(_ text: AttributedText, in container: TextContainer, metrics: any FontMetrics) {
        let prepared = PreparedAttributedText(text, container: container, metrics: metrics)
        self = prepared.layout(container: container)
    }

    init(
        lines: [Line], glyphRuns: [PositionedGlyphRun], usedSize: Size, isTruncated: Bool,
        clusters: [PlacedCluster]
    ) {
        self.lines = lines
        self.glyphRuns = glyphRuns
        self.usedSize = usedSize
        self.firstBaseline = lines.first?.baseline ?? 0
        self.lastBaseline = lines.last?.baseline ?? 0
        self.isTruncated = isTruncated
        self.clusters = clusters
    }
}

extension AttributedText {
    /// Returns the size the text needs in a container, as `boundingRect(with:options:context:)`
    /// with `.usesLineFragmentOrigin`.
    ///
    /// - Parameters:
    ///   - container: The box, line limit and defaults.
    ///   - metrics: The provider of font measurements.
    /// - Returns: The used size, fractional (round up with `ceil`).
    /// - Complexity: O(*n* + *r*) in the length of the text and its runs.
    public func size(in container: TextContainer, metrics: any FontMetrics) -> Size {
        AttributedTextLayout(self, in: container, metrics: metrics).usedSize
    }
}
