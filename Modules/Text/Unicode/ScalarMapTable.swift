/// A sparse map from code points to 24-bit values, decoded once from the base64 text of the
/// generated sources and kept for the life of the process.
///
/// The generator stores the few hundred entries of the bidi mirroring and paired-bracket
/// properties sorted by code point, three bytes for the key and three for the value; a lookup is
/// a binary search. Keys outside the range of the first and last entries are rejected with two
/// comparisons, so text without brackets or mirrored characters pays little.
struct ScalarMapTable: @unchecked Sendable {
    let count: Int
    let keys: UnsafePointer<UInt32>
    let values: UnsafePointer<UInt32>

    /// Decodes a map of `count` entries from base64 text.
    ///
    /// The generated sources always hold a complete map; a malformed one is a build defect, so
    /// the size is checked with a precondition.
    init(count: Int, entries: String) {
        let bytes = decodeBase64(entries)
        precondition(count > 0 && bytes.count == count * 6, "corrupt Unicode scalar map")
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        let values = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        func number(at start: Int) -> UInt32 {
            UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
        }
        for entry in 0..<count {
            keys[entry] = number(at: entry * 6)
            values[entry] = number(at: entry * 6 + 3)
        }
        self.count = count
        self.keys = UnsafePointer(keys)
        self.values = UnsafePointer(values)
    }

    /// The value for a code point, or `nil` when the map has no entry for it.
    ///
    /// - Complexity: O(log *n*) in the number of entries.
    @inline(__always)
    func value(_ codePoint: UInt32) -> UInt32? {
        entry(codePoint).map { values[$0] }
    }

    /// The number of a code point's entry, from 0, or `nil` when the map has no entry for it.
    ///
    /// - Complexity: O(log *n*) in the number of entries.
    @inline(__always)
    func entry(_ codePoint: UInt32) -> Int? {
        guard codePoint >= keys[0], codePoint <= keys[count - 1] else { return nil }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            let key = keys[middle]
            if key == codePoint { return middle }
            if key < codePoint { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
