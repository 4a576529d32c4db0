/// A PNG that could not be read or written: the kind of failure, and one line saying what was
/// wrong and where.
///
/// ```swift
/// do {
///     _ = try PNGDecoder.decode(bytes, maximumPixels: 1 << 24)
/// } catch {
///     print(error)  // the IDAT chunk at byte 33 has a bad CRC (stored 0x1A2B3C4D, computed …)
/// }
/// ```
public struct PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not a well-formed PNG: no signature, truncated, a chunk with a bad CRC
        /// or a malformed header, or image data that does not decode.
        case malformed
        /// The image has more pixels than the caller allows; nothing was allocated for them.
        case tooLarge
        /// The encoder was given dimensions it cannot write, or pixels that do not match them.
        case invalidArgument
        /// Memory ran out, or zlib failed.
        case resource
    }

    /// The kind of failure.
    public let kind: Kind
    /// What went wrong, in one line.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
