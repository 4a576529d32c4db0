import CCairo
import CHarfBuzz
import TrellisGeometry
import TrellisRasterRenderer
import TrellisRender

/// The raster benchmark's peer for a whole display list (the gallery): each command drawn with
/// the Cairo calls that do it, straight from the list in memory — no encoding, no decoding or
/// validation, no font lookup per cluster. Text is shaped with HarfBuzz and shown through Cairo
/// FreeType faces opened once up front (bold for weights of 600 and more, WenQuanYi Micro Hei
/// for CJK), shadows use the renderer's blur, and the images are converted once, as a program
/// drawing its own images would keep them.
final class DirectCairoListPeer {
    private let list: DisplayList
    private let regular: DirectCairoPeer.Font
    private let bold: DirectCairoPeer.Font
    private let cjk: DirectCairoPeer.Font
    private let buffer: OpaquePointer
    private let options: OpaquePointer
    private var images: [UInt32: (image: DisplayImage, surface: OpaquePointer)] = [:]
    /// The shadow in force at each save level.
    private var shadows: [(color: Color, offset: Size, blur: Double)?] = [nil]
    /// The alpha of each open transparency layer.
    private var layerAlphas: [Double] = []

    /// Prepares to draw a list; fails for commands the peer does not draw.
    init(list: DisplayList) throws {
        self.list = list
        for command in list.commands {
            if case .glyphRun(let run) = command {
                guard run.underline == nil, run.strikethrough == nil, !run.font.isItalic,
                    !run.font.isMonospaced, run.font.family.lowercased() == "system"
                else { throw BenchError("the list peer does not draw \(run)") }
            }
        }
        let directory = "/usr/share/fonts/truetype"
        regular = try DirectCairoPeer.openFont("\(directory)/dejavu/DejaVuSans.ttf")
        bold = try DirectCairoPeer.openFont("\(directory)/dejavu/DejaVuSans-Bold.ttf")
        cjk = try DirectCairoPeer.openFont("\(directory)/wqy/wqy-microhei.ttc")
        buffer = hb_buffer_create()
        options = try DirectCairoPeer.makeFontOptions()
        for image in list.images {
            images[image.id] = (image, DirectCairoPeer.makeSurface(image))
        }
    }

    deinit {
        for entry in images.values { cairo_surface_destroy(entry.surface) }
    }

    /// Draws the list.
    func render(_ output: DirectCairoPeer.Output) throws -> [UInt8] {
        let width = Int32((list.size.width * list.scale).rounded())
        let height = Int32((list.size.height * list.scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
            let cr = cairo_create(surface)
        else { throw BenchError("cairo failed") }
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        cairo_scale(cr, list.scale, list.scale)
        cairo_set_font_options(cr, options)
        shadows = [nil]
        layerAlphas = []
        for command in list.commands { draw(command, cr) }
        cairo_surface_flush(surface)
        return try DirectCairoPeer.finish(surface, output)
    }

    private func draw(_ command: DisplayCommand, _ cr: OpaquePointer) {
        switch command {
        case .save:
            cairo_save(cr)
            shadows.append(shadows.last ?? nil)
        case .restore:
            guard shadows.count > 1 else { return }
            cairo_restore(cr)
            shadows.removeLast()
        case .concatenate(let t):
            var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &matrix)
        case .clipRect(let rect):
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
        case .clipRoundedRect(let rect, let radii):
            DirectCairoListPeer.path(cr, rect, radii)
            cairo_clip(cr)
        case .fillRect(let rect, let color):
            shape(rect, cr) { ctx in
                cairo_rectangle(ctx, rect.minX, rect.minY, rect.width, rect.height)
                cairo_set_source_rgba(ctx, color.red, color.green, color.blue, color.alpha)
                cairo_fill(ctx)
            }
        case .fillRoundedRect(let rect, let radii, let color):
            shape(rect, cr) { ctx in
                DirectCairoListPeer.path(ctx, rect, radii)
                cairo_set_source_rgba(ctx, color.red, color.green, color.blue, color.alpha)
                cairo_fill(ctx)
            }
        case .strokeRoundedRect(let rect, let radii, let color, let lineWidth):
            shape(rect.insetBy(dx: -lineWidth, dy: -lineWidth), cr) { ctx in
                DirectCairoListPeer.path(ctx, rect, radii)
                cairo_set_source_rgba(ctx, color.red, color.green, color.blue, color.alpha)
                cairo_set_line_width(ctx, lineWidth)
                cairo_stroke(ctx)
            }
        case .linearGradient(let rect, let start, let end, let stops):
            let gradient = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            for stop in stops {
                let c = stop.color
                cairo_pattern_add_color_stop_rgba(
                    gradient, stop.location, c.red, c.green, c.blue, c.alpha)
            }
            cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
            shape(rect, cr) { ctx in
                cairo_rectangle(ctx, rect.minX, rect.minY, rect.width, rect.height)
                cairo_set_source(ctx, gradient)
                cairo_fill(ctx)
            }
            cairo_pattern_destroy(gradient)
        case .shadow(let color, let offset, let blur):
            let isOff = color.alpha == 0 || (blur == 0 && offset.width == 0 && offset.height == 0)
            shadows[shadows.count - 1] = isOff ? nil : (color, offset, blur)
        case .drawImage(let id, let source, let destination, let capInsets, let tint):
            guard let entry = images[id] else { return }
            shape(destination, cr) { ctx in
                self.image(
                    entry.surface, entry.image, source, destination, capInsets, tint, ctx)
            }
        case .glyphRun(let run):
            shape(run.bounds.insetBy(dx: -run.font.size, dy: -run.font.size), cr) { ctx in
                self.text(run, ctx)
            }
        case .beginLayer(let alpha):
            cairo_push_group(cr)
            layerAlphas.append(alpha)
            shadows.append(nil)
        case .beginSemantic, .endSemantic:
            break
        case .endLayer:
            guard let alpha = layerAlphas.popLast() else { return }
            shadows.removeLast()
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}

extension DirectCairoListPeer {
    /// Draws a shape, first its shadow when one is in force: the shape into an alpha mask of
    /// the device area it can touch, blurred, then the shadow colour through the mask.
    private func shape(_ bounds: Rect, _ cr: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        if let shadow = shadows.last ?? nil {
            drawShadow(shadow, bounds, cr, body)
        }
        body(cr)
    }

    private func drawShadow(
        _ shadow: (color: Color, offset: Size, blur: Double), _ bounds: Rect,
        _ cr: OpaquePointer, _ body: (OpaquePointer) -> Void
    ) {
        let scale = list.scale
        let sigma = shadow.blur * scale / 2
        let reach = Double(AlphaBlur.reach(sigma: sigma)) + 2
        var xs: [Double] = []
        var ys: [Double] = []
        for (x, y) in [
            (bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY),
            (bounds.maxX, bounds.maxY),
        ] {
            var dx = x
            var dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        let x0 = ((xs.min() ?? 0) - reach).rounded(.down)
        let y0 = ((ys.min() ?? 0) - reach).rounded(.down)
        let w = Int32(((xs.max() ?? 0) + reach).rounded(.up) - x0)
        let h = Int32(((ys.max() ?? 0) + reach).rounded(.up) - y0)
        guard w > 0, h > 0, let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h),
            let ctx = cairo_create(mask)
        else { return }
        defer { cairo_surface_destroy(mask) }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        matrix.x0 -= x0
        matrix.y0 -= y0
        cairo_set_matrix(ctx, &matrix)
        cairo_set_font_options(ctx, options)
        body(ctx)
        cairo_destroy(ctx)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            AlphaBlur.blur(
                data, width: Int(w), height: Int(h),
                stride: Int(cairo_image_surface_get_stride(mask)), sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = shadow.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_mask_surface(
            cr, mask, x0 + shadow.offset.width * scale, y0 + shadow.offset.height * scale)
        cairo_restore(cr)
    }

    /// Adds a rectangle with per-corner radii, shrunk as CoreGraphics does when they overlap.
    static func path(_ cr: OpaquePointer, _ rect: Rect, _ radii: CornerRadii) {
        let r = radii.fitted(to: rect.size)
        if r.isZero {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let q = Double.pi / 2
        cairo_new_sub_path(cr)
        for (x, y, radius, from) in [
            (rect.minX + r.topLeft, rect.minY + r.topLeft, r.topLeft, 2 * q),
            (rect.maxX - r.topRight, rect.minY + r.topRight, r.topRight, 3 * q),
            (rect.maxX - r.bottomRight, rect.maxY - r.bottomRight, r.bottomRight, 0),
            (rect.minX + r.bottomLeft, rect.maxY - r.bottomLeft, r.bottomLeft, q),
        ] {
            if radius > 0 {
                cairo_arc(cr, x, y, radius, from, from + q)
            } else {
                cairo_line_to(cr, x, y)
            }
        }
        cairo_close_path(cr)
    }

    /// Draws part of an image into a rectangle: whole, or as nine slices with cap insets;
    /// through its alpha as a mask of the tint when it has one.
    private func image(
        _ surface: OpaquePointer, _ image: DisplayImage, _ source: Rect, _ destination: Rect,
        _ caps: EdgeInsets?, _ tint: Color?, _ cr: OpaquePointer
    ) {
        var pieces = [(source, destination)]
        if let caps {
            let s = source
            let d = destination
            var (l, r, t, b) = (caps.left, caps.right, caps.top, caps.bottom)
            if l + r > d.width { (l, r) = (l * d.width / (l + r), r * d.width / (l + r)) }
            if t + b > d.height { (t, b) = (t * d.height / (t + b), b * d.height / (t + b)) }
            let sx = [s.minX, s.minX + caps.left, s.maxX - caps.right, s.maxX]
            let sy = [s.minY, s.minY + caps.top, s.maxY - caps.bottom, s.maxY]
            let dx = [d.minX, d.minX + l, d.maxX - r, d.maxX]
            let dy = [d.minY, d.minY + t, d.maxY - b, d.maxY]
            pieces = []
            for row in 0..<3 {
                for column in 0..<3 {
                    pieces.append(
                        (
                            Rect(
                                x: sx[column], y: sy[row], width: sx[column + 1] - sx[column],
                                height: sy[row + 1] - sy[row]),
                            Rect(
                                x: dx[column], y: dy[row], width: dx[column + 1] - dx[column],
                                height: dy[row + 1] - dy[row])
                        ))
                }
            }
        }
        for (s, d) in pieces where s.width > 0 && s.height > 0 && d.width > 0 && d.height > 0 {
            let piece = cairo_surface_create_for_rectangle(
                surface, s.minX, s.minY, s.width, s.height)
            let pattern = cairo_pattern_create_for_surface(piece)
            let scaleX = s.width / d.width
            let scaleY = s.height / d.height
            var matrix = cairo_matrix_t(
                xx: scaleX, yx: 0, xy: 0, yy: scaleY, x0: -d.minX * scaleX, y0: -d.minY * scaleY)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_rectangle(cr, d.minX, d.minY, d.width, d.height)
            if let tint {
                cairo_save(cr)
                cairo_clip(cr)
                cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
                cairo_mask(cr, pattern)
                cairo_restore(cr)
            } else {
                cairo_set_source(cr, pattern)
                cairo_fill(cr)
            }
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(piece)
        }
    }

    /// Shapes a run (CJK scalars with the CJK font, the rest with the run's weight) and shows
    /// it on its baseline, over its background when it has one.
    private func text(_ run: GlyphRun, _ cr: OpaquePointer) {
        let size = run.font.size
        let font = run.font.weight >= 600 ? bold : regular
        let shaped = DirectCairoPeer.shape(
            run.text, font: font, cjk: cjk, size: size, origin: run.origin, buffer: buffer)
        if let background = run.background {
            let width = run.width > 0 ? run.width : shaped.end - run.origin.x
            cairo_set_source_rgba(
                cr, background.red, background.green, background.blue, background.alpha)
            cairo_rectangle(
                cr, run.origin.x, run.origin.y - run.ascent, width, run.ascent + run.descent)
            cairo_fill(cr)
        }
        cairo_set_source_rgba(cr, run.color.red, run.color.green, run.color.blue, run.color.alpha)
        DirectCairoPeer.show(shaped.segments, size: size, cr)
    }
}
