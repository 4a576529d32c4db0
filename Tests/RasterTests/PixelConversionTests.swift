import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer
import _TrellisTestSupport

/// The straight RGBA bytes of one premultiplied ARGB32 pixel, computed the plain way: three
/// divisions rounded to nearest and clamped, zeros for a transparent pixel.
private func referenceStraight(_ pixel: UInt32) -> [UInt8] {
    let alpha = pixel >> 24
    if alpha == 0 { return [0, 0, 0, 0] }
    return [pixel >> 16 & 255, pixel >> 8 & 255, pixel & 255].map { channel in
        alpha == 255 ? UInt8(channel) : UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
    } + [UInt8(alpha)]
}

/// Runs the renderer's conversion over a row, into a buffer at `offset` bytes from an aligned
/// start (to exercise unaligned stores), and returns the bytes it wrote.
private func converted(_ row: [UInt32], offset: Int = 0) -> [UInt8] {
    var out = [UInt8](repeating: 0xA5, count: row.count * 4 + offset + 4)
    row.withUnsafeBufferPointer { source in
        out.withUnsafeMutableBufferPointer { destination in
            guard let from = source.baseAddress, let to = destination.baseAddress else { return }
            PixelConversion.unpremultiply(row: from, into: to + offset, width: row.count)
        }
    }
    #expect(out[..<offset].allSatisfy { $0 == 0xA5 }, "wrote before the row")
    #expect(out[(offset + row.count * 4)...].allSatisfy { $0 == 0xA5 }, "wrote past the row")
    return Array(out[offset..<(offset + row.count * 4)])
}

@Suite struct PixelConversionTests {
    @Test func everyAlphaAndChannelValueMatchesTheDivisions() {
        var row: [UInt32] = []
        for alpha in UInt32(0)...255 {
            for channel in UInt32(0)...255 {
                // Each channel position sees every value, with the other two different.
                row.append(alpha << 24 | channel << 16 | (255 - channel) << 8 | (channel * 7 & 255))
                row.append(alpha << 24 | (channel * 3 & 255) << 16 | channel << 8 | 255 - channel)
                row.append(alpha << 24 | (255 - channel) << 16 | (channel * 5 & 255) << 8 | channel)
            }
        }
        let expected = row.flatMap(referenceStraight)
        let actual = converted(row)
        let mismatches = (0..<row.count).filter { i in
            actual[(i * 4)..<(i * 4 + 4)] != expected[(i * 4)..<(i * 4 + 4)]
        }
        #expect(mismatches.isEmpty, "first mismatch: \(mismatches.first.map { row[$0] } ?? 0)")
    }

    @Test(arguments: [0, 1, 2, 3])
    func randomRowsWithRunsMatchTheDivisions(offset: Int) {
        var generator = SeededGenerator(seed: UInt64(offset) + 42)
        for width in [0, 1, 2, 3, 7, 64, 333, 1_000] {
            var row: [UInt32] = []
            while row.count < width {
                // Runs of opaque, transparent and partly transparent pixels, of random length.
                let kind = Int.random(in: 0..<4, using: &generator)
                let length = min(width - row.count, Int.random(in: 1...40, using: &generator))
                for _ in 0..<length {
                    let colour = UInt32.random(in: 0...0xFF_FFFF, using: &generator)
                    let alpha: UInt32 =
                        switch kind {
                        case 0: 255
                        case 1: 0
                        case 2: UInt32.random(in: 1...254, using: &generator)
                        default: UInt32.random(in: 0...255, using: &generator)
                        }
                    row.append(alpha << 24 | colour)
                }
            }
            #expect(
                converted(row, offset: offset) == row.flatMap(referenceStraight), "width \(width)")
        }
    }

    @Test func renderingIntoAFrameOutputGivesTheSameBytesAndReusesIt() throws {
        let renderer = try RasterRenderer(configuration: RasterConfiguration(format: .rgba))
        let output = FrameOutput()
        for scale in [2.0, 1.0, 3.0] {
            let list = complexFrame(scale: scale)
            let encoded = list.encoded()
            let expected = try renderer.render(list)
            try encoded.withUnsafeBytes { bytes in
                try renderer.render(bytes, into: output)
            }
            #expect(Array(output.bytes) == expected, "scale \(scale)")
            #expect(output.count == 8 + Int(240 * scale) * Int(160 * scale) * 4)
        }
    }

    @Test func aMalformedListIntoAFrameOutputIsAnError() throws {
        let renderer = try RasterRenderer(configuration: RasterConfiguration(format: .rgba))
        let output = FrameOutput()
        #expect(throws: RendererError.self) {
            try [UInt8](repeating: 7, count: 16).withUnsafeBytes { bytes in
                try renderer.render(bytes, into: output)
            }
        }
    }
}
