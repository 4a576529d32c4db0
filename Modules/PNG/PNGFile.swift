import CZlib

/// One chunk of a PNG file.
public struct PNGChunk: Sendable, Hashable {
    /// The chunk type: four ASCII letters, such as `IHDR`.
    public let type: String
    /// The chunk's data, without its length, type and CRC: a slice of the file's bytes.
    public let data: ArraySlice<UInt8>
    /// Where the chunk starts in the file (its length field), in bytes.
    public let offset: Int
}

/// A PNG file's image header, the IHDR chunk.
public struct PNGHeader: Sendable, Hashable {
    /// How a pixel is stored (ISO 15948 §11.2.2).
    public enum ColorType: UInt8, Sendable, Hashable, CaseIterable {
        /// One grey sample.
        case grayscale = 0
        /// Red, green and blue samples.
        case truecolor = 2
        /// An index into the palette.
        case indexed = 3
        /// A grey sample and an alpha sample.
        case grayscaleAlpha = 4
        /// Red, green, blue and alpha samples.
        case truecolorAlpha = 6

        /// The samples in a pixel.
        public var channels: Int {
            switch self {
            case .grayscale, .indexed: 1
            case .grayscaleAlpha: 2
            case .truecolor: 3
            case .truecolorAlpha: 4
            }
        }

        /// The bit depths PNG allows with this colour type.
        public var bitDepths: [Int] {
            switch self {
            case .grayscale: [1, 2, 4, 8, 16]
            case .indexed: [1, 2, 4, 8]
            case .truecolor, .grayscaleAlpha, .truecolorAlpha: [8, 16]
            }
        }
    }

    /// The width in pixels, 1 to 2³¹ − 1.
    public let width: Int
    /// The height in pixels, 1 to 2³¹ − 1.
    public let height: Int
    /// Bits per sample (per palette index for indexed colour).
    public let bitDepth: Int
    /// How a pixel is stored.
    public let colorType: ColorType
    /// Whether the image is stored in Adam7's seven passes.
    public let isInterlaced: Bool

    /// Bits per pixel.
    public var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// Reads and checks an IHDR chunk's data.
    ///
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/malformed`` naming the field that is out
    ///   of range.
    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else {
            throw PNGError(.malformed, "the IHDR chunk has \(data.count) bytes, not 13")
        }
        let start = data.startIndex
        let width = Int(PNGFile.uint32(data, at: start))
        let height = Int(PNGFile.uint32(data, at: start + 4))
        let limit = PNGFile.maximumLength
        guard width > 0, height > 0 else {
            throw PNGError(
                .malformed,
                "the image is \(width)×\(height) pixels; a PNG has at least one pixel a side")
        }
        guard width <= limit, height <= limit else {
            throw PNGError(
                .malformed,
                "the image is \(width)×\(height) pixels; a PNG has at most \(limit) a side")
        }
        let depth = Int(data[start + 8])
        guard let colorType = ColorType(rawValue: data[start + 9]) else {
            throw PNGError(.malformed, "colour type \(data[start + 9]) is not one PNG defines")
        }
        guard colorType.bitDepths.contains(depth) else {
            throw PNGError(
                .malformed, "bit depth \(depth) is not allowed with colour type \(colorType)")
        }
        guard data[start + 10] == 0 else {
            throw PNGError(
                .malformed, "compression method \(data[start + 10]) is not deflate (0)")
        }
        guard data[start + 11] == 0 else {
            throw PNGError(
                .malformed, "filter method \(data[start + 11]) is not adaptive filtering (0)")
        }
        guard data[start + 12] <= 1 else {
            throw PNGError(
                .malformed,
                "interlace method \(data[start + 12]) is neither none (0) nor Adam7 (1)")
        }
        self.width = width
        self.height = height
        bitDepth = depth
        self.colorType = colorType
        isInterlaced = data[start + 12] == 1
    }
}

/// A PNG file read chunk by chunk and checked, without decoding its image.
///
/// The checks are those of the file's structure, made before anything is allocated for the
/// image: the signature; every chunk complete, with a valid type and the CRC its bytes give;
/// IHDR first, with a width, height, bit depth, colour type and methods that PNG allows; at
/// least one IDAT chunk; and IEND, after which anything is ignored. ``PNGDecoder`` makes them
/// before it decodes.
///
/// ```swift
/// let file = try PNGFile(bytes)
/// print(file.header.width, file.header.height, file.chunks.map(\.type))
/// // 20 10 ["IHDR", "IDAT", "IEND"]
/// ```
public struct PNGFile: Sendable, Hashable {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest chunk length, width and height a PNG may have: 2³¹ − 1.
    public static let maximumLength = 0x7FFF_FFFF

    /// The image header.
    public let header: PNGHeader
    /// Every chunk from IHDR to IEND, in order.
    public let chunks: [PNGChunk]

    /// Reads the chunks of a file and checks them.
    ///
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/malformed`` saying what is wrong and at
    ///   which byte.
    /// - Complexity: O(*n*) for *n* bytes (the CRCs).
    public init(_ bytes: [UInt8]) throws(PNGError) {
        var chunks: [PNGChunk] = []
        header = try PNGFile.walk(bytes) { chunks.append($0) }
        self.chunks = chunks
    }

    /// Reads and checks every chunk from IHDR to IEND, handing each to `visit`, and returns the
    /// header.
    ///
    /// - Throws: ``PNGError`` of kind ``PNGError/Kind/malformed``.
    static func walk(_ bytes: [UInt8], _ visit: (PNGChunk) -> Void) throws(PNGError) -> PNGHeader {
        guard bytes.starts(with: signature) else {
            if bytes.isEmpty { throw PNGError(.malformed, "the data is empty") }
            if signature.starts(with: bytes) {
                throw PNGError(
                    .malformed, "truncated: the data ends inside the PNG signature")
            }
            throw PNGError(.malformed, "not a PNG: the data does not start with its signature")
        }
        var offset = signature.count
        var header: PNGHeader?
        var hasImageData = false
        while true {
            let remaining = bytes.count - offset
            guard remaining >= 12 else {
                throw PNGError(
                    .malformed,
                    remaining == 0
                        ? "truncated: the data ends after \(offset) bytes, before the IEND chunk"
                        : "truncated: the data ends inside the chunk at byte \(offset)")
            }
            let length = Int(uint32(bytes[...], at: offset))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            else {
                let codes = typeBytes.map { "0x" + String($0, radix: 16, uppercase: true) }
                throw PNGError(
                    .malformed,
                    "the chunk at byte \(offset) has no valid type (\(codes.joined(separator: " ")))"
                )
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= maximumLength else {
                throw PNGError(
                    .malformed,
                    "the \(type) chunk at byte \(offset) claims \(length) bytes, more than a "
                        + "chunk may hold")
            }
            guard length <= remaining - 12 else {
                throw PNGError(
                    .malformed,
                    "truncated: the data ends inside the \(type) chunk at byte \(offset), which "
                        + "claims \(length) bytes")
            }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            let stored = uint32(bytes[...], at: offset + 8 + length)
            var crc = ChunkCRC()
            crc.update(bytes[(offset + 4)..<(offset + 8 + length)])
            guard crc.value == stored else {
                throw PNGError(
                    .malformed,
                    "the \(type) chunk at byte \(offset) has a bad CRC (stored \(hex(stored)), "
                        + "computed \(hex(crc.value)))")
            }
            let chunk = PNGChunk(type: type, data: data, offset: offset)
            if let header {
                guard type != "IHDR" else {
                    throw PNGError(.malformed, "a second IHDR chunk at byte \(offset)")
                }
                if type == "IDAT" { hasImageData = true }
                visit(chunk)
                if type == "IEND" {
                    guard hasImageData else {
                        throw PNGError(.malformed, "no IDAT chunk: the file holds no image data")
                    }
                    return header
                }
            } else {
                guard type == "IHDR" else {
                    throw PNGError(.malformed, "the first chunk is \(type), not IHDR")
                }
                header = try PNGHeader(data)
                visit(chunk)
            }
            offset += 12 + length
        }
    }

    /// The big-endian 32-bit number at an index.
    static func uint32(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
            | UInt32(bytes[index + 3])
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// The CRC-32 that closes a chunk, over its type and data (ISO 15948 §5.5), with zlib's
/// `crc32`.
struct ChunkCRC {
    /// The CRC of the bytes so far.
    private(set) var value: UInt32 = 0

    /// Adds bytes to the CRC.
    mutating func update(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        let current = uLong(value)
        let updated =
            bytes.withContiguousStorageIfAvailable { buffer in
                crc32(current, buffer.baseAddress, uInt(buffer.count))
            }
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                crc32(current, buffer.baseAddress, uInt(buffer.count))
            }
        value = UInt32(truncatingIfNeeded: updated)
    }
}
