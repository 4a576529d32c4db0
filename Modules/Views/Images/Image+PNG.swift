import TrellisCore
import TrellisPNG

/// An image that could not be loaded: the file, and what was wrong with it.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when the image came from one.
    public let path: String?
    /// What went wrong.
    public let reason: String

    /// One line naming the file and the problem.
    public var description: String {
        (path.map { "image \($0): " } ?? "image: ") + reason
    }
}

extension Image {
    /// The most pixels a decoded image may have (64 Mpx).
    public static let maximumPixels = 64 * 1024 * 1024

    /// Decodes PNG data (any bit depth, colour type and interlacing) into an image.
    ///
    /// - Throws: ``ImageError`` saying what is wrong with malformed data (truncated, a bad CRC,
    ///   an invalid header, image data that does not decode), or that the image has more than
    ///   ``maximumPixels`` pixels, found before its pixels are allocated.
    public convenience init(pngData data: [UInt8], scale: Double = 1) throws(ImageError) {
        try self.init(pngData: data, scale: scale, path: nil)
    }

    /// The largest PNG file read, in bytes (256 MiB).
    public static let maximumFileBytes = 256 * 1024 * 1024

    /// Loads a PNG file: a regular file of at most ``maximumFileBytes``.
    ///
    /// - Throws: ``ImageError`` naming the file when it is missing, not a regular file (a
    ///   device or a FIFO), too large, or malformed.
    public convenience init(contentsOfFile path: String, scale: Double = 1) throws(ImageError) {
        switch FileContents.read(path, limit: Image.maximumFileBytes) {
        case .success(let bytes): try self.init(pngData: bytes, scale: scale, path: path)
        case .failure(let error): throw ImageError(path: path, reason: error.reason)
        }
    }

    private convenience init(pngData data: [UInt8], scale: Double, path: String?) throws(ImageError)
    {
        let image: PNGImage
        do throws(PNGError) {
            image = try PNGDecoder.decode(data, maximumPixels: Image.maximumPixels)
        } catch {
            let reason = error.kind == .tooLarge ? error.message : "not a valid PNG (\(error))"
            throw ImageError(path: path, reason: reason)
        }
        self.init(
            pixels: PixelBuffer(width: image.width, height: image.height, bytes: image.pixels),
            scale: scale)
    }

    /// Encodes the image's pixels as PNG, the same bytes for the same pixels on every run.
    ///
    /// - Throws: ``ImageError`` when the image has no pixels, or when compression fails.
    public func pngData() throws(ImageError) -> [UInt8] {
        try Image.encodePNG(pixels.bytes, width: pixels.width, height: pixels.height)
    }

    /// Encodes RGBA pixels with straight alpha as PNG, the same bytes for the same pixels on
    /// every run.
    ///
    /// - Throws: ``ImageError`` when the byte count is not `width × height × 4`, a side has no
    ///   pixels, or compression fails.
    public static func encodePNG(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError)
        -> [UInt8]
    {
        do throws(PNGError) {
            return try PNGEncoder.encode(rgba: bytes, width: width, height: height)
        } catch {
            throw ImageError(path: nil, reason: error.message)
        }
    }
}
