/// A two-stage lookup table over all code points, decoded once from the base64 text of the
/// generated sources and kept for the life of the process.
///
/// A lookup is `values[index[cp >> shift] << shift | cp & mask]`: two loads, no bounds checks.
/// The storage is allocated once per table and never freed, so the table is a pair of plain
/// pointers that may be shared between threads.
struct UnicodeTable: @unchecked Sendable {
    let shift: Int
    let mask: Int
    let index: UnsafePointer<UInt16>
    let values: UnsafePointer<UInt8>

    /// Decodes a table from the base64 text of its index and values.
    ///
    /// The generated sources always hold a complete table; a malformed one is a build defect,
    /// so the sizes are checked with preconditions.
    init(shift: Int, indexWidth: Int, index: String, values: String) {
        let indexBytes = decodeBase64(index)
        let valueBytes = decodeBase64(values)
        let blockCount = 0x11_0000 >> shift
        precondition(indexBytes.count == blockCount * indexWidth, "corrupt Unicode table index")
        let indexStorage = UnsafeMutablePointer<UInt16>.allocate(capacity: blockCount)
        for block in 0..<blockCount {
            let number =
                indexWidth == 1
                ? Int(indexBytes[block])
                : Int(indexBytes[2 * block]) | Int(indexBytes[2 * block + 1]) << 8
            precondition((number + 1) << shift <= valueBytes.count, "corrupt Unicode table block")
            indexStorage[block] = UInt16(number)
        }
        let valueStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: valueBytes.count)
        valueStorage.initialize(from: valueBytes, count: valueBytes.count)
        self.shift = shift
        self.mask = (1 << shift) - 1
        self.index = UnsafePointer(indexStorage)
        self.values = UnsafePointer(valueStorage)
    }

    /// The value for a code point, which must be below 0x110000.
    @inline(__always)
    func value(_ codePoint: UInt32) -> UInt8 {
        let cp = Int(codePoint)
        return values[Int(index[cp >> shift]) << shift | cp & mask]
    }

    /// The value for a scalar.
    @inline(__always)
    func value(_ scalar: Unicode.Scalar) -> UInt8 { value(scalar.value) }
}

/// The namespace of the generated tables (see `UnicodeTables+Data.swift`).
enum UnicodeTables {}

/// Decodes base64 text (RFC 4648); characters outside the alphabet, such as padding and line
/// breaks, are skipped.
func decodeBase64(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    for byte in text.utf8 {
        let value: UInt8
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): value = 62
        case UInt8(ascii: "/"): value = 63
        default: continue
        }
        accumulator = accumulator << 6 | UInt32(value)
        bits += 6
        if bits >= 8 {
            bits -= 8
            output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        }
    }
    return output
}
