extension PNGDecoder {
    /// Decodes an animated PNG (APNG) into its frames as they are shown, or a still PNG into one
    /// frame.
    ///
    /// Each frame is composed on the canvas as the APNG specification says: its rectangle is
    /// drawn with its blend operation ("source" replaces, "over" composites), the whole canvas
    /// is the frame, and the dispose operation ("none", "background" clears the rectangle,
    /// "previous" restores it) prepares the canvas for the next. Any bit depth and colour type
    /// is read, as ``decode(_:maximumPixels:)`` reads them.
    ///
    /// The input is treated as hostile: besides the checks of ``PNGFile``, the animation
    /// control must come before the image data, the frame count must match the frames, the
    /// sequence numbers must run 0, 1, 2, … through `fcTL` and `fdAT`, every rectangle must lie
    /// inside the canvas, and the pixels of all frames together are counted against
    /// `maximumPixels` before any is allocated.
    ///
    /// ```swift
    /// let animation = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 1 << 26)
    /// for frame in animation.frames { show(frame.image, for: frame.delay.seconds) }
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - maximumPixels: The most pixels all the frames together may have.
    /// - Returns: The frames, whole, and the play count (a still PNG gives one frame with a
    ///   zero delay, played forever).
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/tooLarge`` when the frames have more than
    ///   `maximumPixels` pixels together, and of kind ``PNGError/Kind/malformed`` saying what
    ///   is wrong and where.
    /// - Complexity: O(*n* + *frames* × *width* × *height*) for *n* bytes.
    public static func decodeAnimation(_ bytes: [UInt8], maximumPixels: Int) throws(PNGError)
        -> PNGAnimation
    {
        let file = try PNGFile(bytes)
        let layout = try AnimationLayout(file)
        let header = file.header
        let canvasPixels = header.width * header.height
        guard let control = layout.control else {
            let image = try decode(bytes, maximumPixels: maximumPixels)
            return PNGAnimation(frames: [
                PNGAnimationFrame(image: image, delay: PNGFrameDelay(numerator: 0, denominator: 1))
            ])
        }
        let (total, overflow) = canvasPixels.multipliedReportingOverflow(by: layout.frames.count)
        guard !overflow, total <= maximumPixels, total <= Int.max / 4 else {
            throw PNGError(
                .tooLarge,
                "\(layout.frames.count) frames of \(header.width)×\(header.height) pixels are "
                    + "over the limit of \(maximumPixels) pixels")
        }
        var canvas = [UInt8](repeating: 0, count: canvasPixels * 4)
        var frames: [PNGAnimationFrame] = []
        frames.reserveCapacity(layout.frames.count)
        for (index, frame) in layout.frames.enumerated() {
            let region = try decodeRegion(frame, of: file)
            let saved =
                frame.dispose == 2 && index > 0
                ? copy(frame, from: canvas, width: header.width) : nil
            draw(region, frame, onto: &canvas, width: header.width)
            frames.append(
                PNGAnimationFrame(
                    image: PNGImage(
                        checkedWidth: header.width, height: header.height, pixels: canvas),
                    delay: frame.delay))
            if let saved {
                paste(saved, frame, onto: &canvas, width: header.width)
            } else if frame.dispose != 0 {
                clear(frame, in: &canvas, width: header.width)
            }
        }
        return PNGAnimation(frames: frames, plays: control.plays)
    }

    /// Decodes one frame's rectangle: its image data wrapped in a PNG of the rectangle's size
    /// with the file's colour chunks.
    private static func decodeRegion(_ frame: AnimationLayout.Frame, of file: PNGFile)
        throws(PNGError) -> PNGImage
    {
        var bytes = PNGFile.signature
        var header = Array(file.chunks[0].data)
        for (offset, value) in [(0, frame.width), (4, frame.height)] {
            header[offset] = UInt8(truncatingIfNeeded: value >> 24)
            header[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
            header[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
            header[offset + 3] = UInt8(truncatingIfNeeded: value)
        }
        PNGEncoder.appendChunk("IHDR", header, to: &bytes)
        for chunk in file.chunks where AnimationLayout.colorChunks.contains(chunk.type) {
            PNGEncoder.appendChunk(chunk.type, chunk.data, to: &bytes)
        }
        for data in frame.data {
            PNGEncoder.appendChunk("IDAT", data, to: &bytes)
        }
        PNGEncoder.appendChunk("IEND", [], to: &bytes)
        do {
            return try decode(bytes, maximumPixels: frame.width * frame.height)
        } catch {
            throw PNGError(
                .malformed, "frame \(frame.number) (fcTL at byte \(frame.offset)): \(error.message)"
            )
        }
    }

    /// Draws a frame's pixels into its rectangle of the canvas with its blend operation.
    private static func draw(
        _ image: PNGImage, _ frame: AnimationLayout.Frame, onto canvas: inout [UInt8], width: Int
    ) {
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let source = (y * frame.width + x) * 4
                let target = ((frame.y + y) * width + frame.x + x) * 4
                let alpha = Int(image.pixels[source + 3])
                if frame.blend == 0 || alpha == 255 {
                    for channel in 0..<4 {
                        canvas[target + channel] = image.pixels[source + channel]
                    }
                    continue
                }
                guard alpha > 0 else { continue }
                // Straight-alpha "over": a = as + ab(1 − as); c = (cs·as + cb·ab(1 − as)) / a.
                let below = Int(canvas[target + 3])
                let covered = below * (255 - alpha)
                let outAlpha = alpha * 255 + covered
                for channel in 0..<3 {
                    let value =
                        Int(image.pixels[source + channel]) * alpha * 255
                        + Int(canvas[target + channel]) * covered
                    canvas[target + channel] = UInt8((value + outAlpha / 2) / outAlpha)
                }
                canvas[target + 3] = UInt8((outAlpha + 127) / 255)
            }
        }
    }

    /// The canvas pixels under a frame's rectangle, row by row.
    private static func copy(_ frame: AnimationLayout.Frame, from canvas: [UInt8], width: Int)
        -> [UInt8]
    {
        var saved: [UInt8] = []
        saved.reserveCapacity(frame.width * frame.height * 4)
        for y in 0..<frame.height {
            let start = ((frame.y + y) * width + frame.x) * 4
            saved += canvas[start..<(start + frame.width * 4)]
        }
        return saved
    }

    /// Puts back pixels that ``copy(_:from:width:)`` took.
    private static func paste(
        _ saved: [UInt8], _ frame: AnimationLayout.Frame, onto canvas: inout [UInt8], width: Int
    ) {
        for y in 0..<frame.height {
            let start = ((frame.y + y) * width + frame.x) * 4
            let row = y * frame.width * 4
            canvas.replaceSubrange(
                start..<(start + frame.width * 4), with: saved[row..<(row + frame.width * 4)])
        }
    }

    /// Clears a frame's rectangle to transparent black.
    private static func clear(_ frame: AnimationLayout.Frame, in canvas: inout [UInt8], width: Int)
    {
        for y in 0..<frame.height {
            let start = ((frame.y + y) * width + frame.x) * 4
            for index in start..<(start + frame.width * 4) { canvas[index] = 0 }
        }
    }
}
