import TrellisCore
import TrellisGeometry

/// A scene that cannot be loaded: the key path of the offending value and what is wrong with
/// it, as one line — `root.children[2].style.flexGrw: unknown key (did you mean "flexGrow"?)`.
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is: `root.children[2].style`, or `scene` for the document itself.
    public let keyPath: String
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates an error.
    public init(keyPath: String, message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    /// `key.path: message`, with controls that could act on a terminal escaped visibly, as
    /// `\u{1B}`: keys and values are the scene author's text.
    public var description: String { "\(keyPath): \(message)".escapedForEcho }
}

/// Reads the members of one JSON object of a scene, tracking which keys were used so that any
/// other key is reported as unknown.
///
/// The object is either a node of the scene's document, read in place, or a value made of it
/// (a font, an image, an animation), read from its members.
struct ObjectReader {
    /// The key path of the object, or of the array holding it with ``index``: the text is
    /// only built for an error message.
    private let base: SceneKeyPath
    private let index: Int?
    /// The members of an object given as a value; empty for a node.
    private let members: [(key: String, value: JSONValue)]
    /// The document of an object given as a node, and the node. Not counted: whoever makes
    /// a reader of a document holds the document while the reader is used, and a reader is
    /// made, copied and dropped once for every view and style of a scene.
    private unowned(unsafe) let document: JSONDocument?
    private let object: Int
    /// The number of members.
    private let count: Int
    /// A bit for each member's key (``keyBit(_:)``), so that looking up one of the many keys
    /// an object does not have, as most lookups are, usually ends without comparing strings.
    private let keyBits: UInt64
    /// Which members were read: a bit each for the first 64, a set for any beyond.
    private var usedBits: UInt64 = 0
    private var usedBeyond: Set<Int>?

    init(_ value: JSONValue, path: String) throws(SceneError) {
        try self.init(value, base: SceneKeyPath(path), index: nil)
    }

    /// Reads the object at a key path.
    init(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) {
        try self.init(value, base: path, index: nil)
    }

    private init(_ value: JSONValue, base: SceneKeyPath, index: Int?) throws(SceneError) {
        self.base = base
        self.index = index
        guard case .object(let members) = value else {
            throw SceneError(
                keyPath: index.map { "\(base)[\($0)]" } ?? base.description,
                message: "expected an object, found \(value.kindDescription)")
        }
        self.members = members
        document = nil
        object = 0
        count = members.count
        var bits: UInt64 = 0
        for member in members { bits |= ObjectReader.keyBit(member.key) }
        keyBits = bits
    }

    /// Reads the object at a node of a document, at a key path, or as element `index` of the
    /// array at that path.
    init(_ json: JSONDocument, node: Int, at path: SceneKeyPath, index: Int? = nil)
        throws(SceneError)
    {
        // Checked before any member is set: a throwing initialiser that fails after setting
        // some builds the reader in a temporary, copied into place on success.
        guard json[node].isObject else {
            throw SceneError(
                keyPath: index.map { "\(path)[\($0)]" } ?? path.description,
                message: "expected an object, found \(json.kindDescription(at: node))")
        }
        let count = Int(json[node].count)
        var bits: UInt64 = 0
        json.forEachKey(of: node) { bits |= ObjectReader.keyBit(utf8: $0) }
        self.init(
            base: path, index: index, document: json, object: node, count: count, keyBits: bits)
    }

    private init(
        base: SceneKeyPath, index: Int?, document: JSONDocument, object: Int, count: Int,
        keyBits: UInt64
    ) {
        self.base = base
        self.index = index
        members = []
        self.document = document
        self.object = object
        self.count = count
        self.keyBits = keyBits
    }

    /// One of 64 bits, chosen by a key's length and its first and last bytes (cheap to read,
    /// and together varied enough among a scene's keys). The multiplier of the hash is one
    /// under which the keys every view may have (`id`, `type`, `style`, `children`,
    /// `constraints`, and the common keys of labels and buttons) share no bit with the
    /// drawing and accessibility keys, so that a view with none of those skips them at once.
    static func keyBit(_ key: String) -> UInt64 {
        let utf8 = key.utf8
        guard let first = utf8.first, let last = utf8.last else { return 1 }
        return keyBit(length: utf8.count, first: first, last: last)
    }

    /// The bit of a key given as its UTF-8 (see ``keyBit(_:)``).
    static func keyBit(utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = utf8.first, let last = utf8.last else { return 1 }
        return keyBit(length: utf8.count, first: first, last: last)
    }

    private static func keyBit(length: Int, first: UInt8, last: UInt8) -> UInt64 {
        let packed = UInt64(truncatingIfNeeded: length) | UInt64(first) << 8 | UInt64(last) << 16
        return 1 << ((packed &* 0xB4F2_EE56_5BC5_DD9D) >> 58)
    }

    /// The key path of the object.
    var path: String { index.map { "\(base)[\($0)]" } ?? base.description }

    /// The key path of one of the object's members, kept unspelt, for a value that is handed
    /// on to be read further.
    func member(_ key: String) -> SceneKeyPath {
        (index.map { base.element($0) } ?? base).member(key)
    }

    func child(_ key: String) -> String { "\(path).\(key)" }

    /// The key path of a member, for an error message.
    func child(_ key: StaticString) -> String { "\(path).\(key)" }

    /// The key path of a member, kept unspelt (see ``member(_:)``).
    func member(_ key: StaticString) -> SceneKeyPath { member(key.description) }

    /// The key of member `position`.
    private func key(at position: Int) -> String {
        guard let document else { return members[position].key }
        return document.string(at: keyNode(at: position))
    }

    /// The node of a document object's member `position`'s key; its value follows it.
    private func keyNode(at position: Int) -> Int {
        guard let document else { return 0 }
        var key = object + 1
        for _ in 0..<position { key = Int(document.nodes[key + 1].end) }
        return key
    }

    /// The position of the member with a key, or `nil`; for a document's object, also the
    /// node of its value.
    private func find(_ key: StaticString) -> (position: Int, node: Int)? {
        key.withUTF8Buffer { find(utf8: $0) }
    }

    private func find(utf8: UnsafeBufferPointer<UInt8>) -> (position: Int, node: Int)? {
        guard keyBits & ObjectReader.keyBit(utf8: utf8) != 0 else { return nil }
        guard let document else {
            return members.firstIndex(where: { $0.key.utf8.elementsEqual(utf8) }).map { ($0, 0) }
        }
        return document.member(of: object, named: utf8).map { ($0.position, $0.value) }
    }

    /// Marks a member read.
    private mutating func use(_ position: Int) {
        if position < 64 {
            usedBits |= 1 << UInt64(position)
        } else {
            // Taken out first, so that the insertion does not copy the set.
            var beyond = usedBeyond ?? []
            usedBeyond = nil
            beyond.insert(position)
            usedBeyond = beyond
        }
    }

    /// The node of a member's value in the document, marked read; `nil` when the object has
    /// no such member or it is `null`, or for an object given as a value.
    mutating func node(_ key: StaticString) -> Int? {
        guard let (position, node) = find(key), let document else { return nil }
        use(position)
        return document[node].isNull ? nil : node
    }

    /// The document the object is a node of, if it is one.
    var jsonDocument: JSONDocument? { document }

    /// The bits of several keys at once (see ``mayHave(anyOf:)``).
    static func keyMask(_ keys: [String]) -> UInt64 {
        keys.reduce(0) { $0 | keyBit($1) }
    }

    /// Whether the object may have one of the keys whose bits a ``keyMask(_:)`` holds; when not,
    /// it has none of them, and a group of lookups can be skipped at once.
    func mayHave(anyOf mask: UInt64) -> Bool { keyBits & mask != 0 }

    func has(_ key: StaticString) -> Bool {
        find(key) != nil
    }

    mutating func value(_ key: StaticString) -> JSONValue? {
        guard let (position, node) = find(key) else { return nil }
        use(position)
        let value = document.map { $0.value(at: node) } ?? members[position].value
        if case .null = value { return nil }
        return value
    }

    private func isUsed(_ index: Int) -> Bool {
        index < 64 ? usedBits & (1 << UInt64(index)) != 0 : usedBeyond?.contains(index) == true
    }

    /// A member `[x, y, width, height]` of lengths (``SceneValues/rect(_:path:)``), read from a
    /// document's nodes when it is four numbers in range, without a value made of it; anything
    /// else is read as a value, for its error.
    mutating func rect(_ key: StaticString) throws(SceneError) -> Rect? {
        guard let (position, node) = find(key) else { return nil }
        if let document, document[node].isArray, document[node].count == 4 {
            // A number in range; while the elements are numbers, each is the node after the
            // one before.
            func length(_ element: Int) -> Double? {
                guard document[element].kind == .number else { return nil }
                let length = document.number(at: element)
                return abs(length) <= SceneValues.maximumLength ? length : nil
            }
            if let x = length(node + 1), let y = length(node + 2), let width = length(node + 3),
                let height = length(node + 4)
            {
                use(position)
                return Rect(x: x, y: y, width: width, height: height)
            }
        }
        guard let value = value(key) else { return nil }
        return try SceneValues.rect(value, path: child(key))
    }

    mutating func number(_ key: StaticString) throws(SceneError) -> Double? {
        guard let value = value(key) else { return nil }
        return try SceneValues.number(value, path: child(key))
    }

    /// A length in points; see ``SceneValues/length(_:path:nonNegative:)``.
    mutating func length(_ key: StaticString, nonNegative: Bool = false) throws(SceneError)
        -> Double?
    {
        guard let value = value(key) else { return nil }
        return try SceneValues.length(value, path: child(key), nonNegative: nonNegative)
    }

    mutating func string(_ key: StaticString) throws(SceneError) -> String? {
        guard let (position, node) = find(key) else { return nil }
        use(position)
        let value: JSONValue
        if let document {
            // A document's string is made from its bytes, without a value in between.
            if document.isString(node) { return document.string(at: node) }
            value = document.value(at: node)
        } else {
            value = members[position].value
        }
        if case .null = value { return nil }
        return try SceneValues.string(value, path: child(key))
    }

    mutating func bool(_ key: StaticString) throws(SceneError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw SceneError(
                keyPath: child(key),
                message: "expected true or false, found \(value.kindDescription)")
        }
        return flag
    }

    mutating func integer(_ key: StaticString) throws(SceneError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e9 else {
            throw SceneError(
                keyPath: child(key), message: "expected a whole number, found \(number)")
        }
        return Int(number)
    }

    /// The nodes of the elements of an array member of a document's object, which must be an
    /// array when it is there; `nil` without the member, or for an object given as a value.
    mutating func elementNodes(_ key: StaticString) throws(SceneError) -> [Int]? {
        // The key first: most objects lack it, and reading the document retains it.
        guard let node = node(key), let json = document else { return nil }
        guard json[node].isArray else {
            throw SceneError(
                keyPath: child(key),
                message: "expected an array, found \(json.kindDescription(at: node))")
        }
        return json.elements(of: node)
    }

    mutating func array(_ key: StaticString) throws(SceneError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw SceneError(
                keyPath: child(key), message: "expected an array, found \(value.kindDescription)")
        }
        return elements
    }

    /// Reads a string that must be one of `choices`, which are only listed when the key is
    /// there.
    mutating func choice(_ key: StaticString, _ choices: @autoclosure () -> [String])
        throws(SceneError) -> String?
    {
        guard let text = try string(key) else { return nil }
        let choices = choices()
        guard choices.contains(text) else {
            throw SceneError(
                keyPath: child(key),
                message: "unknown value \"\(text)\"; use one of "
                    + choices.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return text
    }

    /// Throws for the first key that was not read, suggesting the closest known one; the
    /// known keys are only computed for that message.
    func finish(known: @autoclosure () -> [String]) throws(SceneError) {
        for position in 0..<count where !isUsed(position) {
            let key = key(at: position)
            var message = "unknown key"
            if let suggestion = SceneValues.closest(to: key, in: known()) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            throw SceneError(keyPath: child(key), message: message)
        }
    }
}
