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

    /// `key.path: message`.
    public var description: String { "\(keyPath): \(message)" }
}

/// Reads the members of one JSON object of a scene, tracking which keys were used so that any
/// other key is reported as unknown.
struct ObjectReader {
    let path: String
    private let members: [(key: String, value: JSONValue)]
    private var used = Set<String>()

    init(_ value: JSONValue, path: String) throws(SceneError) {
        guard case .object(let members) = value else {
            throw SceneError(
                keyPath: path, message: "expected an object, found \(value.kindDescription)")
        }
        self.path = path
        self.members = members
    }

    func child(_ key: String) -> String { "\(path).\(key)" }

    var keys: [String] { members.map(\.key) }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    mutating func value(_ key: String) -> JSONValue? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        used.insert(key)
        if case .null = member.value { return nil }
        return member.value
    }

    mutating func number(_ key: String) throws(SceneError) -> Double? {
        guard let value = value(key) else { return nil }
        return try SceneValues.number(value, path: child(key))
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

    /// Reads a string that must be one of `choices`.
    mutating func choice(_ key: String, _ choices: [String]) throws(SceneError) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else {
            throw SceneError(
                keyPath: child(key),
                message: "unknown value \"\(text)\"; use one of "
                    + choices.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return text
    }

    /// Throws for the first key that was not read, suggesting the closest known one.
    func finish(known: [String]) throws(SceneError) {
        for member in members where !used.contains(member.key) {
            var message = "unknown key"
            if let suggestion = SceneValues.closest(to: member.key, in: known) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            throw SceneError(keyPath: child(member.key), message: message)
        }
    }
}
