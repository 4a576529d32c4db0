extension PNGEncoder {
    /// Encodes an animated PNG (APNG), the same bytes for the same frames on every run.
    ///
    /// The first frame is the file's image, so a viewer without APNG support shows it. Each
    /// later frame is stored as only the rectangle in which it differs from the frame before
    /// (APNG's `fcTL` with dispose "none" and blend "source"); a frame equal to the one before
    /// lengthens that frame's delay instead of being stored, when the two delays share a
    /// denominator. Rows are filtered and compressed as ``encode(rgba:width:height:)`` does.
    ///
    /// ```swift
    /// let delay = PNGFrameDelay(framesPerSecond: 30)
    /// let file = try PNGEncoder.encode(
    ///     PNGAnimation(frames: images.map { PNGAnimationFrame(image: $0, delay: delay) }))
    /// ```
    ///
    /// - Parameter animation: At least one frame, all of one size.
    /// - Returns: The APNG file: `IHDR`, `acTL`, the first frame's `fcTL` and `IDAT`, then
    ///   `fcTL` and `fdAT` for each later frame, and `IEND`.
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/invalidArgument`` when there are no
    ///   frames or their sizes differ, and of kind ``PNGError/Kind/resource`` when zlib fails.
    /// - Complexity: O(*frames* × *width* × *height*).
    public static func encode(_ animation: PNGAnimation) throws(PNGError) -> [UInt8] {
        guard let first = animation.frames.first else {
            throw PNGError(.invalidArgument, "an animation needs at least one frame")
        }
        var encoder = PNGAnimationEncoder(
            width: first.image.width, height: first.image.height, plays: animation.plays)
        for frame in animation.frames {
            try encoder.append(frame.image, delay: frame.delay)
        }
        return try encoder.finish()
    }
}
