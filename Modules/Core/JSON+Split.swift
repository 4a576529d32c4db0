import Synchronization

/// A large document is parsed on two threads: the caller's parses the first half, a second
/// thread the rest, from a place where an array's element seems to start.
///
/// The second thread cannot know what the place is inside: it guesses an element of an array
/// (it looks for `}` or `]`, a comma and `{` or `[`), parses the elements that follow, closes
/// the array when it meets its end, and goes on through the containers around it, learning
/// whether each is an object or an array from what it meets. The caller's parse proves or
/// refutes the guess: it stops only if it reaches the place as the start of an element, and
/// the halves are joined only if the containers it has open are the ones the second thread
/// closed, the nesting stays within the limit, and no key repeats an earlier one of its
/// object. Anything else (a guess inside a string, an error in the second half) is settled by
/// parsing the document again on one thread, so that a document gets the same nodes, and a
/// malformed one the same error, either way.
extension JSONParser {
    /// The smallest document split in two: below it, starting a thread costs about as much as
    /// parsing half of it (a 128 KiB document parses in about 0.7 ms).
    static let splitMinimumBytes = 128 * 1024

    /// How many parses were split in two and joined, on any thread (for tests).
    package static var joinedSplitCount: Int { joinedSplits.load(ordering: .relaxed) }
    private static let joinedSplits = Atomic<Int>(0)

    /// Where a second thread would start: the first element start after the document's
    /// middle, within the next eighth of it, or `nil`.
    static func splitPoint(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= splitMinimumBytes else { return nil }
        return elementStart(
            in: bytes, from: bytes.count / 2, before: bytes.count / 2 + bytes.count / 8)
    }

    /// The offset of the first `{` or `[` that a closing bracket and a comma (whitespace
    /// around them allowed) precede, the bracket in `start..<end`: where an array's element
    /// seems to start, and a split parse's second thread would.
    package static func elementStart(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int
    ) -> Int? {
        var index = start
        while index < min(end, bytes.count) {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") else { continue }
            var next = skippingWhitespace(bytes, from: index)
            guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { continue }
            next = skippingWhitespace(bytes, from: next + 1)
            guard next < bytes.count,
                bytes[next] == UInt8(ascii: "{") || bytes[next] == UInt8(ascii: "[")
            else { continue }
            return next
        }
        return nil
    }

    private static func skippingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Int
    {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// Parses a document on two threads, split at `split`: the nodes, or `nil` when the
    /// halves cannot be joined and the document is to be parsed on one thread.
    ///
    /// - Throws: ``JSONParseError`` for an error in the first half, which is the document's
    ///   first.
    static func nodesSplit(of buffer: UnsafeBufferPointer<UInt8>, at split: Int)
        throws(JSONParseError)
        -> (nodes: JSONNodeBuffer, decodedStrings: [String])?
    {
        let document = BorrowedBytes(buffer: buffer)
        let (first, second) = SecondThread.run(
            { () -> Result<JSONParser, JSONParseError> in
                var parser = JSONParser(bytes: buffer)
                parser.suspendAt = split
                do throws(JSONParseError) {
                    try parser.parseDocument()
                    return .success(parser)
                } catch {
                    parser.nodes.discard()
                    return .failure(error)
                }
            },
            alongside: { ParsedSuffix.parse(document.buffer, from: split) })
        var parser: JSONParser
        switch first {
        case .success(let parsed): parser = parsed
        case .failure(let error):
            second?.nodes.discard()
            throw error
        }
        // The first half never met the place as an element: it parsed the whole document.
        guard !parser.suspended.isEmpty else {
            second?.nodes.discard()
            return (parser.nodes, parser.decodedStrings)
        }
        guard let second, parser.join(second) else {
            second?.nodes.discard()
            parser.nodes.discard()
            return nil
        }
        second.nodes.discard()
        joinedSplits.add(1, ordering: .relaxed)
        return (parser.nodes, parser.decodedStrings)
    }

    /// Appends the second half's nodes and strings and closes the containers left
    /// open, if the halves fit together; otherwise changes nothing.
    fileprivate mutating func join(_ second: ParsedSuffix) -> Bool {
        let open = suspended
        guard open.count == second.closes.count else { return false }
        for (container, close) in zip(open, second.closes)
        where container.isObject != close.isObject {
            return false
        }
        // Values right inside the innermost container are at the depth of its open ancestors;
        // the second half read them at depth 1.
        guard open.count - 1 + second.deepest < JSONParser.maximumDepth,
            nodes.count + second.nodes.count <= JSONDocument.Node.maximumCount
        else { return false }
        for (level, container) in open.enumerated()
        where container.isObject && !second.keys[level].isEmpty {
            guard !repeatsKey(of: container, second, level: level) else { return false }
        }
        let nodeBase = UInt32(nodes.count)
        let stringBase = UInt32(decodedStrings.count)
        nodes.reserve(nodes.count + second.nodes.count)
        for index in 0..<second.nodes.count {
            var node = second.nodes[index]
            node.end += nodeBase
            if node.kind == .decodedString { node.count += stringBase }
            nodes.append(node)
        }
        decodedStrings.append(contentsOf: second.decodedStrings)
        for (container, close) in zip(open, second.closes) {
            nodes[container.node].count = UInt32(truncatingIfNeeded: container.count + close.added)
            nodes[container.node].end = nodeBase + UInt32(truncatingIfNeeded: close.nodeEnd)
            nodes[container.node].payload = UInt32(truncatingIfNeeded: close.byteEnd)
        }
        index = bytes.count
        suspended = []
        return true
    }

    /// Whether a key the second half read for an object open at the split repeats another of
    /// the object's keys.
    private func repeatsKey(of object: SuspendedContainer, _ second: ParsedSuffix, level: Int)
        -> Bool
    {
        var keys = Set<KeyText>()
        // The first half's keys up to the member being read at the split, each once (the
        // first half checked them).
        var key = object.node + 1
        while true {
            keys.insert(KeyText(string(at: key)))
            if key == object.key { break }
            key = Int(nodes[key + 1].end)
        }
        for key in second.keys[level] where !keys.insert(KeyText(second.string(at: key))).inserted {
            return true
        }
        return false
    }
}

/// A container open where a split parse stopped: its node, kind, members or elements so far
/// (the one being read included), and for an object the key of the member being read.
struct SuspendedContainer {
    var node: Int
    var isObject: Bool
    var count: Int
    var key: Int
}

/// The document's bytes, handed to the second thread, which only reads them.
private struct BorrowedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

/// What the second thread of a split parse read: from an element of an array to the end of the
/// document, with node indices counted from its first node.
///
/// Unchecked sendability: the thread that made it hands it over once done, after joining.
private struct ParsedSuffix: @unchecked Sendable {
    /// A container closed: whether an object, how many members or elements the suffix gave
    /// it, the index past its last node, and the byte offset past its closing bracket.
    struct Close {
        var isObject: Bool
        var added: Int
        var nodeEnd: Int
        var byteEnd: Int
    }

    var nodes: JSONNodeBuffer
    var decodedStrings: [String]
    let bytes: UnsafeBufferPointer<UInt8>
    /// The containers closed, innermost first.
    var closes: [Close]
    /// The keys of each object closed, by the container's place in ``closes``.
    var keys: [[Int]]
    /// The deepest nesting read, counting the values right inside the innermost container
    /// as depth 1.
    var deepest: Int

    func string(at node: Int) -> String {
        JSONDocument.string(of: nodes[node], bytes: bytes, decodedStrings: decodedStrings)
    }

    /// Parses from `start`, an element of an array, to the end of the document; `nil` when
    /// the text there does not parse so (a guess that missed, or an error the caller's
    /// parse of the whole will report).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> ParsedSuffix? {
        var parser = JSONParser(bytes: bytes, from: start)
        var closes: [Close] = []
        var keys: [[Int]] = [[]]
        do throws(JSONParseError) {
            // The innermost container is an array; each outer one's kind shows in its members
            // (a key and a colon) or its closing bracket.
            var isObject: Bool? = false
            var added = 0
            try parser.parseValue(depth: 1)
            added += 1
            while true {
                parser.skipWhitespace()
                guard parser.index < bytes.count else { throw parser.error("unexpected end") }
                let byte = bytes[parser.index]
                if byte == UInt8(ascii: ",") {
                    parser.index += 1
                    parser.skipWhitespace()
                    try parser.member(&isObject, keys: &keys[keys.count - 1])
                    added += 1
                    continue
                }
                guard byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") else {
                    throw parser.error("expected ',' or a closing bracket")
                }
                let closesObject = byte == UInt8(ascii: "}")
                guard isObject == nil || isObject == closesObject else {
                    throw parser.error("mismatched closing bracket")
                }
                parser.index += 1
                closes.append(
                    Close(
                        isObject: closesObject, added: added, nodeEnd: parser.nodes.count,
                        byteEnd: parser.index))
                parser.skipWhitespace()
                if parser.index == bytes.count { break }
                keys.append([])
                isObject = nil
                added = 0
            }
        } catch {
            parser.nodes.discard()
            return nil
        }
        return ParsedSuffix(
            nodes: parser.nodes, decodedStrings: parser.decodedStrings,
            bytes: bytes, closes: closes, keys: keys, deepest: parser.deepest)
    }
}

extension JSONParser {
    /// Reads a member of a container the second half of a split parse is inside: a key, a
    /// colon and a value for an object, a value for an array; a container of unknown kind
    /// becomes an object if a string and a colon start the member.
    fileprivate mutating func member(_ isObject: inout Bool?, keys: inout [Int])
        throws(JSONParseError)
    {
        guard index < bytes.count else { throw error("unexpected end") }
        if isObject == false || bytes[index] != UInt8(ascii: "\"") {
            guard isObject != true else { throw error("expected a key in quotes") }
            isObject = false
            try parseValue(depth: 1)
            return
        }
        let key = nodes.count
        try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            guard isObject == nil else { throw error("expected ':' after the key") }
            // A string element of an array.
            isObject = false
            return
        }
        isObject = true
        keys.append(key)
        index += 1
        skipWhitespace()
        try parseValue(depth: 1)
    }
}

extension JSONParser {
    /// Whether a document split at `offset` (joined, or parsed again on one thread when the
    /// halves do not fit) parses to the same nodes and strings, or fails with the same
    /// error, as on one thread: the invariant the scene fuzz target checks for every input.
    package static func splitParseAgrees(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let whole = ParseOutcome { () throws(JSONParseError) in
                try nodes(of: buffer, splits: false)
            }
            let split = ParseOutcome { () throws(JSONParseError) in
                if let parsed = try nodesSplit(of: buffer, at: offset) { return parsed }
                return try nodes(of: buffer, splits: false)
            }
            return whole == split
        }
    }
}

/// A parse's outcome in comparable form: each node's fields (a number's bits among them) and
/// the decoded strings, or the error.
private enum ParseOutcome: Equatable {
    case parsed(nodes: [[UInt32]], strings: [String])
    case failed(line: Int, column: Int, reason: String)

    init(
        _ parse: () throws(JSONParseError) -> (
            nodes: JSONNodeBuffer, decodedStrings: [String]
        )
    ) {
        do {
            let parsed = try parse()
            defer { parsed.nodes.discard() }
            self = .parsed(
                nodes: parsed.nodes.written.map {
                    [$0.start, $0.count, $0.end, UInt32($0.kind.rawValue), $0.payload]
                }, strings: parsed.decodedStrings)
        } catch {
            self = .failed(line: error.line, column: error.column, reason: error.reason)
        }
    }
}
