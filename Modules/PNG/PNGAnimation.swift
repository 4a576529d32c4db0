/// How long an animation frame stays on screen: a fraction of a second, as an animated PNG
/// stores it (two 16-bit numbers, APNG's `delay_num` and `delay_den`).
///
/// ```swift
/// PNGFrameDelay(framesPerSecond: 30)    // 1/30 s
/// PNGFrameDelay(framesPerSecond: 29.97) // 334/10000 s
/// PNGFrameDelay(numerator: 1, denominator: 0).seconds  // 0.01: a zero denominator means 1/100
/// ```
public struct PNGFrameDelay: Sendable, Hashable {
    /// The numerator of the delay in seconds.
    public var numerator: UInt16
    /// The denominator of the delay in seconds; 0 means 100, as in APNG.
    public var denominator: UInt16

    /// Creates a delay of `numerator / denominator` seconds.
    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Creates the delay of one frame at a frame rate: exactly `1 / framesPerSecond` for a whole
    /// rate up to 65,535, and the nearest ten-thousandth of a second otherwise.
    ///
    /// - Parameter framesPerSecond: Frames per second, greater than 0; rates too low for a
    ///   16-bit numerator (a frame longer than 6.5 s) give the longest delay at that
    ///   precision.
    public init(framesPerSecond: Double) {
        if framesPerSecond >= 1, framesPerSecond <= Double(UInt16.max),
            framesPerSecond == framesPerSecond.rounded()
        {
            self.init(numerator: 1, denominator: UInt16(framesPerSecond))
            return
        }
        let tenThousandths = framesPerSecond > 0 ? (10_000 / framesPerSecond).rounded() : 0
        self.init(
            numerator: UInt16(max(1, min(tenThousandths, Double(UInt16.max)))),
            denominator: 10_000)
    }

    /// The delay in seconds.
    public var seconds: Double {
        Double(numerator) / Double(denominator == 0 ? 100 : denominator)
    }

    /// The sum of two delays with one denominator, or nil when their denominators differ or
    /// the numerator would not fit in 16 bits.
    func adding(_ other: PNGFrameDelay) -> PNGFrameDelay? {
        let sum = Int(numerator) + Int(other.numerator)
        guard other.denominator == denominator, sum <= Int(UInt16.max) else { return nil }
        return PNGFrameDelay(numerator: UInt16(sum), denominator: denominator)
    }
}

/// One frame of an animation: the whole picture as it is shown, and for how long.
public struct PNGAnimationFrame: Sendable, Hashable {
    /// The pixels of the whole canvas, 8-bit RGBA with straight alpha.
    public var image: PNGImage
    /// How long the frame is shown.
    public var delay: PNGFrameDelay

    /// Creates a frame.
    public init(image: PNGImage, delay: PNGFrameDelay) {
        self.image = image
        self.delay = delay
    }
}

/// An animated PNG (APNG): frames of one size, each shown for its delay, played a number of
/// times.
///
/// ``PNGEncoder/encode(_:)`` writes one, storing each frame after the first as only the
/// rectangle that changed; ``PNGDecoder/decodeAnimation(_:maximumPixels:)`` reads any APNG
/// back into whole frames. The raster backend's frame sequences become one with
/// `trellis render SCENE --frames 0...0.3 --out fade.png`.
///
/// ```swift
/// let frames = images.map { PNGAnimationFrame(image: $0, delay: .init(framesPerSecond: 30)) }
/// let file = try PNGEncoder.encode(PNGAnimation(frames: frames))
/// let back = try PNGDecoder.decodeAnimation(file, maximumPixels: 1 << 26)
/// ```
public struct PNGAnimation: Sendable, Hashable {
    /// The frames, in the order they play; at least one, all of one size.
    public var frames: [PNGAnimationFrame]
    /// How many times the animation plays; 0 plays it forever.
    public var plays: UInt32

    /// Creates an animation.
    public init(frames: [PNGAnimationFrame], plays: UInt32 = 0) {
        self.frames = frames
        self.plays = plays
    }

    /// The width of the canvas in pixels (that of the first frame; 0 without frames).
    public var width: Int { frames.first?.image.width ?? 0 }

    /// The height of the canvas in pixels (that of the first frame; 0 without frames).
    public var height: Int { frames.first?.image.height ?? 0 }
}
