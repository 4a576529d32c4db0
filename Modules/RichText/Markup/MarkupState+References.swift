extension MarkupState {
    /// Decodes the character references of a range of the markup.
    ///
    /// A reference is `&name;` with a name of ``CharacterReferences``, `&#digits;` or
    /// `&#xhex;`. Anything else that starts with `&` stays as written; an unknown name, a
    /// number that is not a Unicode scalar (or is 0), and a number without its `;` are
    /// reported.
    mutating func decodeReferences(in range: Range<Int>) -> String {
        let ampersand = UInt8(ascii: "&")
        guard bytes[range].contains(ampersand) else {
            return String(decoding: bytes[range], as: UTF8.self)
        }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == ampersand, let (scalar, end) = reference(at: index, limit: range.upperBound)
            {
                result.append(contentsOf: String(Character(scalar)).utf8)
                index = end
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The reference that starts with the `&` at `start`: its character and the offset after
    /// its `;`.
    private mutating func reference(at start: Int, limit: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < limit else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < limit && bytes[index] | 0x20 == UInt8(ascii: "x")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            var overflows = false
            while index < limit, let digit = Self.digit(bytes[index], hex: isHex) {
                let (product, overflow) = value.multipliedReportingOverflow(by: isHex ? 16 : 10)
                overflows = overflows || overflow || product > UInt32.max - digit
                if !overflows { value = product + digit }
                index += 1
            }
            guard index > digitsStart else { return nil }
            let written = String(decoding: bytes[start..<min(index, start + 24)], as: UTF8.self)
            guard index < limit && bytes[index] == UInt8(ascii: ";") else {
                warn(
                    "character reference \(written) has no ';'; it is kept as text (write \(written);)",
                    at: start)
                return nil
            }
            guard !overflows, value != 0, let scalar = Unicode.Scalar(value) else {
                warn(
                    "\(written); is not a Unicode scalar value; it is kept as text (use 1 to 10FFFF "
                        + "in hexadecimal, without surrogates)", at: start)
                return nil
            }
            return (scalar, index + 1)
        }
        let nameStart = index
        while index < limit && index - nameStart < 32 && Self.isAlphanumeric(bytes[index]) {
            index += 1
        }
        guard index > nameStart, index < limit, bytes[index] == UInt8(ascii: ";") else {
            return nil
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard let scalar = CharacterReferences.scalar(named: name) else {
            warn(
                "unknown character reference &\(name);; it is kept as text (write &amp; for a literal &)",
                at: start)
            return nil
        }
        return (scalar, index + 1)
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        MarkupScanner.isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The decoded value of a tag's attribute and the UTF-8 offset of its value.
    mutating func attribute(_ name: String, of tag: MarkupTag) -> (value: String, offset: Int)? {
        guard let attribute = tag.attributes.first(where: { $0.name == name }) else { return nil }
        return (decodeReferences(in: attribute.value), attribute.value.lowerBound)
    }
}
