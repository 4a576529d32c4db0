public import TrellisGeometry

/// Text laid out in lines: what each line shows, where it sits, and the size of the whole.
///
/// Coordinates have their origin at the top-left corner of the layout, with y growing down.
/// Lines hold their characters in logical order, the order they are typed and stored in; each
/// line's ``Line/visualRuns`` give the order they are shown in, left to right, as the Unicode
/// bidirectional algorithm (UAX #9) orders them, so that Arabic and Hebrew read right to left
/// among left-to-right text and numbers.
///
/// ```swift
/// let layout = measurer.layout("Name: \u{5D0}\u{5D1}\u{5D2} 123", style: style, in: size)
/// for run in layout.lines[0].visualRuns {
///     print(run.range, run.level, run.x)   // "Name: ", "123", then "אבג" right to left
/// }
/// ```
public struct TextLayout: Sendable, Hashable {
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The size the lines use: the widest line (justified lines count as the full width) and
    /// the height from the top of the first line to the bottom of the last. Fractional: round
    /// up with `ceil` to size a view, as with UIKit.
    public var size: Size
    /// The y of the first line's baseline; 0 when there are no lines.
    public var firstBaseline: Double
    /// The y of the last line's baseline; 0 when there are no lines.
    public var lastBaseline: Double
    /// Whether some of the text is not shown: lines beyond the limit, an ellipsis, clipping.
    public var isTruncated: Bool

    /// One laid-out line.
    public struct Line: Sendable, Hashable {
        /// The text the line shows: its characters without the trailing spaces and line break,
        /// and with an ellipsis ("…") where it was truncated.
        public var text: String
        /// The UTF-8 offsets, in the laid-out text, of the part this line shows (from its first
        /// to its last shown character, the hidden middle included for a truncated line).
        public var range: Range<Int>
        /// The natural width of ``text``, without trailing spaces or justification.
        public var width: Double
        /// The left end of the line's baseline, after alignment.
        public var origin: Point
        /// The line's box: from the top of the line to its bottom, as wide as the line is
        /// drawn (the full width for a justified line).
        public var frame: Rect
        /// The advance of each grapheme cluster of ``text``, justification included, so that a
        /// renderer can place each cluster at the sum of the advances before it.
        public var advances: [Double]
        /// Whether an ellipsis replaced part of the text on this line or clusters were clipped.
        public var isTruncated: Bool
        /// The direction of the line's paragraph.
        public var direction: LayoutDirection
        /// The line's runs in visual order, when they are not the single left-to-right run
        /// of level 0 that a line of left-to-right text has (see ``visualRuns``).
        var reorderedRuns: [VisualRun]
        /// The UTF-8 offsets, in the laid-out text, of the characters that an ellipsis
        /// replaces; `nil` without an ellipsis.
        var hiddenRange: Range<Int>?
    }
}
