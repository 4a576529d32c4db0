/// Decoded pixels: 8-bit RGBA with straight alpha, row by row from the top, whatever bit depth
/// and colour type the file had.
public struct PNGImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue and alpha of each pixel.
    public let pixels: [UInt8]
}
