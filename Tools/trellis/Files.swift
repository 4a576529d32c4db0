import Glibc
import TrellisGeometry

/// The file operations the command needs, on POSIX calls: the command links no Foundation,
/// which would cost every run several milliseconds of loading before it reads its scene.
enum Files {
    /// Whether a path names a directory, or a symbolic link to one.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The size of a file in bytes, or 0 when it cannot be read.
    static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The path a symbolic link ends at through every link on the way, or nil when the path
    /// is not a link or its target does not exist.
    static func resolvedLink(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            let resolved = realpath(path, nil)
        else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The target of a symbolic link, or nil when the path is not one.
    static func destinationOfLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A whole file's bytes, or nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readToEnd(descriptor)
    }

    /// Everything left on a file descriptor, or nil when a read fails.
    static func readToEnd(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupts { read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes a file atomically: into a new file beside it, then renamed over it, so that a
    /// failed write never leaves a broken file where a good one was. The new file gets the
    /// permissions a created file gets (0666 less the umask).
    ///
    /// What is not a regular file (a device such as `/dev/stdout` or `/dev/null`, a FIFO, a
    /// socket) is written in place: a file renamed over it would take its place, and a
    /// temporary file cannot be made beside it in `/dev`. A symbolic link is followed, so that
    /// the file it names is replaced and the link stays (a link to nothing is replaced).
    ///
    /// - Throws: ``CommandError`` naming the path and the system's reason.
    static func write(_ bytes: [UInt8], to given: String) throws(CommandError) {
        func failure(_ code: Int32) -> CommandError {
            CommandError("cannot write \(given): \(SystemCall.errorMessage(code))")
        }
        var status = stat()
        if stat(given, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let descriptor = SystemCall.retryingInterrupts {
                open(given, O_WRONLY | O_CLOEXEC)
            }
            guard descriptor >= 0 else { throw failure(errno) }
            if let code = writeAndClose(bytes, descriptor) { throw failure(code) }
            return
        }
        let path = resolvedLink(given) ?? given
        var attempt = 0
        var temporary: String
        var descriptor: Int32
        repeat {
            attempt += 1
            temporary = "\(path).trellis-\(getpid())-\(attempt)"
            descriptor = SystemCall.retryingInterrupts {
                open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
        } while descriptor < 0 && errno == EEXIST && attempt < 100
        guard descriptor >= 0 else { throw failure(errno) }
        if let code = writeAndClose(bytes, descriptor) {
            unlink(temporary)
            throw failure(code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code)
        }
    }

    /// Writes every byte to a descriptor and closes it; the error number of what failed.
    private static func writeAndClose(_ bytes: [UInt8], _ descriptor: Int32) -> Int32? {
        let written = StandardStreams.write(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : errno
        return written ?? closed
    }
}
