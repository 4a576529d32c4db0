import CCairo
import CFreeType
import CHarfBuzz
import TrellisGeometry
import TrellisRasterRenderer
import TrellisRender

/// The raster benchmark's peer: the benchmark frame drawn with hand-written Cairo calls, text
/// shaped with HarfBuzz and drawn through Cairo FreeType font faces, the same shadow blur, and
/// Cairo's own PNG writer. Fonts are opened once, up front, as a program drawing directly
/// would; images are converted each frame, as the display list's are.
final class DirectCairoPeer {
    /// A font opened for both shaping and drawing.
    struct Font {
        var cairoFace: OpaquePointer
        var shapingFont: OpaquePointer
        var unitsPerEm: Double
    }

    private let frame: RasterBenchFrame
    private let regular: Font
    private let bold: Font
    private let cjk: Font
    private let buffer: OpaquePointer
    private let options: OpaquePointer

    init(frame: RasterBenchFrame) throws {
        self.frame = frame
        let directory = "/usr/share/fonts/truetype"
        regular = try DirectCairoPeer.openFont("\(directory)/dejavu/DejaVuSans.ttf")
        bold = try DirectCairoPeer.openFont("\(directory)/dejavu/DejaVuSans-Bold.ttf")
        cjk = try DirectCairoPeer.openFont("\(directory)/wqy/wqy-microhei.ttc")
        buffer = hb_buffer_create()
        options = try DirectCairoPeer.makeFontOptions()
    }

    /// The renderer's glyph options: grey anti-aliasing, no hinting, unrounded metrics.
    static func makeFontOptions() throws -> OpaquePointer {
        guard let options = cairo_font_options_create() else { throw BenchError("cairo failed") }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }

    /// Opens a font file with FreeType for Cairo and with HarfBuzz for shaping.
    static func openFont(_ path: String) throws -> Font {
        var library: FT_Library?
        var face: FT_Face?
        guard FT_Init_FreeType(&library) == 0, FT_New_Face(library, path, 0, &face) == 0,
            let face,
            let cairoFace = cairo_ft_font_face_create_for_ft_face(
                face, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        else { throw BenchError("cannot open \(path); run make deps") }
        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, 0)
        let units = Double(face.pointee.units_per_EM)
        guard let font = hb_font_create(hbFace) else { throw BenchError("harfbuzz failed") }
        hb_font_set_scale(font, Int32(units), Int32(units))
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        return Font(cairoFace: cairoFace, shapingFont: font, unitsPerEm: units)
    }

    /// What ``render(_:)`` returns.
    enum Output {
        /// Nothing: drawing only.
        case none
        /// The PNG from Cairo's writer.
        case png
        /// Straight RGBA pixels in a new array, to compare with the plugin's.
        case rgba
        /// Straight RGBA pixels written into a buffer kept across frames, as the plugin writes
        /// its own output; the call returns nothing.
        case rgbaInto(PixelBuffer)
    }

    /// Memory for straight RGBA pixels that one frame after another is converted into.
    final class PixelBuffer {
        /// The last frame's pixels.
        var bytes: [UInt8] = []
    }

    /// Draws the frame.
    func render(_ output: Output) throws -> [UInt8] {
        let scale = RasterBenchFrame.scale
        let width = Int32(RasterBenchFrame.size.width * scale)
        let height = Int32(RasterBenchFrame.size.height * scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            let cr = cairo_create(surface)
        else { throw BenchError("cairo failed") }
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        cairo_scale(cr, scale, scale)
        cairo_set_font_options(cr, options)
        let button = DirectCairoPeer.makeSurface(frame.buttonImage)
        let icon = DirectCairoPeer.makeSurface(frame.iconImage)
        defer {
            cairo_surface_destroy(button)
            cairo_surface_destroy(icon)
        }
        cairo_set_source_rgba(cr, 0.95, 0.95, 0.95, 1)
        cairo_rectangle(cr, 0, 0, RasterBenchFrame.size.width, RasterBenchFrame.size.height)
        cairo_fill(cr)
        for card in frame.cards { draw(card, cr, button: button, icon: icon) }
        cairo_surface_flush(surface)
        return try DirectCairoPeer.finish(surface, output)
    }

    /// What a drawn surface becomes: nothing, straight RGBA, or Cairo's PNG.
    static func finish(_ surface: OpaquePointer, _ output: Output) throws -> [UInt8] {
        switch output {
        case .none: return []
        case .rgba:
            let buffer = PixelBuffer()
            DirectCairoPeer.convertPixels(surface, into: buffer)
            return buffer.bytes
        case .rgbaInto(let buffer):
            DirectCairoPeer.convertPixels(surface, into: buffer)
            return []
        case .png: break
        }
        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw BenchError("PNG writing failed") }
        return sink.bytes
    }

    private final class PNGSink {
        var bytes: [UInt8] = []
    }

    private func draw(
        _ card: RasterBenchFrame.Card, _ cr: OpaquePointer, button: OpaquePointer,
        icon: OpaquePointer
    ) {
        let l = RasterBenchFrame.layout(card)
        let r = RasterBenchFrame.radius
        shadow(card.frame, cr) { ctx in
            roundedRect(ctx, card.frame, r, r, r, r)
            cairo_set_source_rgba(ctx, 1, 1, 1, 1)
            cairo_fill(ctx)
        }
        roundedRect(cr, card.frame, r, r, r, r)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_fill(cr)

        let (top, bottom) = RasterBenchFrame.headerColors(card)
        cairo_save(cr)
        roundedRect(cr, l.header, r, r, 0, 0)
        cairo_clip(cr)
        let gradient = cairo_pattern_create_linear(
            l.header.minX, l.header.minY, l.header.minX, l.header.maxY)
        cairo_pattern_add_color_stop_rgba(gradient, 0, top.red, top.green, top.blue, 1)
        cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.red, bottom.green, bottom.blue, 1)
        cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, l.header.minX, l.header.minY, l.header.width, l.header.height)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        cairo_restore(cr)

        text(card.title, bold, 13, l.title, .white, cr)
        text(card.subtitle, regular, 12, l.subtitle, .black, cr)
        text(card.body, regular, 11, l.body, .gray, cr)
        nineSlice(button, cr, into: l.button)
        cairo_set_source_rgba(cr, top.red, top.green, top.blue, 1)
        let iconPattern = cairo_pattern_create_for_surface(icon)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, -l.icon.minX, -l.icon.minY)
        cairo_pattern_set_matrix(iconPattern, &matrix)
        cairo_pattern_set_extend(iconPattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_rectangle(cr, l.icon.minX, l.icon.minY, l.icon.width, l.icon.height)
        cairo_clip(cr)
        cairo_mask(cr, iconPattern)
        cairo_restore(cr)
        cairo_pattern_destroy(iconPattern)
        roundedRect(cr, l.badge, 7, 7, 7, 7)
        cairo_set_source_rgba(cr, 1, 0.9, 0.6, 1)
        cairo_fill(cr)
        roundedRect(cr, l.badge, 7, 7, 7, 7)
        cairo_set_source_rgba(cr, 1, 0.5, 0, 1)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        text("Open", bold, 12, l.label, .white, cr)
    }

    private func roundedRect(
        _ cr: OpaquePointer, _ r: Rect, _ tl: Double, _ tr: Double, _ br: Double, _ bl: Double
    ) {
        let q = Double.pi / 2
        cairo_new_sub_path(cr)
        for (x, y, radius, from) in [
            (r.minX + tl, r.minY + tl, tl, 2 * q), (r.maxX - tr, r.minY + tr, tr, 3 * q),
            (r.maxX - br, r.maxY - br, br, 0), (r.minX + bl, r.maxY - bl, bl, q),
        ] {
            if radius > 0 {
                cairo_arc(cr, x, y, radius, from, from + q)
            } else {
                cairo_line_to(cr, x, y)
            }
        }
        cairo_close_path(cr)
    }

    /// The card's shadow: the shape into an alpha mask, blurred, filled with the colour.
    private func shadow(_ rect: Rect, _ cr: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        let scale = RasterBenchFrame.scale
        let s = RasterBenchFrame.shadow
        let sigma = s.blur * scale / 2
        let reach = Double(AlphaBlur.reach(sigma: sigma)) + 2
        let x0 = (rect.minX * scale - reach).rounded(.down)
        let y0 = (rect.minY * scale - reach).rounded(.down)
        let w = Int32((rect.maxX * scale + reach).rounded(.up) - x0)
        let h = Int32((rect.maxY * scale + reach).rounded(.up) - y0)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h),
            let ctx = cairo_create(mask)
        else { return }
        var matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: -x0, y0: -y0)
        cairo_set_matrix(ctx, &matrix)
        body(ctx)
        cairo_destroy(ctx)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            AlphaBlur.blur(
                data, width: Int(w), height: Int(h),
                stride: Int(cairo_image_surface_get_stride(mask)),
                sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, s.color.alpha)
        cairo_mask_surface(cr, mask, x0 + s.offset.width * scale, y0 + s.offset.height * scale)
        cairo_restore(cr)
        cairo_surface_destroy(mask)
    }

    /// Shapes a string (CJK scalars with the CJK font, the rest with `font`) and shows it.
    private func text(
        _ string: String, _ font: Font, _ size: Double, _ origin: Point, _ color: Color,
        _ cr: OpaquePointer
    ) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        let shaped = DirectCairoPeer.shape(
            string, font: font, cjk: cjk, size: size, origin: origin, buffer: buffer)
        DirectCairoPeer.show(shaped.segments, size: size, cr)
    }

    /// Shows shaped segments in the current source colour.
    static func show(
        _ segments: [(face: OpaquePointer, glyphs: [cairo_glyph_t])], size: Double,
        _ cr: OpaquePointer
    ) {
        for (face, glyphs) in segments {
            cairo_set_font_face(cr, face)
            cairo_set_font_size(cr, size)
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        }
    }

    /// Shapes a string with HarfBuzz into Cairo glyphs from `origin` on, one segment per font:
    /// CJK scalars with `cjk`, the rest with `font`. Returns the segments and the pen's end.
    static func shape(
        _ string: String, font: Font, cjk: Font, size: Double, origin: Point,
        buffer: OpaquePointer
    ) -> (segments: [(face: OpaquePointer, glyphs: [cairo_glyph_t])], end: Double) {
        var pen = origin.x
        var segment = ""
        var segmentFont = font
        var segments: [(face: OpaquePointer, glyphs: [cairo_glyph_t])] = []
        func flush() {
            guard !segment.isEmpty else { return }
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf8(buffer, segment, -1, 0, -1)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(segmentFont.shapingFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            let k = size / segmentFont.unitsPerEm
            var glyphs: [cairo_glyph_t] = []
            glyphs.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                guard let info = infos?[i], let position = positions?[i] else { continue }
                glyphs.append(
                    cairo_glyph_t(
                        index: UInt(info.codepoint), x: pen + Double(position.x_offset) * k,
                        y: origin.y - Double(position.y_offset) * k))
                pen += Double(position.x_advance) * k
            }
            segments.append((segmentFont.cairoFace, glyphs))
            segment = ""
        }
        for character in string {
            let wanted = (character.unicodeScalars.first?.value ?? 0) >= 0x2E80 ? cjk : font
            if wanted.cairoFace != segmentFont.cairoFace {
                flush()
                segmentFont = wanted
            }
            segment.append(character)
        }
        flush()
        return (segments, pen)
    }

    private func nineSlice(_ image: OpaquePointer, _ cr: OpaquePointer, into d: Rect) {
        let caps = RasterBenchFrame.buttonCaps
        let size = 24.0
        let sx = [0, caps.left, size - caps.right, size]
        let sy = [0, caps.top, size - caps.bottom, size]
        let dx = [d.minX, d.minX + caps.left, d.maxX - caps.right, d.maxX]
        let dy = [d.minY, d.minY + caps.top, d.maxY - caps.bottom, d.maxY]
        for row in 0..<3 {
            for column in 0..<3 {
                let piece = cairo_surface_create_for_rectangle(
                    image, sx[column], sy[row], sx[column + 1] - sx[column], sy[row + 1] - sy[row])
                let pattern = cairo_pattern_create_for_surface(piece)
                let scaleX = (sx[column + 1] - sx[column]) / (dx[column + 1] - dx[column])
                let scaleY = (sy[row + 1] - sy[row]) / (dy[row + 1] - dy[row])
                var matrix = cairo_matrix_t(
                    xx: scaleX, yx: 0, xy: 0, yy: scaleY, x0: -dx[column] * scaleX,
                    y0: -dy[row] * scaleY)
                cairo_pattern_set_matrix(pattern, &matrix)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
                cairo_rectangle(
                    cr, dx[column], dy[row], dx[column + 1] - dx[column], dy[row + 1] - dy[row])
                cairo_set_source(cr, pattern)
                cairo_fill(cr)
                cairo_pattern_destroy(pattern)
                cairo_surface_destroy(piece)
            }
        }
    }

    /// Converts the surface to straight-alpha RGBA bytes in `buffer`, as a program using Cairo
    /// directly has to, with the renderer's own conversion routine; the buffer's memory is
    /// reused when it already has the frame's size.
    private static func convertPixels(_ surface: OpaquePointer, into buffer: PixelBuffer) {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            buffer.bytes = []
            return
        }
        if buffer.bytes.count != width * height * 4 {
            buffer.bytes = [UInt8](repeating: 0, count: width * height * 4)
        }
        buffer.bytes.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                PixelConversion.unpremultiply(row: row, into: base + y * width * 4, width: width)
            }
        }
    }

    /// A Cairo surface of an RGBA image, premultiplied.
    static func makeSurface(_ image: DisplayImage) -> OpaquePointer {
        let surface = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(
                to: UInt32.self)
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let a = UInt32(image.pixels[i + 3])
                let r = (UInt32(image.pixels[i]) * a + 127) / 255
                let g = (UInt32(image.pixels[i + 1]) * a + 127) / 255
                let b = (UInt32(image.pixels[i + 2]) * a + 127) / 255
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
