/// The animation chunks of a PNG file, read and checked: the `acTL` control, and each frame's
/// `fcTL` with the image data that belongs to it.
struct AnimationLayout {
    /// The animation control: frame count and play count.
    struct Control {
        var frameCount: Int
        var plays: UInt32
    }

    /// One frame's control and data.
    struct Frame {
        /// The frame's place in the animation, from 0.
        var number: Int
        /// Where its `fcTL` chunk starts in the file.
        var offset: Int
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        var delay: PNGFrameDelay
        /// 0 none, 1 background, 2 previous.
        var dispose: UInt8
        /// 0 source, 1 over.
        var blend: UInt8
        /// The compressed image data, chunk by chunk (`fdAT` without its sequence number).
        var data: [ArraySlice<UInt8>] = []
    }

    /// The chunks that say how samples become colours, which each frame's image needs.
    static let colorChunks: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

    /// The animation control; nil for a still PNG.
    private(set) var control: Control?
    /// The frames, in order.
    private(set) var frames: [Frame] = []

    /// Reads the animation chunks of a checked file.
    ///
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/malformed`` naming the chunk and byte.
    init(_ file: PNGFile) throws(PNGError) {
        var sequence: UInt32 = 0
        var seenImageData = false
        var defaultIsFrame = false
        for chunk in file.chunks {
            switch chunk.type {
            case "acTL":
                guard control == nil, !seenImageData else {
                    throw PNGError(
                        .malformed,
                        "the acTL chunk at byte \(chunk.offset) comes "
                            + (control == nil ? "after the image data" : "twice"))
                }
                try Self.expect(chunk, length: 8)
                let count = PNGFile.uint32(chunk.data, at: chunk.data.startIndex)
                guard count > 0, count <= PNGFile.maximumLength else {
                    throw PNGError(
                        .malformed, "the acTL chunk at byte \(chunk.offset) claims \(count) frames")
                }
                control = Control(
                    frameCount: Int(count),
                    plays: PNGFile.uint32(chunk.data, at: chunk.data.startIndex + 4))
            case "fcTL":
                guard control != nil else { continue }
                try Self.expect(chunk, length: 26)
                try Self.expectSequence(chunk, &sequence)
                if let last = frames.last, last.data.isEmpty {
                    throw PNGError(
                        .malformed,
                        "frame \(last.number) (fcTL at byte \(last.offset)) has no image data")
                }
                let frame = try Self.frame(chunk, number: frames.count, header: file.header)
                if !seenImageData, frame.number == 0,
                    frame.x != 0 || frame.y != 0 || frame.width != file.header.width
                        || frame.height != file.header.height
                {
                    throw PNGError(
                        .malformed,
                        "the fcTL chunk at byte \(chunk.offset) describes the default image but "
                            + "does not cover the whole canvas")
                }
                frames.append(frame)
            case "IDAT":
                // The default image is the first frame when an fcTL comes before it.
                if !seenImageData { defaultIsFrame = control != nil && frames.count == 1 }
                if defaultIsFrame { frames[0].data.append(chunk.data) }
                seenImageData = true
            case "fdAT":
                guard control != nil else { continue }
                guard chunk.data.count > 4 else {
                    throw PNGError(
                        .malformed, "the fdAT chunk at byte \(chunk.offset) holds no image data")
                }
                try Self.expectSequence(chunk, &sequence)
                guard seenImageData, !frames.isEmpty, !(defaultIsFrame && frames.count == 1) else {
                    throw PNGError(
                        .malformed, "the fdAT chunk at byte \(chunk.offset) belongs to no frame")
                }
                frames[frames.count - 1].data.append(chunk.data.dropFirst(4))
            default:
                continue
            }
        }
        guard let control else { return }
        if let last = frames.last, last.data.isEmpty {
            throw PNGError(
                .malformed, "frame \(last.number) (fcTL at byte \(last.offset)) has no image data")
        }
        guard frames.count == control.frameCount else {
            throw PNGError(
                .malformed,
                "the acTL chunk claims \(control.frameCount) frames, but the file has "
                    + "\(frames.count)")
        }
    }

    /// Reads an `fcTL` chunk's frame and checks it against the canvas.
    private static func frame(_ chunk: PNGChunk, number: Int, header: PNGHeader) throws(PNGError)
        -> Frame
    {
        let data = chunk.data
        let start = data.startIndex
        func value(_ at: Int) -> Int { Int(PNGFile.uint32(data, at: start + at)) }
        let (width, height, x, y) = (value(4), value(8), value(12), value(16))
        let place = "the fcTL chunk at byte \(chunk.offset)"
        guard width > 0, height > 0, x <= header.width, y <= header.height,
            width <= header.width - x, height <= header.height - y
        else {
            throw PNGError(
                .malformed,
                "\(place) places a \(width)×\(height) frame at (\(x), \(y)), outside the "
                    + "\(header.width)×\(header.height) canvas")
        }
        let dispose = data[start + 24]
        let blend = data[start + 25]
        guard dispose <= 2, blend <= 1 else {
            throw PNGError(
                .malformed,
                "\(place) has dispose operation \(dispose) and blend operation \(blend); APNG "
                    + "defines dispose 0 to 2 and blend 0 to 1")
        }
        let delay = PNGFrameDelay(
            numerator: UInt16(data[start + 20]) << 8 | UInt16(data[start + 21]),
            denominator: UInt16(data[start + 22]) << 8 | UInt16(data[start + 23]))
        return Frame(
            number: number, offset: chunk.offset, width: width, height: height, x: x, y: y,
            delay: delay, dispose: dispose, blend: blend)
    }

    private static func expect(_ chunk: PNGChunk, length: Int) throws(PNGError) {
        guard chunk.data.count == length else {
            throw PNGError(
                .malformed,
                "the \(chunk.type) chunk at byte \(chunk.offset) has \(chunk.data.count) bytes, "
                    + "not \(length)")
        }
    }

    /// Checks that a chunk carries the next sequence number.
    private static func expectSequence(_ chunk: PNGChunk, _ sequence: inout UInt32)
        throws(PNGError)
    {
        let number = PNGFile.uint32(chunk.data, at: chunk.data.startIndex)
        guard number == sequence else {
            throw PNGError(
                .malformed,
                "the \(chunk.type) chunk at byte \(chunk.offset) has sequence number \(number), "
                    + "not \(sequence)")
        }
        sequence += 1
    }
}
