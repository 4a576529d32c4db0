/// Conversions between Cairo's pixels (32-bit native-endian ARGB with premultiplied alpha) and
/// byte-order RGBA with straight alpha, as display-list images and the outputs use.
package enum PixelConversion {
    /// The shift that goes with ``reciprocals``.
    private static let reciprocalShift: UInt64 = 24

    /// For each alpha *a* in 1...255, ⌈2²⁴ / *a*⌉: `(n * reciprocals[a]) >> 24` is `n / a` for
    /// every numerator below 2¹⁶ (the largest here is 255 × 255 + 127), so one multiplication
    /// and a shift replace a division. Index 0 is unused.
    private static let reciprocals: [UInt64] = (0..<256).map { alpha in
        alpha == 0 ? 0 : ((1 << reciprocalShift) + UInt64(alpha) - 1) / UInt64(alpha)
    }

    /// Writes one row of premultiplied ARGB32 pixels as straight RGBA bytes.
    ///
    /// Each channel becomes `min(255, (c × 255 + a / 2) / a)` for alpha *a* in 1...254; opaque
    /// pixels keep their channels and transparent ones become four zero bytes. Opaque and
    /// transparent pixels are written whole, runs of opaque pixels in a loop the compiler
    /// vectorises, and the division for partial alpha is a multiplication by a reciprocal.
    ///
    /// - Complexity: O(*width*).
    package static func unpremultiply(
        row source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt8>,
        width: Int
    ) {
        let out = UnsafeMutableRawPointer(destination)
        reciprocals.withUnsafeBufferPointer { table in
            var x = 0
            while x < width {
                let pixel = source[x]
                if pixel >= 0xFF00_0000 {
                    var end = x + 1
                    while end < width && source[end] >= 0xFF00_0000 { end += 1 }
                    for i in x..<end {
                        out.storeBytes(
                            of: swapRedAndBlue(source[i]).littleEndian, toByteOffset: i * 4,
                            as: UInt32.self)
                    }
                    x = end
                    continue
                }
                let alpha = pixel >> 24
                if alpha == 0 {
                    out.storeBytes(of: 0, toByteOffset: x * 4, as: UInt32.self)
                } else {
                    let reciprocal = table[Int(alpha)]
                    let half = UInt64(alpha / 2)
                    func channel(_ shift: UInt32) -> UInt32 {
                        let n = UInt64(pixel >> shift & 255) * 255 + half
                        return UInt32(min(255, (n * reciprocal) >> reciprocalShift))
                    }
                    let value = channel(16) | channel(8) << 8 | channel(0) << 16 | alpha << 24
                    out.storeBytes(of: value.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
                x += 1
            }
        }
    }

    /// The RGBA bytes of an opaque ARGB pixel as a little-endian word: red and blue swapped.
    @inline(__always)
    private static func swapRedAndBlue(_ pixel: UInt32) -> UInt32 {
        pixel & 0xFF00_FF00 | (pixel >> 16 & 0xFF) | (pixel & 0xFF) << 16
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
