/// Finds plugin libraries on disk.
///
/// Locations are searched in this order, and the first backend found with a given name wins:
/// 1. the paths given by the caller (files or directories),
/// 2. the directories in the `TRELLIS_PLUGIN_PATH` environment variable (colon-separated),
/// 3. the directory of the running executable (so plugins built beside the `trellis` command
///    are found without any setting),
/// 4. `<prefix>/lib/trellis/plugins`, where the prefix is the parent of the executable's
///    directory (`/usr/local` for `/usr/local/bin/trellis`).
///
/// In directories, files named `libTrellis…Backend.so` are plugins, taken in name order; a file
/// given explicitly is loaded whatever its name. A later plugin with the name of one already
/// found is not used: it is reported in ``Result/failures`` with the code
/// ``PluginError/Code-swift.struct/duplicateName``.
///
/// The environment, the executable's directory and the prefix come from the running process
/// unless set, so that a host can pin them and tests can check the order:
///
/// ```swift
/// var discovery = PluginDiscovery(paths: ["/opt/plugins"])
/// discovery.environment = ["TRELLIS_PLUGIN_PATH": "/srv/a:/srv/b"]
/// discovery.executableDirectory = "/usr/local/bin"
/// discovery.searchPaths
/// // ["/opt/plugins", "/srv/a", "/srv/b", "/usr/local/bin", "/usr/local/lib/trellis/plugins"]
/// ```
public struct PluginDiscovery: Sendable {
    /// Plugin files or directories to search first.
    public var paths: [String]
    /// Whether to read `TRELLIS_PLUGIN_PATH`.
    public var usesEnvironment: Bool
    /// Whether to search the executable's directory and the install prefix.
    public var usesInstallLocations: Bool
    /// The environment `TRELLIS_PLUGIN_PATH` is read from; `nil` reads the process's.
    public var environment: [String: String]?
    /// The directory searched as the executable's; `nil` is the running executable's.
    public var executableDirectory: String?
    /// The install prefix, whose `lib/trellis/plugins` is searched last; `nil` is the parent of
    /// ``executableDirectory``.
    public var installPrefix: String?

    /// Creates a discovery.
    ///
    /// - Parameters:
    ///   - paths: Plugin files or directories to search first.
    ///   - usesEnvironment: Whether to read `TRELLIS_PLUGIN_PATH`.
    ///   - usesInstallLocations: Whether to search the executable's directory and the install
    ///     prefix.
    ///   - environment: The environment to read instead of the process's.
    ///   - executableDirectory: The directory to search instead of the running executable's.
    ///   - installPrefix: The prefix to use instead of the executable directory's parent.
    public init(
        paths: [String] = [], usesEnvironment: Bool = true, usesInstallLocations: Bool = true,
        environment: [String: String]? = nil, executableDirectory: String? = nil,
        installPrefix: String? = nil
    ) {
        self.paths = paths
        self.usesEnvironment = usesEnvironment
        self.usesInstallLocations = usesInstallLocations
        self.environment = environment
        self.executableDirectory = executableDirectory
        self.installPrefix = installPrefix
    }

    /// The environment variable with extra plugin directories.
    public static let environmentVariable = "TRELLIS_PLUGIN_PATH"

    /// The locations searched, in order, each once.
    public var searchPaths: [String] {
        var result = paths
        if usesEnvironment {
            let value =
                environment.map { $0[PluginDiscovery.environmentVariable] }
                ?? SystemCalls.environment(PluginDiscovery.environmentVariable)
            if let value {
                result += value.split(separator: ":").map(String.init).filter { !$0.isEmpty }
            }
        }
        if usesInstallLocations,
            let directory = executableDirectory
                ?? SystemCalls.executablePath().map(PluginDiscovery.parent)
        {
            result.append(directory)
            let prefix = installPrefix ?? PluginDiscovery.parent(of: directory)
            result.append((prefix == "/" ? "" : prefix) + "/lib/trellis/plugins")
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Whether a file name follows the plugin naming pattern.
    public static func isPluginFileName(_ name: String) -> Bool {
        name.hasPrefix("libTrellis") && name.hasSuffix("Backend.so")
            && name.count > "libTrellisBackend.so".count
    }

    /// The result of a discovery: the plugins loaded and the files that were not used.
    public struct Result: Sendable {
        /// The plugins, first by search order, one per backend name.
        public var plugins: [PluginLibrary]
        /// The candidates that failed to load, and those skipped because a plugin found
        /// earlier has the same name, with why.
        public var failures: [PluginError]
    }

    /// Searches every location and loads each plugin found.
    ///
    /// - Complexity: O(*n*) in the number of files in the searched directories, plus the cost
    ///   of loading each plugin once per process.
    public func discover() -> Result {
        var plugins: [PluginLibrary] = []
        var failures: [PluginError] = []
        var byName: [String: PluginLibrary] = [:]
        for location in searchPaths {
            guard let status = SystemCalls.status(of: location) else {
                if paths.contains(location) {
                    failures.append(
                        PluginError(.notFound, "no such file or directory", path: location))
                }
                continue
            }
            var candidates: [String] = []
            if status.isDirectory {
                candidates = SystemCalls.directoryEntries(location)
                    .filter(PluginDiscovery.isPluginFileName)
                    .map { location + "/" + $0 }
            } else {
                candidates = [location]
            }
            for candidate in candidates {
                let library: PluginLibrary
                do throws(PluginError) {
                    library = try PluginLibrary.load(path: candidate)
                } catch {
                    failures.append(error)
                    continue
                }
                guard let first = byName[library.name] else {
                    byName[library.name] = library
                    plugins.append(library)
                    continue
                }
                // The same file reached through two locations is one plugin, not a clash.
                if first !== library {
                    failures.append(
                        PluginError(
                            .duplicateName,
                            "backend \"\(library.name)\" is already provided by \(first.path), "
                                + "found earlier in the search order; this file is not used",
                            path: library.path))
                }
            }
        }
        return Result(plugins: plugins, failures: failures)
    }

    /// The file name a backend's plugin has by convention: `libTrellisTextBackend.so` for
    /// `text`, the name's first letter in upper case.
    public static func pluginFileName(forBackend name: String) -> String {
        "libTrellis" + name.prefix(1).uppercased() + name.dropFirst() + "Backend.so"
    }

    /// Looks for one backend only: in search order, the files given explicitly and those named
    /// as the backend's plugin by convention (``pluginFileName(forBackend:)``) are loaded until
    /// one names that backend. No other plugin is opened (their constructors do not run).
    ///
    /// - Returns: The plugin, or `nil` when no conventionally named file provides it; and the
    ///   candidates that failed to load on the way.
    public func discover(backend name: String) -> (plugin: PluginLibrary?, failures: [PluginError])
    {
        let fileName = PluginDiscovery.pluginFileName(forBackend: name)
        var failures: [PluginError] = []
        for location in searchPaths {
            guard let status = SystemCalls.status(of: location) else { continue }
            let candidate: String
            if status.isDirectory {
                candidate = location + "/" + fileName
                guard SystemCalls.linkStatus(of: candidate) != nil else { continue }
            } else {
                candidate = location
            }
            do throws(PluginError) {
                let library = try PluginLibrary.load(path: candidate)
                if library.name == name { return (library, failures) }
            } catch {
                failures.append(error)
            }
        }
        return (nil, failures)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
