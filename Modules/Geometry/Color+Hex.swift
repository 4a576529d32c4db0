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
        let characters = Array(hex)
        guard characters.first == "#" else {
            throw ColorParseError(
                input: hex, offset: 0,
                reason: "expected '#' followed by 3, 6 or 8 hexadecimal digits"
            )
        }
        var digits: [UInt32] = []
        for (index, character) in characters.enumerated().dropFirst() {
            guard let value = character.hexDigitValue, character.isASCII else {
                throw ColorParseError(
                    input: hex, offset: index,
                    reason: "'\(character)' at offset \(index) is not a hexadecimal digit"
                )
            }
            digits.append(UInt32(value))
        }
        func byte(_ i: Int) -> Double { Double(digits[i] << 4 | digits[i + 1]) / 255 }
        switch digits.count {
        case 3:
            self.init(
                red: Double(digits[0] * 17) / 255,
                green: Double(digits[1] * 17) / 255,
                blue: Double(digits[2] * 17) / 255
            )
        case 6:
            self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8:
            self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default:
            throw ColorParseError(
                input: hex, offset: nil,
                reason: "\(digits.count) hexadecimal digits; use #RGB, #RRGGBB or #RRGGBBAA"
            )
        }
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
