import CCairo
import TrellisGeometry
import TrellisPluginKit

/// A shadow in force: what `.shadow` set, until the matching restore.
struct ShadowStyle {
    var color: Color
    /// The offset in points, not affected by the transform (as in CoreGraphics).
    var offset: Size
    /// The blur in points, not affected by the transform.
    var blur: Double
}

/// Draws a display list's commands on a Cairo context, keeping CoreGraphics' state semantics:
/// the transform, clip and shadow last until the restore that matches the save before them,
/// and a transparency layer is drawn as a group, with its own shadow, at its end.
final class FramePainter {
    /// The state that `save` pushes beside Cairo's own (transform, clip).
    struct State {
        /// The shadow cast by drawing.
        var shadow: ShadowStyle?
        /// Whether nothing can show until the matching restore: the transform is singular or
        /// the clip is empty.
        var isHidden = false
    }

    /// An open transparency layer.
    struct Layer {
        var alpha: Double
        /// The device area drawn in the layer so far.
        var ink = DeviceRect.empty
    }

    let context: OpaquePointer
    /// Device pixels per point.
    let scale: Double
    /// The canvas in device pixels.
    let canvas: DeviceRect
    let images: FrameImages
    let text: TextEngine
    let fontOptions: OpaquePointer
    private(set) var states = [State()]
    private var layers: [Layer] = []

    var state: State {
        get { states[states.count - 1] }
        set { states[states.count - 1] = newValue }
    }

    init(
        context: OpaquePointer, scale: Double, canvas: DeviceRect, images: FrameImages,
        text: TextEngine, fontOptions: OpaquePointer
    ) {
        self.context = context
        self.scale = scale
        self.canvas = canvas
        self.images = images
        self.text = text
        self.fontOptions = fontOptions
    }

    /// Draws every command.
    ///
    /// - Throws: `RendererError` naming the command that failed.
    func paint(_ commands: [DisplayCommand]) throws(RendererError) {
        for (index, command) in commands.enumerated() {
            do throws(RendererError) {
                try execute(command)
            } catch {
                throw RendererError(
                    error.kind, "command \(index) (\(command.name)): \(error.message)")
            }
        }
        try NativeStatus.checkCairo(cairo_status(context), "drawing the frame")
    }

    private func execute(_ command: DisplayCommand) throws(RendererError) {
        switch command {
        case .save:
            cairo_save(context)
            states.append(state)
        case .restore:
            guard states.count > 1 else { return }
            cairo_restore(context)
            states.removeLast()
        case .concatenate(let transform):
            concatenate(transform)
        case .clipRect(let rect):
            clip(rect, radii: .zero)
        case .clipRoundedRect(let rect, let radii):
            clip(rect, radii: radii)
        case .fillRect(let rect, let color):
            try fill(rect, radii: .zero, color: color)
        case .fillRoundedRect(let rect, let radii, let color):
            try fill(rect, radii: radii, color: color)
        case .strokeRoundedRect(let rect, let radii, let color, let lineWidth):
            try stroke(rect, radii: radii, color: color, lineWidth: lineWidth)
        case .linearGradient(let rect, let start, let end, let stops):
            try gradient(rect, start: start, end: end, stops: stops)
        case .shadow(let color, let offset, let blur):
            let isOff = color.alpha == 0 || (blur == 0 && offset.width == 0 && offset.height == 0)
            state.shadow = isOff ? nil : ShadowStyle(color: color, offset: offset, blur: blur)
        case .drawImage(let id, let source, let destination, let capInsets, let tint):
            try drawImage(
                id: id, source: source, destination: destination, capInsets: capInsets,
                tint: tint)
        case .glyphRun(let run):
            try text.draw(run, with: self)
        case .beginLayer(let alpha):
            cairo_push_group(context)
            layers.append(Layer(alpha: alpha))
            // Inside a layer drawing starts without a shadow; the layer casts it as a whole.
            states.append(State(shadow: nil, isHidden: state.isHidden))
        case .beginSemantic, .endSemantic:
            // Hints are for backends that draw controls in cells; pixels stay as drawn.
            break
        case .endLayer:
            guard let layer = layers.popLast(), states.count > 1 else { return }
            states.removeLast()
            guard let group = cairo_pop_group(context) else { return }
            defer { cairo_pattern_destroy(group) }
            try draw(ink: layer.ink) { context in
                cairo_set_source(context, group)
                cairo_paint_with_alpha(context, layer.alpha)
            }
        }
    }

    /// Draws something, first its shadow if one is in force, and records where it drew.
    ///
    /// - Parameters:
    ///   - ink: The device area the drawing can touch.
    ///   - body: Draws on the context it is given (the canvas, or a shadow's mask).
    func draw(ink: DeviceRect, _ body: (OpaquePointer) -> Void) throws(RendererError) {
        guard !state.isHidden else { return }
        var touched = ink
        if let shadow = state.shadow {
            touched = touched.union(try drawShadow(shadow, ink: ink, body))
        }
        body(context)
        if !layers.isEmpty {
            layers[layers.count - 1].ink = layers[layers.count - 1].ink.union(
                touched.intersection(canvas.outset(by: 1)))
        }
    }

    /// The device area of a user-space rectangle grown by `outset` points.
    func deviceBounds(_ rect: Rect, outset: Double = 0) -> DeviceRect {
        DeviceRect.bounds(
            of: context, x: rect.origin.x - outset, y: rect.origin.y - outset,
            width: rect.size.width + 2 * outset, height: rect.size.height + 2 * outset
        ).outset(by: 1)
    }

    private func concatenate(_ t: AffineTransform) {
        guard !state.isHidden else { return }
        var current = cairo_matrix_t()
        cairo_get_matrix(context, &current)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        var product = cairo_matrix_t()
        cairo_matrix_multiply(&product, &matrix, &current)
        let entries = [product.xx, product.yx, product.xy, product.yy, product.x0, product.y0]
        let determinant = product.xx * product.yy - product.yx * product.xy
        // Cairo rejects singular matrices for good (the context stays in error); CoreGraphics
        // draws nothing under them. Extreme ones overflow Cairo's fixed-point coordinates.
        guard entries.allSatisfy({ $0.isFinite && abs($0) <= 1e12 }),
            determinant.isFinite, abs(determinant) >= 1e-12
        else {
            state.isHidden = true
            return
        }
        cairo_set_matrix(context, &product)
    }

    private func clip(_ rect: Rect, radii: CornerRadii) {
        guard !state.isHidden else { return }
        guard let rect = Paths.usable(rect) else {
            state.isHidden = true
            return
        }
        Paths.addRoundedRect(context, rect, radii: radii)
        cairo_clip(context)
    }

    private func fill(_ rect: Rect, radii: CornerRadii, color: Color) throws(RendererError) {
        guard let rect = Paths.usable(rect), color.alpha > 0 else { return }
        try draw(ink: deviceBounds(rect)) { context in
            Paths.addRoundedRect(context, rect, radii: radii)
            Paths.setColor(context, color)
            cairo_fill(context)
        }
    }

    private func stroke(_ rect: Rect, radii: CornerRadii, color: Color, lineWidth: Double)
        throws(RendererError)
    {
        guard let rect = Paths.usable(rect), color.alpha > 0, lineWidth > 0 else { return }
        try draw(ink: deviceBounds(rect, outset: lineWidth)) { context in
            Paths.addRoundedRect(context, rect, radii: radii)
            Paths.setColor(context, color)
            cairo_set_line_width(context, lineWidth)
            cairo_stroke(context)
        }
    }

    private func gradient(_ rect: Rect, start: Point, end: Point, stops: [GradientStop])
        throws(RendererError)
    {
        guard let rect = Paths.usable(rect), !stops.isEmpty,
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        try NativeStatus.checkCairo(cairo_pattern_status(pattern), "creating a gradient")
        try draw(ink: deviceBounds(rect)) { context in
            cairo_rectangle(
                context, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            cairo_set_source(context, pattern)
            cairo_fill(context)
        }
    }
}
