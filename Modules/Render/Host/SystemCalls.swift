#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The operating-system calls of the plugin host, with every failure turned into a
/// ``PluginError`` in one place.
enum SystemCalls {
    /// Opens a shared library with `RTLD_NOW | RTLD_LOCAL`.
    static func open(library path: String) throws(PluginError) -> UnsafeMutableRawPointer {
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = lastDLError() ?? "dlopen failed"
            throw PluginError(.notASharedLibrary, reason, path: path)
        }
        return handle
    }

    /// Looks a symbol up in one library.
    static func symbol(_ name: String, in handle: UnsafeMutableRawPointer)
        -> UnsafeMutableRawPointer?
    {
        _ = dlerror()
        return dlsym(handle, name)
    }

    private static func lastDLError() -> String? {
        guard let message = dlerror() else { return nil }
        return String(cString: message)
    }

    /// The kind of file at a path, and whether users other than its owner may write it.
    struct FileStatus {
        var isRegularFile: Bool
        var isDirectory: Bool
        var isWritableByOthers: Bool
    }

    /// Returns the status of a path (following symbolic links), or `nil` when it does not exist.
    static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return FileStatus(
            isRegularFile: type == S_IFREG, isDirectory: type == S_IFDIR,
            isWritableByOthers: info.st_mode & S_IWOTH != 0)
    }

    /// The canonical absolute path, with symbolic links resolved, or `nil` when it does not
    /// exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a directory, sorted, or an empty list when it cannot be read.
    static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The path of the running executable.
    static func executablePath() -> String? {
        realPath("/proc/self/exe")
    }

    /// An environment variable.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
