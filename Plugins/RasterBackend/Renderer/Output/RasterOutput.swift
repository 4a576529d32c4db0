import CCairo
import TrellisPNG
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

    /// Encodes a drawn canvas, or the empty canvas of an `rgba` frame when `surface` is nil.
    ///
    /// - Throws: `RendererError` when compression fails.
    static func encode(
        _ surface: OpaquePointer?, size: CanvasSize, format: RasterConfiguration.Format
    ) throws(RendererError) -> [UInt8] {
        let pixels = try canvasPixels(surface)
        switch format {
        case .png:
            guard let pixels else { throw RendererError(.internal, "the canvas has no pixels") }
            return try encodePNG(size, pixels: pixels)
        case .rgba:
            return [UInt8](unsafeUninitializedCapacity: rgbaCount(size)) { buffer, count in
                writeRGBA(size, pixels: pixels, into: UnsafeMutableRawBufferPointer(buffer))
                count = buffer.count
            }
        }
    }

    /// A drawn canvas as PNG, its rows unpremultiplied one at a time as the encoder asks.
    ///
    /// - Throws: `RendererError` of kind `resource` when compression fails.
    private static func encodePNG(
        _ size: CanvasSize, pixels: (data: UnsafeMutablePointer<UInt8>, stride: Int)
    ) throws(RendererError) -> [UInt8] {
        do throws(PNGError) {
            return try PNGEncoder.encode(width: size.width, height: size.height) { y, row in
                guard let destination = row.baseAddress else { return }
                let source = UnsafeRawPointer(pixels.data + y * pixels.stride)
                    .assumingMemoryBound(to: UInt32.self)
                PixelConversion.unpremultiply(row: source, into: destination, width: size.width)
            }
        } catch {
            throw RendererError(.resource, error.message)
        }
    }

    /// Writes a drawn canvas (or the empty one when `surface` is nil) in the `rgba` format
    /// straight into an output, without an intermediate array.
    static func encodeRGBA(
        _ surface: OpaquePointer?, size: CanvasSize, into output: FrameOutput
    ) throws(RendererError) {
        let pixels = try canvasPixels(surface)
        output.write(count: rgbaCount(size)) { writeRGBA(size, pixels: pixels, into: $0) }
    }

    private static func canvasPixels(_ surface: OpaquePointer?) throws(RendererError) -> (
        data: UnsafeMutablePointer<UInt8>, stride: Int
    )? {
        guard let surface else { return nil }
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RendererError(.internal, "the canvas has no pixels")
        }
        return (data, Int(cairo_image_surface_get_stride(surface)))
    }

    /// The size of an `rgba` frame: an 8-byte header and 4 bytes a pixel.
    private static func rgbaCount(_ size: CanvasSize) -> Int {
        8 + size.width * size.height * 4
    }

    /// The `rgba` format: width and height as little-endian `UInt32`s, then straight RGBA
    /// (zeros without pixels), into a buffer of exactly ``rgbaCount(_:)`` bytes.
    private static func writeRGBA(
        _ size: CanvasSize, pixels: (data: UnsafeMutablePointer<UInt8>, stride: Int)?,
        into buffer: UnsafeMutableRawBufferPointer
    ) {
        guard let base = buffer.baseAddress, buffer.count == rgbaCount(size) else { return }
        base.storeBytes(of: UInt32(size.width).littleEndian, as: UInt32.self)
        base.storeBytes(of: UInt32(size.height).littleEndian, toByteOffset: 4, as: UInt32.self)
        let rowBytes = size.width * 4
        let out = (base + 8).assumingMemoryBound(to: UInt8.self)
        guard let pixels else {
            out.initialize(repeating: 0, count: size.height * rowBytes)
            return
        }
        for y in 0..<size.height {
            let row = UnsafeRawPointer(pixels.data + y * pixels.stride).assumingMemoryBound(
                to: UInt32.self)
            PixelConversion.unpremultiply(row: row, into: out + y * rowBytes, width: size.width)
        }
    }
}
