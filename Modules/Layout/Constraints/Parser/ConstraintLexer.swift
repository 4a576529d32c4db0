extension LayoutAttribute {
    /// The attribute a name given as UTF-8 spells (the names of ``init(name:)``), read
    /// without making a string.
    init?(utf8 word: UnsafeBufferPointer<UInt8>) {
        func spells(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == word.count else { return false }
            for offset in 0..<word.count where name.utf8Start[offset] != word[offset] {
                return false
            }
            return true
        }
        let attribute: LayoutAttribute?
        switch word.count {
        case 3: attribute = spells("top") ? .top : nil
        case 4: attribute = spells("left") ? .left : nil
        case 5: attribute = spells("right") ? .right : spells("width") ? .width : nil
        case 6: attribute = spells("bottom") ? .bottom : spells("height") ? .height : nil
        case 7:
            attribute =
                spells("leading")
                ? .leading : spells("centerX") ? .centerX : spells("centerY") ? .centerY : nil
        case 8: attribute = spells("trailing") ? .trailing : nil
        case 12: attribute = spells("lastBaseline") ? .lastBaseline : nil
        case 13: attribute = spells("firstBaseline") ? .firstBaseline : nil
        default: attribute = nil
        }
        guard let attribute else { return nil }
        self = attribute
    }
}

/// A token of the textual constraint form.
///
/// Tokens are plain values (an identifier is its place in the text), so that the tokens of a
/// constraint fit in a buffer on the stack.
struct ConstraintToken: Equatable {
    enum Kind: Equatable {
        case identifier
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

/// The tokens of one constraint, with the UTF-8 text they were read from; both are borrowed
/// for the duration of ``ConstraintLexer/withTokens(utf8:_:)``.
struct ConstraintTokens {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeBufferPointer<ConstraintToken>

    /// The attribute an identifier names, read from its bytes without making a string.
    func attribute(_ token: ConstraintToken) -> LayoutAttribute? {
        LayoutAttribute(utf8: bytes(of: token))
    }

    /// The UTF-8 bytes of a token.
    func bytes(of token: ConstraintToken) -> UnsafeBufferPointer<UInt8> {
        let start = token.column - 1
        return UnsafeBufferPointer(rebasing: bytes[start..<start + token.length])
    }

    /// The text of a token (its column counts bytes: a token is ASCII).
    func text(of token: ConstraintToken) -> String {
        let start = token.column - 1
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + token.length]),
            as: UTF8.self)
    }
}

/// Splits a textual constraint into tokens.
///
/// Tokens are all ASCII, so the lexer reads UTF-8 bytes; columns count characters, which equal
/// bytes up to the first non-ASCII byte, and that byte is always an error.
struct ConstraintLexer {
    /// The text's UTF-8.
    private let bytes: UnsafeBufferPointer<UInt8>

    /// The text, made for an error message.
    private var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Calls `body` with a text's UTF-8: a native string lends it in place, another is
    /// copied once.
    static func withUTF8<R>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ConstraintParseError) -> R
    ) throws(ConstraintParseError) -> R {
        let lent = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(ConstraintParseError) in try body(bytes) }
        }
        if let lent { return try lent.get() }
        return try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the tokens of a text given as valid UTF-8, the last one `.end`; the
    /// tokens live on the stack for the call.
    ///
    /// - Throws: ``ConstraintParseError`` for a character that starts no token or a malformed
    ///   number, before `body` is called; or what `body` throws.
    static func withTokens<R>(
        utf8 bytes: UnsafeBufferPointer<UInt8>,
        _ body: (ConstraintTokens) throws(ConstraintParseError) -> R
    ) throws(ConstraintParseError) -> R {
        try ConstraintLexer(bytes: bytes).withTokens(body)
    }

    /// Lexes into a buffer on the stack and calls `body` with it. A constraint has about a
    /// dozen tokens (`a.leading == b.trailing * 2 + 8 @ 750` has 14), so a fixed buffer of
    /// ``inlineTokenCapacity`` takes almost every text; a longer one is lexed again into a
    /// buffer of its bound (a text of n bytes has at most n + 1 tokens), which a large text
    /// takes from the heap.
    private func withTokens<R>(_ body: (ConstraintTokens) throws(ConstraintParseError) -> R)
        throws(ConstraintParseError) -> R
    {
        let lexed = try withUnsafeTemporaryAllocation(
            of: ConstraintToken.self, capacity: Self.inlineTokenCapacity
        ) { (buffer) throws(ConstraintParseError) -> R? in
            guard let count = try tokens(into: buffer) else { return nil }
            defer { buffer.baseAddress?.deinitialize(count: count) }
            return try body(
                ConstraintTokens(
                    bytes: bytes, tokens: UnsafeBufferPointer(rebasing: buffer[..<count])))
        }
        if let lexed { return lexed }
        return try withUnsafeTemporaryAllocation(
            of: ConstraintToken.self, capacity: bytes.count + 1
        ) { (buffer) throws(ConstraintParseError) in
            let count = try tokens(into: buffer) ?? 0
            defer { buffer.baseAddress?.deinitialize(count: count) }
            return try body(
                ConstraintTokens(
                    bytes: bytes, tokens: UnsafeBufferPointer(rebasing: buffer[..<count])))
        }
    }

    /// The largest magnitude of a constant or a multiplier.
    static let maximumMagnitude = 1e6

    /// Whether a name is `super`, the container.
    static func isSuper(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == 5 && name[0] == UInt8(ascii: "s") && name[1] == UInt8(ascii: "u")
            && name[2] == UInt8(ascii: "p") && name[3] == UInt8(ascii: "e")
            && name[4] == UInt8(ascii: "r")
    }

    /// How many tokens the lexer's stack buffer holds before it needs a larger one.
    static let inlineTokenCapacity = 24

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether a byte continues an identifier (a letter, a digit or `_`): one test of a bit
    /// in two words, with no branch per character class.
    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        // Bits 48–57 of the low word are "0"–"9"; bits 1–26, 31 and 33–58 of the high word
        // (bytes 64–127) are "A"–"Z", "_" and "a"–"z".
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let word = byte < 64 ? low : byte < 128 ? high : 0
        return word >> (UInt64(byte) & 63) & 1 != 0
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Writes the tokens, ending with `.end`, into `buffer` and returns their number, or
    /// `nil` when they do not fit (the tokens written are then deinitialized).
    ///
    /// - Throws: ``ConstraintParseError`` for a character that starts no token or a malformed
    ///   number.
    private func tokens(into buffer: UnsafeMutableBufferPointer<ConstraintToken>)
        throws(ConstraintParseError) -> Int?
    {
        var count = 0
        var overflowed = false
        func append(_ token: ConstraintToken) {
            guard count < buffer.count else {
                overflowed = true
                return
            }
            buffer.initializeElement(at: count, to: token)
            count += 1
        }
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
                while j < bytes.count, Self.continuesIdentifier(bytes[j]) { j += 1 }
                append(ConstraintToken(kind: .identifier, column: column, length: j - i))
                i = j
                continue
            }
            if Self.isDigit(c) {
                let (value, end) = try number(from: i)
                append(
                    ConstraintToken(kind: .number(value), column: column, length: end - i))
                i = end
                continue
            }
            let next = byte(at: i + 1)
            switch c {
            case UInt8(ascii: "."):
                if let next, Self.isDigit(next) {
                    let (value, end) = try number(from: i)
                    append(
                        ConstraintToken(kind: .number(value), column: column, length: end - i))
                    i = end
                    continue
                }
                append(ConstraintToken(kind: .dot, column: column, length: 1))
            case UInt8(ascii: "*"):
                append(ConstraintToken(kind: .star, column: column, length: 1))
            case UInt8(ascii: "+"):
                append(ConstraintToken(kind: .plus, column: column, length: 1))
            case UInt8(ascii: "-"):
                append(ConstraintToken(kind: .minus, column: column, length: 1))
            case UInt8(ascii: "@"):
                append(ConstraintToken(kind: .at, column: column, length: 1))
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
                append(ConstraintToken(kind: .relation(relation), column: column, length: 2))
                i += 2
                continue
            default:
                throw unexpectedCharacter(at: i)
            }
            i += 1
        }
        append(ConstraintToken(kind: .end, column: columnCount + 1, length: 1))
        guard !overflowed else {
            buffer.baseAddress?.deinitialize(count: count)
            return nil
        }
        return count
    }

    /// The number of characters in the text: by then every byte was ASCII, as any other byte
    /// starts no token.
    private var columnCount: Int { bytes.count }

    /// The error for a byte that starts no token: columns and the character count characters,
    /// which only differ from bytes here, at the first non-ASCII byte.
    private func unexpectedCharacter(at index: Int) -> ConstraintParseError {
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
        let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
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
        // An integer of up to 15 digits, as most constants are, is exact as a double: read it
        // without making a string.
        if end == j, j - start <= 15, bytes[start..<j].allSatisfy(Self.isDigit) {
            var whole: Int64 = 0
            for index in start..<j { whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
            // One too large is reported below, as any other.
            if Double(whole) <= ConstraintSolver.maximumMagnitude { return (Double(whole), j) }
        }
        let literal = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard end == j, let value = Double(literal), value.isFinite,
            value <= ConstraintSolver.maximumMagnitude
        else {
            throw ConstraintParseError(
                text: text, column: start + 1, length: end - start,
                reason:
                    "'\(literal)' is not a usable number; write a decimal number such as 8, 0.5 "
                    + "or 44.25, within ±1000000")
        }
        return (value, j)
    }
}
