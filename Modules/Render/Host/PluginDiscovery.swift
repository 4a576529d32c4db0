/// Finds plugin libraries on disk.
///
/// Directories are searched in this order, and the first backend found with a given name wins:
/// 1. the paths given by the caller (files or directories),
/// 2. the directories in the `TRELLIS_PLUGIN_PATH` environment variable (colon-separated),
/// 3. the directory of the running executable (so plugins built beside the `trellis` command
///    are found without any setting),
/// 4. `<prefix>/lib/trellis/plugins`, where the prefix is the parent of the executable's
///    directory (`/usr/local` for `/usr/local/bin/trellis`).
///
/// In directories, files named `libTrellis…Backend.so` are plugins; a file given explicitly is
/// loaded whatever its name.
public struct PluginDiscovery: Sendable {
    /// Plugin files or directories to search first.
    public var paths: [String]
    /// Whether to read `TRELLIS_PLUGIN_PATH`.
    public var usesEnvironment: Bool
    /// Whether to search the executable's directory and the install prefix.
    public var usesInstallLocations: Bool

    /// Creates a discovery.
    public init(
        paths: [String] = [], usesEnvironment: Bool = true, usesInstallLocations: Bool = true
    ) {
        self.paths = paths
        self.usesEnvironment = usesEnvironment
        self.usesInstallLocations = usesInstallLocations
    }

    /// The environment variable with extra plugin directories.
    public static let environmentVariable = "TRELLIS_PLUGIN_PATH"

    /// The locations searched, in order.
    public var searchPaths: [String] {
        var result = paths
        if usesEnvironment, let value = SystemCalls.environment(PluginDiscovery.environmentVariable)
        {
            result += value.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if usesInstallLocations, let executable = SystemCalls.executablePath() {
            let directory = PluginDiscovery.parent(of: executable)
            result.append(directory)
            result.append(PluginDiscovery.parent(of: directory) + "/lib/trellis/plugins")
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Whether a file name follows the plugin naming pattern.
    public static func isPluginFileName(_ name: String) -> Bool {
        name.hasPrefix("libTrellis") && name.hasSuffix("Backend.so")
            && name.count > "libTrellisBackend.so".count
    }

    /// The result of a discovery: the plugins loaded and the files that failed to load.
    public struct Result: Sendable {
        /// The plugins, first by search order, one per backend name.
        public var plugins: [PluginLibrary]
        /// The candidates that failed to load, with why.
        public var failures: [PluginError]
    }

    /// Searches every location and loads each plugin found.
    public func discover() -> Result {
        var plugins: [PluginLibrary] = []
        var failures: [PluginError] = []
        var names = Set<String>()
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
                do throws(PluginError) {
                    let library = try PluginLibrary.load(path: candidate)
                    if names.insert(library.name).inserted { plugins.append(library) }
                } catch {
                    failures.append(error)
                }
            }
        }
        return Result(plugins: plugins, failures: failures)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
