/// A backend's implementation, independent of how it is called: through the plugin ABI from
/// another image, or directly in process.
///
/// A plugin author implements this protocol and exports it with ``PluginExport``; the host's
/// in-process backend calls the same type directly, so both paths run the same code.
public protocol FrameRenderer: AnyObject {
    /// Creates an instance from its configuration: UTF-8 JSON, possibly empty.
    ///
    /// - Throws: ``RendererError`` when the configuration is not acceptable.
    init(configuration: [UInt8]) throws(RendererError)

    /// Renders one encoded display list and returns the output bytes (text, PNG, terminal
    /// escape sequences, …).
    ///
    /// - Throws: ``RendererError`` for a malformed list or a failure while rendering.
    func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8]

    /// Renders one encoded display list into an output the caller owns, as the plugin ABI's
    /// `render` entry does, so that large outputs are written once rather than copied.
    ///
    /// The default implementation copies the result of ``render(_:)-(UnsafeRawBufferPointer)``.
    ///
    /// - Throws: ``RendererError`` for a malformed list or a failure while rendering.
    func render(_ list: UnsafeRawBufferPointer, into output: FrameOutput) throws(RendererError)

    /// Measures an encoded batch of text runs and returns the encoded results.
    ///
    /// The default implementation reports ``RendererError/Kind/unsupported``.
    func measure(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8]

    /// Decodes raw input bytes into encoded events.
    ///
    /// The default implementation reports ``RendererError/Kind/unsupported``.
    func input(_ bytes: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8]

    /// What the output is: how to open the backend for a file, the file's extension, whether
    /// it is binary, and how to open it for a preview. A plugin exports it as its `output`
    /// entry, and hosts choose from it, never from the backend's name.
    ///
    /// The default implementation is `nil`: hosts then go by the capabilities
    /// (`BackendOutput(capabilities:)`).
    static var output: BackendOutput? { get }
}

extension FrameRenderer {
    /// Renders through ``render(_:)-(UnsafeRawBufferPointer)`` and copies the bytes.
    public func render(_ list: UnsafeRawBufferPointer, into output: FrameOutput)
        throws(RendererError)
    {
        output.replace(with: try render(list))
    }

    /// Reports that measuring is not supported.
    public func measure(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        throw RendererError(.unsupported, "this backend does not measure text")
    }

    /// Reports that input is not supported.
    public func input(_ bytes: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        throw RendererError(.unsupported, "this backend does not read input")
    }

    /// No description: hosts go by the capabilities.
    public static var output: BackendOutput? { nil }
}

/// A failure inside a backend, reported across the plugin boundary as a status code and a
/// message.
public struct RendererError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, matching the ABI's status codes.
    public enum Kind: Int32, Sendable, Hashable {
        /// A malformed buffer or argument (`TRELLIS_ERROR_INVALID_INPUT`).
        case invalidInput = 1
        /// A request outside the backend's abilities (`TRELLIS_ERROR_UNSUPPORTED`).
        case unsupported = 2
        /// A missing resource: memory, a file, a font (`TRELLIS_ERROR_RESOURCE`).
        case resource = 3
        /// Anything else (`TRELLIS_ERROR_INTERNAL`).
        case `internal` = 4
    }

    /// The kind of failure.
    public let kind: Kind
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension RendererError {
    /// An invalid-input error with the message of a configuration that cannot be used.
    ///
    /// - Parameter error: What was wrong with the configuration.
    public init(_ error: ConfigurationError) {
        self.init(.invalidInput, error.message)
    }
}
