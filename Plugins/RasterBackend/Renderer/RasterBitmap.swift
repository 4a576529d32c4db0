public import TrellisGeometry
public import TrellisPluginKit

/// A frame decoded from the raster backend's `rgba` output: a width, a height and 8-bit RGBA
/// pixels with straight alpha, row by row from the top.
///
/// ```swift
/// let renderer = try RasterRenderer(configuration: RasterConfiguration(format: .rgba))
/// let bitmap = try RasterBitmap(rgbaOutput: renderer.render(list))
/// let color = bitmap.pixel(x: 10, y: 10)
/// ```
public struct RasterBitmap: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public let pixels: [UInt8]

    /// Decodes the `rgba` output format: two little-endian `UInt32`s (width, height), then the
    /// pixels.
    ///
    /// - Throws: `RendererError` of kind `invalidInput` when the byte count does not match.
    public init(rgbaOutput bytes: [UInt8]) throws(RendererError) {
        guard bytes.count >= 8 else {
            throw RendererError(
                .invalidInput, "raster output of \(bytes.count) bytes has no header")
        }
        func u32(_ at: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        let width = u32(0)
        let height = u32(4)
        guard bytes.count - 8 == width * height * 4 else {
            throw RendererError(
                .invalidInput,
                "raster output of \(bytes.count) bytes does not hold \(width)×\(height) pixels")
        }
        self.width = width
        self.height = height
        pixels = Array(bytes[8...])
    }

    /// The red, green, blue and alpha bytes of a pixel, or `nil` outside the bitmap.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The colour of a pixel, or `nil` outside the bitmap.
    public func pixel(x: Int, y: Int) -> Color? {
        guard let (r, g, b, a) = rgba(x: x, y: y) else { return nil }
        return Color(
            red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255,
            alpha: Double(a) / 255)
    }
}
