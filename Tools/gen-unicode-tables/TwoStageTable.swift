/// A two-stage lookup table: `values[index[cp >> shift] << shift | cp & mask]`.
///
/// Equal blocks of `1 << shift` values are stored once. The index holds one block number per
/// block of code points, one byte wide when there are at most 256 distinct blocks and two bytes
/// (little-endian) otherwise.
struct TwoStageTable {
    var shift: Int
    var indexWidth: Int
    var index: [UInt8]
    var values: [UInt8]

    var byteCount: Int { index.count + values.count }

    /// Builds the table for `data` (one value per code point) with the given block shift.
    init(_ data: [UInt8], shift: Int) {
        let blockSize = 1 << shift
        var blockNumbers: [ArraySlice<UInt8>: Int] = [:]
        var values: [UInt8] = []
        var numbers: [Int] = []
        var start = 0
        while start < data.count {
            let block = data[start..<start + blockSize]
            if let number = blockNumbers[block] {
                numbers.append(number)
            } else {
                let number = values.count >> shift
                blockNumbers[block] = number
                values.append(contentsOf: block)
                numbers.append(number)
            }
            start += blockSize
        }
        self.shift = shift
        self.values = values
        if values.count >> shift <= 256 {
            indexWidth = 1
            index = numbers.map { UInt8($0) }
        } else {
            indexWidth = 2
            index = numbers.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
    }

    /// Returns the smallest table over the block shifts 4 through 10.
    static func smallest(_ data: [UInt8]) -> TwoStageTable {
        var best: TwoStageTable?
        for shift in 4...10 {
            let table = TwoStageTable(data, shift: shift)
            if best.map({ table.byteCount < $0.byteCount }) ?? true { best = table }
        }
        return best ?? TwoStageTable(data, shift: 8)
    }

    /// Looks a code point up, to check the table against its source.
    func value(at cp: Int) -> UInt8 {
        let block = cp >> shift
        let number =
            indexWidth == 1
            ? Int(index[block]) : Int(index[2 * block]) | Int(index[2 * block + 1]) << 8
        return values[number << shift | cp & ((1 << shift) - 1)]
    }
}

/// Encodes bytes as base64 (RFC 4648, with padding).
func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
        let b0 = Int(bytes[i])
        let b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0
        let b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
        let triple = b0 << 16 | b1 << 8 | b2
        out.append(alphabet[triple >> 18 & 63])
        out.append(alphabet[triple >> 12 & 63])
        out.append(i + 1 < bytes.count ? alphabet[triple >> 6 & 63] : "=")
        out.append(i + 2 < bytes.count ? alphabet[triple & 63] : "=")
        i += 3
    }
    return out
}

/// Returns Swift source for a string literal holding `text`, split into lines of 84 characters.
func multilineLiteral(_ text: String, indent: String) -> String {
    var lines: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
        lines.append(indent + rest.prefix(84) + (rest.count > 84 ? "\\" : ""))
        rest = rest.dropFirst(84)
    }
    return "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\""
}

/// Returns the Swift source of a generated table declaration.
func tableSource(name: String, documentation: String, table: TwoStageTable) -> String {
    """
        /// \(documentation)
        ///
        /// Block shift \(table.shift), \(table.index.count) index bytes (\(table.indexWidth) per \
    block), \(table.values.count) value bytes.
        static let \(name) = UnicodeTable(
            shift: \(table.shift),
            indexWidth: \(table.indexWidth),
            index: \(multilineLiteral(base64(table.index), indent: "            ")),
            values: \(multilineLiteral(base64(table.values), indent: "            "))
        )
    """
}
