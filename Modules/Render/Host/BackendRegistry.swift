public import TrellisPluginKit

/// The backends a program can use: the plugins discovery finds, plus any in-process backends
/// registered by name.
///
/// ```swift
/// let registry = BackendRegistry()
/// for plugin in registry.plugins { print(plugin.name, plugin.path) }
/// let text = try registry.open("text")
/// let pixels = try registry.open("raster")   // several backends can be open at once
/// ```
public final class BackendRegistry {
    /// The plugins found, one per name, in search order.
    public let plugins: [PluginLibrary]
    /// The plugin files that were found but failed to load, or were skipped because a plugin
    /// found earlier has the same name.
    public let failures: [PluginError]
    private var inProcess: [(name: String, make: () throws(PluginError) -> any Backend)] = []

    /// Discovers plugins.
    public init(discovery: PluginDiscovery = PluginDiscovery()) {
        let result = discovery.discover()
        plugins = result.plugins
        failures = result.failures
    }

    /// Registers an in-process backend under a name; it takes precedence over a plugin of the
    /// same name.
    public func register(
        name: String, capabilities: BackendCapabilities,
        renderer: @escaping () throws(RendererError) -> any FrameRenderer
    ) {
        inProcess.removeAll { $0.name == name }
        inProcess.append(
            (
                name,
                { () throws(PluginError) -> any Backend in
                    do throws(RendererError) {
                        return InProcessBackend(
                            name: name, capabilities: capabilities, renderer: try renderer())
                    } catch {
                        throw PluginError(.callFailed, "backend \"\(name)\": \(error.message)")
                    }
                }
            ))
    }

    /// The names of every backend available, sorted.
    public var names: [String] {
        Array(Set(plugins.map(\.name) + inProcess.map(\.name))).sorted()
    }

    /// Opens a new instance of the backend with a name.
    ///
    /// - Parameters:
    ///   - name: The backend's name, such as `text`.
    ///   - configuration: UTF-8 JSON passed to the backend.
    /// - Throws: ``PluginError`` when no backend has that name or it fails to open.
    public func open(_ name: String, configuration: [UInt8] = []) throws(PluginError) -> any Backend
    {
        if let entry = inProcess.first(where: { $0.name == name }) {
            return try entry.make()
        }
        if let library = plugins.first(where: { $0.name == name }) {
            return try PluginBackend(library: library, configuration: configuration)
        }
        let known = names.isEmpty ? "none found" : names.joined(separator: ", ")
        var message = "no backend named \"\(name)\" (available: \(known))"
        let unloaded = failures.filter { $0.code != .duplicateName }.count
        if unloaded > 0 {
            message += "; \(unloaded) plugin file(s) failed to load"
        }
        throw PluginError(.unknownBackend, message)
    }
}
