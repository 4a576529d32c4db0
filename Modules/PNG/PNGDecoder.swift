import CPNG

/// Decodes PNG files of any bit depth, colour type and interlacing into 8-bit RGBA with straight
/// alpha.
///
/// Every input is treated as hostile. Before anything is allocated for the image, the file's
/// structure is checked as ``PNGFile`` checks it (signature, complete chunks, CRCs, the header),
/// the pixel count against the caller's limit, and the amount of compressed image data against
/// the least the image needs: deflate never inflates a byte into more than 1,032, so a file of a
/// few bytes that claims a huge image is refused without allocating it. libpng's simplified API
/// then decodes the pixels (palettes, transparency, 16-bit samples, Adam7) and reports any
/// fault in the compressed data or the chunks' contents. Every failure is a ``PNGError`` with a
/// message; none is a crash.
///
/// ```swift
/// let image = try PNGDecoder.decode(bytes, maximumPixels: 64 * 1024 * 1024)
/// let (red, alpha) = (image.pixels[0], image.pixels[3])
/// ```
public enum PNGDecoder {
    /// The most bytes deflate can inflate one compressed byte into (zlib's technical notes): an
    /// upper bound on what a file's image data can hold.
    static let maximumInflation = 1_032

    /// Decodes a PNG file.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - maximumPixels: The most pixels the image may have; a larger one is refused before
    ///     its pixels are allocated.
    /// - Returns: The pixels as 8-bit RGBA with straight alpha.
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/tooLarge`` when the image has more than
    ///   `maximumPixels` pixels, and of kind ``PNGError/Kind/malformed`` for anything that is
    ///   not a well-formed PNG, with what is wrong and where.
    /// - Complexity: O(*n* + *w* × *h*) for *n* bytes and a *w* × *h* image.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(PNGError) -> PNGImage {
        var imageData = 0
        let header = try PNGFile.walk(bytes) { chunk in
            if chunk.type == "IDAT" { imageData += chunk.data.count }
        }
        let size = "\(header.width)×\(header.height)"
        let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard !overflow, pixelCount <= maximumPixels, pixelCount <= Int.max / 4 else {
            throw PNGError(
                .tooLarge, "the image is \(size) pixels, over the limit of \(maximumPixels)")
        }
        // Each pixel takes at least its bits of inflated data, whatever the filters and passes.
        let leastInflated = (Double(pixelCount) * Double(header.bitsPerPixel) / 8).rounded(.up)
        guard leastInflated <= Double(imageData) * Double(maximumInflation) + 1024 else {
            throw PNGError(
                .malformed,
                "\(imageData) bytes of image data cannot hold a \(size) image: the data is "
                    + "truncated, or the header is wrong")
        }
        return try readPixels(bytes, header: header, count: pixelCount * 4)
    }

    /// Decodes the pixels of a file whose structure and size have been checked.
    private static func readPixels(_ bytes: [UInt8], header: PNGHeader, count: Int)
        throws(PNGError) -> PNGImage
    {
        var image = png_image()
        var failure: String?
        let pixels = bytes.withUnsafeBytes { data -> [UInt8] in
            guard cpng_begin_read(&image, data.baseAddress, data.count) == 0 else {
                failure = message(of: image)
                return []
            }
            guard Int(image.width) == header.width, Int(image.height) == header.height else {
                cpng_free(&image)
                failure = "its header reads \(image.width)×\(image.height)"
                return []
            }
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if cpng_finish_read(&image, buffer.baseAddress) == 0 {
                    initialized = count
                } else {
                    failure = message(of: image)
                    initialized = 0
                }
            }
        }
        if let failure {
            throw PNGError(.malformed, "the image does not decode (libpng: \(failure))")
        }
        return PNGImage(checkedWidth: header.width, height: header.height, pixels: pixels)
    }

    /// libpng's message after a failure.
    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "no message" : text
    }
}
