/// A Gaussian blur of an 8-bit alpha mask, approximated by three box blurs.
///
/// Three successive box blurs of suitable widths come within a few percent of a Gaussian
/// (the central limit theorem at work), and each costs the same whatever its radius: a running
/// sum adds the pixel entering the window and drops the one leaving it. Pixels outside the
/// mask count as transparent. Integer arithmetic only, so the result is the same everywhere.
package enum AlphaBlur {
    /// The widths of the three boxes (odd numbers) whose succession approximates a Gaussian
    /// with standard deviation `sigma`.
    package static func boxWidths(sigma: Double) -> [Int] {
        let passes = 3.0
        guard sigma > 0 else { return [1, 1, 1] }
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let l = Double(lower)
        let m = (12 * sigma * sigma - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4)
        let lowerCount = Int(m.rounded())
        return (0..<3).map { $0 < lowerCount ? lower : lower + 2 }
    }

    /// How far, in pixels, the blur spreads a pixel: the sum of the boxes' radii.
    package static func reach(sigma: Double) -> Int {
        boxWidths(sigma: sigma).reduce(0) { $0 + ($1 - 1) / 2 }
    }

    /// Blurs a mask in place.
    ///
    /// - Parameters:
    ///   - data: The first row of the mask, one byte per pixel.
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - stride: Bytes from one row to the next.
    ///   - sigma: The standard deviation of the Gaussian, in pixels.
    /// - Complexity: O(*width* × *height*), whatever `sigma`.
    package static func blur(
        _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double
    ) {
        guard width > 0, height > 0 else { return }
        let radii = boxWidths(sigma: sigma).map { ($0 - 1) / 2 }
        guard radii.contains(where: { $0 > 0 }) else { return }
        var image = [UInt8](repeating: 0, count: width * height)
        var scratch = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { image[y * width + x] = data[y * stride + x] }
        }
        image.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return }
                for radius in radii where radius > 0 {
                    horizontal(from: a, to: b, width: width, height: height, radius: radius)
                    vertical(from: b, to: a, width: width, height: height, radius: radius)
                }
            }
        }
        for y in 0..<height {
            for x in 0..<width { data[y * stride + x] = image[y * width + x] }
        }
    }

    private static func horizontal(
        from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, radius: Int
    ) {
        let window = 2 * radius + 1
        let half = window / 2
        for y in 0..<height {
            let row = source + y * width
            let out = destination + y * width
            var sum = 0
            for x in 0..<min(radius + 1, width) { sum += Int(row[x]) }
            for x in 0..<width {
                out[x] = UInt8((sum + half) / window)
                let entering = x + radius + 1
                if entering < width { sum += Int(row[entering]) }
                let leaving = x - radius
                if leaving >= 0 { sum -= Int(row[leaving]) }
            }
        }
    }

    private static func vertical(
        from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, radius: Int
    ) {
        let window = 2 * radius + 1
        let half = window / 2
        var sums = [Int](repeating: 0, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            for y in 0..<min(radius + 1, height) {
                let row = source + y * width
                for x in 0..<width { sums[x] += Int(row[x]) }
            }
            for y in 0..<height {
                let out = destination + y * width
                for x in 0..<width { out[x] = UInt8((sums[x] + half) / window) }
                let entering = y + radius + 1
                if entering < height {
                    let row = source + entering * width
                    for x in 0..<width { sums[x] += Int(row[x]) }
                }
                let leaving = y - radius
                if leaving >= 0 {
                    let row = source + leaving * width
                    for x in 0..<width { sums[x] -= Int(row[x]) }
                }
            }
        }
    }
}
