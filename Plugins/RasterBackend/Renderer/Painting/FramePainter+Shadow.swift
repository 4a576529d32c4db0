import CCairo
import TrellisGeometry
import TrellisPluginKit

extension FramePainter {
    /// The largest blur, as a Gaussian's standard deviation in device pixels. Larger blurs
    /// spread a shadow so thin that it no longer shows; the cap bounds the mask's size.
    static let maximumShadowSigma = 128.0

    /// Draws the shadow of what `body` draws: renders it into an alpha mask beside the canvas,
    /// blurs the mask, and fills the shadow colour through it at the shadow's offset.
    ///
    /// As in CoreGraphics, the offset and blur are in points and ignore the transform; the
    /// blur is a Gaussian whose standard deviation is half the blur value. The current clip
    /// applies to the shadow.
    ///
    /// - Parameters:
    ///   - shadow: The shadow in force.
    ///   - ink: The device area the drawing can touch.
    ///   - body: Draws the shape on the context it is given.
    /// - Returns: The device area the shadow touched.
    /// - Throws: `RendererError` when the mask cannot be allocated.
    func drawShadow(_ shadow: ShadowStyle, ink: DeviceRect, _ body: (OpaquePointer) -> Void)
        throws(RendererError) -> DeviceRect
    {
        let sigma = min(shadow.blur * scale / 2, FramePainter.maximumShadowSigma)
        let reach = Double(AlphaBlur.reach(sigma: sigma)) + 1
        let dx = shadow.offset.width * scale
        let dy = shadow.offset.height * scale
        // Only the part of the shape whose blurred shadow can land on the canvas matters.
        let source = ink.intersection(canvas.offsetBy(dx: -dx, dy: -dy).outset(by: reach))
        guard !source.isEmpty else { return .empty }
        let mask = source.outset(by: reach).integral
        let width = Int(mask.maxX - mask.minX)
        let height = Int(mask.maxY - mask.minY)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        else {
            throw RendererError(.resource, "out of memory for a \(width)×\(height) shadow")
        }
        defer { cairo_surface_destroy(surface) }
        try NativeStatus.checkCairo(
            cairo_surface_status(surface), "creating a \(width)×\(height) shadow mask")

        guard let maskContext = cairo_create(surface) else {
            throw RendererError(.resource, "out of memory for a shadow")
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        matrix.x0 -= mask.minX
        matrix.y0 -= mask.minY
        cairo_set_matrix(maskContext, &matrix)
        cairo_set_font_options(maskContext, fontOptions)
        body(maskContext)
        let status = cairo_status(maskContext)
        cairo_destroy(maskContext)
        try NativeStatus.checkCairo(status, "drawing a shadow")

        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            AlphaBlur.blur(
                data, width: width, height: height,
                stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma)
        }
        cairo_surface_mark_dirty(surface)

        cairo_save(context)
        cairo_identity_matrix(context)
        Paths.setColor(context, shadow.color)
        cairo_mask_surface(context, surface, mask.minX + dx, mask.minY + dy)
        cairo_restore(context)
        return mask.offsetBy(dx: dx, dy: dy)
    }
}
