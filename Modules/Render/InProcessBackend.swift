public import TrellisPluginKit

/// A backend that calls a `FrameRenderer` in the same process, without libffi.
///
/// It runs exactly the code a plugin built from the same renderer runs, so tests can render
/// without loading a library and benchmarks can measure what the plugin boundary costs.
public final class InProcessBackend: Backend {
    /// The backend's name.
    public let name: String
    /// What the backend can do.
    public let capabilities: BackendCapabilities
    /// What the output is: the renderer type's description, or one from the capabilities.
    public let output: BackendOutput
    private let renderer: any FrameRenderer

    /// Creates a backend around a renderer instance.
    public init(name: String, capabilities: BackendCapabilities, renderer: any FrameRenderer) {
        self.name = name
        self.capabilities = capabilities
        self.renderer = renderer
        output = type(of: renderer).output ?? BackendOutput(capabilities: capabilities)
    }

    private func run(
        _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(RendererError) -> [UInt8]
    ) throws(PluginError) -> [UInt8] {
        let result = bytes.withUnsafeBytes { buffer -> Result<[UInt8], RendererError> in
            do throws(RendererError) {
                return .success(try body(buffer))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let output): return output
        case .failure(let error):
            throw PluginError(.callFailed, "backend \"\(name)\": \(error.message)")
        }
    }

    /// Renders one encoded display list.
    public func render(encoded list: [UInt8]) throws(PluginError) -> [UInt8] {
        try requireRendering()
        return try run(list) { buffer throws(RendererError) in try renderer.render(buffer) }
    }

    /// Measures an encoded batch of text runs.
    public func measure(encoded request: [UInt8]) throws(PluginError) -> [UInt8] {
        try require(.measureText, for: "measure text")
        return try run(request) { buffer throws(RendererError) in try renderer.measure(buffer) }
    }

    /// Sends a control request to the renderer (see ``TerminalControllable``) and returns the
    /// statistics of its last frame.
    ///
    /// - Parameter json: The request, or empty.
    /// - Returns: The statistics of the last frame.
    /// - Throws: ``PluginError`` when the renderer answers no control requests, rejects this
    ///   one, or answers with malformed statistics.
    public func terminalControl(_ json: String = "") throws(PluginError) -> FrameStatistics {
        guard let controllable = renderer as? any ControllableRenderer else {
            throw PluginError(
                .missingEntry, "backend \"\(name)\" answers no control requests")
        }
        let bytes = try run(Array(json.utf8)) { buffer throws(RendererError) in
            try controllable.control(buffer)
        }
        do throws(DisplayListError) {
            return try FrameStatisticsCodec.decode(bytes)
        } catch {
            throw PluginError(
                .callFailed, "control answered with malformed statistics: \(error.reason)")
        }
    }

    /// Decodes input bytes.
    public func input(_ bytes: [UInt8]) throws(PluginError) -> [UInt8] {
        try require(.input, for: "read input")
        return try run(bytes) { buffer throws(RendererError) in try renderer.input(buffer) }
    }
}
