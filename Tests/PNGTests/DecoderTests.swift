import Testing

@testable import TrellisPNG

@Suite struct DecoderTests {
    @Test(
        arguments: [
            (
                "gray-1bit-8x2.png", 8, 2,
                [255, 0, 255, 0, 255, 0, 255, 0, 255, 255, 255, 255, 0, 0, 0, 0].flatMap {
                    [$0, $0, $0, 255] as [UInt8]
                }
            ),
            ("palette-trns-3x1.png", 3, 1, [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0]),
            ("gray-alpha-2x1.png", 2, 1, [64, 64, 64, 255, 192, 192, 192, 128]),
            ("rgba16-2x1.png", 2, 1, [255, 0, 0, 255, 0, 255, 0, 128]),
            (
                "interlaced-rgba-5x5.png", 5, 5,
                (0..<5).flatMap { y in
                    (0..<5).flatMap { x in [UInt8(x * 50), UInt8(y * 50), 100, 255] }
                }
            ),
        ] as [(String, Int, Int, [UInt8])])
    func everyFormatDecodesToEightBitRGBA(name: String, width: Int, height: Int, pixels: [UInt8])
        throws
    {
        let image = try PNGDecoder.decode(fixture(name), maximumPixels: testLimit)
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == pixels)
    }

    @Test func encodedPixelsDecodeToTheSamePixels() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let image = try PNGDecoder.decode(png, maximumPixels: testLimit)
        #expect(image.width == 3 && image.height == 2)
        #expect(image.pixels == sixPixels)
    }

    @Test func theStructureIsReadWithoutDecoding() throws {
        let file = try PNGFile(fixture("palette-trns-3x1.png"))
        #expect(file.header.width == 3 && file.header.height == 1)
        #expect(file.header.bitDepth == 8 && file.header.colorType == .indexed)
        #expect(!file.header.isInterlaced && file.header.bitsPerPixel == 8)
        #expect(file.chunks.map(\.type) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        #expect(file.chunks.map(\.offset).prefix(3) == [8, 33, 54])
        try #require(file.chunks.count > 2)
        #expect(Array(file.chunks[2].data) == [255, 128, 0])
        let interlaced = try PNGFile(fixture("interlaced-rgba-5x5.png")).header
        #expect(interlaced.isInterlaced && interlaced.bitsPerPixel == 32)
    }

    // MARK: Hostile input

    @Test func everyTruncationIsAnErrorThatSaysSo() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        #expect(decodingError([])?.message == "the data is empty")
        for length in 1..<png.count {
            let error = try #require(decodingError(Array(png.prefix(length))), "\(length) bytes")
            #expect(error.kind == .malformed)
            #expect(error.message.hasPrefix("truncated: the data ends "), "\(length): \(error)")
        }
        // Signature and header, and nothing after them.
        let error = try #require(decodingError(Array(png.prefix(33))))
        #expect(error.message == "truncated: the data ends after 33 bytes, before the IEND chunk")
    }

    @Test func everyCorruptedByteIsAnErrorNotACrash() throws {
        let png = try PNGEncoder.encode(
            rgba: noise(width: 5, height: 4, seed: 9), width: 5, height: 4)
        let chunks = try PNGFile(png).chunks
        for index in png.indices {
            var corrupted = png
            corrupted[index] ^= 0x20
            let error = try #require(decodingError(corrupted), "byte \(index)")
            // A changed byte in a chunk's type, data or CRC is a bad CRC, or a type that is no
            // longer letters.
            if let chunk = chunks.first(where: {
                $0.offset + 4 <= index && index < $0.offset + 12 + $0.data.count
            }) {
                #expect(
                    error.message.contains("chunk at byte \(chunk.offset) has a bad CRC")
                        || error.message.contains("chunk at byte \(chunk.offset) has no valid type"),
                    "byte \(index): \(error)")
            }
        }
    }

    @Test func aBadCRCNamesTheChunkAndBothValues() throws {
        var builder = PNGBuilder()
        builder.chunk("IHDR", PNGBuilder.header(width: 1, height: 1), crc: 0x1234_5678)
        #expect(
            decodingError(builder.bytes)?.message
                == "the IHDR chunk at byte 8 has a bad CRC (stored 0x12345678, computed 0x1F15C489)"
        )
    }

    @Test func aHugeImageIsRefusedBeforeItsPixelsAreAllocated() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let huge = try PNGBuilder.replacing(
            "IHDR", in: png, with: PNGBuilder.header(width: 100_000, height: 100_000))
        #expect(
            decodingError(huge)
                == PNGError(
                    .tooLarge, "the image is 100000×100000 pixels, over the limit of 67108864"))
        let widest = try PNGBuilder.replacing(
            "IHDR", in: png, with: PNGBuilder.header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
        #expect(decodingError(widest, limit: .max)?.kind == .tooLarge)
    }

    @Test func aHeaderThatClaimsMoreThanItsDataCanHoldIsRefused() throws {
        // 8,000 × 8,000 is under the limit, but 30 bytes of deflate cannot inflate to 256 MB.
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let claim = try PNGBuilder.replacing(
            "IHDR", in: png, with: PNGBuilder.header(width: 8_000, height: 8_000))
        let error = try #require(decodingError(claim))
        #expect(error.kind == .malformed)
        #expect(
            error.message.hasSuffix(
                "bytes of image data cannot hold a 8000×8000 image: the data is truncated, or the header is wrong"
            ))
    }

    @Test func imageDataThatDoesNotInflateIsLibpngsError() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let garbage = try PNGBuilder.replacing(
            "IDAT", in: png, with: [0x78, 0xDA, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x13, 0x37])
        let error = try #require(decodingError(garbage))
        #expect(error.kind == .malformed)
        #expect(error.message.hasPrefix("the image does not decode (libpng: "), "\(error)")
    }

    @Test(arguments: [
        (
            PNGBuilder.header(width: 0, height: 2),
            "the image is 0×2 pixels; a PNG has at least one pixel a side"
        ),
        (
            PNGBuilder.header(width: 0x8000_0000, height: 1),
            "the image is 2147483648×1 pixels; a PNG has at most 2147483647 a side"
        ),
        (PNGBuilder.header(width: 1, height: 1, color: 5), "colour type 5 is not one PNG defines"),
        (
            PNGBuilder.header(width: 1, height: 1, depth: 4, color: 2),
            "bit depth 4 is not allowed with colour type truecolor"
        ),
        (
            PNGBuilder.header(width: 1, height: 1, interlace: 2),
            "interlace method 2 is neither none (0) nor Adam7 (1)"
        ),
        (
            Array(PNGBuilder.header(width: 1, height: 1).prefix(12)),
            "the IHDR chunk has 12 bytes, not 13"
        ),
    ])
    func aBadHeaderIsNamed(header: [UInt8], message: String) throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        #expect(
            decodingError(try PNGBuilder.replacing("IHDR", in: png, with: header))
                == PNGError(.malformed, message))
    }

    @Test func theChunksMustBeInPlace() throws {
        var noHeader = PNGBuilder()
        noHeader.chunk("IDAT", [])
        #expect(decodingError(noHeader.bytes)?.message == "the first chunk is IDAT, not IHDR")

        var noData = PNGBuilder()
        noData.chunk("IHDR", PNGBuilder.header(width: 1, height: 1))
        noData.chunk("IEND", [])
        #expect(
            decodingError(noData.bytes)?.message == "no IDAT chunk: the file holds no image data")

        var twoHeaders = PNGBuilder()
        twoHeaders.chunk("IHDR", PNGBuilder.header(width: 1, height: 1))
        twoHeaders.chunk("IHDR", PNGBuilder.header(width: 1, height: 1))
        #expect(decodingError(twoHeaders.bytes)?.message == "a second IHDR chunk at byte 33")

        var hugeChunk = PNGBuilder()
        hugeChunk.chunk("IHDR", PNGBuilder.header(width: 1, height: 1))
        hugeChunk.chunk("tEXt", [], length: 0xFFFF_FFF0)
        #expect(
            decodingError(hugeChunk.bytes)?.message
                == "the tEXt chunk at byte 33 claims 4294967280 bytes, more than a chunk may hold")

        var badType = PNGBuilder()
        badType.chunk("IHDR", PNGBuilder.header(width: 1, height: 1))
        badType.chunk("I D@", [])
        #expect(
            decodingError(badType.bytes)?.message
                == "the chunk at byte 33 has no valid type (0x49 0x20 0x44 0x40)")
    }

    @Test func anythingButAPNGIsRefused() {
        #expect(
            decodingError(Array("hello, world".utf8))?.message
                == "not a PNG: the data does not start with its signature")
        #expect(
            decodingError(Array(PNGFile.signature.prefix(5)))?.message
                == "truncated: the data ends inside the PNG signature")
    }

    @Test func bytesAfterTheEndAreIgnored() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let image = try PNGDecoder.decode(png + Array("trailing".utf8), maximumPixels: testLimit)
        #expect(image.pixels == sixPixels)
    }
}
