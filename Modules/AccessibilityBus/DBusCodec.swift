/// Writes values in the D-Bus wire format, little-endian: each value padded with zeros to its
/// type's alignment, counted from the start of the message.
///
/// ```swift
/// var encoder = DBusEncoder()
/// try encoder.encode(.string("focused"))
/// try encoder.encode(.int32(1))
/// encoder.bytes   // 07 00 00 00 66 6f 63 75 73 65 64 00 01 00 00 00
/// ```
public struct DBusEncoder: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    /// The longest array the protocol allows, in bytes.
    public static let maximumArrayLength = 1 << 26

    /// Creates an encoder.
    ///
    /// - Parameter bytes: What precedes the values in the message; alignment counts from its
    ///   start.
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Writes zeros up to the next multiple of `alignment`.
    ///
    /// - Parameter alignment: 1, 2, 4 or 8.
    public mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    /// Writes a value.
    ///
    /// - Parameter value: The value; arrays must hold elements of their element type.
    /// - Throws: ``DBusError`` (``DBusError/Code/badValue``) for a string with a NUL
    ///   character, an invalid object path or signature, an array element of another type, a
    ///   dictionary entry outside an array, or an array longer than 64 MiB.
    public mutating func encode(_ value: DBusValue) throws(DBusError) {
        try encode(value, depth: 0, inArray: false)
    }

    private mutating func encode(_ value: DBusValue, depth: Int, inArray: Bool) throws(DBusError) {
        guard depth <= 2 * DBusType.maximumNesting else {
            throw DBusError(.badValue, "value nested deeper than \(2 * DBusType.maximumNesting)")
        }
        pad(to: value.type.alignment)
        switch value {
        case .byte(let number): bytes.append(number)
        case .boolean(let flag): append(UInt32(flag ? 1 : 0))
        case .int16(let number): append(UInt16(bitPattern: number))
        case .uint16(let number): append(number)
        case .int32(let number): append(UInt32(bitPattern: number))
        case .uint32(let number), .unixFD(let number): append(number)
        case .int64(let number): append(UInt64(bitPattern: number))
        case .uint64(let number): append(number)
        case .double(let number): append(number.bitPattern)
        case .string(let text):
            try DBusEncoder.checkString(text)
            appendString(text)
        case .objectPath(let path):
            guard DBusEncoder.isObjectPath(path) else {
                throw DBusError(.badValue, "\"\(path)\" is not a valid object path")
            }
            appendString(path)
        case .signature(let signature):
            _ = try DBusType.parse(signature)
            bytes.append(UInt8(signature.utf8.count))
            bytes += signature.utf8
            bytes.append(0)
        case .array(let element, let elements):
            let lengthOffset = bytes.count
            append(UInt32(0))
            pad(to: element.alignment)
            let start = bytes.count
            for item in elements {
                guard item.type == element else {
                    throw DBusError(
                        .badValue,
                        "array of \(element.signature) holds a \(item.type.signature)")
                }
                try encode(item, depth: depth + 1, inArray: true)
            }
            let length = bytes.count - start
            guard length <= DBusEncoder.maximumArrayLength else {
                throw DBusError(
                    .badValue,
                    "array of \(length) bytes is longer than the "
                        + "\(DBusEncoder.maximumArrayLength) the protocol allows")
            }
            withUnsafeBytes(of: UInt32(length).littleEndian) { raw in
                for index in 0..<4 { bytes[lengthOffset + index] = raw[index] }
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusError(.badValue, "empty structure") }
            for field in fields { try encode(field, depth: depth + 1, inArray: false) }
        case .dictEntry(let key, let entryValue):
            guard inArray else {
                throw DBusError(.badValue, "dictionary entry outside an array")
            }
            guard case .basic = key.type else {
                throw DBusError(.badValue, "dictionary key \(key.type.signature) is not basic")
            }
            try encode(key, depth: depth + 1, inArray: false)
            try encode(entryValue, depth: depth + 1, inArray: false)
        case .variant(let inner):
            if case .dictEntry = inner {
                throw DBusError(.badValue, "a variant cannot hold a dictionary entry")
            }
            let signature = inner.type.signature
            guard signature.utf8.count <= DBusType.maximumSignatureLength else {
                throw DBusError(.badValue, "variant's signature is longer than 255 bytes")
            }
            bytes.append(UInt8(signature.utf8.count))
            bytes += signature.utf8
            bytes.append(0)
            try encode(inner, depth: depth + 1, inArray: false)
        }
    }

    private mutating func append<Integer: FixedWidthInteger>(_ number: Integer) {
        withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
    }

    private mutating func appendString(_ text: String) {
        append(UInt32(text.utf8.count))
        bytes += text.utf8
        bytes.append(0)
    }

    static func checkString(_ text: String) throws(DBusError) {
        if text.utf8.contains(0) {
            throw DBusError(.badValue, "string \(text.debugDescription) holds a NUL character")
        }
    }

    /// Whether a string is a valid object path: `/`, or `/`-separated non-empty elements of
    /// ASCII letters, digits and `_`.
    static func isObjectPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previous = UInt8(ascii: "/")
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if previous == UInt8(ascii: "/") { return false }
            } else if !(byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")) {
                return false
            }
            previous = byte
        }
        return true
    }
}

/// Reads values in the D-Bus wire format, in either byte order, checking every length,
/// padding and limit: malformed or hostile bytes give a ``DBusError`` naming the offset, never
/// a crash or an allocation the bytes do not justify.
///
/// ```swift
/// var decoder = DBusDecoder(bytes: body)
/// let values = try decoder.decode(DBusType.parse("siiva{sv}"))
/// ```
public struct DBusDecoder: Sendable {
    /// The bytes read.
    public let bytes: [UInt8]
    /// Whether multi-byte numbers are big-endian (a message that starts with `B`).
    public let isBigEndian: Bool
    /// Where the next value is read.
    public private(set) var offset: Int

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - bytes: The bytes; alignment counts from their start.
    ///   - offset: Where to start reading.
    ///   - isBigEndian: The byte order of multi-byte numbers.
    public init(bytes: [UInt8], offset: Int = 0, isBigEndian: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        self.isBigEndian = isBigEndian
    }

    /// Reads values of types in order.
    ///
    /// - Parameter types: The types, such as those of a message's signature.
    /// - Returns: The values.
    /// - Throws: ``DBusError`` (``DBusError/Code/malformed``) naming the offset and the fault.
    public mutating func decode(_ types: [DBusType]) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        for type in types { values.append(try decode(type, depth: 0)) }
        return values
    }

    /// Reads one value.
    ///
    /// - Parameter type: Its type.
    /// - Returns: The value.
    /// - Throws: ``DBusError`` (``DBusError/Code/malformed``) naming the offset and the fault.
    public mutating func decode(_ type: DBusType) throws(DBusError) -> DBusValue {
        try decode(type, depth: 0)
    }

    private func fault(_ reason: String, at position: Int? = nil) -> DBusError {
        DBusError(.malformed, "\(reason) at offset \(position ?? offset)")
    }

    /// Skips the padding before a value, which must be zeros.
    mutating func align(to alignment: Int) throws(DBusError) {
        let padded = (offset + alignment - 1) / alignment * alignment
        guard padded <= bytes.count else { throw fault("message ends inside padding") }
        for index in offset..<padded where bytes[index] != 0 {
            throw fault("padding byte \(bytes[index]) is not zero", at: index)
        }
        offset = padded
    }

    private mutating func read<Integer: FixedWidthInteger>(_: Integer.Type) throws(DBusError)
        -> Integer
    {
        let size = MemoryLayout<Integer>.size
        try align(to: size)
        guard bytes.count - offset >= size else {
            throw fault("message ends inside a \(size)-byte number")
        }
        var number: Integer = 0
        for index in 0..<size {
            let byte = Integer(bytes[offset + (isBigEndian ? index : size - 1 - index)])
            number = number << 8 | byte
        }
        offset += size
        return number
    }

    private mutating func readString(lengthBytes: Int) throws(DBusError) -> String {
        let start = offset
        let length: Int
        if lengthBytes == 1 {
            guard offset < bytes.count else { throw fault("message ends before a signature") }
            length = Int(bytes[offset])
            offset += 1
        } else {
            length = Int(try read(UInt32.self))
        }
        guard length < bytes.count - offset else {
            throw fault("string of \(length) bytes runs past the end of the message", at: start)
        }
        let content = bytes[offset..<offset + length]
        guard bytes[offset + length] == 0 else { throw fault("string not ended by NUL", at: start) }
        guard !content.contains(0) else { throw fault("string holds a NUL character", at: start) }
        guard let text = String(validating: content, as: UTF8.self) else {
            throw fault("string is not valid UTF-8", at: start)
        }
        offset += length + 1
        return text
    }

    private mutating func decode(_ type: DBusType, depth: Int) throws(DBusError) -> DBusValue {
        guard depth <= 2 * DBusType.maximumNesting else {
            throw fault("values nested deeper than \(2 * DBusType.maximumNesting)")
        }
        switch type {
        case .basic(let code):
            return try decodeBasic(code)
        case .array(let element):
            let start = offset
            let length = Int(try read(UInt32.self))
            guard length <= DBusEncoder.maximumArrayLength else {
                throw fault(
                    "array of \(length) bytes is longer than the "
                        + "\(DBusEncoder.maximumArrayLength) the protocol allows", at: start)
            }
            try align(to: element.alignment)
            guard length <= bytes.count - offset else {
                throw fault("array of \(length) bytes runs past the end of the message", at: start)
            }
            let end = offset + length
            var elements: [DBusValue] = []
            while offset < end {
                elements.append(try decode(element, depth: depth + 1))
            }
            guard offset == end else {
                throw fault("array's last element runs past its length of \(length)", at: start)
            }
            return .array(element, elements)
        case .structure(let fields):
            try align(to: 8)
            var values: [DBusValue] = []
            for field in fields { values.append(try decode(field, depth: depth + 1)) }
            return .structure(values)
        case .dictEntry(let key, let value):
            try align(to: 8)
            return .dictEntry(
                try decode(key, depth: depth + 1), try decode(value, depth: depth + 1))
        case .variant:
            let start = offset
            let signature = try readString(lengthBytes: 1)
            let inner: DBusType
            do {
                inner = try DBusType.single(signature)
            } catch {
                throw fault("variant's signature is invalid (\(error.message))", at: start)
            }
            if case .dictEntry = inner {
                throw fault("variant holds a dictionary entry", at: start)
            }
            return .variant(try decode(inner, depth: depth + 1))
        }
    }

    private mutating func decodeBasic(_ code: UInt8) throws(DBusError) -> DBusValue {
        switch code {
        case UInt8(ascii: "y"):
            guard offset < bytes.count else { throw fault("message ends before a byte") }
            offset += 1
            return .byte(bytes[offset - 1])
        case UInt8(ascii: "b"):
            let start = offset
            let raw = try read(UInt32.self)
            guard raw <= 1 else { throw fault("boolean \(raw) is neither 0 nor 1", at: start) }
            return .boolean(raw == 1)
        case UInt8(ascii: "n"): return .int16(Int16(bitPattern: try read(UInt16.self)))
        case UInt8(ascii: "q"): return .uint16(try read(UInt16.self))
        case UInt8(ascii: "i"): return .int32(Int32(bitPattern: try read(UInt32.self)))
        case UInt8(ascii: "u"): return .uint32(try read(UInt32.self))
        case UInt8(ascii: "h"): return .unixFD(try read(UInt32.self))
        case UInt8(ascii: "x"): return .int64(Int64(bitPattern: try read(UInt64.self)))
        case UInt8(ascii: "t"): return .uint64(try read(UInt64.self))
        case UInt8(ascii: "d"): return .double(Double(bitPattern: try read(UInt64.self)))
        case UInt8(ascii: "s"): return .string(try readString(lengthBytes: 4))
        case UInt8(ascii: "o"):
            let start = offset
            let path = try readString(lengthBytes: 4)
            guard DBusEncoder.isObjectPath(path) else {
                throw fault("\"\(path)\" is not a valid object path", at: start)
            }
            return .objectPath(path)
        default:
            let start = offset
            let signature = try readString(lengthBytes: 1)
            do {
                _ = try DBusType.parse(signature)
            } catch {
                throw fault("signature is invalid (\(error.message))", at: start)
            }
            return .signature(signature)
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
