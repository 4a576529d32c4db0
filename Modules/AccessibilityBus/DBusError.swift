/// An error from the D-Bus client: a message that cannot be encoded or decoded, a bus that
/// cannot be reached, or a call the other side refused.
///
/// The description is one line naming what failed and where:
/// `dbus: malformed message: array of 70000000 bytes at offset 16 is longer than the 67108864 the protocol allows`.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// A signature is not a valid D-Bus type signature.
        case badSignature = "bad signature"
        /// A value does not match the type it is encoded as, or breaks a protocol limit.
        case badValue = "bad value"
        /// Bytes received are not a well-formed message.
        case malformed = "malformed message"
        /// A bus address cannot be parsed or names no transport this client speaks.
        case badAddress = "bad address"
        /// A system call on the socket failed.
        case systemCall = "system call failed"
        /// The server refused authentication.
        case authentication = "authentication failed"
        /// The connection closed.
        case closed = "connection closed"
        /// No reply came in time.
        case timeout = "timed out"
        /// The other side answered a call with an error; the message holds its name and text.
        case remote = "remote error"

        /// The code's name, such as `malformed message`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in detail.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong, naming the value or offset.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// One line: `dbus:`, the kind of failure and the detail.
    public var description: String { "dbus: \(code): \(message)" }
}
