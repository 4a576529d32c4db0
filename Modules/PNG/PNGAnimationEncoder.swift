/// Writes an animated PNG (APNG) frame by frame, holding no more than two frames at a time:
/// what ``PNGEncoder/encode(_:)`` does for frames already in memory, for frames made one at a
/// time (a long render).
///
/// ```swift
/// var encoder = PNGAnimationEncoder(width: 320, height: 200)
/// for time in stride(from: 0.0, through: 1.0, by: 1.0 / 30) {
///     try encoder.append(render(at: time), delay: PNGFrameDelay(framesPerSecond: 30))
/// }
/// let file = try encoder.finish()
/// ```
public struct PNGAnimationEncoder: Sendable {
    /// The canvas width in pixels.
    public let width: Int
    /// The canvas height in pixels.
    public let height: Int
    /// How many times the animation plays; 0 plays it forever.
    public let plays: UInt32

    /// The chunks after `acTL`, written so far.
    private var body: [UInt8] = []
    /// The number of frames written to `body`.
    private var written = 0
    private var sequence: UInt32 = 0
    /// The last frame written: the canvas the next one changes.
    private var previous: PNGImage?
    /// The newest frame, held until the next shows whether it repeats.
    private var pending: PNGAnimationFrame?

    /// Creates an encoder for frames of one size.
    ///
    /// - Parameters:
    ///   - width: Pixels per row of every frame.
    ///   - height: Rows of every frame.
    ///   - plays: How many times the animation plays; 0 (the default) plays it forever.
    public init(width: Int, height: Int, plays: UInt32 = 0) {
        self.width = width
        self.height = height
        self.plays = plays
    }

    /// Adds the next frame. A frame equal to the one before lengthens that frame instead,
    /// when the two delays share a denominator.
    ///
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/invalidArgument`` when the image is not
    ///   the encoder's size, and of kind ``PNGError/Kind/resource`` when zlib fails.
    /// - Complexity: O(*width* × *height*).
    public mutating func append(_ image: PNGImage, delay: PNGFrameDelay) throws(PNGError) {
        guard image.width == width, image.height == height else {
            let index = written + (pending == nil ? 0 : 1)
            throw PNGError(
                .invalidArgument,
                "frame \(index) is \(image.width)×\(image.height) pixels; the animation is "
                    + "\(width)×\(height), and every frame must be")
        }
        if let last = pending, last.image.pixels == image.pixels,
            let total = last.delay.adding(delay)
        {
            pending?.delay = total
            return
        }
        try flush()
        pending = PNGAnimationFrame(image: image, delay: delay)
    }

    /// Ends the animation and returns the file.
    ///
    /// - Returns: The APNG file: `IHDR`, `acTL`, the first frame's `fcTL` and `IDAT`, then
    ///   `fcTL` and `fdAT` for each later frame, and `IEND`.
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/invalidArgument`` when no frame was
    ///   added, and of kind ``PNGError/Kind/resource`` when zlib fails.
    public mutating func finish() throws(PNGError) -> [UInt8] {
        try flush()
        guard written > 0 else {
            throw PNGError(.invalidArgument, "an animation needs at least one frame")
        }
        var file = PNGFile.signature
        PNGEncoder.appendChunk("IHDR", PNGEncoder.header(width: width, height: height), to: &file)
        var control = ByteWriterBE()
        control.u32(UInt32(written))
        control.u32(plays)
        PNGEncoder.appendChunk("acTL", control.bytes, to: &file)
        file += body
        PNGEncoder.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Writes the pending frame: the rectangle in which it differs from the frame before.
    private mutating func flush() throws(PNGError) {
        guard let frame = pending else { return }
        pending = nil
        let width = self.width
        let region =
            previous.map { Self.changedRegion(from: $0, to: frame.image) }
            ?? (x: 0, y: 0, width: width, height: height)
        PNGEncoder.appendChunk(
            "fcTL", Self.frameControl(sequence, region: region, delay: frame.delay), to: &body)
        sequence += 1
        let compressed = try PNGEncoder.compressedRows(
            width: region.width, height: region.height
        ) { y, row in
            frame.image.pixels.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress, let destination = row.baseAddress else {
                    return
                }
                let start = ((region.y + y) * width + region.x) * 4
                destination.update(from: base + start, count: region.width * 4)
            }
        }
        var offset = 0
        repeat {
            let end = min(compressed.count, offset + PNGEncoder.maximumChunk)
            if previous == nil {
                PNGEncoder.appendChunk("IDAT", compressed[offset..<end], to: &body)
            } else {
                var data = ByteWriterBE()
                data.u32(sequence)
                sequence += 1
                data.bytes += compressed[offset..<end]
                PNGEncoder.appendChunk("fdAT", data.bytes, to: &body)
            }
            offset = end
        } while offset < compressed.count
        previous = frame.image
        written += 1
    }

    /// The smallest rectangle that holds every pixel in which two images of one size differ;
    /// one pixel at the origin when they are equal (a frame needs at least one).
    private static func changedRegion(from old: PNGImage, to new: PNGImage) -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        let width = old.width
        var (minX, minY, maxX, maxY) = (width, old.height, -1, -1)
        old.pixels.withUnsafeBytes { oldBytes in
            new.pixels.withUnsafeBytes { newBytes in
                let a = oldBytes.bindMemory(to: UInt32.self)
                let b = newBytes.bindMemory(to: UInt32.self)
                for y in 0..<old.height {
                    let row = y * width
                    var x = 0
                    while x < width, a[row + x] == b[row + x] { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while a[row + last] == b[row + last] { last -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The data of an `fcTL` chunk: sequence number, region, delay, dispose "none" (0) and
    /// blend "source" (0).
    private static func frameControl(
        _ sequence: UInt32, region: (x: Int, y: Int, width: Int, height: Int),
        delay: PNGFrameDelay
    ) -> [UInt8] {
        var data = ByteWriterBE()
        data.u32(sequence)
        data.u32(UInt32(region.width))
        data.u32(UInt32(region.height))
        data.u32(UInt32(region.x))
        data.u32(UInt32(region.y))
        data.bytes += [
            UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF),
            UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF), 0, 0,
        ]
        return data.bytes
    }
}
