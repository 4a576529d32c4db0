import Foundation
import Testing
import _TrellisTestSupport

@testable import TrellisPNG

/// A file in this suite's fixtures folder, read whole.
func fixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__").appendingPathComponent(name)
    return try [UInt8](Data(contentsOf: url))
}

/// The limit the tests decode under: `Image.maximumPixels` in TrellisViews.
let testLimit = 64 * 1024 * 1024

/// Pseudo-random RGBA bytes, the same for the same seed.
func noise(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    return (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
}

/// The 3 × 2 pixels of the views suite's fixture: red, green, blue; white at half alpha,
/// transparent black and #10203040.
let sixPixels: [UInt8] = [
    255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
    255, 255, 255, 128, 0, 0, 0, 0, 16, 32, 48, 64,
]

/// Builds PNG files chunk by chunk, with correct CRCs unless told otherwise, to make the
/// malformed files a decoder must refuse.
struct PNGBuilder {
    /// The bytes so far, from the signature.
    var bytes = PNGFile.signature

    /// An IHDR chunk's data.
    static func header(
        width: UInt32, height: UInt32, depth: UInt8 = 8, color: UInt8 = 6, interlace: UInt8 = 0
    ) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [depth, color, 0, 0, interlace]
    }

    /// A 32-bit number, most significant byte first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// Appends a chunk; `length` overrides the length field, `crc` the CRC.
    mutating func chunk(_ type: String, _ data: [UInt8], length: UInt32? = nil, crc: UInt32? = nil)
    {
        var computed = ChunkCRC()
        computed.update(Array(type.utf8))
        computed.update(data)
        bytes += PNGBuilder.bigEndian(length ?? UInt32(data.count)) + Array(type.utf8) + data
        bytes += PNGBuilder.bigEndian(crc ?? computed.value)
    }

    /// The chunks of a valid file, rebuilt with one chunk's data replaced.
    static func replacing(_ type: String, in file: [UInt8], with data: [UInt8]) throws -> [UInt8] {
        var builder = PNGBuilder()
        for chunk in try PNGFile(file).chunks {
            builder.chunk(chunk.type, chunk.type == type ? data : Array(chunk.data))
        }
        return builder.bytes
    }
}

/// The error decoding a file gives, or `nil` when it decodes.
func decodingError(_ bytes: [UInt8], limit: Int = testLimit) -> PNGError? {
    do throws(PNGError) {
        _ = try PNGDecoder.decode(bytes, maximumPixels: limit)
        return nil
    } catch {
        return error
    }
}
