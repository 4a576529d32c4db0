/// A sparse map from code points to code points, stored as entries sorted by key for a binary
/// search: each entry is the key and the value, three bytes each, little-endian.
///
/// The bidi mirroring and paired-bracket properties hold a few hundred code points, whose values
/// are code points too. A two-stage table of one-byte values cannot hold them without a second
/// lookup; sorted entries hold them in six bytes each, fewer bytes than a two-stage index alone,
/// and a lookup is a binary search of at most nine steps. Values use 21 bits, so the top bits
/// of the third value byte are free for flags.
struct ScalarMap {
    var entries: [(key: Int, value: Int)]

    /// The map of `entries`, sorted by key; keys must be distinct and values below 1 << 24.
    init(_ entries: [(key: Int, value: Int)]) throws {
        self.entries = entries.sorted { $0.key < $1.key }
        for (previous, next) in zip(self.entries, self.entries.dropFirst())
        where previous.key == next.key {
            throw GeneratorError("U+\(String(next.key, radix: 16)) is listed twice")
        }
        if let wide = entries.first(where: { $0.value >= 1 << 24 }) {
            throw GeneratorError("the value of U+\(String(wide.key, radix: 16)) needs 4 bytes")
        }
    }

    /// The encoded entries.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 6)
        for entry in entries {
            for number in [entry.key, entry.value] {
                bytes.append(UInt8(number & 0xFF))
                bytes.append(UInt8(number >> 8 & 0xFF))
                bytes.append(UInt8(number >> 16 & 0xFF))
            }
        }
        return bytes
    }

    /// Looks a code point up in encoded entries, to check the encoding against its source.
    static func value(for key: Int, in bytes: [UInt8]) -> Int? {
        func number(at start: Int) -> Int {
            Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
        }
        var low = 0
        var high = bytes.count / 6
        while low < high {
            let middle = (low + high) / 2
            let found = number(at: middle * 6)
            if found == key { return number(at: middle * 6 + 3) }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Throws unless every entry, and nothing else, reads back from the encoded bytes.
    func verify(name: String) throws {
        let bytes = self.bytes
        let keys = Set(entries.map(\.key))
        for entry in entries where Self.value(for: entry.key, in: bytes) != entry.value {
            throw GeneratorError(
                "map \(name) does not round-trip at U+\(String(entry.key, radix: 16))")
        }
        for cp in 0..<codePointCount where !keys.contains(cp) {
            if Self.value(for: cp, in: bytes) != nil {
                throw GeneratorError("map \(name) has a stray entry at U+\(String(cp, radix: 16))")
            }
        }
    }
}

/// Returns the Swift source of a generated scalar map declaration.
func scalarMapSource(name: String, documentation: [String], map: ScalarMap) -> String {
    var lines = documentation.map { "    /// \($0)".trimmingTrailingSpaces() }
    lines.append("    ///")
    lines.append(
        "    /// \(map.entries.count) entries of 6 bytes, \(map.entries.count * 6) bytes in all.")
    lines.append("    static let \(name) = ScalarMapTable(")
    lines.append("        count: \(map.entries.count),")
    lines.append(
        "        entries: \(multilineLiteral(base64(map.bytes), indent: "            "))")
    lines.append("    )")
    return lines.joined(separator: "\n")
}
