public import CTrellisPluginABI
import Synchronization

/// Exports a ``FrameRenderer`` as a Trellis plugin: builds the manifest and provides the C
/// entry points that the host calls through libffi.
///
/// A Swift plugin is a dynamic library that links this module statically and exports the
/// manifest symbol:
///
/// ```swift
/// import TrellisPluginKit
///
/// @_cdecl("trellis_plugin_manifest")
/// public func trellisPluginManifest() -> UnsafePointer<trellis_manifest> {
///     PluginExport.manifest(
///         name: "text", version: "1.0.0", capabilities: [.renderText, .measureText],
///         renderer: TextRenderer.self)
/// }
/// ```
///
/// The manifest is built once per process and lives for ever, as the ABI requires. Each
/// plugin image links its own copy of this module, so each has its own manifest.
public enum PluginExport {
    private struct Export: @unchecked Sendable {
        let manifest: UnsafePointer<trellis_manifest>
        /// The renderer's ``FrameRenderer/output`` as JSON, for the `output` entry.
        let output: UnsafePointer<CChar>?
        let factory: ([UInt8]) throws(RendererError) -> any FrameRenderer
    }

    private static let export = Mutex<Export?>(nil)
    private static let openError = Mutex<ErrorText>(ErrorText())

    /// Returns the plugin's manifest, building it on the first call.
    ///
    /// - Parameters:
    ///   - name: The backend's name: lower-case letters, digits and dashes.
    ///   - version: The backend's own version.
    ///   - capabilities: What the backend can do; the entry points exported follow from it.
    ///   - renderer: The renderer type instantiated for each opened instance; a
    ///     ``ControllableRenderer`` also gets a `control` entry, and one with an
    ///     ``FrameRenderer/output`` an `output` entry.
    /// - Returns: A pointer to a manifest that stays valid for the life of the process.
    public static func manifest<R: FrameRenderer>(
        name: String, version: String, capabilities: BackendCapabilities, renderer: R.Type
    ) -> UnsafePointer<trellis_manifest> {
        export.withLock { current in
            if let current { return current.manifest }
            let built = buildManifest(
                name: name, version: version, capabilities: capabilities,
                hasControl: R.self is any ControllableRenderer.Type, hasOutput: R.output != nil)
            let output = R.output.map { permanentCString(String(decoding: $0.json, as: UTF8.self)) }
            current = Export(manifest: built, output: output) {
                configuration throws(RendererError) in
                try R(configuration: configuration)
            }
            return built
        }
    }

    private static func buildManifest(
        name: String, version: String, capabilities: BackendCapabilities, hasControl: Bool,
        hasOutput: Bool
    ) -> UnsafePointer<trellis_manifest> {
        var entries: [(String, String, UnsafeMutableRawPointer)] = [
            ("open", "i(ppLp)", unsafeBitCast(openEntry, to: UnsafeMutableRawPointer.self)),
            ("close", "i(p)", unsafeBitCast(closeEntry, to: UnsafeMutableRawPointer.self)),
            (
                "last_error", "p(p)",
                unsafeBitCast(lastErrorEntry, to: UnsafeMutableRawPointer.self)
            ),
        ]
        if !capabilities.isDisjoint(with: .anyRender) {
            entries.append(
                ("render", "i(ppLpp)", unsafeBitCast(renderEntry, to: UnsafeMutableRawPointer.self))
            )
        }
        if capabilities.contains(.measureText) {
            entries.append(
                (
                    "measure", "i(ppLpp)",
                    unsafeBitCast(measureEntry, to: UnsafeMutableRawPointer.self)
                ))
        }
        if capabilities.contains(.input) {
            entries.append(
                ("input", "i(ppLpp)", unsafeBitCast(inputEntry, to: UnsafeMutableRawPointer.self)))
        }
        if hasOutput {
            entries.append(
                ("output", "p()", unsafeBitCast(outputEntry, to: UnsafeMutableRawPointer.self)))
        }
        if hasControl {
            entries.append(
                (
                    "control", "i(ppLpp)",
                    unsafeBitCast(controlEntry, to: UnsafeMutableRawPointer.self)
                )
            )
        }
        let table = UnsafeMutablePointer<trellis_entry>.allocate(capacity: entries.count)
        for (index, (entryName, signature, function)) in entries.enumerated() {
            table[index] = trellis_entry(
                name: permanentCString(entryName), signature: permanentCString(signature),
                function: function)
        }
        let manifest = UnsafeMutablePointer<trellis_manifest>.allocate(capacity: 1)
        manifest.initialize(
            to: trellis_manifest(
                abi_version: UInt32(TRELLIS_PLUGIN_ABI_VERSION),
                struct_size: UInt32(MemoryLayout<trellis_manifest>.size),
                name: permanentCString(name),
                version: permanentCString(version),
                capabilities: capabilities.rawValue,
                entry_size: UInt32(MemoryLayout<trellis_entry>.size),
                entry_count: UInt32(entries.count),
                entries: UnsafePointer(table)))
        return UnsafePointer(manifest)
    }

    static func makeRenderer(_ configuration: [UInt8]) throws(RendererError) -> any FrameRenderer {
        guard let current = export.withLock({ $0 }) else {
            throw RendererError(.internal, "the plugin's manifest was never built")
        }
        return try current.factory(configuration)
    }

    /// The JSON of the exported renderer's output description, for the `output` entry.
    static func outputPointer() -> UnsafePointer<CChar>? {
        export.withLock { $0?.output }
    }

    static func setOpenError(_ message: String) {
        openError.withLock { $0.set(message) }
    }

    static func openErrorPointer() -> UnsafePointer<CChar> {
        openError.withLock { $0.pointer }
    }
}

/// A C string kept until it is replaced or its owner goes away, for `last_error`.
final class ErrorText: @unchecked Sendable {
    private var storage = copyCString("")

    func set(_ message: String) {
        storage.deallocate()
        storage = copyCString(message)
    }

    var pointer: UnsafePointer<CChar> { UnsafePointer(storage) }

    deinit { storage.deallocate() }
}

/// Copies a string into a NUL-terminated buffer owned by the caller.
func copyCString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
    return buffer
}

/// Copies a string into a NUL-terminated buffer that is never freed.
func permanentCString(_ text: String) -> UnsafePointer<CChar> {
    UnsafePointer(copyCString(text))
}
