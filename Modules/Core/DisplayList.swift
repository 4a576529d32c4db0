public import TrellisGeometry

/// A frame to draw: a canvas size and scale, an ordered list of drawing commands, and the
/// images they reference.
///
/// Views produce display lists; backends draw them. A display list crosses the plugin boundary
/// as one buffer in the binary format of ``encoded()`` and ``init(decoding:)-([UInt8])``.
///
/// ```swift
/// var list = DisplayList(size: Size(width: 120, height: 44))
/// list.append(.fillRoundedRect(Rect(x: 0, y: 0, width: 120, height: 44),
///                              radii: .uniform(8), color: .blue))
/// let bytes = list.encoded()
/// let decoded = try DisplayList(decoding: bytes)   // == list
/// ```
public struct DisplayList: Sendable, Hashable {
    /// The canvas size in points.
    public var size: Size
    /// Device pixels per point for pixel output.
    public var scale: Double
    /// The drawing commands, in order.
    public var commands: [DisplayCommand]
    /// The images the commands reference, each with a unique id.
    public var images: [DisplayImage]

    /// Creates a display list.
    public init(
        size: Size, scale: Double = 1, commands: [DisplayCommand] = [], images: [DisplayImage] = []
    ) {
        self.size = size
        self.scale = scale
        self.commands = commands
        self.images = images
    }

    /// Appends a command.
    public mutating func append(_ command: DisplayCommand) {
        commands.append(command)
    }

    /// Adds an image unless one with the same id is already present, and returns its id.
    @discardableResult
    public mutating func addImage(_ image: DisplayImage) -> UInt32 {
        if !images.contains(where: { $0.id == image.id }) { images.append(image) }
        return image.id
    }

    /// The image with an id.
    public func image(id: UInt32) -> DisplayImage? {
        images.first { $0.id == id }
    }
}

/// A bitmap referenced by image commands: 8-bit RGBA pixels with straight alpha, row by row
/// from the top.
public struct DisplayImage: Sendable, Hashable {
    /// The image's id, unique in its display list.
    public var id: UInt32
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel.
    public var pixels: [UInt8]

    /// Creates an image. The pixel count must match the dimensions; the decoder checks it for
    /// images that come from outside.
    public init(id: UInt32, width: Int, height: Int, pixels: [UInt8]) {
        self.id = id
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image of one colour.
    public init(id: UInt32, width: Int, height: Int, color: Color) {
        let (r, g, b, a) = color.rgba8
        var pixels: [UInt8] = []
        pixels.reserveCapacity(max(0, width * height * 4))
        for _ in 0..<max(0, width * height) { pixels += [r, g, b, a] }
        self.init(id: id, width: width, height: height, pixels: pixels)
    }

    /// A 64-bit identity of an image's pixels, the same on every machine and in every run for
    /// the same size and bytes: what ``DisplayCommand/drawImage(id:source:destination:capInsets:tint:contentKey:)``
    /// carries for an image view's content.
    ///
    /// The bytes are read eight at a time, each word mixed into the state with a
    /// multiply–rotate step (constants of xxHash64), then the size; a change of any byte changes
    /// the key but for a 2⁻⁶⁴ chance.
    ///
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - pixels: The RGBA bytes.
    /// - Returns: The key.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func contentKey(width: Int, height: Int, pixels: [UInt8]) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let folded = state ^ ((word &* prime2) << 31 | (word &* prime2) >> 33) &* prime1
            return (folded << 27 | folded >> 37) &* prime1 &+ 0x85EB_CA77_C2B2_AE63
        }
        var state = prime1 ^ UInt64(truncatingIfNeeded: pixels.count)
        pixels.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                state = mix(
                    state,
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                )
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            state = mix(state, tail)
        }
        state = mix(
            state, UInt64(truncatingIfNeeded: width) << 32 | UInt64(truncatingIfNeeded: height))
        state ^= state >> 29
        state = state &* prime2
        return state ^ state >> 32
    }

    /// The colour of the pixel at a column and row, or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        guard i + 3 < pixels.count else { return nil }
        return Color(
            red: Double(pixels[i]) / 255, green: Double(pixels[i + 1]) / 255,
            blue: Double(pixels[i + 2]) / 255, alpha: Double(pixels[i + 3]) / 255)
    }
}

/// The radii of a rectangle's four corners, in points.
public struct CornerRadii: Sendable, Hashable {
    /// The top-left radius.
    public var topLeft: Double
    /// The top-right radius.
    public var topRight: Double
    /// The bottom-right radius.
    public var bottomRight: Double
    /// The bottom-left radius.
    public var bottomLeft: Double

    /// Creates radii per corner.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public static func uniform(_ radius: Double) -> CornerRadii {
        CornerRadii(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii.uniform(0)

    /// Whether every radius is zero.
    public var isZero: Bool { self == .zero }

    /// The radii scaled down, as CSS does, so that adjacent radii never sum to more than the
    /// side they share.
    public func fitted(to size: Size) -> CornerRadii {
        let w = abs(size.width)
        let h = abs(size.height)
        var factor = 1.0
        for (sum, side) in [
            (topLeft + topRight, w), (bottomLeft + bottomRight, w),
            (topLeft + bottomLeft, h), (topRight + bottomRight, h),
        ] where sum > side && sum > 0 {
            factor = min(factor, side / sum)
        }
        if factor == 1 { return self }
        return CornerRadii(
            topLeft: topLeft * factor, topRight: topRight * factor,
            bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
    }
}

/// A colour at a position along a gradient, from 0 (start) to 1 (end).
public struct GradientStop: Sendable, Hashable {
    /// The position, in `0...1`.
    public var location: Double
    /// The colour at that position.
    public var color: Color

    /// Creates a stop.
    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}
