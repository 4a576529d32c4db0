import Glibc

/// A parsed JSON document as a flat list of nodes in document order, each pointing into the
/// document's bytes: a reader walks it without a tree of values being built for it, and a
/// string without escapes is read from the bytes in place.
///
/// Node 0 is the document's value. A container's nodes follow it: an array's elements, an
/// object's members as a key (a string node) followed by its value; ``Node/end`` is the
/// index just past a node and everything inside it.
package final class JSONDocument: @unchecked Sendable {
    /// One value of the document.
    package struct Node: Sendable {
        /// What a node is.
        package enum Kind: UInt8, Sendable {
            case null
            case `false`
            case `true`
            case number
            /// A string without escapes: ``count`` bytes from ``start``.
            case string
            /// A string with escapes, decoded: the document's decoded string ``count``.
            case decodedString
            case array
            case object
        }

        /// The byte offset of the value's first byte, or of a plain string's first character.
        package var start: UInt32
        /// An array's element count, an object's member count, a plain string's length in
        /// bytes, a decoded string's index; a number's low 32 bits.
        package var count: UInt32
        /// The index of the node after this one and its contents in the low 28 bits, the kind
        /// in the high 4: a node is 16 bytes.
        private var endAndKind: UInt32
        /// An array's or an object's byte offset just past its closing bracket; a number's
        /// high 32 bits (a number is kept in its node: a list of numbers beside the nodes
        /// would grow, and be copied, as the document is read).
        package var payload: UInt32

        /// The most nodes a document may have: an index must fit in 28 bits.
        package static let maximumCount = 1 << 28 - 1

        package init(kind: Kind, start: Int, count: Int, end: Int, payload: Int = 0) {
            self.start = UInt32(truncatingIfNeeded: start)
            self.count = UInt32(truncatingIfNeeded: count)
            endAndKind = UInt32(truncatingIfNeeded: end) & 0x0FFF_FFFF | UInt32(kind.rawValue) << 28
            self.payload = UInt32(truncatingIfNeeded: payload)
        }

        /// A number node, its value's bits kept in ``count`` and ``payload``.
        package init(number: Double, start: Int, end: Int) {
            let bits = number.bitPattern
            self.init(
                kind: .number, start: start, count: Int(truncatingIfNeeded: bits), end: end,
                payload: Int(truncatingIfNeeded: bits >> 32))
        }

        /// A number node's value.
        package var number: Double {
            Double(bitPattern: UInt64(payload) << 32 | UInt64(count))
        }

        /// What the node is.
        package var kind: Kind {
            Kind(rawValue: UInt8(truncatingIfNeeded: endAndKind >> 28)) ?? .null
        }

        /// The index of the node after this one and its contents.
        package var end: UInt32 {
            get { endAndKind & 0x0FFF_FFFF }
            set { endAndKind = endAndKind & 0xF000_0000 | newValue & 0x0FFF_FFFF }
        }

        /// Whether the node is an object, an array or `null`: tests that other modules make
        /// without calling the kind's `==`.
        package var isObject: Bool { if case .object = kind { true } else { false } }
        package var isArray: Bool { if case .array = kind { true } else { false } }
        package var isNull: Bool { if case .null = kind { true } else { false } }

        /// An array's or an object's byte offset just past its closing bracket.
        package var byteEnd: Int { Int(payload) }
    }

    /// The document's bytes and its nodes, in document order, at fixed addresses that the
    /// document owns: reading them takes no reference (the document is immutable, and shared
    /// between threads as any immutable value).
    package let bytes: UnsafeBufferPointer<UInt8>
    package let nodes: UnsafeBufferPointer<Node>
    /// The memory of ``nodes``, which the document frees.
    private let nodeStorage: JSONNodeBuffer
    /// The strings with escapes, decoded, in document order.
    private let decodedStrings: [String]

    /// Parses a document.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the problem.
    package convenience init(parsing bytes: [UInt8]) throws(JSONParseError) {
        let ownBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = ownBytes.initialize(from: bytes)
        try self.init(adopting: ownBytes)
    }

    /// Parses a document in a buffer that the document then owns and frees, also when the
    /// parse fails: a file read into it is parsed where it lies, with no copy.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the problem.
    package init(adopting bytes: UnsafeMutableBufferPointer<UInt8>) throws(JSONParseError) {
        let parsed: (nodes: JSONNodeBuffer, decodedStrings: [String])
        do {
            parsed = try JSONParser.nodes(of: UnsafeBufferPointer(bytes))
        } catch {
            bytes.deallocate()
            throw error
        }
        decodedStrings = parsed.decodedStrings
        nodeStorage = parsed.nodes
        nodes = parsed.nodes.written
        self.bytes = UnsafeBufferPointer(bytes)
    }

    deinit {
        bytes.deallocate()
        nodeStorage.discard()
    }

    /// The node at an index.
    package subscript(node: Int) -> Node { nodes[node] }

    /// The value of a number node.
    package func number(at node: Int) -> Double { nodes[node].number }

    /// Whether a node is a string.
    package func isString(_ node: Int) -> Bool {
        let kind = nodes[node].kind
        return kind == .string || kind == .decodedString
    }

    /// The text of a string node.
    package func string(at node: Int) -> String {
        JSONDocument.string(of: nodes[node], bytes: bytes, decodedStrings: decodedStrings)
    }

    /// The text of a string node read during a parse.
    static func string(
        of node: Node, bytes: UnsafeBufferPointer<UInt8>, decodedStrings: [String]
    ) -> String {
        if node.kind == .decodedString { return decodedStrings[Int(node.count)] }
        let start = Int(node.start)
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(node.count)]),
            as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 of a string node: in place for a string without escapes.
    package func withUTF8<R, E: Error>(
        ofString node: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        let value = nodes[node]
        if value.kind == .decodedString {
            return try Array(decodedStrings[Int(value.count)].utf8).withUnsafeBufferPointer(body)
        }
        let start = Int(value.start)
        return try body(UnsafeBufferPointer(rebasing: bytes[start..<start + Int(value.count)]))
    }

    /// Whether a string node spells the UTF-8 `text`.
    package func string(at node: Int, equals text: UnsafeBufferPointer<UInt8>) -> Bool {
        JSONDocument.string(
            of: nodes[node], bytes: bytes, decodedStrings: decodedStrings, equals: text)
    }

    /// Whether a string node read during a parse spells the UTF-8 `text`.
    static func string(
        of node: Node, bytes: UnsafeBufferPointer<UInt8>, decodedStrings: [String],
        equals text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if node.kind == .decodedString {
            return decodedStrings[Int(node.count)].utf8.elementsEqual(text)
        }
        return Int(node.count) == text.count
            && (text.isEmpty
                || memcmp(bytes.baseAddress! + Int(node.start), text.baseAddress!, text.count) == 0)
    }

    /// The raw text of an array or an object, brackets included: two containers written alike
    /// are the same value.
    package func rawText(of node: Int) -> UnsafeBufferPointer<UInt8> {
        let value = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<value.byteEnd])
    }

    /// The member of an object whose key spells the UTF-8 `key`: its position among the
    /// members and the node of its value; `nil` when the object has none. Keys are compared by
    /// length first, which most members fail.
    package func member(of object: Int, named key: UnsafeBufferPointer<UInt8>)
        -> (position: Int, value: Int)?
    {
        var node = object + 1
        for position in 0..<Int(nodes[object].count) {
            let candidate = nodes[node]
            if Int(candidate.count) == key.count || candidate.kind == .decodedString,
                string(at: node, equals: key)
            {
                return (position, node + 1)
            }
            node = Int(nodes[node + 1].end)
        }
        return nil
    }

    /// Calls `body` with the UTF-8 of each key of an object, in order.
    package func forEachKey(of object: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var node = object + 1
        for _ in 0..<Int(nodes[object].count) {
            withUTF8(ofString: node, body)
            node = Int(nodes[node + 1].end)
        }
    }

    /// The nodes of an array's elements, in order.
    package func elements(of array: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(nodes[array].count))
        var node = array + 1
        let end = Int(nodes[array].end)
        while node < end {
            result.append(node)
            node = Int(nodes[node].end)
        }
        return result
    }

    /// The value at a node, as a tree.
    package func value(at node: Int) -> JSONValue {
        var next = node
        return JSONDocument.value(
            at: &next, nodes: nodes, bytes: bytes, strings: decodedStrings)
    }

    /// Makes the value at `node` and moves `node` past it.
    private static func value(
        at node: inout Int, nodes: UnsafeBufferPointer<Node>, bytes: UnsafeBufferPointer<UInt8>,
        strings: [String]
    ) -> JSONValue {
        let current = nodes[node]
        node += 1
        switch current.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(current.number)
        case .string, .decodedString:
            return .string(string(of: current, bytes: bytes, decodedStrings: strings))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(current.count))
            for _ in 0..<current.count {
                elements.append(value(at: &node, nodes: nodes, bytes: bytes, strings: strings))
            }
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(Int(current.count))
            for _ in 0..<current.count {
                let key = string(of: nodes[node], bytes: bytes, decodedStrings: strings)
                node += 1
                members.append(
                    (key, value(at: &node, nodes: nodes, bytes: bytes, strings: strings)))
            }
            return .object(members)
        }
    }

    /// The kind of value at a node, as error messages name it: `an object`, `a string`, …
    package func kindDescription(at node: Int) -> String {
        switch nodes[node].kind {
        case .null: "null"
        case .false, .true: "a boolean"
        case .number: "a number"
        case .string, .decodedString: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The nodes a parse writes, one after another, in memory from `malloc` that grows in place
/// where it can, by half (a node holds no references); the document takes it when the parse
/// succeeds.
struct JSONNodeBuffer {
    private var base: UnsafeMutablePointer<JSONDocument.Node>
    private var capacity: Int
    /// The number of nodes written.
    private(set) var count = 0

    /// Room for the nodes of the text `bytes[start...]`, as many as ``expectedCount(in:from:)``
    /// expects: growing would copy them, and room never used is memory the heap helper of
    /// `trellis` populates for nothing (a scene has one node every 6 to 18 bytes).
    init(forTextOf bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        capacity = max(JSONNodeBuffer.expectedCount(in: bytes, from: start), 16)
        base = JSONNodeBuffer.reallocate(nil, capacity: capacity)
    }

    /// The bytes sampled for ``expectedCount(in:from:)``.
    static let sampleBytes = 16 * 1024

    /// How many nodes the text from `start` is expected to hold, an eighth more than the
    /// density of its first ``sampleBytes`` bytes gives: each node after the first follows one
    /// of `[`, `{`, `,` and `:` (outside strings, where more of them only make the estimate
    /// larger), and never more than the text can hold, one node every two bytes.
    static func expectedCount(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let length = bytes.count - start
        let sampleEnd = start + min(length, sampleBytes)
        var separators = 1
        for index in start..<sampleEnd {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"):
                separators += 1
            default: break
            }
        }
        let sampled = sampleEnd - start
        guard sampled > 0 else { return 1 }
        // Nodes at the sample's density, in exact integers: `separators` nodes per `sampled`
        // bytes over `length` bytes.
        let expected = length / sampled * separators + length % sampled * separators / sampled
        return min(
            expected + expected / 8, length / 2 + 1, JSONDocument.Node.maximumCount + 1)
    }

    private static func reallocate(
        _ old: UnsafeMutablePointer<JSONDocument.Node>?, capacity: Int
    ) -> UnsafeMutablePointer<JSONDocument.Node> {
        guard let memory = realloc(old, capacity * MemoryLayout<JSONDocument.Node>.stride) else {
            fatalError("out of memory for \(capacity) JSON nodes")
        }
        return memory.bindMemory(to: JSONDocument.Node.self, capacity: capacity)
    }

    mutating func append(_ node: JSONDocument.Node) {
        if count == capacity {
            capacity += capacity / 2
            base = JSONNodeBuffer.reallocate(base, capacity: capacity)
        }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Makes room for `total` nodes in all, at once.
    mutating func reserve(_ total: Int) {
        guard total > capacity else { return }
        capacity = total
        base = JSONNodeBuffer.reallocate(base, capacity: capacity)
    }

    subscript(index: Int) -> JSONDocument.Node {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// The nodes written, which stay valid until ``discard()``.
    var written: UnsafeBufferPointer<JSONDocument.Node> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Frees the nodes.
    func discard() { free(base) }
}
