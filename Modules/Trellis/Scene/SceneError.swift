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
struct ObjectReader {
    /// The key path of the object, or of the array holding it with ``index``: the text is
    /// only built for an error message.
    private let base: SceneKeyPath
    private let index: Int?
    private let members: [(key: String, value: JSONValue)]
    /// A bit for each member's key (``keyBit(_:)``), so that looking up one of the many keys
    /// an object does not have, as most lookups are, usually ends without comparing strings.
    private let keyBits: UInt64
    /// Which members were read: a bit each for the first 64, a set for any beyond.
    private var usedBits: UInt64 = 0
    private var usedBeyond: Set<Int> = []

    init(_ value: JSONValue, path: String) throws(SceneError) {
        try self.init(value, base: SceneKeyPath(path), index: nil)
    }

    /// Reads the object at a key path.
    init(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) {
        try self.init(value, base: path, index: nil)
    }

    /// Reads element `index` of the array at key path `array`.
    init(_ value: JSONValue, in array: SceneKeyPath, at index: Int) throws(SceneError) {
        try self.init(value, base: array, index: index)
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
        var bits: UInt64 = 0
        for member in members { bits |= ObjectReader.keyBit(member.key) }
        keyBits = bits
    }

    /// One of 64 bits, chosen by a key's length (cheap to read from a string, and varied
    /// enough among a scene's keys).
    private static func keyBit(_ key: String) -> UInt64 {
        1 << UInt64(key.utf8.count & 63)
    }

    /// The key path of the object.
    var path: String { index.map { "\(base)[\($0)]" } ?? base.description }

    /// The key path of one of the object's members, kept unspelt, for a value that is handed
    /// on to be read further.
    func member(_ key: String) -> SceneKeyPath {
        (index.map { base.element($0) } ?? base).member(key)
    }

    func child(_ key: String) -> String { "\(path).\(key)" }

    var keys: [String] { members.map(\.key) }

    /// The bits of several keys at once (see ``mayHave(anyOf:)``).
    static func keyMask(_ keys: [String]) -> UInt64 {
        keys.reduce(0) { $0 | keyBit($1) }
    }

    /// Whether the object may have one of the keys whose bits a ``keyMask(_:)`` holds; when not,
    /// it has none of them, and a group of lookups can be skipped at once.
    func mayHave(anyOf mask: UInt64) -> Bool { keyBits & mask != 0 }

    func has(_ key: String) -> Bool {
        keyBits & ObjectReader.keyBit(key) != 0 && members.contains { $0.key == key }
    }

    mutating func value(_ key: String) -> JSONValue? {
        guard keyBits & ObjectReader.keyBit(key) != 0,
            let index = members.firstIndex(where: { $0.key == key })
        else { return nil }
        if index < 64 {
            usedBits |= 1 << UInt64(index)
        } else {
            usedBeyond.insert(index)
        }
        let value = members[index].value
        if case .null = value { return nil }
        return value
    }

    private func isUsed(_ index: Int) -> Bool {
        index < 64 ? usedBits & (1 << UInt64(index)) != 0 : usedBeyond.contains(index)
    }

    mutating func number(_ key: String) throws(SceneError) -> Double? {
        guard let value = value(key) else { return nil }
        return try SceneValues.number(value, path: child(key))
    }

    /// A length in points; see ``SceneValues/length(_:path:nonNegative:)``.
    mutating func length(_ key: String, nonNegative: Bool = false) throws(SceneError) -> Double? {
        guard let value = value(key) else { return nil }
        return try SceneValues.length(value, path: child(key), nonNegative: nonNegative)
    }

    mutating func string(_ key: String) throws(SceneError) -> String? {
        guard let value = value(key) else { return nil }
        return try SceneValues.string(value, path: child(key))
    }

    mutating func bool(_ key: String) throws(SceneError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw SceneError(
                keyPath: child(key),
                message: "expected true or false, found \(value.kindDescription)")
        }
        return flag
    }

    mutating func integer(_ key: String) throws(SceneError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e9 else {
            throw SceneError(
                keyPath: child(key), message: "expected a whole number, found \(number)")
        }
        return Int(number)
    }

    mutating func array(_ key: String) throws(SceneError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw SceneError(
                keyPath: child(key), message: "expected an array, found \(value.kindDescription)")
        }
        return elements
    }

    /// Reads a string that must be one of `choices`, which are only listed when the key is
    /// there.
    mutating func choice(_ key: String, _ choices: @autoclosure () -> [String])
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
        for (index, member) in members.enumerated() where !isUsed(index) {
            var message = "unknown key"
            if let suggestion = SceneValues.closest(to: member.key, in: known()) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            throw SceneError(keyPath: child(member.key), message: message)
        }
    }
}
