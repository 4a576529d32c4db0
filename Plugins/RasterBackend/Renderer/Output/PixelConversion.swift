/// Conversions between Cairo's pixels (32-bit native-endian ARGB with premultiplied alpha) and
/// byte-order RGBA with straight alpha, as display-list images and the outputs use.
enum PixelConversion {
    /// Writes one row of premultiplied ARGB32 pixels as straight RGBA bytes.
    ///
    /// - Complexity: O(*width*).
    static func unpremultiply(
        row source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt8>,
        width: Int
    ) {
        for x in 0..<width {
            let pixel = source[x]
            let alpha = pixel >> 24
            let out = destination + x * 4
            if alpha == 255 {
                out[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[2] = UInt8(truncatingIfNeeded: pixel)
                out[3] = 255
            } else if alpha == 0 {
                out[0] = 0
                out[1] = 0
                out[2] = 0
                out[3] = 0
            } else {
                let half = alpha / 2
                out[0] = UInt8(min(255, ((pixel >> 16 & 255) * 255 + half) / alpha))
                out[1] = UInt8(min(255, ((pixel >> 8 & 255) * 255 + half) / alpha))
                out[2] = UInt8(min(255, ((pixel & 255) * 255 + half) / alpha))
                out[3] = UInt8(alpha)
            }
        }
    }

    /// Writes straight RGBA bytes as premultiplied ARGB32 pixels.
    ///
    /// - Complexity: O(*count*).
    static func premultiply(
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
