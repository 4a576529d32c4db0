import TrellisGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file that must be a regular file of at most a given size, checked before
/// anything is read: a scene document, an image a scene names, or a snapshot under review that
/// is `/dev/zero`, a FIFO or a huge file gets an error, not a hang or an allocation without
/// end.
package enum FileContents {
    /// The bytes of the file at `path`.
    ///
    /// - Returns: The bytes, or why they cannot be read ("not a regular file", "… bytes, over
    ///   the limit of …").
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], FileError> {
        readBuffer(path, limit: limit).map { buffer in
            defer { buffer.deallocate() }
            return Array(buffer)
        }
    }

    /// The bytes of the file at `path` in a buffer of their size, which the caller frees:
    /// read into memory that nothing filled first, with no copy.
    ///
    /// - Returns: The bytes, or why they cannot be read, as ``read(_:limit:)``.
    package static func readBuffer(_ path: String, limit: Int)
        -> Result<UnsafeMutableBufferPointer<UInt8>, FileError>
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(FileError(reason: "cannot read the file", isUnreadable: true))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(FileError(reason: "cannot read the file", isUnreadable: true))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(FileError(reason: "not a regular file"))
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            return .failure(FileError(reason: "\(size) bytes, over the limit of \(limit)"))
        }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
        var offset = 0
        while offset < size {
            let count = SystemCall.retryingInterrupts {
                guard let base = bytes.baseAddress else { return 0 }
                return readBytes(descriptor, base + offset, size - offset)
            }
            guard count > 0 else {
                bytes.deallocate()
                return .failure(FileError(reason: "cannot read the file (it changed while read)"))
            }
            offset += count
        }
        return .success(bytes)
    }

    /// Why a file could not be read.
    package struct FileError: Error {
        package var reason: String
        /// Whether the file could not be opened at all (missing, or not permitted).
        package var isUnreadable = false
    }
}

/// `read(2)`, outside ``FileContents``, whose `read(_:limit:)` would hide it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
    read(descriptor, buffer, count)
}
