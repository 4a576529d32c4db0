import CCairo
import TrellisGeometry
import TrellisPluginKit

/// Builds paths on a Cairo context.
enum Paths {
    /// The largest corner radius, in device pixels, drawn as an arc. Cairo's arc flattening
    /// never finishes for astronomically large radii; a corner that large is drawn square.
    static let maximumDeviceRadius = 1e7

    /// The rectangle with a positive width and height, or `nil` when it is empty or its far
    /// edges overflow.
    static func usable(_ rect: Rect) -> Rect? {
        let r = rect.standardized
        guard r.size.width > 0, r.size.height > 0, (r.origin.x + r.size.width).isFinite,
            (r.origin.y + r.size.height).isFinite
        else { return nil }
        return r
    }

    /// Adds a rectangle with per-corner radii, fitted so adjacent radii never overlap, as a
    /// closed sub-path going clockwise from the top-left corner.
    static func addRoundedRect(_ context: OpaquePointer, _ rect: Rect, radii: CornerRadii) {
        let x = rect.origin.x
        let y = rect.origin.y
        let w = rect.size.width
        let h = rect.size.height
        var r = radii.fitted(to: rect.size)
        if r.isZero
            || deviceScale(context) * max(r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
                > maximumDeviceRadius
        {
            r = .zero
        }
        if r.isZero {
            cairo_rectangle(context, x, y, w, h)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(context)
        corner(context, x + r.topLeft, y + r.topLeft, r.topLeft, 2 * quarter, 3 * quarter)
        corner(context, x + w - r.topRight, y + r.topRight, r.topRight, 3 * quarter, 4 * quarter)
        corner(
            context, x + w - r.bottomRight, y + h - r.bottomRight, r.bottomRight, 0, quarter)
        corner(context, x + r.bottomLeft, y + h - r.bottomLeft, r.bottomLeft, quarter, 2 * quarter)
        cairo_close_path(context)
    }

    private static func corner(
        _ context: OpaquePointer, _ cx: Double, _ cy: Double, _ radius: Double, _ from: Double,
        _ to: Double
    ) {
        if radius > 0 {
            cairo_arc(context, cx, cy, radius, from, to)
        } else {
            cairo_line_to(context, cx, cy)
        }
    }

    /// A horizontal bar (top and height in user space) moved onto whole device pixels, at
    /// least one pixel high, when the transform keeps axes aligned; otherwise unchanged.
    static func snappedBar(_ context: OpaquePointer, top: Double, height: Double)
        -> (top: Double, height: Double)
    {
        var m = cairo_matrix_t()
        cairo_get_matrix(context, &m)
        guard m.xy == 0, m.yx == 0, m.yy != 0 else { return (top, height) }
        let deviceTop = (top * m.yy + m.y0).rounded()
        let deviceHeight = max(1, (height * abs(m.yy)).rounded())
        // The user-space top lands on a pixel edge and the height covers whole pixels, whether
        // y grows down the device (the usual case) or up it (a flipped transform).
        return ((deviceTop - m.y0) / m.yy, deviceHeight / abs(m.yy))
    }

    /// How many device pixels one user unit spans at most under the context's transform.
    static func deviceScale(_ context: OpaquePointer) -> Double {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        return max(
            (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot(),
            (matrix.xy * matrix.xy + matrix.yy * matrix.yy).squareRoot())
    }

    /// Sets a colour as the source.
    static func setColor(_ context: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }
}
