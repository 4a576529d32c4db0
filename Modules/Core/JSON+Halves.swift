/// A large document is parsed in two halves at once: a second thread parses from an element of
/// an array near the middle to the end, while the parse of the whole document runs from the
/// start; when that parse reaches the element where the second half starts, it takes in what
/// the second thread wrote instead of parsing it again.
///
/// The second thread does not know where it starts: inside an array, in containers it has not
/// seen open. It reads the rest of that array, closes it, then reads what follows in each
/// enclosing container (members of an object or elements of an array: a string followed by a
/// colon is a key) up to its closing bracket, until the document ends. The first half checks
/// what it took in against what it knows: each closing bracket closes a container of that kind
/// that it has open, none is left over, no key repeats one of its object's, and no value nests
/// too deep. Anything that does not fit, or an error the second thread met, means a document
/// with an error somewhere: the document is then parsed again as one, which finds that error
/// where a parse of the whole always does, so the errors, as the nodes, are those of one parse.
extension JSONParser {
    /// Documents smaller than this are parsed as one: starting a thread costs about as much as
    /// parsing 40 KB, and parsing 64 KB on one thread costs about 2 M instructions.
    package nonisolated(unsafe) static var minimumHalvedBytes = 128 * 1024

    /// Parses a large document in two halves (see above); `nil` for a document too small,
    /// without an element near its middle to start the second half at, or whose second half
    /// does not fit the first (to be parsed as one).
    static func parseInHalves(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError)
        -> (nodes: JSONNodeBuffer, decodedStrings: [String], numbers: [Double])?
    {
        guard buffer.count >= minimumHalvedBytes, SecondThreads.areUseful,
            let start = secondHalfStart(in: buffer)
        else { return nil }
        let half = JSONSecondHalf(buffer, start: start)
        defer { half.finish() }
        let parsed = try parse(buffer, secondHalf: half)
        if parsed != nil, half.isTakenIn { halvedCount += 1 }
        return parsed
    }

    /// How many documents were parsed in two halves (for tests).
    package nonisolated(unsafe) static var halvedCount = 0

    /// Where a second half can start: the first `{` at or after the middle that follows a `}`
    /// and a comma (with whitespace between), which outside a string is where an object, the
    /// element of an array, follows another. Inside a string the parse of the first half never
    /// reaches it as an element, and the second half is not used.
    static func secondHalfStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func skip(_ position: Int) -> Int {
            var position = position
            while position < bytes.count,
                bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D
                    || bytes[position] == 0x09
            {
                position += 1
            }
            return position
        }
        var position = bytes.count / 2
        let limit = min(bytes.count, position + bytes.count / 4)
        while position < limit {
            if bytes[position] == UInt8(ascii: "}") {
                let comma = skip(position + 1)
                if comma < bytes.count, bytes[comma] == UInt8(ascii: ",") {
                    let brace = skip(comma + 1)
                    if brace < bytes.count, bytes[brace] == UInt8(ascii: "{") { return brace }
                }
            }
            position += 1
        }
        return nil
    }

    /// Parses from an element of an array to the end of the document, closing the containers
    /// it finds open (see above).
    mutating func parseSecondHalf() throws(JSONParseError) -> [JSONSecondHalf.Level] {
        var levels: [JSONSecondHalf.Level] = []
        // The kind of the container being read, once known; the first is an array.
        var isObject: Bool? = false
        var count = 1
        try parseValue(depth: 0)
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                let closesObject = byte == UInt8(ascii: "}")
                if let isObject, isObject != closesObject {
                    throw error("expected \(isObject ? "'}'" : "']'")")
                }
                index += 1
                levels.append(
                    JSONSecondHalf.Level(
                        isObject: closesObject, count: count, endNode: nodes.count, byteEnd: index))
                isObject = nil
                count = 0
                skipWhitespace()
                if index == bytes.count { return levels }
                continue
            }
            guard byte == UInt8(ascii: ",") else {
                throw error("expected ',' or a closing bracket")
            }
            index += 1
            skipWhitespace()
            // Values of the containers outside the first are less deep than its elements.
            let depth = -levels.count
            if isObject == false {
                try parseValue(depth: depth)
            } else {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    guard isObject == nil else { throw error("expected a key in quotes") }
                    isObject = false
                    try parseValue(depth: depth)
                    count += 1
                    continue
                }
                try parseString()
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                    guard isObject != false else { throw error("expected ',' or ']'") }
                    isObject = true
                    index += 1
                    skipWhitespace()
                    try parseValue(depth: depth)
                } else {
                    guard isObject != true else { throw error("expected ':' after the key") }
                    isObject = false
                }
            }
            count += 1
        }
    }
}

/// The second half of a document, parsed on a thread of its own, and how the first half took
/// it in (see ``JSONParser``'s `parseInHalves`).
final class JSONSecondHalf {
    /// A container the second half closed: its kind, how many members or elements the second
    /// half read in it (for the first, all from where it started; for the others, those after
    /// the container closed before it), and where it ends among the second half's nodes and
    /// bytes.
    struct Level {
        var isObject: Bool
        var count: Int
        var endNode: Int
        var byteEnd: Int
    }

    /// What the second thread read, or `nil` when it met an error.
    struct Parsed: @unchecked Sendable {
        // Unchecked sendability: the thread hands its nodes over and keeps nothing.
        var nodes: JSONNodeBuffer
        var decodedStrings: [String]
        var numbers: [Double]
        var levels: [Level]
        var deepest: Int
        var end: Int
    }

    /// The document's bytes, for the thread.
    private struct Bytes: @unchecked Sendable {
        // Unchecked sendability: the bytes are not changed during the parse, and the first
        // half joins the thread before the parse ends.
        var buffer: UnsafeBufferPointer<UInt8>
    }

    /// Where the second half starts.
    let start: Int
    private let thread: SecondThread<Parsed?>
    private var joined: Parsed??
    /// Whether the first half took the second in, and everything it read fits so far.
    private(set) var isTakenIn = false
    private var fitsSoFar = true
    private var levels: [Level] = []
    private var nextLevel = 0
    /// Where the second half's nodes went among the first's.
    private var nodeOffset = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>, start: Int) {
        self.start = start
        let bytes = Bytes(buffer: buffer)
        thread = SecondThread { () -> Parsed? in
            let buffer = bytes.buffer
            var parser = JSONParser(bytes: buffer, nodeCapacity: (buffer.count - start) / 7)
            parser.index = start
            do throws(JSONParseError) {
                let levels = try parser.parseSecondHalf()
                return Parsed(
                    nodes: parser.nodes, decodedStrings: parser.decodedStrings,
                    numbers: parser.numbers, levels: levels, deepest: parser.deepest,
                    end: parser.index)
            } catch {
                parser.nodes.discard()
                return nil
            }
        }
    }

    /// Whether everything taken in fitted: every container the second half closed was one the
    /// first had open.
    var fits: Bool { fitsSoFar && nextLevel == levels.count }

    /// Takes the second half in when the first reaches where it starts, as an element at
    /// `depth` of an array; `false` when the second half cannot be used (the first half then
    /// goes on by itself).
    func takeIn(_ parser: inout JSONParser, depth: Int) -> Bool {
        guard !isTakenIn, let parsed = join() else { return false }
        joined = .some(nil)
        guard depth + parsed.deepest < JSONParser.maximumDepth,
            parser.nodes.count + parsed.nodes.count <= JSONDocument.Node.maximumCount
        else {
            parsed.nodes.discard()
            return false
        }
        nodeOffset = parser.nodes.count
        let numberOffset = parser.numbers.count
        let stringOffset = parser.decodedStrings.count
        for index in 0..<parsed.nodes.count {
            var node = parsed.nodes[index]
            node.end += UInt32(truncatingIfNeeded: nodeOffset)
            switch node.kind {
            case .number: node.payload += UInt32(truncatingIfNeeded: numberOffset)
            case .decodedString: node.count += UInt32(truncatingIfNeeded: stringOffset)
            default: break
            }
            parser.nodes.append(node)
        }
        parsed.nodes.discard()
        parser.numbers += parsed.numbers
        parser.decodedStrings += parsed.decodedStrings
        parser.deepest = max(parser.deepest, depth + parsed.deepest)
        parser.index = parsed.end
        levels = parsed.levels
        isTakenIn = true
        return true
    }

    /// Closes a container the first half has open, once the second half is taken in: `count`
    /// is how many members or elements the first half read in it, the one holding the second
    /// half's start included.
    func close(_ container: Int, isObject: Bool, count: Int, in parser: inout JSONParser) {
        guard fitsSoFar, nextLevel < levels.count, levels[nextLevel].isObject == isObject else {
            fitsSoFar = false
            return
        }
        let level = levels[nextLevel]
        nextLevel += 1
        parser.nodes[container].count = UInt32(truncatingIfNeeded: count + level.count)
        parser.nodes[container].end = UInt32(truncatingIfNeeded: level.endNode + nodeOffset)
        parser.nodes[container].payload = UInt32(truncatingIfNeeded: level.byteEnd)
        // Keys the second half read in an object the first half opened may repeat its keys.
        if isObject, level.count > 0, repeatsKey(in: container, parser) { fitsSoFar = false }
    }

    /// Whether two members of an object have the same key.
    private func repeatsKey(in object: Int, _ parser: JSONParser) -> Bool {
        var keys = Set<String>()
        var member = object + 1
        let end = Int(parser.nodes[object].end)
        while member < end {
            guard keys.insert(parser.string(at: member)).inserted else { return true }
            member = Int(parser.nodes[member + 1].end)
        }
        return false
    }

    /// What the second thread read, once it is done.
    private func join() -> Parsed? {
        if let joined { return joined }
        let parsed = thread.join()
        joined = .some(parsed)
        return parsed
    }

    /// Waits for the second thread, if the first half did not, and lets go of what it read if
    /// it was not taken in.
    func finish() {
        guard joined == nil else { return }
        join()?.nodes.discard()
        joined = .some(nil)
    }
}
