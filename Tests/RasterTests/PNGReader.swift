import CZlib
import Testing

/// A strict reader of the PNGs the raster backend writes, for checking them in tests.
struct PNGReader {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    var chunks: [Chunk] = []
    var width = 0
    var height = 0
    var bitDepth = 0
    var colorType = 0
    /// Straight RGBA pixels, decompressed and unfiltered.
    var pixels: [UInt8] = []
    /// The filter type of each row.
    var filterTypes: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "no PNG signature")
        }
        var offset = 8
        func u32(_ at: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        while offset + 12 <= bytes.count {
            let length = u32(offset)
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = typeAndData.withUnsafeBufferPointer {
                crc32(0, $0.baseAddress, uInt($0.count))
            }
            guard crc == UInt(u32(offset + 8 + length)) else {
                throw Failure(description: "bad CRC at \(offset)")
            }
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                    data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        guard offset == bytes.count, chunks.first?.type == "IHDR", chunks.last?.type == "IEND"
        else { throw Failure(description: "bad chunk layout") }
        let header = chunks[0].data
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        bitDepth = Int(header[8])
        colorType = Int(header[9])
        try decodePixels()
    }

    private mutating func decodePixels() throws {
        var compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var length = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeMutableBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(length) == raw.count else {
            throw Failure(description: "zlib status \(status)")
        }
        pixels = [UInt8](repeating: 0, count: height * rowBytes)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            filterTypes.append(filter)
            for i in 0..<rowBytes {
                let x = raw[y * (rowBytes + 1) + 1 + i]
                let a = i >= 4 ? pixels[y * rowBytes + i - 4] : 0
                let b = y > 0 ? pixels[(y - 1) * rowBytes + i] : 0
                let c = i >= 4 && y > 0 ? pixels[(y - 1) * rowBytes + i - 4] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                case 4:
                    let p = Int(a) + Int(b) - Int(c)
                    let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "filter \(filter)")
                }
                pixels[y * rowBytes + i] = x &+ predicted
            }
        }
    }
}
