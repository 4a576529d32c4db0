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
    private let discovery: PluginDiscovery
    private var everything: PluginDiscovery.Result?
    private var inProcess:
        [(
            name: String, output: BackendOutput,
            make: ([UInt8]) throws(PluginError) -> any Backend
        )] = []
    private var opened: [String: PluginLibrary] = [:]

    /// The plugin files tried while opening backends that were not used: they failed to load.
    /// ``open(_:configuration:)`` opens only the plugin it is asked for (and the files tried on
    /// the way to it), so this is what a program that renders should report.
    public private(set) var skipped: [PluginError] = []

    /// Creates a registry; plugins are found when a backend is opened or listed.
    public init(discovery: PluginDiscovery = PluginDiscovery()) {
        self.discovery = discovery
    }

    /// Every plugin found, one per name, in search order: all of them are loaded the first
    /// time this (or ``failures`` or ``names``) is read.
    public var plugins: [PluginLibrary] { discoverEverything().plugins }

    /// The plugin files that were found but failed to load, or were skipped because a plugin
    /// found earlier has the same name (after loading every plugin, as ``plugins`` does).
    public var failures: [PluginError] { discoverEverything().failures }

    private func discoverEverything() -> PluginDiscovery.Result {
        if let everything { return everything }
        let result = discovery.discover()
        everything = result
        return result
    }

    /// Registers an in-process backend under a name; it takes precedence over a plugin of the
    /// same name.
    ///
    /// - Parameters:
    ///   - name: The backend's name.
    ///   - capabilities: What it can do.
    ///   - output: What its output is; by default the description of `R`
    ///     (`FrameRenderer.output`), or one from the capabilities.
    ///   - renderer: Makes a renderer from the configuration the backend is opened with.
    public func register<R: FrameRenderer>(
        name: String, capabilities: BackendCapabilities, output: BackendOutput? = nil,
        renderer: @escaping ([UInt8]) throws(RendererError) -> R
    ) {
        inProcess.removeAll { $0.name == name }
        inProcess.append(
            (
                name, output ?? R.output ?? BackendOutput(capabilities: capabilities),
                { (configuration: [UInt8]) throws(PluginError) -> any Backend in
                    do throws(RendererError) {
                        return InProcessBackend(
                            name: name, capabilities: capabilities,
                            renderer: try renderer(configuration))
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

    /// Opens a new instance of the backend with a name: an in-process one, or the first plugin
    /// in search order that provides it. Only files named as its plugin
    /// (``PluginDiscovery/pluginFileName(forBackend:)``) and files given explicitly are loaded,
    /// unless none provides it; then every plugin is.
    ///
    /// - Parameters:
    ///   - name: The backend's name, such as `text`.
    ///   - configuration: UTF-8 JSON passed to the backend.
    /// - Throws: ``PluginError`` when no backend has that name or it fails to open.
    public func open(_ name: String, configuration: [UInt8] = []) throws(PluginError) -> any Backend
    {
        if let entry = inProcess.first(where: { $0.name == name }) {
            return try entry.make(configuration)
        }
        return try PluginBackend(library: library(named: name), configuration: configuration)
    }

    /// Opens a new instance of a backend for output written to a file: with the configuration
    /// its ``Backend/output`` names for files.
    ///
    /// ```swift
    /// let backend = try registry.openForFile("raster")
    /// let png = try scene.render(with: backend)
    /// let name = "frame." + backend.output.fileExtension   // frame.png
    /// ```
    ///
    /// - Parameter name: The backend's name.
    /// - Throws: ``PluginError`` when no backend has that name or it fails to open.
    public func openForFile(_ name: String) throws(PluginError) -> any Backend {
        try open(name, configuration: output(of: name).fileConfiguration)
    }

    /// What a backend's output is, read without opening an instance.
    ///
    /// - Parameter name: The backend's name.
    /// - Throws: ``PluginError`` when no backend has that name.
    public func output(of name: String) throws(PluginError) -> BackendOutput {
        if let entry = inProcess.first(where: { $0.name == name }) { return entry.output }
        return try library(named: name).output
    }

    /// What a package adds to get a backend: the plugin's product, which SwiftPM then builds
    /// beside the package's executables and tests, where discovery looks.
    ///
    /// ```swift
    /// BackendRegistry.productHint(forBackend: "raster")
    /// // a package that depends on Trellis adds .product(name: "TrellisRasterBackend",
    /// // package: "Trellis") to the dependencies of the target that renders (or set
    /// // TRELLIS_PLUGIN_PATH to a folder that holds libTrellisRasterBackend.so)
    /// ```
    ///
    /// - Parameter name: The backend's name.
    /// - Returns: One sentence, without a final period.
    public static func productHint(forBackend name: String) -> String {
        let file = PluginDiscovery.pluginFileName(forBackend: name)
        let product = String(file.dropFirst(3).dropLast(3))
        return "a package that depends on Trellis adds .product(name: \"\(product)\", "
            + "package: \"Trellis\") to the dependencies of the target that renders (or set "
            + "TRELLIS_PLUGIN_PATH to a folder that holds \(file))"
    }

    /// The plugin that provides a backend, loaded once.
    private func library(named name: String) throws(PluginError) -> PluginLibrary {
        if let library = opened[name] { return library }
        // The plugin named by convention first, without loading any other; a plugin whose
        // file is named otherwise is found by loading them all.
        let found = discovery.discover(backend: name)
        skipped += found.failures
        if let library = found.plugin ?? plugins.first(where: { $0.name == name }) {
            opened[name] = library
            return library
        }
        let known = names.isEmpty ? "none found" : names.joined(separator: ", ")
        var message = "no backend named \"\(name)\" (available: \(known))"
        let unloaded = failures.filter { $0.code != .duplicateName }.count
        if unloaded > 0 {
            message += "; \(unloaded) plugin file(s) failed to load"
        }
        if !names.contains(name) {
            message += "; " + BackendRegistry.productHint(forBackend: name)
        }
        throw PluginError(.unknownBackend, message)
    }
}
