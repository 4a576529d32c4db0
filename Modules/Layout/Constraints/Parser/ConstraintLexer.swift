/// A token of the textual constraint form.
struct ConstraintToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double)
        case dot
        case relation(LayoutRelation)
        case star
        case plus
        case minus
        case at
        case end
    }

    var kind: Kind
    /// The 1-based column of the first character and the number of characters.
    var column: Int
    var length: Int
}

/// Splits a textual constraint into tokens.
///
/// Tokens are all ASCII, so the lexer reads UTF-8 bytes; columns count characters, which equal
/// bytes up to the first non-ASCII byte, and that byte is always an error.
struct ConstraintLexer {
    let text: String
    private let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// The tokens, ending with `.end`.
    ///
    /// - Throws: ``ConstraintParseError`` for a character that starts no token or a malformed
    ///   number.
    func tokens() throws(ConstraintParseError) -> [ConstraintToken] {
        var result: [ConstraintToken] = []
        result.reserveCapacity(12)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            let column = i + 1
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                i += 1
                continue
            }
            if Self.isLetter(c) || c == UInt8(ascii: "_") {
                var j = i + 1
                while let b = byte(at: j),
                    Self.isLetter(b) || Self.isDigit(b) || b == UInt8(ascii: "_")
                {
                    j += 1
                }
                let name = String(decoding: bytes[i..<j], as: UTF8.self)
                result.append(
                    ConstraintToken(kind: .identifier(name), column: column, length: j - i))
                i = j
                continue
            }
            if Self.isDigit(c) {
                let (value, end) = try number(from: i)
                result.append(
                    ConstraintToken(kind: .number(value), column: column, length: end - i))
                i = end
                continue
            }
            let next = byte(at: i + 1)
            switch c {
            case UInt8(ascii: "."):
                if let next, Self.isDigit(next) {
                    let (value, end) = try number(from: i)
                    result.append(
                        ConstraintToken(kind: .number(value), column: column, length: end - i))
                    i = end
                    continue
                }
                result.append(ConstraintToken(kind: .dot, column: column, length: 1))
            case UInt8(ascii: "*"):
                result.append(ConstraintToken(kind: .star, column: column, length: 1))
            case UInt8(ascii: "+"):
                result.append(ConstraintToken(kind: .plus, column: column, length: 1))
            case UInt8(ascii: "-"):
                result.append(ConstraintToken(kind: .minus, column: column, length: 1))
            case UInt8(ascii: "@"):
                result.append(ConstraintToken(kind: .at, column: column, length: 1))
            case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "<"):
                guard next == UInt8(ascii: "=") else {
                    throw ConstraintParseError(
                        text: text, column: column,
                        reason:
                            "'\(Character(Unicode.Scalar(c)))' is not a relation; use ==, >= or <=")
                }
                let relation: LayoutRelation =
                    c == UInt8(ascii: "=")
                    ? .equal : c == UInt8(ascii: ">") ? .greaterThanOrEqual : .lessThanOrEqual
                result.append(ConstraintToken(kind: .relation(relation), column: column, length: 2))
                i += 2
                continue
            default:
                throw unexpectedCharacter(at: i)
            }
            i += 1
        }
        result.append(ConstraintToken(kind: .end, column: columnCount + 1, length: 1))
        return result
    }

    /// The number of characters in the text: by then every byte was ASCII, as any other byte
    /// starts no token.
    private var columnCount: Int { bytes.count }

    /// The error for a byte that starts no token: columns and the character count characters,
    /// which only differ from bytes here, at the first non-ASCII byte.
    private func unexpectedCharacter(at index: Int) -> ConstraintParseError {
        let prefix = String(decoding: bytes[..<index], as: UTF8.self)
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        let character = rest.first.map(String.init) ?? ""
        return ConstraintParseError(
            text: text, column: prefix.count + 1,
            reason:
                "unexpected character '\(character)'; a constraint is written like "
                + "'title.leading == image.trailing + 8 @750'")
    }

    /// Reads `digits [. digits] [e [+-] digits]` from `start`.
    private func number(from start: Int) throws(ConstraintParseError) -> (Double, Int) {
        var j = start
        func digits() {
            while let b = byte(at: j), Self.isDigit(b) { j += 1 }
        }
        digits()
        if byte(at: j) == UInt8(ascii: ".") {
            j += 1
            digits()
        }
        if let e = byte(at: j), e | 0x20 == UInt8(ascii: "e") {
            var k = j + 1
            if let sign = byte(at: k), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                k += 1
            }
            if let b = byte(at: k), Self.isDigit(b) {
                j = k
                digits()
            }
        }
        // A number runs into a letter, a digit or a dot: "8.8.8", "12px".
        var end = j
        while let b = byte(at: end), b == UInt8(ascii: ".") || Self.isLetter(b) || Self.isDigit(b) {
            end += 1
        }
        let literal = String(decoding: bytes[start..<end], as: UTF8.self)
        guard end == j, let value = Double(literal), value.isFinite,
            value <= ConstraintSolver.maximumMagnitude
        else {
            throw ConstraintParseError(
                text: text, column: start + 1, length: end - start,
                reason:
                    "'\(literal)' is not a usable number; write a decimal number such as 8, 0.5 "
                    + "or 44.25 (at most 1e12)")
        }
        return (value, j)
    }
}
