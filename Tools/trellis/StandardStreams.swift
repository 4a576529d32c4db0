import Glibc
import TrellisGeometry

/// Writes to standard output and standard error with `write(2)`, so that a write that fails
/// (a full disk, a closed stream) is an error the command reports, not lost output or a crash.
///
/// A reader that closed its end of a pipe ends the command as it ends any Unix filter: quietly,
/// by `SIGPIPE`.
enum StandardStreams {
    /// Writes all of `bytes` to a file descriptor.
    ///
    /// - Returns: `nil`, or the `errno` of the write that failed.
    static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
        let failure = Array(bytes).withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            guard let base = buffer.baseAddress else { return nil }
            while offset < buffer.count {
                let written = SystemCall.retryingInterrupts {
                    Glibc.write(descriptor, base + offset, buffer.count - offset)
                }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
        if failure == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        return failure
    }

    /// Writes text to standard output.
    ///
    /// - Throws: `CommandError` naming the failure, as "cannot write to standard output: No
    ///   space left on device".
    static func output(_ text: String) throws(CommandError) {
        try output(Array(text.utf8))
    }

    /// Writes bytes to standard output; see ``output(_:)-(String)``.
    static func output(_ bytes: [UInt8]) throws(CommandError) {
        if let code = write(bytes, to: STDOUT_FILENO) {
            throw CommandError(
                "cannot write to standard output: \(SystemCall.errorMessage(code))")
        }
    }

    /// Writes lines to standard error, each with its controls escaped visibly, so that text
    /// from a scene or a file name cannot act on the terminal.
    ///
    /// - Returns: Whether the write succeeded.
    @discardableResult
    static func error(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let safe = lines.map { String($0).escapedForEcho }.joined(separator: "\n")
        return write(Array((safe + "\n").utf8), to: STDERR_FILENO) == nil
    }
}
