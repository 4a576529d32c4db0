import TrellisGeometry

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
        var isSymbolicLink: Bool
        var owner: UInt32
        var group: UInt32
        var isWritableByGroup: Bool
        var isWritableByOthers: Bool

        init(_ info: stat) {
            let type = info.st_mode & S_IFMT
            isRegularFile = type == S_IFREG
            isDirectory = type == S_IFDIR
            isSymbolicLink = type == S_IFLNK
            owner = UInt32(info.st_uid)
            group = UInt32(info.st_gid)
            isWritableByGroup = info.st_mode & S_IWGRP != 0
            isWritableByOthers = info.st_mode & S_IWOTH != 0
        }
    }

    /// Returns the status of a path (following symbolic links), or `nil` when it does not exist.
    static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// Returns the status of a path itself, not following a symbolic link at its end (`lstat`),
    /// or `nil` when it does not exist.
    static func linkStatus(of path: String) -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// The target a symbolic link holds, as written in the link (possibly relative to the
    /// link's directory), or `nil` when the path is not a symbolic link.
    static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { storage -> Int in
            guard let base = storage.baseAddress else { return -1 }
            return readlink(path, base, storage.count - 1)
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens a file for reading, passes it to `body`, and closes it.
    ///
    /// - Throws: ``PluginError`` with the code `failure` when the file cannot be opened or its
    ///   size read, and whatever `body` throws.
    static func withFile<Result>(
        _ path: String, failure: PluginError.Code,
        _ body: (FileReader) throws(PluginError) -> Result
    ) throws(PluginError) -> Result {
        let descriptor = openForReading(path)
        guard descriptor >= 0 else {
            throw PluginError(
                failure, "cannot open it: \(SystemCall.errorMessage(errno))", path: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw PluginError(
                failure, "cannot read its size: \(SystemCall.errorMessage(errno))", path: path)
        }
        return try body(
            FileReader(
                descriptor: descriptor, size: UInt64(max(info.st_size, 0)), path: path,
                failure: failure))
    }

    /// An open file read with `pread`, never mapped into memory: a file that is shorter than it
    /// claims cannot fault the process.
    struct FileReader {
        /// The file's size in bytes when it was opened.
        let size: UInt64
        private let descriptor: Int32
        private let path: String
        private let failure: PluginError.Code

        init(descriptor: Int32, size: UInt64, path: String, failure: PluginError.Code) {
            self.descriptor = descriptor
            self.size = size
            self.path = path
            self.failure = failure
        }

        /// Reads `count` bytes at `offset`; fewer when the file ends first.
        ///
        /// - Throws: ``PluginError`` when the read fails.
        func read(at offset: UInt64, count: Int) throws(PluginError) -> [UInt8] {
            guard count > 0, offset <= UInt64(Int64.max) - UInt64(count) else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let result = SystemCall.retryingInterrupts {
                    bytes.withUnsafeMutableBytes { buffer -> Int in
                        guard let base = buffer.baseAddress else { return 0 }
                        return pread(
                            descriptor, base + done, count - done, off_t(offset) + off_t(done))
                    }
                }
                guard result >= 0 else {
                    throw PluginError(
                        failure, "cannot read it: \(SystemCall.errorMessage(errno))", path: path)
                }
                if result == 0 { break }
                done += result
            }
            return Array(bytes.prefix(done))
        }
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

/// Opens a file read-only and close-on-exec; outside ``SystemCalls``, whose `open(library:)`
/// would hide the C function.
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
