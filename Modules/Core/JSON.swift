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
///
/// The parser writes a ``JSONDocument``: a flat list of nodes that point into the document's
/// bytes, which a reader can walk without a tree of values being built (or taken apart) for
/// it; ``parse(_:)`` makes the tree of ``JSONValue``s from it.
public struct JSONParser {
    /// The document, borrowed for the parse.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The nodes written so far.
    var nodes: JSONNodeBuffer
    /// The strings with escapes, decoded.
    var decodedStrings: [String] = []
    /// The deepest `depth` a value was read at.
    var deepest = 0
    /// Where a parse split in two stops: at an array's element that starts at this offset,
    /// which another thread parses with what follows (see ``nodesSplit(of:at:)``); -1 for a
    /// whole parse.
    var suspendAt = -1
    /// The containers open where the parse stopped at ``suspendAt``, innermost first; empty
    /// while it has not stopped.
    var suspended: [SuspendedContainer] = []
    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    /// Parses a document.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the problem.
    /// - Complexity: O(*n*) in the size of the document.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try JSONDocument(parsing: bytes).value(at: 0)
    }

    /// Parses a document into its nodes and decoded strings; a large one on two threads unless
    /// `splits` is false (see ``nodesSplit(of:at:)``).
    static func nodes(of buffer: UnsafeBufferPointer<UInt8>, splits: Bool = true)
        throws(JSONParseError)
        -> (nodes: JSONNodeBuffer, decodedStrings: [String])
    {
        // A node keeps byte offsets in 32 bits.
        guard buffer.count < Int(UInt32.max) else {
            throw JSONParseError(line: 1, column: 1, reason: "the document is 4 GiB or more")
        }
        if splits, SecondThread.isUseful, let split = splitPoint(of: buffer),
            let parsed = try nodesSplit(of: buffer, at: split)
        {
            return parsed
        }
        var parser = JSONParser(bytes: buffer)
        do throws(JSONParseError) {
            try parser.parseDocument()
        } catch {
            parser.nodes.discard()
            throw error
        }
        return (parser.nodes, parser.decodedStrings)
    }

    /// Parses the whole document from its start, a byte-order mark skipped, to its end, which
    /// only whitespace may follow; a parse that stops at ``suspendAt`` returns there.
    mutating func parseDocument() throws(JSONParseError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        try parseValue(depth: 0)
        guard suspended.isEmpty else { return }
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the document") }
    }

    /// A parser of `bytes` from `start`, with room for the nodes of the text from there.
    init(bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) {
        self.bytes = bytes
        index = start
        nodes = JSONNodeBuffer(forTextOf: bytes, from: start)
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
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

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func append(
        _ kind: JSONDocument.Node.Kind, start: Int = 0, count: Int = 0, payload: Int = 0
    ) throws(JSONParseError) {
        try appendNode(
            JSONDocument.Node(
                kind: kind, start: start, count: count, end: nodes.count + 1, payload: payload))
    }

    @inline(__always)
    private mutating func appendNode(_ node: JSONDocument.Node) throws(JSONParseError) {
        guard nodes.count < JSONDocument.Node.maximumCount else {
            throw error("more than \(JSONDocument.Node.maximumCount) values")
        }
        nodes.append(node)
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) {
        if depth > deepest { deepest = depth }
        guard depth < JSONParser.maximumDepth else {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject(depth: depth)
        case UInt8(ascii: "["): try parseArray(depth: depth)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"):
            try literal("true")
            try append(.true)
        case UInt8(ascii: "f"):
            try literal("false")
            try append(.false)
        case UInt8(ascii: "n"):
            try literal("null")
            try append(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            let number = try parseNumber()
            try appendNode(JSONDocument.Node(number: number, start: start, end: nodes.count + 1))
        default:
            let character =
                String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).first
                ?? "?"
            throw error("unexpected '\(character)'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
            (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else {
            throw error("expected '\(word)'")
        }
        index += count
    }

    /// Sets a container's member or element count, the index past its last node and the
    /// offset past its closing bracket (the parser's place, just past it).
    private mutating func close(_ container: Int, count: Int) {
        nodes[container].count = UInt32(truncatingIfNeeded: count)
        nodes[container].end = UInt32(truncatingIfNeeded: nodes.count)
        nodes[container].payload = UInt32(truncatingIfNeeded: index)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        let object = nodes.count
        try append(.object, start: index)
        index += 1
        var count = 0
        // Keys are checked against the object's earlier keys directly while the object is
        // small, which is cheaper than hashing; a set takes over for large objects.
        // Keys compare by their code points, as bytes: two keys that only look alike ("é" and
        // "e" with a combining accent) are different keys, as `String`'s comparison would not
        // say.
        var seen: Set<KeyText>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            close(object, count: 0)
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let keyOffset = index
            let key = nodes.count
            try parseString()
            let isDuplicate: Bool
            if seen != nil {
                isDuplicate = seen?.insert(KeyText(string(at: key))).inserted == false
            } else if count < 16 {
                isDuplicate = repeatsEarlierKey(of: object, key)
            } else {
                var keys = Set<KeyText>()
                var earlier = object + 1
                while earlier < key {
                    keys.insert(KeyText(string(at: earlier)))
                    earlier = Int(nodes[earlier + 1].end)
                }
                isDuplicate = !keys.insert(KeyText(string(at: key))).inserted
                seen = keys
            }
            guard !isDuplicate else {
                throw error("duplicate key \"\(string(at: key))\"", at: keyOffset)
            }
            count += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            try parseValue(depth: depth + 1)
            if !suspended.isEmpty {
                suspended.append(
                    SuspendedContainer(node: object, isObject: true, count: count, key: key))
                return
            }
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
            close(object, count: count)
            return
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        let array = nodes.count
        try append(.array, start: index)
        index += 1
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            close(array, count: 0)
            return
        }
        while true {
            skipWhitespace()
            if index == suspendAt {
                suspended.append(
                    SuspendedContainer(node: array, isObject: false, count: count, key: -1))
                return
            }
            try parseValue(depth: depth + 1)
            if !suspended.isEmpty {
                // The element being read counts: it ends in the part parsed elsewhere.
                suspended.append(
                    SuspendedContainer(node: array, isObject: false, count: count + 1, key: -1))
                return
            }
            count += 1
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
            close(array, count: count)
            return
        }
    }

    /// Whether the key being read (node `key`) repeats one of the object's earlier keys: each
    /// member's key is followed by its value, which ends where the next key starts.
    private func repeatsEarlierKey(of object: Int, _ key: Int) -> Bool {
        var earlier = object + 1
        while earlier < key {
            if sameString(earlier, key) { return true }
            earlier = Int(nodes[earlier + 1].end)
        }
        return false
    }

    /// The text of a string node written by this parse.
    func string(at node: Int) -> String {
        JSONDocument.string(of: nodes[node], bytes: bytes, decodedStrings: decodedStrings)
    }

    /// Whether two string nodes of this parse spell the same text, code point for code point.
    private func sameString(_ first: Int, _ second: Int) -> Bool {
        let b = nodes[second]
        if b.kind == .decodedString {
            return string(at: first).utf8.elementsEqual(string(at: second).utf8)
        }
        let start = Int(b.start)
        return JSONDocument.string(
            of: nodes[first], bytes: bytes, decodedStrings: decodedStrings,
            equals: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(b.count)]))
    }

    /// Reads a string and writes its node: its bytes in place when it has no escape, else its
    /// decoded text.
    mutating func parseString() throws(JSONParseError) {
        index += 1
        // Most strings have no escape: validated in place, they are their bytes.
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
            if !ascii, String(validating: bytes[start..<end], as: UTF8.self) == nil {
                throw error("invalid UTF-8 in a string", at: start)
            }
            try append(.string, start: start, count: end - start)
            return
        }
        let quote = index - 1
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
                try append(.decodedString, start: quote, count: decodedStrings.count)
                decodedStrings.append(String(scalars))
                return
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
    /// non-ASCII byte) stop it, at the first of them (or within the last eight bytes).
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
            // The lowest flagged byte is exactly the first stop: a borrow only carries upward.
            if stops & highBits != 0 { return end + (stops & highBits).trailingZeroBitCount >> 3 }
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

    private mutating func parseNumber() throws(JSONParseError) -> Double {
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
            if plain { return negative ? -Double(whole) : Double(whole) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is out of range", at: start)
        }
        return value
    }
}

/// An object's key as a set of keys compares it: by its UTF-8, code point for code point, where
/// `String` would take two keys that only look alike for one.
struct KeyText: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    // Keys equal code point for code point are equal as strings: `String`'s comparison, quick
    // for keys that differ (as a set's probes mostly find), decides all but the few it takes
    // for equal, whose UTF-8 then decides. Its hash agrees, equal strings hashing alike.
    static func == (lhs: KeyText, rhs: KeyText) -> Bool {
        lhs.text == rhs.text && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
