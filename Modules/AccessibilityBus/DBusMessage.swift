/// A D-Bus message: a method call, a reply, an error or a signal, with its header fields and
/// body.
///
/// ```swift
/// let call = DBusMessage.methodCall(
///     destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
///     interface: "org.freedesktop.DBus", member: "Hello")
/// let bytes = try call.encoded(serial: 1)
/// let (decoded, used) = try DBusMessage.decode(bytes)!
/// ```
public struct DBusMessage: Sendable, Hashable {
    /// What a message is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// A call of a method, which expects a reply unless it says otherwise.
        case methodCall = 1
        /// The successful reply to a call.
        case methodReturn = 2
        /// The failed reply to a call.
        case error = 3
        /// A broadcast or directed event.
        case signal = 4
    }

    /// What the message is.
    public var kind: Kind
    /// The flags byte: 1 means no reply is expected, 2 no automatic start of the destination.
    public var flags: UInt8 = 0
    /// The serial number the sender gave it; set by ``encoded(serial:)``'s caller on sending.
    public var serial: UInt32 = 0
    /// The object the call or signal is about.
    public var path: String?
    /// The interface of the member.
    public var interface: String?
    /// The method or signal's name.
    public var member: String?
    /// The error's name, for an error.
    public var errorName: String?
    /// The serial of the call a reply or error answers.
    public var replySerial: UInt32?
    /// The bus name the message is for.
    public var destination: String?
    /// The unique bus name of the sender, which the bus fills in.
    public var sender: String?
    /// The body's values.
    public var body: [DBusValue]

    /// The most bytes a message may have.
    public static let maximumLength = 1 << 27

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - kind: What the message is.
    ///   - body: The body's values.
    public init(kind: Kind, body: [DBusValue] = []) {
        self.kind = kind
        self.body = body
    }

    /// A method call.
    ///
    /// - Parameters:
    ///   - destination: The bus name called.
    ///   - path: The object.
    ///   - interface: The method's interface.
    ///   - member: The method.
    ///   - body: The arguments.
    /// - Returns: The message.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String,
        body: [DBusValue] = []
    ) -> DBusMessage {
        var message = DBusMessage(kind: .methodCall, body: body)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// A signal, sent to every connection whose match rules take it.
    ///
    /// - Parameters:
    ///   - path: The object the signal is about.
    ///   - interface: The signal's interface.
    ///   - member: The signal.
    ///   - body: The arguments.
    /// - Returns: The message.
    public static func signal(path: String, interface: String, member: String, body: [DBusValue])
        -> DBusMessage
    {
        var message = DBusMessage(kind: .signal, body: body)
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// The successful reply to a call.
    ///
    /// - Parameter body: The returned values.
    /// - Returns: A method return addressed to the caller.
    public func reply(_ body: [DBusValue]) -> DBusMessage {
        var message = DBusMessage(kind: .methodReturn, body: body)
        message.replySerial = serial
        message.destination = sender
        return message
    }

    /// The failed reply to a call.
    ///
    /// - Parameters:
    ///   - name: The error's name, such as `org.freedesktop.DBus.Error.UnknownMethod`.
    ///   - text: What went wrong, for people.
    /// - Returns: An error addressed to the caller.
    public func errorReply(_ name: String, _ text: String) -> DBusMessage {
        var message = DBusMessage(kind: .error, body: [.string(text)])
        message.errorName = name
        message.replySerial = serial
        message.destination = sender
        return message
    }

    /// Whether the sender expects a reply: a method call without the no-reply flag.
    public var expectsReply: Bool { kind == .methodCall && flags & 1 == 0 }

    /// The body's signature, such as `siiva{sv}`.
    public var signature: String { body.map(\.type.signature).joined() }

    /// The message's bytes, little-endian.
    ///
    /// - Parameter serial: The serial number to send it with (not 0).
    /// - Returns: The header, its fields and the body.
    /// - Throws: ``DBusError`` when a value cannot be encoded, a required header field is
    ///   missing, or the message is longer than 128 MiB.
    public func encoded(serial: UInt32) throws(DBusError) -> [UInt8] {
        guard serial != 0 else { throw DBusError(.badValue, "serial 0 is reserved") }
        switch kind {
        case .methodCall where path == nil || member == nil:
            throw DBusError(.badValue, "a method call needs a path and a member")
        case .signal where path == nil || member == nil || interface == nil:
            throw DBusError(.badValue, "a signal needs a path, an interface and a member")
        case .error where errorName == nil || replySerial == nil:
            throw DBusError(.badValue, "an error needs an error name and a reply serial")
        case .methodReturn where replySerial == nil:
            throw DBusError(.badValue, "a method return needs a reply serial")
        default: break
        }
        var body = DBusEncoder()
        for value in self.body { try body.encode(value) }
        let fieldType = DBusType.structure([.basic(UInt8(ascii: "y")), .variant])
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        field(7, sender.map(DBusValue.string))
        if !self.body.isEmpty { field(8, .signature(signature)) }
        var header = DBusEncoder(bytes: [
            UInt8(ascii: "l"), kind.rawValue, flags, 1,
        ])
        try header.encode(.uint32(UInt32(body.bytes.count)))
        try header.encode(.uint32(serial))
        try header.encode(.array(fieldType, fields))
        header.pad(to: 8)
        let total = header.bytes.count + body.bytes.count
        guard total <= DBusMessage.maximumLength else {
            throw DBusError(
                .badValue,
                "message of \(total) bytes is longer than the \(DBusMessage.maximumLength) "
                    + "the protocol allows")
        }
        return header.bytes + body.bytes
    }

    /// The length of the message that starts a buffer, from its first 16 bytes.
    ///
    /// - Parameter bytes: The start of a message.
    /// - Returns: The whole message's length, or `nil` when fewer than 16 bytes are there.
    /// - Throws: ``DBusError`` (``DBusError/Code/malformed``) for an unknown byte order or
    ///   protocol version, or a length over 128 MiB.
    public static func length(of bytes: ArraySlice<UInt8>) throws(DBusError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let start = bytes.startIndex
        let order = bytes[start]
        guard order == UInt8(ascii: "l") || order == UInt8(ascii: "B") else {
            throw DBusError(.malformed, "unknown byte order \(order) at offset 0")
        }
        guard bytes[start + 3] == 1 else {
            throw DBusError(.malformed, "protocol version \(bytes[start + 3]) at offset 3 is not 1")
        }
        func number(at offset: Int) -> Int {
            var value = 0
            for index in 0..<4 {
                let byte = Int(
                    bytes[start + offset + (order == UInt8(ascii: "B") ? index : 3 - index)])
                value = value << 8 | byte
            }
            return value
        }
        let bodyLength = number(at: 4)
        let fieldsLength = number(at: 12)
        let total = (16 + fieldsLength + 7) / 8 * 8 + bodyLength
        guard fieldsLength <= maximumLength, bodyLength <= maximumLength, total <= maximumLength
        else {
            throw DBusError(
                .malformed,
                "message of \(total) bytes (header fields \(fieldsLength), body \(bodyLength)) "
                    + "is longer than the \(maximumLength) the protocol allows")
        }
        return total
    }

    /// Decodes the message at the start of a buffer.
    ///
    /// - Parameter bytes: Bytes received.
    /// - Returns: The message and how many bytes it took, or `nil` when the buffer does not
    ///   hold a whole message yet.
    /// - Throws: ``DBusError`` (``DBusError/Code/malformed``) naming the offset of the fault:
    ///   a bad byte order, version, type, length, header field, signature or body.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(DBusError) -> (
        message: DBusMessage, length: Int
    )? {
        guard let total = try length(of: bytes) else { return nil }
        guard bytes.count >= total else { return nil }
        let data = Array(bytes.prefix(total))
        let isBigEndian = data[0] == UInt8(ascii: "B")
        guard let kind = Kind(rawValue: data[1]) else {
            throw DBusError(.malformed, "unknown message type \(data[1]) at offset 1")
        }
        var decoder = DBusDecoder(bytes: data, offset: 4, isBigEndian: isBigEndian)
        let header = try decoder.decode([
            .basic(UInt8(ascii: "u")), .basic(UInt8(ascii: "u")),
            .array(.structure([.basic(UInt8(ascii: "y")), .variant])),
        ])
        guard case .uint32(let bodyLength) = header[0], case .uint32(let serial) = header[1],
            case .array(_, let fields) = header[2]
        else { throw DBusError(.malformed, "header at offset 4") }
        guard serial != 0 else { throw DBusError(.malformed, "serial 0 at offset 8") }
        var message = DBusMessage(kind: kind)
        message.flags = data[2]
        message.serial = serial
        var signature = ""
        for field in fields {
            guard case .structure(let parts) = field, case .byte(let code) = parts[0],
                case .variant(let value) = parts[1]
            else { continue }
            func text(_ name: String) throws(DBusError) -> String {
                guard let string = value.stringValue else {
                    throw DBusError(
                        .malformed, "header field \(name) holds a \(value.type.signature)")
                }
                return string
            }
            switch code {
            case 1: message.path = try text("path")
            case 2: message.interface = try text("interface")
            case 3: message.member = try text("member")
            case 4: message.errorName = try text("error name")
            case 5:
                guard case .uint32(let number) = value else {
                    throw DBusError(.malformed, "header field reply serial is not a u")
                }
                message.replySerial = number
            case 6: message.destination = try text("destination")
            case 7: message.sender = try text("sender")
            case 8: signature = try text("signature")
            default: break  // Unknown fields are ignored, as the specification asks.
            }
        }
        switch kind {
        case .methodCall where message.path == nil || message.member == nil:
            throw DBusError(.malformed, "method call without a path or a member")
        case .signal
        where message.path == nil || message.member == nil
            || message.interface == nil:
            throw DBusError(.malformed, "signal without a path, an interface or a member")
        case .methodReturn where message.replySerial == nil:
            throw DBusError(.malformed, "method return without a reply serial")
        case .error where message.replySerial == nil || message.errorName == nil:
            throw DBusError(.malformed, "error without a reply serial or an error name")
        default: break
        }
        try decoder.align(to: 8)
        guard decoder.offset + Int(bodyLength) == total else {
            throw DBusError(.malformed, "body length \(bodyLength) does not end the message")
        }
        let types: [DBusType]
        do {
            types = try DBusType.parse(signature)
        } catch {
            throw DBusError(.malformed, "body signature: \(error.message)")
        }
        // The body aligns from its own start, which is a multiple of 8 in the message.
        var body = DBusDecoder(
            bytes: Array(data[decoder.offset...]), isBigEndian: isBigEndian)
        message.body = try body.decode(types)
        guard body.offset == Int(bodyLength) else {
            throw DBusError(
                .malformed,
                "body of signature \"\(signature)\" takes \(body.offset) of its \(bodyLength) bytes"
            )
        }
        return (message, total)
    }
}
