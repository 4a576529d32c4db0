import CZlib
import TrellisPluginKit

/// Encodes Cairo's premultiplied ARGB32 pixels as an 8-bit RGBA PNG with straight alpha.
///
/// The file holds only the chunks a PNG needs (IHDR, IDAT, IEND): no timestamp, no text, no
/// gamma, so the same pixels always give the same bytes. Each row gets the PNG filter that
/// ``RowFilter`` picks, and the rows are compressed with zlib at its default level.
enum PNGEncoder {
    /// The PNG file signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest IDAT chunk written; larger streams are split.
    static let maximumChunk = 1 << 20

    /// Encodes pixels.
    ///
    /// - Parameters:
    ///   - pixels: The first row of premultiplied ARGB32 pixels.
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - stride: Bytes from one row to the next.
    /// - Returns: The PNG file.
    /// - Throws: `RendererError` when zlib fails (out of memory).
    /// - Complexity: O(*width* × *height*).
    static func encode(
        argb32 pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int
    ) throws(RendererError) -> [UInt8] {
        var file = signature
        var header = ByteWriterBE()
        header.u32(UInt32(width))
        header.u32(UInt32(height))
        header.bytes += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header.bytes, to: &file)

        var deflater = try Deflater()
        let rowBytes = width * 4
        // Rows are unpremultiplied into a two-row ring, filtered into a band of up to 1 MiB,
        // and the band compressed.
        let bandRows = max(1, (1 << 20) / (rowBytes + 1))
        var rows = [UInt8](repeating: 0, count: rowBytes * 2)
        var band = [UInt8](repeating: 0, count: bandRows * (rowBytes + 1))
        var filled = 0
        for y in 0..<height {
            let source = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            rows.withUnsafeMutableBufferPointer { ring in
                band.withUnsafeMutableBufferPointer { out in
                    guard let ring = ring.baseAddress, let out = out.baseAddress else { return }
                    let current = ring + (y % 2) * rowBytes
                    let previous = ring + ((y + 1) % 2) * rowBytes
                    if y == 0 { previous.update(repeating: 0, count: rowBytes) }
                    PixelConversion.unpremultiply(row: source, into: current, width: width)
                    RowFilter.filter(
                        current, previous: previous, count: rowBytes,
                        into: out + filled * (rowBytes + 1))
                }
            }
            filled += 1
            if filled == bandRows {
                try deflater.compress(band[...])
                filled = 0
            }
        }
        try deflater.compress(band[0..<(filled * (rowBytes + 1))])
        let compressed = try deflater.finish()
        var offset = 0
        repeat {
            let end = min(compressed.count, offset + maximumChunk)
            appendChunk("IDAT", compressed[offset..<end], to: &file)
            offset = end
        } while offset < compressed.count
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    private static func appendChunk(
        _ type: String, _ data: some Collection<UInt8>, to file: inout [UInt8]
    ) {
        var length = ByteWriterBE()
        length.u32(UInt32(data.count))
        file += length.bytes
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = Array(data).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        file += typeBytes
        file += data
        var trailer = ByteWriterBE()
        trailer.u32(UInt32(truncatingIfNeeded: crc))
        file += trailer.bytes
    }
}

/// Big-endian integers for PNG's chunk headers.
private struct ByteWriterBE {
    var bytes: [UInt8] = []

    mutating func u32(_ value: UInt32) {
        bytes += [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
    }
}

/// A zlib deflate stream that collects its output.
private struct Deflater: ~Copyable {
    private var stream: UnsafeMutablePointer<z_stream>
    private var output: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init() throws(RendererError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(
            stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw RendererError(.resource, "zlib could not start compressing (\(status))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    mutating func compress(_ input: ArraySlice<UInt8>) throws(RendererError) {
        try run(input, flush: Z_NO_FLUSH)
    }

    mutating func finish() throws(RendererError) -> [UInt8] {
        try run([], flush: Z_FINISH)
        return output
    }

    private mutating func run(_ input: ArraySlice<UInt8>, flush: Int32) throws(RendererError) {
        var input = input
        let stream = self.stream
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            chunk.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
                stream.pointee.next_in = inBuffer.baseAddress
                stream.pointee.avail_in = uInt(inBuffer.count)
                var status = Z_OK
                repeat {
                    stream.pointee.next_out = outBuffer.baseAddress
                    stream.pointee.avail_out = uInt(outBuffer.count)
                    status = deflate(stream, flush)
                    let produced = outBuffer.count - Int(stream.pointee.avail_out)
                    output.append(contentsOf: outBuffer.prefix(produced))
                } while status == Z_OK
                    && (stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
                        || flush == Z_FINISH)
                return status
            }
        }
        let finished =
            flush == Z_FINISH ? status == Z_STREAM_END : status == Z_OK || status == Z_BUF_ERROR
        guard finished else {
            throw RendererError(.resource, "zlib failed while compressing (\(status))")
        }
    }
}
