import TrellisGeometry

/// One cell of the terminal grid: a glyph, its colours and its text attributes, packed so that
/// comparing two frames compares integers.
struct Cell: Equatable, Sendable {
    /// The glyph: a Unicode scalar value for a one-scalar cluster, a ``GlyphTable`` id (with
    /// ``GlyphTable/clusterFlag`` set) for a longer one, or ``continuation`` for the second cell
    /// of a wide cluster.
    var glyph: UInt32
    /// The text colour, as packed by ``PackedColor``.
    var foreground: UInt32
    /// The background colour, as packed by ``PackedColor``.
    var background: UInt32
    /// The attributes, as ``CellStyle`` bits.
    var style: UInt8

    /// The glyph of the second cell of a wide cluster.
    static let continuation: UInt32 = 0xFFFF_FFFF
    /// The glyph of an empty cell: a space.
    static let space: UInt32 = 0x20

    /// An empty cell with the terminal's default colours.
    static let blank = Cell(glyph: space, foreground: 0, background: 0, style: 0)

    /// Whether the cell is the second half of a wide cluster.
    var isContinuation: Bool { glyph == Cell.continuation }
}

/// The text attributes of a cell, and whether its glyph is two cells wide.
enum CellStyle {
    static let bold: UInt8 = 1
    static let italic: UInt8 = 2
    static let underline: UInt8 = 4
    static let strikethrough: UInt8 = 8
    /// The glyph takes this cell and the next, which holds ``Cell/continuation``.
    static let wide: UInt8 = 16
    /// The attributes that show on a space (the others only change how glyphs look).
    static let visibleOnSpace: UInt8 = underline | strikethrough
    /// The attributes written with SGR.
    static let attributes: UInt8 = bold | italic | underline | strikethrough
}

/// Colours packed into 32 bits.
///
/// While drawing, a colour is straight-alpha `0xAARRGGBB`, and alpha 0 means nothing has been
/// drawn (the terminal's default colour shows). A finished frame holds colours resolved for the
/// colour mode: 0 for the default colour, `0xFFRRGGBB` for a 24-bit colour, and
/// `0x010000NN` for palette entry `NN`.
enum PackedColor {
    /// The terminal's default colour, in a finished frame.
    static let terminalDefault: UInt32 = 0
    /// The tag of a palette entry, in a finished frame.
    static let paletteTag: UInt32 = 0x0100_0000

    /// Packs a colour with an extra opacity factor.
    static func make(_ color: Color, opacity: Double = 1) -> UInt32 {
        let (r, g, b, _) = color.rgba8
        let a = UInt32((color.alpha * min(max(opacity, 0), 1) * 255).rounded())
        return a << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// The alpha byte.
    static func alpha(_ packed: UInt32) -> UInt32 { packed >> 24 }

    /// Packs an opaque colour from 8-bit channels.
    static func rgb(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        0xFF00_0000 | r << 16 | g << 8 | b
    }

    /// Returns `top` drawn over `bottom` with source-over compositing, both straight alpha.
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let ta = top >> 24
        if ta == 255 { return top }
        if ta == 0 { return bottom }
        let ba = bottom >> 24
        if ba == 0 { return top }
        // Every quantity is scaled by 255: alpha = ta + ba (1 - ta).
        let below = ba * (255 - ta)
        let outAlpha = ta * 255 + below
        func channel(_ shift: UInt32) -> UInt32 {
            let t = (top >> shift) & 0xFF
            let b = (bottom >> shift) & 0xFF
            return (t * ta * 255 + b * below + outAlpha / 2) / outAlpha
        }
        let alpha = (outAlpha + 127) / 255
        return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    /// Returns a colour with its alpha multiplied by `factor` (0 to 255 for 0 to 1).
    static func fade(_ packed: UInt32, by factor: UInt32) -> UInt32 {
        if factor >= 255 { return packed }
        let alpha = ((packed >> 24) * factor + 127) / 255
        return alpha << 24 | packed & 0x00FF_FFFF
    }
}
