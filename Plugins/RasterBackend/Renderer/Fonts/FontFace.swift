import CCairo
import CFreeType
import CHarfBuzz
import TrellisPluginKit

/// The vertical metrics of a face, as fractions of the em (multiply by the point size).
struct FaceMetrics: Hashable {
    /// Above the baseline, positive.
    var ascender: Double
    /// Below the baseline, positive.
    var descender: Double
    /// The extra space between lines.
    var lineGap: Double
    /// The height of capital letters.
    var capHeight: Double
    /// The height of lower-case letters.
    var xHeight: Double
    /// The centre of the underline, below the baseline (positive).
    var underlineOffset: Double
    /// The underline's thickness.
    var underlineThickness: Double
    /// The centre of the strikethrough, above the baseline.
    var strikeoutOffset: Double
    /// The strikethrough's thickness.
    var strikeoutThickness: Double
}

/// One font face loaded three ways: FreeType for outlines and metrics, a Cairo FreeType font
/// face for drawing, a HarfBuzz font for shaping. All three read the same file and face, so a
/// glyph id from HarfBuzz names the same glyph in Cairo.
final class FontFace {
    /// The file and face index.
    let file: FontFile
    /// The Cairo font face (`cairo_font_face_t *`).
    let cairoFace: OpaquePointer
    /// The HarfBuzz font (`hb_font_t *`), scaled to font units.
    let shapingFont: OpaquePointer
    /// Font units per em.
    let unitsPerEm: Double
    /// The face's metrics in ems.
    let metrics: FaceMetrics

    /// Loads a face.
    ///
    /// - Throws: `RendererError` of kind `resource` when a library cannot read the file.
    init(file: FontFile) throws(RendererError) {
        self.file = file
        let face = try FreeTypeLibrary.openFace(path: file.path, index: file.index)
        let units = Double(max(face.pointee.units_per_EM, 1))
        unitsPerEm = units
        metrics = FontFace.readMetrics(face, unitsPerEm: units)

        // Outlines only: no hinting and no embedded bitmaps, so glyphs scale the same at every
        // size and on every machine.
        let loadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, loadFlags) else {
            FreeTypeLibrary.closeFace(face)
            throw RendererError(.resource, "Cairo could not use font \(file.path)")
        }
        // Cairo owns the FreeType face from here and closes it when the last reference to its
        // font face goes, which may be after this object (Cairo caches font faces).
        let status = cairo_font_face_set_user_data(
            cairoFace, fontFaceKey, UnsafeMutableRawPointer(face),
            { pointer in
                guard let pointer else { return }
                FreeTypeLibrary.closeFace(pointer.assumingMemoryBound(to: FT_FaceRec.self))
            })
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FreeTypeLibrary.closeFace(face)
            throw RendererError(.resource, "out of memory loading font \(file.path)")
        }
        self.cairoFace = cairoFace

        let blob = hb_blob_create_from_file(file.path)
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(file.index))
        defer { hb_face_destroy(hbFace) }
        guard hb_blob_get_length(blob) > 0, hb_face_get_glyph_count(hbFace) > 0,
            let font = hb_font_create(hbFace)
        else {
            cairo_font_face_destroy(cairoFace)
            throw RendererError(.resource, "HarfBuzz could not read font \(file.path)")
        }
        let scale = Int32(units)
        hb_font_set_scale(font, scale, scale)
        shapingFont = font
    }

    deinit {
        hb_font_destroy(shapingFont)
        cairo_font_face_destroy(cairoFace)
    }

    /// The glyph for a scalar, or `nil` when the face has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(shapingFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face has a glyph for every scalar of a cluster that needs one.
    ///
    /// Joiners and variation selectors are skipped: they shape into the glyphs around them.
    func covers(_ cluster: Substring.UnicodeScalarView) -> Bool {
        cluster.allSatisfy { FontFace.isIgnorable($0) || glyph(for: $0) != nil }
    }

    /// Scalars that never need a glyph of their own.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xE0000...0xE0FFF, 0x00AD, 0x034F:
            return true
        default:
            return false
        }
    }

    private static func readMetrics(_ face: FT_Face, unitsPerEm units: Double) -> FaceMetrics {
        let ascender = Double(face.pointee.ascender) / units
        let descender = -Double(face.pointee.descender) / units
        let height = Double(face.pointee.height) / units
        var metrics = FaceMetrics(
            ascender: ascender, descender: descender,
            lineGap: max(0, height - ascender - descender),
            capHeight: 0, xHeight: 0,
            underlineOffset: -Double(face.pointee.underline_position) / units,
            underlineThickness: Double(face.pointee.underline_thickness) / units,
            strikeoutOffset: 0, strikeoutThickness: 0)
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version >= 2 && os2.version != 0xFFFF {
                metrics.capHeight = Double(os2.sCapHeight) / units
                metrics.xHeight = Double(os2.sxHeight) / units
            }
            metrics.strikeoutThickness = Double(os2.yStrikeoutSize) / units
            metrics.strikeoutOffset =
                (Double(os2.yStrikeoutPosition) - Double(os2.yStrikeoutSize) / 2) / units
        }
        if metrics.capHeight <= 0 { metrics.capHeight = glyphTop(face, "H", units) ?? ascender }
        if metrics.xHeight <= 0 {
            metrics.xHeight = glyphTop(face, "x", units) ?? metrics.capHeight * 0.7
        }
        if metrics.underlineThickness <= 0 { metrics.underlineThickness = 0.05 }
        if metrics.underlineOffset <= 0 { metrics.underlineOffset = 0.1 }
        if metrics.strikeoutThickness <= 0 {
            metrics.strikeoutThickness = metrics.underlineThickness
        }
        if metrics.strikeoutOffset <= 0 { metrics.strikeoutOffset = metrics.xHeight / 2 }
        return metrics
    }

    /// The top of a letter's outline, in ems, when the face has the letter.
    private static func glyphTop(_ face: FT_Face, _ letter: Unicode.Scalar, _ units: Double)
        -> Double?
    {
        let index = FT_Get_Char_Index(face, FT_ULong(letter.value))
        guard index != 0, FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let top = Double(slot.pointee.metrics.horiBearingY) / units
        return top > 0 ? top : nil
    }
}

/// The key under which a Cairo font face keeps its FreeType face.
nonisolated(unsafe) private let fontFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>
    .allocate(capacity: 1)
