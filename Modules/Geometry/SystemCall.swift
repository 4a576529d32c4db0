#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What every wrapper of a POSIX call in the package needs: retrying a call that a signal
/// interrupted, and the text of an error number. The plugin host, image files, the terminal
/// session and the command share this one copy.
package enum SystemCall {
    /// Calls `body` again for as long as it fails with `EINTR`, and returns what it returned
    /// last.
    ///
    /// `body` is one system call that returns a negative value and sets `errno` when it fails,
    /// as `read`, `write`, `pread`, `poll` and `waitpid` do. When the result is negative,
    /// `errno` is still the error of that last call.
    ///
    /// ```swift
    /// let count = SystemCall.retryingInterrupts { read(descriptor, base, limit) }
    /// if count < 0 { throw failure(SystemCall.errorMessage(errno)) }
    /// ```
    package static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// The text of an error number, as `strerror` gives it: "No such file or directory" for
    /// `ENOENT`.
    package static func errorMessage(_ number: Int32) -> String {
        String(cString: strerror(number))
    }
}
