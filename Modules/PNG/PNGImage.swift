/// Decoded pixels: 8-bit RGBA with straight alpha, row by row from the top, whatever bit depth
/// and colour type the file had.
public struct PNGImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue and alpha of each pixel.
    public let pixels: [UInt8]

    /// Creates an image from its pixels.
    ///
    /// - Parameters:
    ///   - width: Pixels per row, 1 to ``PNGFile/maximumLength``.
    ///   - height: Rows, 1 to ``PNGFile/maximumLength``.
    ///   - pixels: `width × height × 4` bytes of straight RGBA, row by row from the top.
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/invalidArgument`` when a dimension is out
    ///   of range or the byte count does not match.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(PNGError) {
        let limit = PNGFile.maximumLength
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard (1...limit).contains(width), (1...limit).contains(height), !rowOverflow,
            !overflow, total == pixels.count
        else {
            throw PNGError(
                .invalidArgument, "\(pixels.count) bytes are not \(width)×\(height) RGBA pixels")
        }
        self.init(checkedWidth: width, height: height, pixels: pixels)
    }

    /// Creates an image whose dimensions and byte count the caller has checked.
    init(checkedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
