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

    /// The kind of file at a path, its owner and group, and who may write it.
    struct FileStatus {
        var isRegularFile: Bool
        var isDirectory: Bool
        var owner: UInt32
        var group: UInt32
        var isWritableByGroup: Bool
        var isWritableByOthers: Bool
    }

    /// Returns the status of a path (following symbolic links), or `nil` when it does not exist.
    static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return FileStatus(
            isRegularFile: type == S_IFREG, isDirectory: type == S_IFDIR,
            owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
            isWritableByGroup: info.st_mode & S_IWGRP != 0,
            isWritableByOthers: info.st_mode & S_IWOTH != 0)
    }

    /// The effective user id of the process.
    static func effectiveUser() -> UInt32 {
        UInt32(geteuid())
    }

    /// Whether a group is a user's private group: the user's primary group, with the user's
    /// name, and no member other than the user.
    ///
    /// Unknown users and groups are not private.
    static func isPrivateGroup(_ groupID: UInt32, of userID: UInt32) -> Bool {
        var buffer = [CChar](repeating: 0, count: 16_384)
        return buffer.withUnsafeMutableBufferPointer { storage -> Bool in
            guard let base = storage.baseAddress else { return false }
            var account = passwd()
            var accountResult: UnsafeMutablePointer<passwd>?
            guard getpwuid_r(uid_t(userID), &account, base, 8_192, &accountResult) == 0,
                accountResult != nil, let userName = account.pw_name
            else { return false }
            let name = String(cString: userName)
            guard UInt32(account.pw_gid) == groupID else { return false }
            var entry = group()
            var groupResult: UnsafeMutablePointer<group>?
            guard getgrgid_r(gid_t(groupID), &entry, base + 8_192, 8_192, &groupResult) == 0,
                groupResult != nil, let groupName = entry.gr_name,
                String(cString: groupName) == name
            else { return false }
            var index = 0
            while let members = entry.gr_mem, let member = members[index] {
                if String(cString: member) != name { return false }
                index += 1
            }
            return true
        }
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
