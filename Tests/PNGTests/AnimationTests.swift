import Foundation
import Testing
import _TrellisTestSupport

@testable import TrellisPNG

/// Animated PNG: the encoder's files read back frame for frame, and the decoder agrees with
/// apngdis, the APNG project's disassembler, on files Pillow wrote (every dispose and blend
/// operation, a palette).
@Suite struct AnimationTests {
    /// An 8 × 6 image filled with one colour, with an optional rectangle of another.
    private func image(
        _ fill: [UInt8], _ rect: (x: Int, y: Int, w: Int, h: Int)? = nil, _ color: [UInt8] = []
    ) throws -> PNGImage {
        var pixels = [UInt8]()
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = rect.map {
                    x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h
                }
                pixels += inside == true ? color : fill
            }
        }
        return try PNGImage(width: 8, height: 6, pixels: pixels)
    }

    private func chunks(_ bytes: [UInt8]) throws -> [PNGChunk] { try PNGFile(bytes).chunks }

    private func uint32(_ chunk: PNGChunk, _ at: Int) -> Int {
        Int(PNGFile.uint32(chunk.data, at: chunk.data.startIndex + at))
    }

    /// An fcTL chunk's width, height, x and y.
    private func region(_ chunk: PNGChunk) -> [Int] {
        [uint32(chunk, 4), uint32(chunk, 8), uint32(chunk, 12), uint32(chunk, 16)]
    }

    @Test func framesReadBackWholeAndLaterFramesStoreOnlyWhatChanged() throws {
        let delay = PNGFrameDelay(framesPerSecond: 30)
        let images = [
            try image([0, 0, 255, 255]),
            try image([0, 0, 255, 255], (2, 1, 3, 2), [255, 0, 0, 128]),
            try image([0, 0, 255, 255], (5, 3, 1, 1), [0, 0, 0, 0]),
        ]
        let animation = PNGAnimation(
            frames: images.map { PNGAnimationFrame(image: $0, delay: delay) }, plays: 3)
        let bytes = try PNGEncoder.encode(animation)
        #expect(try PNGEncoder.encode(animation) == bytes)
        let list = try chunks(bytes)
        #expect(
            list.map(\.type) == [
                "IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND",
            ])
        // The second frame is the rectangle that changed; the third spans both changes.
        try #require(list.count > 6)
        #expect(region(list[4]) == [3, 2, 2, 1])
        #expect(region(list[6]) == [4, 3, 2, 1])
        let back = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 1000)
        #expect(back == animation)
        // A viewer without APNG support shows the first frame.
        #expect(try PNGDecoder.decode(bytes, maximumPixels: 1000) == images[0])
    }

    @Test func equalFramesInARowBecomeOneLongerFrame() throws {
        let a = try image([10, 20, 30, 255])
        let b = try image([10, 20, 30, 255], (0, 0, 1, 1), [1, 2, 3, 4])
        let delay = PNGFrameDelay(numerator: 1, denominator: 60)
        let bytes = try PNGEncoder.encode(
            PNGAnimation(
                frames: [a, a, a, b, b].map { PNGAnimationFrame(image: $0, delay: delay) }))
        let back = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 1000)
        #expect(back.frames.map(\.image) == [a, b])
        #expect(
            back.frames.map(\.delay) == [
                .init(numerator: 3, denominator: 60), .init(numerator: 2, denominator: 60),
            ])
        // Delays with other denominators are kept apart.
        let mixed = try PNGEncoder.encode(
            PNGAnimation(frames: [
                PNGAnimationFrame(image: a, delay: delay),
                PNGAnimationFrame(image: a, delay: .init(numerator: 1, denominator: 30)),
            ]))
        #expect(try PNGDecoder.decodeAnimation(mixed, maximumPixels: 1000).frames.count == 2)
    }

    @Test func largeFramesSpanSeveralDataChunksWithOneSequence() throws {
        let width = 700
        let height = 700
        let first = try PNGImage(
            width: width, height: height, pixels: noise(width: width, height: height, seed: 1))
        let second = try PNGImage(
            width: width, height: height, pixels: noise(width: width, height: height, seed: 2))
        let delay = PNGFrameDelay(framesPerSecond: 24)
        let bytes = try PNGEncoder.encode(
            PNGAnimation(
                frames: [first, second].map { PNGAnimationFrame(image: $0, delay: delay) }))
        let types = try chunks(bytes).map(\.type)
        #expect(types.filter { $0 == "IDAT" }.count >= 2)
        #expect(types.filter { $0 == "fdAT" }.count >= 2)
        let back = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 2 * width * height)
        #expect(back.frames.map(\.image) == [first, second])
        #expect(throws: PNGError.self) {
            try PNGDecoder.decodeAnimation(bytes, maximumPixels: 2 * width * height - 1)
        }
    }

    @Test func frameDelaysFromFrameRates() {
        #expect(PNGFrameDelay(framesPerSecond: 30) == .init(numerator: 1, denominator: 30))
        #expect(PNGFrameDelay(framesPerSecond: 29.97) == .init(numerator: 334, denominator: 10_000))
        #expect(
            PNGFrameDelay(framesPerSecond: 0.1) == .init(numerator: UInt16.max, denominator: 10_000)
        )
        #expect(PNGFrameDelay(numerator: 3, denominator: 0).seconds == 0.03)
    }

    @Test func theDecoderAgreesWithTheAPNGDisassemblerOnEveryDisposeAndBlendOperation() throws {
        let answers = try JSONSerialization.jsonObject(with: Data(fixture("apng-frames.json")))
        let files = try #require(answers as? [String: Any])
        for name in ["apng-rgba-8x6.png", "apng-palette-8x6.png"] {
            let expected = try #require(files[name] as? [String: Any])
            let frames = try #require(expected["frames"] as? [[String: Any]])
            let animation = try PNGDecoder.decodeAnimation(try fixture(name), maximumPixels: 1000)
            #expect(animation.plays == UInt32(try #require(expected["plays"] as? Int)), "\(name)")
            #expect(animation.frames.count == frames.count, "\(name)")
            for (index, (frame, answer)) in zip(animation.frames, frames).enumerated() {
                let hex = try #require(answer["rgba"] as? String)
                let pixels = stride(from: 0, to: hex.count, by: 2).map { offset in
                    let start = hex.index(hex.startIndex, offsetBy: offset)
                    return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
                }
                // "Over" rounds to within one step of Pillow's arithmetic.
                let worst =
                    zip(frame.image.pixels, pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 1, "\(name) frame \(index): off by \(worst)")
                let milliseconds = try #require(answer["milliseconds"] as? Double)
                #expect(
                    abs(frame.delay.seconds * 1000 - milliseconds) < 1e-9, "\(name) frame \(index)")
            }
        }
    }

    @Test func aStillPNGIsOneFrame() throws {
        let still = try image([1, 2, 3, 4])
        let bytes = try PNGEncoder.encode(rgba: still.pixels, width: 8, height: 6)
        let animation = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 100)
        #expect(animation.frames.map(\.image) == [still])
    }

    @Test func theEncoderRefusesWhatItCannotWrite() throws {
        #expect(throws: PNGError(.invalidArgument, "an animation needs at least one frame")) {
            try PNGEncoder.encode(PNGAnimation(frames: []))
        }
        let small = try PNGImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
        let delay = PNGFrameDelay(framesPerSecond: 10)
        #expect(
            throws: PNGError(
                .invalidArgument,
                "frame 1 is 1×1 pixels; the animation is 8×6, and every frame must be")
        ) {
            try PNGEncoder.encode(
                PNGAnimation(frames: [
                    PNGAnimationFrame(image: try image([0, 0, 0, 0]), delay: delay),
                    PNGAnimationFrame(image: small, delay: delay),
                ]))
        }
        #expect(throws: PNGError.self) { try PNGImage(width: 2, height: 2, pixels: [0]) }
    }

    /// The encoder's file with one chunk's data changed (and its CRC made right again).
    private func altered(
        _ bytes: [UInt8], chunk index: Int, _ change: (inout [UInt8]) -> Void
    ) throws -> [UInt8] {
        let list = try chunks(bytes)
        var rebuilt = PNGFile.signature
        for (position, chunk) in list.enumerated() {
            var data = Array(chunk.data)
            if position == index { change(&data) }
            PNGEncoder.appendChunk(chunk.type, data, to: &rebuilt)
        }
        return rebuilt
    }

    @Test func hostileAnimationsAreRefusedWithWhatIsWrongAndWhere() throws {
        let delay = PNGFrameDelay(framesPerSecond: 30)
        let frames = [
            try image([0, 0, 255, 255]), try image([0, 0, 255, 255], (1, 1, 2, 2), [9, 9, 9, 9]),
        ]
        let good = try PNGEncoder.encode(
            PNGAnimation(frames: frames.map { PNGAnimationFrame(image: $0, delay: delay) }))
        // Chunks: IHDR 0, acTL 1, fcTL 2, IDAT 3, fcTL 4, fdAT 5, IEND 6.
        let cases: [(String, Int, (inout [UInt8]) -> Void)] = [
            ("claims 3 frames, but the file has 2", 1, { $0[3] = 3 }),
            ("claims 0 frames", 1, { $0[3] = 0 }),
            ("has sequence number 7, not 1", 4, { $0[3] = 7 }),
            ("has sequence number 9, not 2", 5, { $0[3] = 9 }),
            ("outside the 8×6 canvas", 4, { $0[15] = 7 }),
            ("outside the 8×6 canvas", 4, { $0[7] = 0 }),
            ("does not cover the whole canvas", 2, { $0[7] = 7 }),
            ("APNG defines dispose 0 to 2", 4, { $0[24] = 3 }),
            ("has 25 bytes, not 26", 4, { $0.removeLast() }),
            ("holds no image data", 5, { $0 = Array($0.prefix(4)) }),
            ("frame 1 (fcTL at byte", 5, { $0.replaceSubrange(4..., with: [1, 2, 3]) }),
        ]
        for (message, index, change) in cases {
            let bytes = try altered(good, chunk: index, change)
            do {
                _ = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 1000)
                Issue.record("accepted a file that \(message)")
            } catch {
                #expect(error.kind == .malformed)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(throws: PNGError.self) {
            try PNGDecoder.decodeAnimation(Array(good.dropLast(5)), maximumPixels: 1000)
        }
        #expect(
            throws: PNGError(.tooLarge, "2 frames of 8×6 pixels are over the limit of 95 pixels")
        ) {
            try PNGDecoder.decodeAnimation(good, maximumPixels: 95)
        }
    }
}
