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
///
/// The tables are decoded in every process that breaks or measures text, so the loop reads the
/// text's bytes in place and looks each one up in ``base64Values``: about 200 KB in a fraction
/// of a millisecond.
func decodeBase64(_ text: String) -> [UInt8] {
    var text = text
    return text.withUTF8 { input in
        base64Values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 + 3) { output, count in
                var written = 0
                // Whole groups of four digits, three bytes each, while the text holds only
                // digits (the generated tables do, up to their padding).
                var start = 0
                while start + 4 <= input.count {
                    let a = values[Int(input[start])]
                    let b = values[Int(input[start + 1])]
                    let c = values[Int(input[start + 2])]
                    let d = values[Int(input[start + 3])]
                    if a | b | c | d > 63 { break }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[written] = UInt8(truncatingIfNeeded: group >> 16)
                    output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    output[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    start += 4
                }
                // The rest digit by digit, skipping anything else.
                var accumulator: UInt32 = 0
                var bits: UInt32 = 0
                for byte in input[start...] {
                    let value = values[Int(byte)]
                    if value > 63 { continue }
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        output[written] = UInt8(truncatingIfNeeded: accumulator >> bits)
                        written += 1
                    }
                }
                count = written
            }
        }
    }
}

/// The value of each byte as a base64 digit, or 255 for a byte outside the alphabet.
private let base64Values: [UInt8] = {
    var values = [UInt8](repeating: 255, count: 256)
    for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
        .enumerated()
    {
        values[Int(byte)] = UInt8(value)
    }
    return values
}()
