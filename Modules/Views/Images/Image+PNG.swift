import CPNG
import Foundation

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

    /// Decodes PNG data (any bit depth and colour type) into an image.
    ///
    /// - Throws: ``ImageError`` with libpng's message for malformed data, or when the image has
    ///   more than ``maximumPixels`` pixels.
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
        var width: UInt32 = 0
        var height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 64)
        let status = data.withUnsafeBytes { buffer in
            message.withUnsafeMutableBufferPointer { text in
                cpng_decode_rgba(
                    buffer.baseAddress, buffer.count, UInt64(Image.maximumPixels), &width, &height,
                    &pixels, text.baseAddress)
            }
        }
        guard status == 0, let pixels else {
            let reason = String(
                decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError(
                path: path, reason: "not a valid PNG (\(reason.isEmpty ? "unknown error" : reason))"
            )
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        let bytes = Array(UnsafeBufferPointer(start: pixels, count: count))
        self.init(
            pixels: PixelBuffer(width: Int(width), height: Int(height), bytes: bytes), scale: scale)
    }

    /// Encodes the image's pixels as PNG.
    ///
    /// - Throws: ``ImageError`` when libpng fails.
    public func pngData() throws(ImageError) -> [UInt8] {
        try Image.encodePNG(pixels.bytes, width: pixels.width, height: pixels.height)
    }

    /// Encodes RGBA pixels as PNG.
    ///
    /// - Throws: ``ImageError`` when libpng fails.
    public static func encodePNG(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError)
        -> [UInt8]
    {
        guard width > 0, height > 0, bytes.count == width * height * 4 else {
            throw ImageError(
                path: nil,
                reason: "cannot encode \(width)×\(height) pixels from \(bytes.count) bytes")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 64)
        let status = bytes.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { text in
                cpng_encode_rgba(
                    buffer.baseAddress, UInt32(width), UInt32(height), &output, &size,
                    text.baseAddress)
            }
        }
        guard status == 0, let output else {
            throw ImageError(path: nil, reason: "PNG encoding failed")
        }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
