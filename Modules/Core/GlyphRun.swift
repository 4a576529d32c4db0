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
public struct GlyphRun: Sendable, Hashable {
    /// The text, as grapheme clusters that the backend draws in order.
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
    /// There is one advance per grapheme cluster of ``text``, in the text's order; cluster *i*
    /// starts at the origin plus the advances before it. The raster backend rejects a run whose
    /// count differs as invalid input.
    public var advances: [Double]?

    /// Creates a run.
    public init(
        text: String, font: FontDescriptor, color: Color, origin: Point, width: Double,
        ascent: Double, descent: Double, background: Color? = nil,
        underline: TextLineStyle? = nil, strikethrough: TextLineStyle? = nil,
        advances: [Double]? = nil
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
    }

    /// The run's box: from the ascent above the baseline to the descent below it.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }
}
