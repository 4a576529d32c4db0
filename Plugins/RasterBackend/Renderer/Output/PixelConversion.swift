/// Conversions between Cairo's pixels (32-bit native-endian ARGB with premultiplied alpha) and
/// byte-order RGBA with straight alpha, as display-list images and the outputs use.
package enum PixelConversion {
    /// The straight value of every premultiplied channel *c* under every alpha *a*, at
    /// `a << 8 | c`: `min(255, (c × 255 + a / 2) / a)`, and 0 for *a* = 0. A lookup in these
    /// 64 KiB replaces a division (measured twice as fast as dividing, where a multiplication
    /// by a reciprocal was not faster at all).
    private static let quotients: [UInt8] = (0..<65_536).map { index in
        let alpha = index >> 8
        let channel = index & 255
        return alpha == 0 ? 0 : UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
    }

    /// The alpha bytes of two pixels in a 64-bit word.
    private static let alphaPair: UInt64 = 0xFF00_0000_FF00_0000

    /// Writes one row of premultiplied ARGB32 pixels as straight RGBA bytes.
    ///
    /// Each channel becomes `min(255, (c × 255 + a / 2) / a)` for alpha *a* in 1...254;
    /// opaque pixels keep their channels and transparent ones become four zero bytes. Every
    /// pixel is written whole; eight opaque pixels in a row are converted two to a 64-bit
    /// word, and the divisions for partial alpha are lookups in a table of quotients.
    ///
    /// - Complexity: O(*width*).
    package static func unpremultiply(
        row source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt8>,
        width: Int
    ) {
        let input = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(destination)
        quotients.withUnsafeBufferPointer { table in
            var x = 0
            #if _endian(little)
                while x + 8 <= width {
                    let offset = x * 4
                    let words = (
                        input.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                        input.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
                        input.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self),
                        input.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
                    )
                    if words.0 & words.1 & words.2 & words.3 & alphaPair == alphaPair {
                        out.storeBytes(
                            of: opaquePair(words.0), toByteOffset: offset, as: UInt64.self)
                        out.storeBytes(
                            of: opaquePair(words.1), toByteOffset: offset + 8, as: UInt64.self)
                        out.storeBytes(
                            of: opaquePair(words.2), toByteOffset: offset + 16, as: UInt64.self)
                        out.storeBytes(
                            of: opaquePair(words.3), toByteOffset: offset + 24, as: UInt64.self)
                    } else {
                        for i in x..<(x + 8) {
                            out.storeBytes(
                                of: straight(source[i], table).littleEndian, toByteOffset: i * 4,
                                as: UInt32.self)
                        }
                    }
                    x += 8
                }
            #endif
            while x < width {
                out.storeBytes(
                    of: straight(source[x], table).littleEndian, toByteOffset: x * 4,
                    as: UInt32.self)
                x += 1
            }
        }
    }

    /// The RGBA bytes of two opaque ARGB pixels in a little-endian word: red and blue swapped.
    @inline(__always)
    private static func opaquePair(_ pixels: UInt64) -> UInt64 {
        pixels & 0xFF00_FF00_FF00_FF00 | (pixels >> 16 & 0x0000_00FF_0000_00FF)
            | (pixels & 0x0000_00FF_0000_00FF) << 16
    }

    /// The RGBA bytes of one ARGB pixel as a little-endian word's value.
    @inline(__always)
    private static func straight(_ pixel: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if pixel >= 0xFF00_0000 {
            return pixel & 0xFF00_FF00 | (pixel >> 16 & 0xFF) | (pixel & 0xFF) << 16
        }
        let alpha = pixel >> 24
        if alpha == 0 { return 0 }
        let row = Int(alpha) << 8
        func channel(_ shift: UInt32) -> UInt32 {
            UInt32(table[row | Int(pixel >> shift & 255)])
        }
        return channel(16) | channel(8) << 8 | channel(0) << 16 | alpha << 24
    }

    /// Writes straight RGBA bytes as premultiplied ARGB32 pixels.
    ///
    /// - Complexity: O(*count*).
    package static func premultiply(
        rgba source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        for x in 0..<count {
            let p = source + x * 4
            let alpha = UInt32(p[3])
            let red = UInt32(p[0])
            let green = UInt32(p[1])
            let blue = UInt32(p[2])
            if alpha == 255 {
                destination[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
            } else if alpha == 0 {
                destination[x] = 0
            } else {
                let r = (red * alpha + 127) / 255
                let g = (green * alpha + 127) / 255
                let b = (blue * alpha + 127) / 255
                destination[x] = alpha << 24 | r << 16 | g << 8 | b
            }
        }
    }
}
