import Testing

@testable import TrellisPNG

@Suite struct EncoderTests {
    @Test func theSamePixelsGiveTheSameBytes() throws {
        let pixels = noise(width: 61, height: 37, seed: 1)
        let first = try PNGEncoder.encode(rgba: pixels, width: 61, height: 37)
        let second = try PNGEncoder.encode(rgba: pixels, width: 61, height: 37)
        #expect(first == second)
    }

    /// The exact bytes of a small image, so that any change to the encoder's output (a filter
    /// choice, the compression level, a chunk) shows: snapshots compare PNG bytes. The zlib
    /// stream is Python's `zlib.compressobj(4)` of the filtered rows, byte for byte (`785E`
    /// opens a stream of levels 2 to 5).
    @Test func aSmallImageHasTheseBytes() throws {
        let png = try PNGEncoder.encode(rgba: sixPixels, width: 3, height: 2)
        let hex = png.map { String($0, radix: 16, uppercase: true) }
            .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(
            hex
                == "89504E470D0A1A0A0000000D49484452000000030000000208060000009D74661A"
                + "0000001C49444154785E63FACFC0F01F0C19FE03C9FFFF1B18804040C1C0010098"
                + "7B0A1A9F90C1AD0000000049454E44AE426082")
    }

    @Test func anOpaqueImageIsStillEightBitRGBAWithOnlyTheNeededChunks() throws {
        let red = Array([[UInt8]](repeating: [255, 0, 0, 255], count: 20 * 10).joined())
        let file = try PNGFile(PNGEncoder.encode(rgba: red, width: 20, height: 10))
        #expect(file.header.width == 20 && file.header.height == 10)
        #expect(file.header.bitDepth == 8 && file.header.colorType == .truecolorAlpha)
        #expect(!file.header.isInterlaced)
        #expect(file.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    }

    @Test(arguments: [(1, 1), (3, 2), (61, 37), (1, 300), (300, 1)])
    func noisyTranslucentPixelsDecodeToTheSamePixels(width: Int, height: Int) throws {
        let pixels = noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        let png = try PNGEncoder.encode(rgba: pixels, width: width, height: height)
        let image = try PNGDecoder.decode(png, maximumPixels: testLimit)
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == pixels)
    }

    @Test func rowsWrittenOnDemandGiveTheBytesOfTheWholeBuffer() throws {
        let pixels = noise(width: 40, height: 30, seed: 7)
        var asked: [Int] = []
        let fromRows = try PNGEncoder.encode(width: 40, height: 30) { y, row in
            asked.append(y)
            #expect(row.count == 160)
            for i in 0..<160 { row[i] = pixels[y * 160 + i] }
        }
        #expect(asked == Array(0..<30))
        #expect(try fromRows == PNGEncoder.encode(rgba: pixels, width: 40, height: 30))
    }

    @Test func aStreamOverAMebibyteIsSplitIntoChunksOfAMebibyte() throws {
        // Noise does not compress: 600 × 600 × 4 bytes are about 1.4 MiB compressed too.
        let pixels = noise(width: 600, height: 600, seed: 3)
        let png = try PNGEncoder.encode(rgba: pixels, width: 600, height: 600)
        let file = try PNGFile(png)
        let data = file.chunks.filter { $0.type == "IDAT" }
        #expect(data.count == 2)
        #expect(data.first?.data.count == PNGEncoder.maximumChunk)
        #expect(try PNGDecoder.decode(png, maximumPixels: testLimit).pixels == pixels)
    }

    @Test(arguments: [
        (0, 2, 0, "cannot encode 0×2 pixels: a PNG has 1 to 2147483647 pixels a side"),
        (2, 2, 15, "cannot encode 2×2 pixels from 15 bytes"),
        (-1, -4, 16, "cannot encode -1×-4 pixels from 16 bytes"),
    ])
    func badDimensionsAreRefused(width: Int, height: Int, count: Int, message: String) {
        #expect {
            _ = try PNGEncoder.encode(
                rgba: [UInt8](repeating: 0, count: count), width: width, height: height)
        } throws: { error in
            (error as? PNGError) == PNGError(.invalidArgument, message)
        }
    }

    /// Noise, a gradient and flat runs: rows of each make a different filter the best.
    @Test func everyKindOfRowFindsItsFilter() {
        let width = 64
        let rowBytes = width * 4
        var rows: [[UInt8]] = []
        rows.append([UInt8](repeating: 0, count: rowBytes))
        rows.append(noise(width: width, height: 1, seed: 11))
        rows.append((0..<rowBytes).map { UInt8(truncatingIfNeeded: $0 / 4 * 3) })  // horizontal
        rows.append(rows[2].map { $0 &+ 9 })  // the same ramp, shifted: vertical
        rows.append(rows[3])  // repeated
        rows.append((0..<rowBytes).map { UInt8(truncatingIfNeeded: ($0 / 4) * ($0 / 4)) })
        rows.append(noise(width: width, height: 1, seed: 12))
        var kinds: Set<UInt8> = []
        var output = [UInt8](repeating: 0, count: rowBytes + 1)
        for index in 1..<rows.count {
            rows[index].withUnsafeBufferPointer { row in
                rows[index - 1].withUnsafeBufferPointer { previous in
                    output.withUnsafeMutableBufferPointer { out in
                        guard let row = row.baseAddress, let previous = previous.baseAddress,
                            let out = out.baseAddress
                        else { return }
                        RowFilter.filter(row, previous: previous, count: rowBytes, into: out)
                    }
                }
            }
            kinds.insert(output[0])
        }
        #expect(kinds.count >= 3, "\(kinds)")
    }
}
