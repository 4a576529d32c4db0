/// A value of the D-Bus type system, as carried in a message's body.
///
/// An array records its element type, so that an empty array still has a signature:
///
/// ```swift
/// let properties = DBusValue.array(
///     try DBusType.single("{sv}"),
///     [.dictEntry(.string("Name"), .variant(.string("Save")))])
/// properties.type.signature   // "a{sv}"
/// ```
public indirect enum DBusValue: Sendable, Hashable {
    /// `y`: an unsigned byte.
    case byte(UInt8)
    /// `b`: a boolean.
    case boolean(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double.
    case double(Double)
    /// `s`: a UTF-8 string without NUL characters.
    case string(String)
    /// `o`: an object path such as `/org/a11y/atspi/accessible/root`.
    case objectPath(String)
    /// `g`: a type signature.
    case signature(String)
    /// `h`: the index of a file descriptor passed beside the message.
    case unixFD(UInt32)
    /// `a`: elements of one type, given first.
    case array(DBusType, [DBusValue])
    /// `(…)`: fields.
    case structure([DBusValue])
    /// `{…}`: a key and a value, the element of a dictionary (an array of entries).
    case dictEntry(DBusValue, DBusValue)
    /// `v`: a value with its type.
    case variant(DBusValue)

    /// The value's type.
    public var type: DBusType {
        switch self {
        case .byte: .basic(UInt8(ascii: "y"))
        case .boolean: .basic(UInt8(ascii: "b"))
        case .int16: .basic(UInt8(ascii: "n"))
        case .uint16: .basic(UInt8(ascii: "q"))
        case .int32: .basic(UInt8(ascii: "i"))
        case .uint32: .basic(UInt8(ascii: "u"))
        case .int64: .basic(UInt8(ascii: "x"))
        case .uint64: .basic(UInt8(ascii: "t"))
        case .double: .basic(UInt8(ascii: "d"))
        case .string: .basic(UInt8(ascii: "s"))
        case .objectPath: .basic(UInt8(ascii: "o"))
        case .signature: .basic(UInt8(ascii: "g"))
        case .unixFD: .basic(UInt8(ascii: "h"))
        case .array(let element, _): .array(element)
        case .structure(let fields): .structure(fields.map(\.type))
        case .dictEntry(let key, let value): .dictEntry(key.type, value.type)
        case .variant: .variant
        }
    }

    /// The string of a `s`, `o` or `g` value, or `nil`.
    public var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The number of an integer, `d` or `y` value as an `Int`, or `nil` (also when it does not fit).
    public var intValue: Int? {
        switch self {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        case .unixFD(let value): Int(value)
        default: nil
        }
    }

    /// The number of a numeric value as a `Double`, or `nil`.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return intValue.map(Double.init)
    }

    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// A structure `(so)`: a bus name and an object path, the reference AT-SPI passes for an
    /// accessible object.
    ///
    /// - Parameters:
    ///   - name: The unique or well-known bus name of the object's owner.
    ///   - path: The object's path.
    public static func reference(_ name: String, _ path: String) -> DBusValue {
        .structure([.string(name), .objectPath(path)])
    }

    /// An array of `{sv}` entries from a dictionary, sorted by key so that the bytes are the
    /// same on every run.
    ///
    /// - Parameter entries: The keys and their values (each wrapped in a variant).
    public static func properties(_ entries: [String: DBusValue]) -> DBusValue {
        .array(
            .dictEntry(.basic(UInt8(ascii: "s")), .variant),
            entries.sorted { $0.key < $1.key }.map {
                .dictEntry(.string($0.key), .variant($0.value))
            })
    }
}
