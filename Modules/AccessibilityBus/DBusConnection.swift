import Glibc

/// A connection to a D-Bus message bus over a Unix socket: SASL `EXTERNAL` authentication,
/// `Hello`, then messages sent and received without blocking.
///
/// The socket is non-blocking: ``receive()`` returns what has arrived and never waits, and
/// messages that the socket cannot take yet are kept and written by the next ``send(_:)`` or
/// ``flush()``. Only ``call(_:timeout:)`` waits, for its reply; messages that arrive meanwhile
/// are kept for the next ``receive()``. Poll ``descriptor`` for input alongside other work.
///
/// ```swift
/// let bus = try DBusConnection.connect(address: "unix:path=/run/user/1000/bus")
/// let reply = try bus.call(
///     .methodCall(
///         destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
///         member: "GetAddress"))
/// ```
public final class DBusConnection {
    /// The socket; poll it for input.
    public let descriptor: Int32
    /// The unique name the bus gave the connection, such as `:1.42`.
    public private(set) var uniqueName = ""

    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var queued: [DBusMessage] = []
    private var nextSerial: UInt32 = 1
    private var isClosed = false

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Connects to a bus, authenticates and says `Hello`.
    ///
    /// - Parameters:
    ///   - address: A D-Bus address: `unix:path=…` or `unix:abstract=…` entries separated by
    ///     `;`, tried in order.
    ///   - timeout: The most seconds each step may wait for the server.
    /// - Returns: The connection, with its ``uniqueName``.
    /// - Throws: ``DBusError``: the address names no Unix socket, no entry could be connected
    ///   to, the server refused authentication, or `Hello` failed.
    public static func connect(address: String, timeout: Double = 2) throws(DBusError)
        -> DBusConnection
    {
        let entries = try DBusAddress.parse(address)
        var failures: [String] = []
        for entry in entries {
            guard let socketAddress = entry.socketAddress else {
                failures.append("\(entry.transport): not a Unix socket address")
                continue
            }
            do throws(DBusError) {
                let connection = try open(socketAddress, timeout: timeout)
                try connection.authenticate(timeout: timeout)
                let hello = try connection.call(
                    .methodCall(
                        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                        interface: "org.freedesktop.DBus", member: "Hello"),
                    timeout: timeout)
                guard let name = hello.body.first?.stringValue else {
                    throw DBusError(.malformed, "Hello returned \(hello.signature), not s")
                }
                connection.uniqueName = name
                return connection
            } catch {
                failures.append(error.description)
            }
        }
        throw DBusError(
            .badAddress,
            "cannot connect to \(address): " + failures.joined(separator: "; "))
    }

    private static func open(_ address: [UInt8], timeout: Double) throws(DBusError)
        -> DBusConnection
    {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw DBusConnection.failure("socket") }
        let connection = DBusConnection(descriptor: descriptor)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard address.count < capacity else {
            throw DBusError(.badAddress, "socket path of \(address.count) bytes is too long")
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (index, byte) in address.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(
            MemoryLayout<sa_family_t>.size + address.count + (address.first == 0 ? 0 : 1))
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, length)
            }
        }
        guard result == 0 else { throw DBusConnection.failure("connect") }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        return connection
    }

    private func authenticate(timeout: Double) throws(DBusError) {
        let uid = String(getuid())
        let hex = uid.utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(
                decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
        try writeAll([0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8), timeout: timeout)
        let line = try readLine(timeout: timeout)
        guard line.hasPrefix("OK ") else {
            throw DBusError(.authentication, "the server answered \(line.debugDescription)")
        }
        try writeAll(Array("BEGIN\r\n".utf8), timeout: timeout)
    }

    private func readLine(timeout: Double) throws(DBusError) -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if let end = input.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<end], as: UTF8.self)
                input.removeSubrange(...end)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            guard input.count < 4096 else {
                throw DBusError(.authentication, "the server's answer has no line end")
            }
            try waitReadable(until: deadline)
            guard try readAvailable() else {
                throw DBusError(.closed, "the server closed the connection while authenticating")
            }
        }
    }

    private func waitReadable(until deadline: ContinuousClock.Instant) throws(DBusError) {
        let left = deadline - ContinuousClock.now
        let milliseconds = Int32(
            max(
                0,
                left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            ))
        guard milliseconds > 0 else { throw DBusError(.timeout, "no answer from the bus") }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let count = poll(&entry, 1, milliseconds)
        if count < 0 && errno != EINTR { throw DBusConnection.failure("poll") }
        if count == 0 { throw DBusError(.timeout, "no answer from the bus") }
    }

    /// Reads what the socket holds into the input buffer; returns `false` at end of stream.
    private func readAvailable() throws(DBusError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, 0)
            }
            if count > 0 {
                input += buffer[0..<count]
                if count < buffer.count { return true }
                continue
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return true }
            throw DBusConnection.failure("recv")
        }
    }

    private func writeAll(_ bytes: [UInt8], timeout: Double) throws(DBusError) {
        output += bytes
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !output.isEmpty {
            try flush()
            if output.isEmpty { break }
            guard ContinuousClock.now < deadline else {
                throw DBusError(.timeout, "the bus does not take what is written")
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, 50)
        }
    }

    /// Writes what is waiting to be sent, as much as the socket takes now.
    ///
    /// - Throws: ``DBusError`` when the connection is closed or the write fails.
    public func flush() throws(DBusError) {
        guard !isClosed else { throw DBusError(.closed, "the connection is closed") }
        while !output.isEmpty {
            let count = output.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                output.removeFirst(count)
                continue
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return }
            throw DBusConnection.failure("send")
        }
    }

    /// Whether messages wait to be written because the socket did not take them yet.
    public var hasPendingOutput: Bool { !output.isEmpty }

    /// Sends a message without waiting: it is written now, or as soon as the socket takes it.
    ///
    /// - Parameter message: The message; its serial is assigned here.
    /// - Returns: The serial the message was sent with.
    /// - Throws: ``DBusError`` when the message cannot be encoded or the connection failed.
    @discardableResult
    public func send(_ message: DBusMessage) throws(DBusError) -> UInt32 {
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
        output += try message.encoded(serial: serial)
        try flush()
        return serial
    }

    /// Calls a method and waits for its reply; other messages that arrive meanwhile are kept
    /// for ``receive()``.
    ///
    /// - Parameters:
    ///   - message: The method call.
    ///   - timeout: The most seconds to wait.
    /// - Returns: The method return.
    /// - Throws: ``DBusError``: ``DBusError/Code/remote`` with the error's name and text when
    ///   the call failed, ``DBusError/Code/timeout`` when no reply came in time.
    public func call(_ message: DBusMessage, timeout: Double = 2) throws(DBusError) -> DBusMessage {
        let serial = try send(message)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            try writeAll([], timeout: timeout)
            for (index, received) in try decodeInput().enumerated()
            where received.replySerial == serial
                && (received.kind == .methodReturn || received.kind == .error)
            {
                queued.remove(at: index)
                if received.kind == .error {
                    let text = received.body.first?.stringValue ?? ""
                    throw DBusError(
                        .remote,
                        "\(received.errorName ?? "error"): \(text) (\(message.member ?? ""))")
                }
                return received
            }
            try waitReadable(until: deadline)
            guard try readAvailable() else {
                throw DBusError(.closed, "the bus closed the connection")
            }
        }
    }

    /// Decodes the whole messages in the input buffer into the queue; returns the queue.
    private func decodeInput() throws(DBusError) -> [DBusMessage] {
        var used = 0
        while let (message, length) = try DBusMessage.decode(input[used...]) {
            queued.append(message)
            used += length
        }
        if used > 0 { input.removeFirst(used) }
        return queued
    }

    /// The messages that have arrived, without waiting.
    ///
    /// - Returns: Every whole message received since the last call, in order.
    /// - Throws: ``DBusError``: ``DBusError/Code/closed`` when the bus closed the connection,
    ///   ``DBusError/Code/malformed`` when it sent bytes that are not a message.
    public func receive() throws(DBusError) -> [DBusMessage] {
        guard !isClosed else { throw DBusError(.closed, "the connection is closed") }
        let open = try readAvailable()
        let messages = try decodeInput()
        queued = []
        if !open && messages.isEmpty { throw DBusError(.closed, "the bus closed the connection") }
        return messages
    }

    /// Closes the socket; the connection cannot be used again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }

    static func failure(_ call: String) -> DBusError {
        let number = errno
        return DBusError(.systemCall, "\(call): \(String(cString: strerror(number)))")
    }
}

/// One entry of a D-Bus address: a transport and its `key=value` settings, values
/// percent-decoded.
///
/// ```swift
/// let entries = try DBusAddress.parse("unix:path=/run/user/1000/bus,guid=1234")
/// entries[0].transport               // "unix"
/// entries[0].settings["path"]        // "/run/user/1000/bus"
/// ```
public struct DBusAddress: Sendable, Hashable {
    /// The transport, such as `unix`.
    public var transport: String
    /// The settings.
    public var settings: [String: String]

    /// The bytes of the `sun_path` to connect to: a path, or NUL and an abstract name; `nil`
    /// when the entry is not a Unix socket to connect to.
    var socketAddress: [UInt8]? {
        guard transport == "unix" else { return nil }
        if let path = settings["path"] { return Array(path.utf8) }
        if let abstract = settings["abstract"] { return [0] + Array(abstract.utf8) }
        return nil
    }

    /// Parses an address.
    ///
    /// - Parameter address: Entries separated by `;`, each `transport:key=value,…`.
    /// - Returns: The entries, in order.
    /// - Throws: ``DBusError`` (``DBusError/Code/badAddress``) naming the entry that has no
    ///   transport, a setting without `=`, or a bad `%` escape.
    public static func parse(_ address: String) throws(DBusError) -> [DBusAddress] {
        var entries: [DBusAddress] = []
        for entry in address.split(separator: ";") {
            guard let colon = entry.firstIndex(of: ":"), colon != entry.startIndex else {
                throw DBusError(.badAddress, "\"\(entry)\" has no transport")
            }
            var settings: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw DBusError(.badAddress, "setting \"\(pair)\" in \"\(entry)\" has no '='")
                }
                settings[String(pair[..<equals])] = try unescape(pair[pair.index(after: equals)...])
            }
            entries.append(DBusAddress(transport: String(entry[..<colon]), settings: settings))
        }
        guard !entries.isEmpty else { throw DBusError(.badAddress, "the address is empty") }
        return entries
    }

    private static func unescape(_ text: Substring) throws(DBusError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { throw DBusError(.badAddress, "bad '%' escape in \"\(text)\"") }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
