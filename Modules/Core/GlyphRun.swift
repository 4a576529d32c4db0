public import TrellisGeometry

/// A font as a backend is asked to resolve it: a family name, a size and a style.
///
/// Backends map it to what they have: the raster backend to a font file through fontconfig,
/// the terminal to cells, the text backend to its deterministic metrics.
public struct FontDescriptor: Sendable, Hashable {
    /// The family name, such as `DejaVu Sans`; `system` for the backend's default.
    public var family: String
    /// The size in points.
    public var size: Double
    /// The weight, 100 (thin) to 900 (black); 400 is regular and 700 bold.
    public var weight: Int
    /// Whether the face is italic.
    public var isItalic: Bool
    /// Whether every glyph has the same advance.
    public var isMonospaced: Bool

    /// Creates a descriptor.
    public init(
        family: String = "system", size: Double, weight: Int = 400, isItalic: Bool = false,
        isMonospaced: Bool = false
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.isMonospaced = isMonospaced
    }
}

/// A line drawn under or through text.
public struct TextLineStyle: Sendable, Hashable {
    /// The pattern of the line.
    public enum Pattern: UInt8, Sendable, Hashable, CaseIterable {
        /// One thin line.
        case single = 1
        /// Two thin lines.
        case double = 2
        /// One thick line.
        case thick = 3
    }

    /// The pattern.
    public var pattern: Pattern
    /// The colour; `nil` uses the text colour.
    public var color: Color?

    /// Creates a line style.
    public init(_ pattern: Pattern = .single, color: Color? = nil) {
        self.pattern = pattern
        self.color = color
    }
}

/// A run of text in one font and colour, positioned on a baseline: what a label's layout
/// produces and a backend draws.
///
/// A run goes in one direction. Bidirectional text reaches a backend already ordered: a line
/// of Arabic or Hebrew among left-to-right text is several runs, placed left to right in the
/// order they are shown, each right-to-left one marked with ``direction``. The text of every
/// run stays in logical order and unmirrored; the backend shows a right-to-left run's clusters
/// from its right end and mirrors brackets and the like (rule L4 of the Unicode bidirectional
/// algorithm): HarfBuzz does both when it shapes a run right to left, and the terminal backend
/// writes such a run reversed with mirrored characters.
public struct GlyphRun: Sendable, Hashable {
    /// The text, as grapheme clusters that the backend draws in order: from the left end for a
    /// left-to-right run, from the right end for a right-to-left one.
    public var text: String
    /// The font.
    public var font: FontDescriptor
    /// The text colour.
    public var color: Color
    /// The left end of the baseline.
    public var origin: Point
    /// The run's advance width as the layout measured it.
    public var width: Double
    /// The ascent above the baseline as the layout measured it.
    public var ascent: Double
    /// The descent below the baseline (positive) as the layout measured it.
    public var descent: Double
    /// A background colour behind the run's box, if any.
    public var background: Color?
    /// An underline, if any.
    public var underline: TextLineStyle?
    /// A strikethrough, if any.
    public var strikethrough: TextLineStyle?
    /// The advance of each grapheme cluster when the layout spaced them otherwise than the
    /// font would (kern, justification); `nil` to draw the text with its natural advances.
    ///
    /// There is one advance per grapheme cluster of ``text``, in the text's order. In a
    /// left-to-right run cluster *i* starts at the origin plus the advances before it; in a
    /// right-to-left run it ends that far left of the run's right end, the origin plus the sum
    /// of all the advances. The raster backend rejects a run whose count differs as invalid
    /// input.
    public var advances: [Double]?
    /// The direction the run's clusters are shown in: `.rightToLeft` for a run at an odd
    /// embedding level of the bidirectional algorithm.
    public var direction: LayoutDirection

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - text: The text, in logical order.
    ///   - font: The font.
    ///   - color: The text colour.
    ///   - origin: The left end of the baseline.
    ///   - width: The advance width the layout measured.
    ///   - ascent: The ascent above the baseline.
    ///   - descent: The descent below the baseline, positive.
    ///   - background: A colour behind the run's box.
    ///   - underline: An underline.
    ///   - strikethrough: A strikethrough.
    ///   - advances: One advance per grapheme cluster, or `nil` for the natural ones.
    ///   - direction: The direction the clusters are shown in; left to right by default.
    public init(
        text: String, font: FontDescriptor, color: Color, origin: Point, width: Double,
        ascent: Double, descent: Double, background: Color? = nil,
        underline: TextLineStyle? = nil, strikethrough: TextLineStyle? = nil,
        advances: [Double]? = nil, direction: LayoutDirection = .leftToRight
    ) {
        self.text = text
        self.font = font
        self.color = color
        self.origin = origin
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.background = background
        self.underline = underline
        self.strikethrough = strikethrough
        self.advances = advances
        self.direction = direction
    }

    /// The run's box: from the ascent above the baseline to the descent below it.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}
