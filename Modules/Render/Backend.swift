public import TrellisPluginKit

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
    /// Renders one encoded display list.
    ///
    /// - Throws: ``PluginError`` when the backend cannot render, or fails.
    func render(encoded list: [UInt8]) throws(PluginError) -> [UInt8]
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
