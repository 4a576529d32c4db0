public import TrellisGeometry

/// A run of a line whose characters share one embedding level, as the bidirectional algorithm
/// orders it for display.
///
/// ``BidiParagraph/visualRuns(inLine:)`` returns a line's runs from left to right. A run's
/// characters stay in logical order in ``range``: a renderer draws a left-to-right run's
/// clusters in that order and a right-to-left run's in reverse, mirroring its characters where
/// `Unicode.Scalar.bidiMirroringGlyph` gives a mirror (rule L4).
///
/// ```swift
/// let text = "\u{5D0}\u{5D1} (c)"            // "אב (c)" in a right-to-left paragraph
/// let paragraph = BidiParagraph(text)
/// for run in paragraph.visualRuns(inLine: paragraph.range) {
///     print(run.range, run.direction)
/// }
/// // 7..<8 rightToLeft, 6..<7 leftToRight, 0..<6 rightToLeft: "(c) בא" from left to right,
/// // the parentheses mirrored
/// ```
public struct BidiRun: Sendable, Hashable {
    /// The UTF-8 offsets of the run's characters in the text, in logical order.
    public var range: Range<Int>
    /// The embedding level of the run's characters, after the line rule L1.
    public var level: UInt8

    /// The direction of the run: right to left for an odd ``level``.
    public var direction: LayoutDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - range: The UTF-8 offsets of the run's characters in the text.
    ///   - level: Their embedding level.
    public init(range: Range<Int>, level: UInt8) {
        self.range = range
        self.level = level
    }
}
