public import TrellisCore

/// A rendering backend: turns encoded display lists into output, and optionally measures text
/// and decodes input.
///
/// Two kinds exist: ``PluginBackend`` calls a plugin library through libffi, and
/// ``InProcessBackend`` calls a `FrameRenderer` directly. Both take the same bytes and give
/// the same bytes, so a window can switch between them.
public protocol Backend: AnyObject {
    /// The backend's name, such as `text`.
    var name: String { get }
    /// What the backend can do.
    var capabilities: BackendCapabilities { get }
    /// What the output is: how to open the backend for a file, the file's extension, whether
    /// it is binary, and how to open it for a preview. Choose from it, never from ``name``.
    ///
    /// The default implementation goes by the capabilities
    /// (`BackendOutput(capabilities:)`).
    var output: BackendOutput { get }
    /// Renders one encoded display list.
    ///
    /// - Throws: ``PluginError`` when the backend cannot render, or fails.
    func render(encoded list: [UInt8]) throws(PluginError) -> [UInt8]
    /// Renders one encoded display list and lends the output to `body` without copying it.
    ///
    /// Use it for large outputs, such as a frame of pixels, that are read once: the bytes
    /// passed to `body` are the backend's own and are valid only while `body` runs. Copy what
    /// must outlive it, and do not call the backend from inside `body` (a plugin backend throws
    /// if you do). `body` cannot throw; return a `Result` to carry its own failure out.
    ///
    /// ```swift
    /// let checksum = try backend.withRenderedBytes(encoded: list.encoded()) { bytes in
    ///     bytes.reduce(0) { $0 &+ UInt64($1) }
    /// }
    /// ```
    ///
    /// The default implementation lends the array that ``render(encoded:)`` returns; a
    /// ``PluginBackend`` lends the buffer the plugin wrote.
    ///
    /// - Parameters:
    ///   - list: The encoded display list.
    ///   - body: Reads the output, which holds the same bytes ``render(encoded:)`` returns.
    /// - Returns: What `body` returns.
    /// - Throws: ``PluginError`` when the backend cannot render, or fails; `body` is then not
    ///   called.
    func withRenderedBytes<Value>(
        encoded list: [UInt8], _ body: (UnsafeRawBufferPointer) -> Value
    ) throws(PluginError) -> Value
    /// Measures an encoded batch of text runs.
    ///
    /// - Throws: ``PluginError`` when the backend cannot measure, or fails.
    func measure(encoded request: [UInt8]) throws(PluginError) -> [UInt8]
    /// Decodes raw input bytes into encoded events.
    ///
    /// - Throws: ``PluginError`` when the backend cannot read input, or fails.
    func input(_ bytes: [UInt8]) throws(PluginError) -> [UInt8]
}

extension Backend {
    /// A description from the capabilities: see `BackendOutput(capabilities:)`.
    public var output: BackendOutput { BackendOutput(capabilities: capabilities) }

    /// Renders with ``render(encoded:)`` and lends the returned array to `body`.
    public func withRenderedBytes<Value>(
        encoded list: [UInt8], _ body: (UnsafeRawBufferPointer) -> Value
    ) throws(PluginError) -> Value {
        try render(encoded: list).withUnsafeBytes(body)
    }
}

extension Backend {
    /// Throws ``PluginError/Code-swift.struct/missingCapability`` unless the backend has all
    /// of `needed`.
    public func require(_ needed: BackendCapabilities, for purpose: String) throws(PluginError) {
        if !capabilities.isSuperset(of: needed) {
            throw PluginError(
                .missingCapability,
                "backend \"\(name)\" cannot \(purpose): it has \(capabilities), "
                    + "\(purpose) needs \(needed)")
        }
    }
}

extension Backend {
    /// Throws ``PluginError/Code-swift.struct/missingCapability`` unless the backend has at
    /// least one render capability.
    public func requireRendering() throws(PluginError) {
        if capabilities.isDisjoint(with: .anyRender) {
            throw PluginError(
                .missingCapability,
                "backend \"\(name)\" cannot render: it has \(capabilities)")
        }
    }
}
