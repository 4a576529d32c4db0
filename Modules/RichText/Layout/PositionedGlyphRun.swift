public import TrellisGeometry
public import TrellisText

/// A run of glyphs ready to draw: text in one font and style and one direction, placed on
/// its baseline.
///
/// A display list draws each run as its ``text`` in its ``font`` and ``foregroundColor``,
/// starting at ``origin`` (the left end of the baseline, with the run's baseline offset
/// applied), each grapheme cluster ``advances`` apart, after filling ``backgroundColor``
/// behind ``frame`` and before drawing the ``underline`` and ``strikethrough``. A run whose
/// ``direction`` is right to left keeps its text and advances in logical order and is drawn
/// from its right end: its first cluster is the rightmost.
public struct PositionedGlyphRun: Sendable, Hashable {
    /// What a run shows.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Characters of the text.
        case text
        /// The marker of a list item.
        case listMarker
        /// The ellipsis of a truncated line.
        case ellipsis
    }

    /// What the run shows.
    public var kind: Kind
    /// The characters to draw.
    public var text: String
    /// The UTF-8 range of the laid-out text the run stands for: its characters, the hidden
    /// characters for an ellipsis, and an empty range at the paragraph's start for a marker.
    public var range: Range<Int>
    /// The font.
    public var font: Font
    /// The colour of the glyphs.
    public var foregroundColor: Color
    /// The colour to fill behind ``frame``, if any.
    public var backgroundColor: Color?
    /// The line under the glyphs, if any.
    public var underline: TextDecoration?
    /// The line through the glyphs, if any.
    public var strikethrough: TextDecoration?
    /// The target of the link the run belongs to, if any.
    public var link: String?
    /// The left end of the run's baseline, in the layout's coordinates (y grows down).
    public var origin: Point
    /// The width of the run: the sum of ``advances``.
    public var width: Double
    /// The distance from the baseline up to the top of the font's glyphs.
    public var ascent: Double
    /// The distance from the baseline down to the bottom of the font's glyphs (positive).
    public var descent: Double
    /// The advance of each grapheme cluster of ``text``, kern and justification included.
    public var advances: [Double]
    /// The index of the line in ``AttributedTextLayout/lines``.
    public var lineIndex: Int
    /// The embedding level of the run's characters by the Unicode bidirectional algorithm:
    /// even left to right, odd right to left; 0 for list markers.
    public var level: UInt8 = 0

    /// The direction the run's clusters are shown in: right to left for an odd ``level``.
    public var direction: LayoutDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }

    /// The rectangle from the top of the glyphs to their bottom, as wide as the run.
    public var frame: Rect {
        Rect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}
