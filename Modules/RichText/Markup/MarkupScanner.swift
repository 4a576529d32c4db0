/// A tag of the markup: its lowercased name, attributes and where it is.
struct MarkupTag {
    /// An attribute: its lowercased name and the UTF-8 range of its raw value (character
    /// references not yet decoded); an attribute without a value has an empty range.
    struct Attribute {
        var name: String
        var value: Range<Int>
    }

    var name: String
    var attributes: [Attribute]
    /// Whether the tag ends with `/>`.
    var isSelfClosing: Bool
    /// The UTF-8 range of the whole tag, `<` to `>`.
    var range: Range<Int>
}

/// Splits markup into text, tags and ignored constructs, in one forward pass.
///
/// The grammar, on UTF-8 bytes:
/// - `<!--` up to the first `-->` after it is a comment.
/// - `<!` or `<?` up to the first `>` after it is a declaration or processing instruction.
/// - `<` followed by an ASCII letter, up to the first `>` after it, is a start tag;
///   `</` followed by an ASCII letter, up to the first `>`, is an end tag. A `>` inside a
///   quoted attribute value ends the tag too: write it as `&gt;`.
/// - When the `-->` or `>` that would end a construct is missing, its `<` is text.
/// - Everything else is text.
///
/// Each search for an end starts after the previous construct and a failed search is not
/// repeated, so scanning is O(*n*) in the length of the markup.
struct MarkupScanner {
    enum Token {
        case text(Range<Int>)
        case startTag(MarkupTag)
        case endTag(name: String, range: Range<Int>)
        case ignored(Range<Int>)
    }

    let bytes: [UInt8]
    private(set) var position = 0
    /// Set when a search found no `>` after some position: none exists after any later one.
    private var hasNoMoreTagEnd = false
    /// Set when a search found no `-->` after some position.
    private var hasNoMoreCommentEnd = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Returns the next token, or `nil` at the end.
    mutating func next() -> Token? {
        guard position < bytes.count else { return nil }
        let start = position
        if bytes[start] == UInt8(ascii: "<"), let token = markup(at: start) { return token }
        var end = start + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: "<") { end += 1 }
        position = end
        return .text(start..<end)
    }

    /// The construct that starts with the `<` at `start`, or `nil` when the `<` is text.
    private mutating func markup(at start: Int) -> Token? {
        guard start + 1 < bytes.count else { return nil }
        let second = bytes[start + 1]
        if second == UInt8(ascii: "!") || second == UInt8(ascii: "?") {
            if second == UInt8(ascii: "!") && hasPrefix("--", at: start + 2) {
                guard let end = commentEnd(from: start + 4) else { return nil }
                position = end
                return .ignored(start..<end)
            }
            guard let close = tagEnd(from: start + 2) else { return nil }
            position = close + 1
            return .ignored(start..<(close + 1))
        }
        if Self.isLetter(second) {
            guard let close = tagEnd(from: start + 2) else { return nil }
            position = close + 1
            return .startTag(startTag(start..<(close + 1)))
        }
        if second == UInt8(ascii: "/") && start + 2 < bytes.count && Self.isLetter(bytes[start + 2])
        {
            guard let close = tagEnd(from: start + 3) else { return nil }
            position = close + 1
            var nameEnd = start + 2
            while nameEnd < close && !Self.isSpace(bytes[nameEnd])
                && bytes[nameEnd] != UInt8(ascii: "/")
            {
                nameEnd += 1
            }
            return .endTag(name: lowercased(start + 2..<nameEnd), range: start..<(close + 1))
        }
        return nil
    }

    private func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { Array($0) == Array(bytes[offset..<(offset + count)]) }
    }

    /// The index of the first `>` at or after `offset`.
    private mutating func tagEnd(from offset: Int) -> Int? {
        guard !hasNoMoreTagEnd else { return nil }
        var index = offset
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">") { return index }
            index += 1
        }
        hasNoMoreTagEnd = true
        return nil
    }

    /// The offset just after the first `-->` that starts at or after `offset`.
    private mutating func commentEnd(from offset: Int) -> Int? {
        guard !hasNoMoreCommentEnd else { return nil }
        var index = offset
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-")
                && bytes[index + 2] == UInt8(ascii: ">")
            {
                return index + 3
            }
            index += 1
        }
        hasNoMoreCommentEnd = true
        return nil
    }

    /// The bytes of a range as a string with ASCII letters lowercased.
    private func lowercased(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { Self.isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Parses the start tag that spans `range` (from `<` to `>`).
    private func startTag(_ range: Range<Int>) -> MarkupTag {
        let close = range.upperBound - 1
        var index = range.lowerBound + 1
        while index < close && !Self.isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        let name = lowercased((range.lowerBound + 1)..<index)
        var attributes: [MarkupTag.Attribute] = []
        while index < close {
            while index < close && (Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/"))
            {
                index += 1
            }
            guard index < close else { break }
            let nameStart = index
            index += 1
            while index < close && !Self.isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "=")
                && bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            let attributeName = lowercased(nameStart..<index)
            while index < close && Self.isSpace(bytes[index]) { index += 1 }
            var value = index..<index
            if index < close && bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < close && Self.isSpace(bytes[index]) { index += 1 }
                if index < close
                    && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"))
                {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < close && bytes[index] != quote { index += 1 }
                    value = valueStart..<index
                    if index < close { index += 1 }
                } else {
                    let valueStart = index
                    while index < close && !Self.isSpace(bytes[index]) { index += 1 }
                    value = valueStart..<index
                }
            }
            attributes.append(MarkupTag.Attribute(name: attributeName, value: value))
        }
        let isSelfClosing = close > range.lowerBound + 1 && bytes[close - 1] == UInt8(ascii: "/")
        return MarkupTag(
            name: name, attributes: attributes, isSelfClosing: isSelfClosing, range: range)
    }
}
