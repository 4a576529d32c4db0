public import TrellisPNG

/// How two images differ, pixel by pixel: how many pixels, by how much, where, and a picture of
/// it.
///
/// The comparison covers the area of both images; where only one image has a pixel (the size
/// changed), the pixel differs. The difference image shows differing pixels in red and the
/// others as a pale grey of the reference.
///
/// ```swift
/// let difference = ImageDifference(reference: expected, actual: actual, tolerance: 2)
/// if difference.differing > 0, let region = difference.changedRegion {
///     print("\(difference.differing) pixels differ in \(region)")
/// }
/// ```
public struct ImageDifference: Sendable {
    /// A rectangle of pixels.
    public struct Region: Sendable, Hashable, CustomStringConvertible {
        /// The left edge, in pixels.
        public var x: Int
        /// The top edge, in pixels.
        public var y: Int
        /// The width, in pixels.
        public var width: Int
        /// The height, in pixels.
        public var height: Int

        /// Creates a region.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// `x,y wxh` in pixels.
        public var description: String { "\(width)×\(height) at (\(x), \(y))" }
    }

    /// The number of pixels that differ by more than the tolerance.
    public let differing: Int
    /// The largest difference of one channel between pixels both images have.
    public let largest: Int
    /// The smallest rectangle that holds every differing pixel; nil when none differs.
    public let changedRegion: Region?
    /// The reference's width and height in pixels.
    public let referenceSize: (width: Int, height: Int)
    /// The actual image's width and height in pixels.
    public let actualSize: (width: Int, height: Int)
    /// The tolerance the images were compared with.
    public let tolerance: UInt8
    /// The difference drawn: differing pixels red, the others a pale grey of the reference.
    public let image: PNGImage

    /// Compares two images.
    ///
    /// - Parameters:
    ///   - reference: The expected image.
    ///   - actual: The image made now.
    ///   - tolerance: The largest difference, per 8-bit channel, that still counts as equal.
    /// - Complexity: O(*w* × *h*) of the area that covers both.
    public init(reference: PNGImage, actual: PNGImage, tolerance: UInt8 = 0) {
        let width = max(reference.width, actual.width)
        let height = max(reference.height, actual.height)
        let a = reference.pixels
        let b = actual.pixels
        var differing = 0
        var largest = 0
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        var diff = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = (y * width + x) * 4
                let inReference = x < reference.width && y < reference.height
                let inActual = x < actual.width && y < actual.height
                var difference = Int.max
                if inReference && inActual {
                    let i = (y * reference.width + x) * 4
                    let j = (y * actual.width + x) * 4
                    difference = 0
                    for channel in 0..<4 {
                        difference = max(difference, abs(Int(a[i + channel]) - Int(b[j + channel])))
                    }
                    largest = max(largest, difference)
                }
                if difference > Int(tolerance) {
                    differing += 1
                    (minX, minY, maxX, maxY) = (
                        min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
                    )
                    diff[pixel] = 255
                    diff[pixel + 3] = 255
                } else {
                    let i = (y * reference.width + x) * 4
                    let grey = UInt8((Int(a[i]) + Int(a[i + 1]) + Int(a[i + 2])) / 3 / 4 + 191)
                    diff[pixel] = grey
                    diff[pixel + 1] = grey
                    diff[pixel + 2] = grey
                    diff[pixel + 3] = 255
                }
            }
        }
        self.differing = differing
        self.largest = largest
        referenceSize = (reference.width, reference.height)
        actualSize = (actual.width, actual.height)
        self.tolerance = tolerance
        changedRegion =
            maxX < 0
            ? nil : Region(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        // The dimensions are those of two decoded images, so they are valid.
        image = (try? PNGImage(width: width, height: height, pixels: diff)) ?? reference
    }

    /// Whether the images have the same width and height.
    public var sameSize: Bool { referenceSize == actualSize }

    /// One line saying how the images differ, or nil when they do not.
    public var summary: String? {
        guard sameSize else {
            return "the size changed from \(referenceSize.width)×\(referenceSize.height) to "
                + "\(actualSize.width)×\(actualSize.height) pixels"
        }
        guard differing > 0 else { return nil }
        return "\(differing) of \(image.width * image.height) pixels differ by more than "
            + "\(tolerance); the largest channel difference is \(largest)"
    }
}
