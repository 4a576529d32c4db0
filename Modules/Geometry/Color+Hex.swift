/// The error thrown when a colour string cannot be parsed.
///
/// Its description says what was wrong and where, for example
/// `invalid colour "#12G": 'G' at offset 3 is not a hexadecimal digit`.
public struct ColorParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that failed to parse.
    public let input: String
    /// The offset, in characters, of the first offending character, if one is to blame.
    public let offset: Int?
    /// What was wrong.
    public let reason: String

    /// A one-line description naming the input, the problem and how to fix it.
    public var description: String {
        "invalid colour \"\(input)\": \(reason)"
    }
}

extension Color {
    /// Parses a hexadecimal colour: `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    ///
    /// Digits are case-insensitive. `#RGB` repeats each digit (`#F80` is `#FF8800`).
    ///
    /// - Throws: ``ColorParseError`` naming the offending character or the wrong length.
    public init(hex: String) throws(ColorParseError) {
        // Scene colours are ASCII: their bytes are their characters, read in place without
        // splitting the text into characters.
        var digits = HexDigits()
        var text = hex
        switch text.withUTF8({ digits.read(ascii: $0) }) {
        case .digits:
            break
        case .missingHash:
            throw Self.missingHash(hex)
        case .wrongByte(let offset, let byte):
            throw Self.notADigit(hex, Character(Unicode.Scalar(byte)), at: offset)
        case .notASCII:
            throw Self.nonASCIIError(hex)
        }
        let value = digits.value
        func channel(_ shift: UInt64, _ bits: UInt64) -> Double {
            let component = value >> shift & ((1 << bits) - 1)
            return Double(bits == 4 ? component * 17 : component) / 255
        }
        switch digits.count {
        case 3:
            self.init(red: channel(8, 4), green: channel(4, 4), blue: channel(0, 4))
        case 6:
            self.init(red: channel(16, 8), green: channel(8, 8), blue: channel(0, 8))
        case 8:
            self.init(
                red: channel(24, 8), green: channel(16, 8), blue: channel(8, 8),
                alpha: channel(0, 8))
        default:
            throw ColorParseError(
                input: hex, offset: nil,
                reason: "\(digits.count) hexadecimal digits; use #RGB, #RRGGBB or #RRGGBBAA"
            )
        }
    }

    /// The digits of a hexadecimal colour, four bits each (only the last 16 are kept; a colour
    /// has at most 8).
    private struct HexDigits {
        var value: UInt64 = 0
        var count = 0

        mutating func append(_ digit: UInt8) {
            value = value << 4 | UInt64(digit)
            count += 1
        }

        /// How reading a text's UTF-8 ended.
        enum Outcome {
            case digits
            case missingHash
            case wrongByte(offset: Int, byte: UInt8)
            case notASCII
        }

        /// Reads `#` and hexadecimal digits from UTF-8 that is all ASCII.
        mutating func read(ascii bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
            guard bytes.first == UInt8(ascii: "#") else { return .missingHash }
            for offset in bytes.indices.dropFirst() {
                guard let digit = Color.hexDigit(bytes[offset]) else {
                    return .wrongByte(offset: offset, byte: bytes[offset])
                }
                append(digit)
            }
            return .digits
        }
    }

    /// The value of an ASCII hexadecimal digit.
    fileprivate static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The error of a colour with a character beyond ASCII, which is never valid: the first
    /// character out of place, counted in characters.
    private static func nonASCIIError(_ hex: String) -> ColorParseError {
        guard hex.first == "#" else { return missingHash(hex) }
        for (index, character) in hex.enumerated().dropFirst()
        where !character.isASCII || character.hexDigitValue == nil {
            return notADigit(hex, character, at: index)
        }
        return missingHash(hex)
    }

    private static func missingHash(_ hex: String) -> ColorParseError {
        ColorParseError(
            input: hex, offset: 0, reason: "expected '#' followed by 3, 6 or 8 hexadecimal digits")
    }

    private static func notADigit(_ hex: String, _ character: Character, at index: Int)
        -> ColorParseError
    {
        ColorParseError(
            input: hex, offset: index,
            reason: "'\(character)' at offset \(index) is not a hexadecimal digit")
    }

    /// The colour as `#RRGGBB` when opaque, or `#RRGGBBAA` otherwise, with upper-case digits and
    /// each component rounded to 8 bits.
    public var hexString: String {
        let (r, g, b, a) = rgba8
        var text = "#" + hexByte(r) + hexByte(g) + hexByte(b)
        if a != 255 { text += hexByte(a) }
        return text
    }

    /// Parses a colour given as hexadecimal (`#RGB`, `#RRGGBB`, `#RRGGBBAA`) or as a CSS colour
    /// name (`"orange"`, `"transparent"`), case-insensitively.
    ///
    /// - Throws: ``ColorParseError`` when the text is neither.
    public init(parsing text: String) throws(ColorParseError) {
        if text.hasPrefix("#") {
            try self.init(hex: text)
        } else if let named = Color(named: text) {
            self = named
        } else {
            throw ColorParseError(
                input: text, offset: nil,
                reason: "not a colour name; use a CSS name such as \"red\" or #RRGGBB"
            )
        }
    }
}

private func hexByte(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
}
