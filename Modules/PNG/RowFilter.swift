#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// PNG's per-row filters (ISO 15948 §9) for 4-byte pixels, and the choice between them.
///
/// Each filter predicts a byte from the unfiltered bytes to its left (`a`), above (`b`) and
/// above-left (`c`) and stores the difference. The filter chosen for a row is the one whose
/// differences, read as signed bytes, have the smallest sum of absolute values (libpng's
/// heuristic), summed over every other pixel. Filters are tried in the order that usually
/// wins for interfaces (Up, Sub, Paeth, Average, None), and each stops counting as soon as it
/// cannot beat the best so far. A row equal to the one above takes Up without counting.
enum RowFilter {
    /// A filter type as PNG numbers it.
    enum Kind: UInt8, CaseIterable {
        case none = 0
        case sub = 1
        case up = 2
        case average = 3
        case paeth = 4
    }

    /// The order in which filters are tried.
    private static let trials: [Kind] = [.up, .sub, .paeth, .average, .none]

    /// Filters a row and writes the filter type followed by the filtered bytes.
    ///
    /// - Parameters:
    ///   - row: The row's bytes.
    ///   - previous: The row above (zeros for the first row).
    ///   - count: Bytes per row.
    ///   - output: `count + 1` bytes.
    /// - Complexity: O(*count*).
    static func filter(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        // A row equal to the one above is all zeros under Up, the best possible.
        if memcmp(row, previous, count) == 0 {
            output[0] = Kind.up.rawValue
            (output + 1).update(repeating: 0, count: count)
            return
        }
        var best = Kind.up
        var bestCost = Int.max
        for kind in trials {
            let cost = self.cost(kind, row, previous, count, limit: bestCost)
            if cost < bestCost {
                best = kind
                bestCost = cost
            }
        }
        output[0] = best.rawValue
        apply(best, row, previous, count, into: output + 1)
    }

    /// The sum of absolute differences of a filter over every other pixel of the row (a
    /// sample that ranks the filters almost as the whole row does, at half the cost), or a
    /// value of at least `limit` once it reaches it.
    private static func cost(
        _ kind: Kind, _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int,
        limit: Int
    ) -> Int {
        // One loop for each filter: choosing the predictor for every byte inside a shared loop
        // cost a tenth of a raster render.
        switch kind {
        case .none: return sampledCost(x, b, count, limit: limit) { x, _, j in x[j] }
        case .sub: return sampledCost(x, b, count, limit: limit) { x, _, j in x[j] &- x[j &- 4] }
        case .up: return sampledCost(x, b, count, limit: limit) { x, b, j in x[j] &- b[j] }
        case .average:
            return sampledCost(x, b, count, limit: limit) { x, b, j in
                x[j] &- UInt8(truncatingIfNeeded: (Int(x[j &- 4]) &+ Int(b[j])) >> 1)
            }
        case .paeth:
            return sampledCost(x, b, count, limit: limit) { x, b, j in
                x[j] &- paeth(x[j &- 4], b[j], b[j &- 4])
            }
        }
    }

    /// The cost of one filter, `filtered` giving the filtered byte at an index.
    @inline(__always)
    private static func sampledCost(
        _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int, limit: Int,
        _ filtered: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int) -> UInt8
    ) -> Int {
        var sum = 0
        var pixel = 0
        // The first pixel has no left neighbour and is skipped; the limit is checked every
        // sixteen pixels.
        while pixel * 4 + 4 <= count {
            let end = min(count / 4, pixel + 32)
            var p = max(pixel, 1)
            while p < end {
                let base = p &* 4
                sum &+= magnitude(filtered(x, b, base))
                sum &+= magnitude(filtered(x, b, base &+ 1))
                sum &+= magnitude(filtered(x, b, base &+ 2))
                sum &+= magnitude(filtered(x, b, base &+ 3))
                p &+= 2
            }
            if sum >= limit { return sum }
            pixel = end
        }
        return sum
    }

    private static func apply(
        _ kind: Kind, _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let head = min(4, count)
        switch kind {
        case .none:
            out.update(from: x, count: count)
        case .sub:
            for j in 0..<head { out[j] = x[j] }
            for j in head..<count { out[j] = x[j] &- x[j &- 4] }
        case .up:
            for j in 0..<count { out[j] = x[j] &- b[j] }
        case .average:
            for j in 0..<head { out[j] = x[j] &- b[j] >> 1 }
            for j in head..<count {
                out[j] = x[j] &- UInt8(truncatingIfNeeded: (Int(x[j &- 4]) &+ Int(b[j])) >> 1)
            }
        case .paeth:
            for j in 0..<head { out[j] = x[j] &- b[j] }
            for j in head..<count { out[j] = x[j] &- paeth(x[j &- 4], b[j], b[j &- 4]) }
        }
    }

    /// The absolute value of a filtered byte read as signed.
    @inline(__always)
    private static func magnitude(_ value: UInt8) -> Int {
        let signed = Int(Int8(bitPattern: value))
        let mask = signed >> 63
        return (signed ^ mask) &- mask
    }

    /// The Paeth predictor: whichever of left, above and above-left is closest to
    /// `left + above - above-left`, ties going to left, then above.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        // With p = a + b - c: |p - a| = |b - c|, |p - b| = |a - c|, |p - c| = |a + b - 2c|.
        let pa = absolute(Int(b) &- Int(c))
        let pb = absolute(Int(a) &- Int(c))
        let pc = absolute(Int(a) &+ Int(b) &- 2 &* Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    @inline(__always)
    private static func absolute(_ value: Int) -> Int {
        let mask = value >> 63
        return (value ^ mask) &- mask
    }
}
