/// One complete D-Bus type, parsed from a signature: a basic type, an array, a structure, a
/// dictionary entry or a variant.
///
/// ```swift
/// let types = try DBusType.parse("a{sv}(so)")
/// types.map(\.signature)   // ["a{sv}", "(so)"]
/// ```
public indirect enum DBusType: Sendable, Hashable, CustomStringConvertible {
    /// A basic type, by its type code: one of `ybnqiuxtdsogh`.
    case basic(UInt8)
    /// An array of elements of one type.
    case array(DBusType)
    /// A structure of fields.
    case structure([DBusType])
    /// A dictionary entry: a basic key and a value (only inside an array).
    case dictEntry(DBusType, DBusType)
    /// A value that carries its own type.
    case variant

    /// The type codes of the basic types.
    static let basicCodes: Set<UInt8> = Set("ybnqiuxtdsogh".utf8)
    /// The longest signature the protocol allows, in bytes.
    public static let maximumSignatureLength = 255
    /// The deepest nesting of arrays, and separately of structures, the protocol allows.
    public static let maximumNesting = 32

    /// The type's signature, such as `a{sv}`.
    public var signature: String {
        switch self {
        case .basic(let code): String(UnicodeScalar(code))
        case .array(let element): "a" + element.signature
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// The signature.
    public var description: String { signature }

    /// The boundary, in bytes, a value of the type starts on.
    public var alignment: Int {
        switch self {
        case .basic(let code):
            switch code {
            case UInt8(ascii: "y"), UInt8(ascii: "g"): 1
            case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
            case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"): 8
            default: 4
            }
        case .array: 4
        case .structure, .dictEntry: 8
        case .variant: 1
        }
    }

    /// Parses a signature into its complete types.
    ///
    /// - Parameter signature: Zero or more complete types, such as `siiva{sv}`.
    /// - Returns: The types, in order.
    /// - Throws: ``DBusError`` (``DBusError/Code/badSignature``) naming the signature and the
    ///   offset of the first fault: an unknown type code, an unclosed or empty structure, a
    ///   dictionary entry outside an array or with a container key, nesting deeper than 32,
    ///   or a signature longer than 255 bytes.
    public static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        let bytes = Array(signature.utf8)
        guard bytes.count <= maximumSignatureLength else {
            throw DBusError(
                .badSignature,
                "signature of \(bytes.count) bytes is longer than the \(maximumSignatureLength) "
                    + "the protocol allows")
        }
        var parser = Parser(bytes: bytes, text: signature)
        var types: [DBusType] = []
        while parser.offset < bytes.count {
            types.append(try parser.complete(arrays: 0, structures: 0, inArray: false))
        }
        return types
    }

    /// Parses a signature that must hold exactly one complete type.
    ///
    /// - Parameter signature: One complete type, such as `(so)`.
    /// - Returns: The type.
    /// - Throws: ``DBusError`` when the signature is invalid or holds no type or several.
    public static func single(_ signature: String) throws(DBusError) -> DBusType {
        let types = try parse(signature)
        guard types.count == 1 else {
            throw DBusError(
                .badSignature,
                "\"\(signature)\" holds \(types.count) complete types where one is expected")
        }
        return types[0]
    }

    private struct Parser {
        let bytes: [UInt8]
        let text: String
        var offset = 0

        func fault(_ reason: String) -> DBusError {
            DBusError(.badSignature, "\"\(text)\" at offset \(offset): \(reason)")
        }

        mutating func complete(arrays: Int, structures: Int, inArray: Bool) throws(DBusError)
            -> DBusType
        {
            guard offset < bytes.count else { throw fault("a complete type is missing") }
            let code = bytes[offset]
            offset += 1
            if DBusType.basicCodes.contains(code) { return .basic(code) }
            switch code {
            case UInt8(ascii: "v"):
                return .variant
            case UInt8(ascii: "a"):
                guard arrays < DBusType.maximumNesting else {
                    throw fault("arrays nested deeper than \(DBusType.maximumNesting)")
                }
                return .array(
                    try complete(arrays: arrays + 1, structures: structures, inArray: true))
            case UInt8(ascii: "("):
                guard structures < DBusType.maximumNesting else {
                    throw fault("structures nested deeper than \(DBusType.maximumNesting)")
                }
                var fields: [DBusType] = []
                while offset < bytes.count, bytes[offset] != UInt8(ascii: ")") {
                    fields.append(
                        try complete(arrays: arrays, structures: structures + 1, inArray: false))
                }
                guard offset < bytes.count else { throw fault("structure not closed") }
                guard !fields.isEmpty else { throw fault("empty structure") }
                offset += 1
                return .structure(fields)
            case UInt8(ascii: "{"):
                guard inArray else { throw fault("dictionary entry outside an array") }
                guard structures < DBusType.maximumNesting else {
                    throw fault("structures nested deeper than \(DBusType.maximumNesting)")
                }
                let key = try complete(arrays: arrays, structures: structures + 1, inArray: false)
                guard case .basic = key else {
                    throw fault("dictionary key \(key.signature) is not a basic type")
                }
                let value = try complete(
                    arrays: arrays, structures: structures + 1, inArray: false)
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "}") else {
                    throw fault("dictionary entry not closed after its key and value")
                }
                offset += 1
                return .dictEntry(key, value)
            default:
                offset -= 1
                let shown = code >= 0x20 && code < 0x7F ? "'\(UnicodeScalar(code))'" : "\(code)"
                throw fault("unknown type code \(shown)")
            }
        }
    }
}
