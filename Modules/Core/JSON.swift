/// A JSON value that keeps the order of object keys, so that scene errors and output follow the
/// document; the parser rejects duplicate keys.
///
/// Arrays and objects hold their elements in arrays, so the enum needs no boxes of its own: a
/// number, string or boolean is stored inline.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in document order.
    case object([(key: String, value: JSONValue)])

    /// Whether two values are equal; object members compare in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(v)
        case .number(let v): hasher.combine(v)
        case .string(let v): hasher.combine(v)
        case .array(let v): hasher.combine(v)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The kind of value, as error messages name it: `an object`, `a string`, …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON document that failed to parse: where and why.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in characters.
    public let column: Int
    /// What is wrong.
    public let reason: String

    /// `line L, column C: reason`.
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict JSON parser (RFC 8259) that keeps key order, rejects duplicate keys, limits
/// nesting to 512 levels and replaces nothing: invalid UTF-8, control characters in strings,
/// lone surrogates, trailing commas and trailing text are errors.
public struct JSONParser {
    /// The document, borrowed for the parse.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The short keys read so far, by their bytes (see ``parseKey()``); empty until the first.
    private var keyCache: [CachedKey] = []
    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    /// Parses a document.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the problem.
    /// - Complexity: O(*n*) in the size of the document.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            var parser = JSONParser(bytes: buffer)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == bytes.count else {
                throw parser.error("unexpected text after the document")
            }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        let end = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONParseError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < JSONParser.maximumDepth else {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            let character =
                String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).first
                ?? "?"
            throw error("unexpected '\(character)'")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError)
        -> JSONValue
    {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count,
            Array(bytes[index..<index + expected.count]) == expected
        else {
            throw error("expected '\(word)'")
        }
        index += expected.count
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Keys are checked against each other directly while the object is small, which is
        // cheaper than hashing; a set takes over for large objects.
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Room for the few members most objects have at once: growing from nothing allocates
        // the array again at the second member and at the third.
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let keyOffset = index
            let key = try parseKey()
            let isDuplicate: Bool
            if seen != nil {
                isDuplicate = seen?.insert(key).inserted == false
            } else if members.count < 16 {
                isDuplicate = members.contains { $0.key == key }
            } else {
                seen = Set(members.map(\.key))
                isDuplicate = seen?.insert(key).inserted == false
            }
            guard !isDuplicate else {
                throw error("duplicate key \"\(key)\"", at: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of the document inside an object")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        // Room for a frame, an edge list or a colour at once (see `parseObject`).
        elements.reserveCapacity(4)
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of the document inside an array")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    /// A key of up to 16 plain ASCII bytes, packed into two words to find it among the keys
    /// read before: a scene repeats a few keys (`id`, `style`, `frame`, ...) thousands of
    /// times, and a key found costs no new string. Any other key is read by ``parseString()``.
    private mutating func parseKey() throws(JSONParseError) -> String {
        let start = index + 1
        var end = start
        var low: UInt64 = 0
        var high: UInt64 = 0
        while end < bytes.count, end - start < 16 {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else {
                return try parseString()
            }
            let offset = end - start
            if offset < 8 {
                low |= UInt64(byte) << UInt64(offset * 8)
            } else {
                high |= UInt64(byte) << UInt64((offset - 8) * 8)
            }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return try parseString() }
        let length = end - start
        let mixed =
            (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        let slot = Int(truncatingIfNeeded: mixed >> 56)
        if keyCache.isEmpty {
            keyCache = Array(
                repeating: CachedKey(low: 0, high: 0, length: -1, key: ""),
                count: JSONParser.keyCacheSize)
        }
        index = end + 1
        let cached = keyCache[slot]
        if cached.length == length, cached.low == low, cached.high == high { return cached.key }
        let key = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        keyCache[slot] = CachedKey(low: low, high: high, length: length, key: key)
        return key
    }

    /// The slots of the key cache, one for each value of a key's hash's top byte.
    private static let keyCacheSize = 256

    /// A short key and its bytes, packed little-endian into two words.
    private struct CachedKey {
        var low: UInt64
        var high: UInt64
        var length: Int
        var key: String
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        // Most strings have no escape: validated in place, they become a String in one step.
        var end = plainASCIIRun(from: index)
        var ascii = true
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] >= 0x20
        {
            ascii = ascii && bytes[end] < 0x80
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let start = index
            index = end + 1
            // ASCII is valid UTF-8 as it is: only other bytes need validating.
            if ascii {
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
            return text
        }
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) throws(JSONParseError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// The end of the run of plain ASCII from `start`, eight bytes at a time: bytes that end
    /// a string or need a closer look (a quote, a backslash, a control character or a
    /// non-ASCII byte) stop it, at or before the first of them.
    @inline(__always) private func plainASCIIRun(from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var end = start
        while end + 8 <= bytes.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
            // A byte of `x` is zero where the word has the byte looked for; `(x - 1) & ~x`
            // sets the high bit of a zero byte (and of no byte when there is none), and
            // `(word - 0x20) & ~word` that of a byte below 0x20.
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let stops =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word) | word
            if stops & highBits != 0 { break }
            end += 8
        }
        return end
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated escape") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone high surrogate \\u\(String(high, radix: 16))")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw error("invalid escape") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("lone low surrogate") }
            return scalar
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(code)))'", at: index - 1)
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            { index += 1 }
            return index - from
        }
        guard index < bytes.count else { throw error("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("digits are needed after the decimal point") }
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard digits() > 0 else { throw error("digits are needed in the exponent") }
        }
        // An integer of up to 15 digits is exact as a double: read it without a string.
        let negative = bytes[start] == UInt8(ascii: "-")
        let integerStart = negative ? start + 1 : start
        if index - integerStart <= 15 {
            var whole: Int64 = 0
            var plain = true
            for position in integerStart..<index {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else {
                    plain = false
                    break
                }
                whole = whole &* 10 &+ Int64(digit)
            }
            if plain { return .number(negative ? -Double(whole) : Double(whole)) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: start)
        }
        return .number(value)
    }
}
