import CCairo
import TrellisPluginKit

/// The canvas surface and the two output encodings.
enum RasterOutput {
    /// A cleared ARGB32 canvas.
    ///
    /// - Throws: `RendererError` of kind `resource` when memory runs out.
    static func makeCanvas(_ size: CanvasSize) throws(RendererError) -> OpaquePointer {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        else {
            throw RendererError(.resource, "out of memory for the canvas")
        }
        do throws(RendererError) {
            try NativeStatus.checkCairo(
                cairo_surface_status(surface),
                "creating the \(size.width)×\(size.height) canvas")
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    /// Encodes a drawn canvas.
    ///
    /// - Throws: `RendererError` when compression fails.
    static func encode(
        _ surface: OpaquePointer, size: CanvasSize, format: RasterConfiguration.Format
    ) throws(RendererError) -> [UInt8] {
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RendererError(.internal, "the canvas has no pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        switch format {
        case .png:
            return try PNGEncoder.encode(
                argb32: data, width: size.width, height: size.height, stride: stride)
        case .rgba:
            return rgba(
                width: size.width, height: size.height, pixels: (UnsafeRawPointer(data), stride))
        }
    }

    /// The `rgba` format: width and height as little-endian `UInt32`s, then straight RGBA.
    static func rgba(
        width: Int, height: Int, pixels: (data: UnsafeRawPointer, stride: Int)?
    ) -> [UInt8] {
        let header = [UInt32(width), UInt32(height)].flatMap { value in
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return [UInt8](unsafeUninitializedCapacity: 8 + width * height * 4) { buffer, count in
            guard let base = buffer.baseAddress else {
                count = 0
                return
            }
            for (i, byte) in header.enumerated() { base[i] = byte }
            for y in 0..<height {
                let out = base + 8 + y * width * 4
                if let pixels {
                    let row = (pixels.data + y * pixels.stride).assumingMemoryBound(to: UInt32.self)
                    PixelConversion.unpremultiply(row: row, into: out, width: width)
                } else {
                    out.initialize(repeating: 0, count: width * 4)
                }
            }
            count = 8 + width * height * 4
        }
    }
}
