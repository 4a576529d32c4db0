import Foundation

/// PNG's per-row filters (ISO 15948 §9) for 4-byte pixels, and the choice between them.
enum RowFilter {
    /// Filters a row with the filter whose output has the smallest sum of absolute values
    /// (bytes read as signed), writing the filter type and the filtered bytes.
    ///
    /// - Complexity: O(*n*) in the row's length.
    static func filter(_ row: [UInt8], previous: [UInt8], into output: inout [UInt8]) {
        let count = row.count
        row.withUnsafeBufferPointer { raw in
            previous.withUnsafeBufferPointer { prior in
                output.withUnsafeMutableBufferPointer { out in
                    guard let r = raw.baseAddress, let p = prior.baseAddress,
                        let o = out.baseAddress
                    else { return }
                    // A row equal to the one above is all zeros under Up, the best possible.
                    if memcmp(r, p, count) == 0 {
                        o[0] = 2
                        (o + 1).update(repeating: 0, count: count)
                        return
                    }
                    var best: UInt8 = 0
                    var bestCost = Int.max
                    for type: UInt8 in 0...4 {
                        let cost = self.cost(type, r, p, count, limit: bestCost)
                        if cost < bestCost {
                            bestCost = cost
                            best = type
                        }
                    }
                    o[0] = best
                    apply(best, r, p, o + 1, count)
                }
            }
        }
    }

    /// The predicted byte for a filter, from the byte to the left (`a`), above (`b`) and above
    /// left (`c`).
    @inline(__always)
    private static func predictor(_ type: UInt8, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        switch type {
        case 1: return a
        case 2: return b
        case 3: return UInt8((UInt16(a) + UInt16(b)) / 2)
        case 4:
            let p = Int(a) + Int(b) - Int(c)
            let pa = abs(p - Int(a))
            let pb = abs(p - Int(b))
            let pc = abs(p - Int(c))
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        default: return 0
        }
    }

    private static func cost(
        _ type: UInt8, _ r: UnsafePointer<UInt8>, _ p: UnsafePointer<UInt8>, _ count: Int,
        limit: Int
    ) -> Int {
        var sum = 0
        for i in 0..<count {
            let a = i >= 4 ? r[i - 4] : 0
            let c = i >= 4 ? p[i - 4] : 0
            let value = Int8(bitPattern: r[i] &- predictor(type, a, p[i], c))
            sum += abs(Int(value))
            if sum >= limit { return sum }
        }
        return sum
    }

    private static func apply(
        _ type: UInt8, _ r: UnsafePointer<UInt8>, _ p: UnsafePointer<UInt8>,
        _ o: UnsafeMutablePointer<UInt8>, _ count: Int
    ) {
        for i in 0..<count {
            let a = i >= 4 ? r[i - 4] : 0
            let c = i >= 4 ? p[i - 4] : 0
            o[i] = r[i] &- predictor(type, a, p[i], c)
        }
    }
}
