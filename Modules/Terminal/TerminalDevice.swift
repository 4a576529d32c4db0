import Glibc
import TrellisGeometry

/// The system calls of terminal sessions, with every failure turned into a ``TerminalError``
/// in one place.
enum TerminalDevice {
    /// The error of a failed call, with `errno` and its text.
    static func failure(_ call: String, _ detail: String = "") -> TerminalError {
        let number = errno
        let reason = SystemCall.errorMessage(number)
        let what = detail.isEmpty ? call : "\(call) (\(detail))"
        return TerminalError(.systemCall, "\(what): \(reason)", errorNumber: number)
    }

    /// Whether a descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The terminal attributes of a descriptor.
    static func attributes(of descriptor: Int32) throws(TerminalError) -> termios {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            let number = errno
            let reason = SystemCall.errorMessage(number)
            throw TerminalError(
                .notATerminal,
                "raw mode needs a terminal on file descriptor \(descriptor) (tcgetattr: "
                    + "\(reason)); run in a terminal or turn raw mode off", errorNumber: number)
        }
        return settings
    }

    /// Sets the terminal attributes of a descriptor at once.
    static func setAttributes(_ settings: termios, of descriptor: Int32) throws(TerminalError) {
        var copy = settings
        guard tcsetattr(descriptor, TCSANOW, &copy) == 0 else {
            throw failure("tcsetattr", "file descriptor \(descriptor)")
        }
    }

    /// The attributes of raw mode: no echo, no line editing, no signals from keys, no input or
    /// output translation, reads that return as soon as one byte is there.
    static func rawAttributes(from settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// The window size of a terminal, or `nil` when the descriptor is not one.
    static func windowSize(of descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return TerminalSize(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }

    /// Writes all of `bytes`, retrying after interruptions and waiting while the descriptor is
    /// full.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(TerminalError) {
        var offset = 0
        while offset < bytes.count {
            let written = SystemCall.retryingInterrupts {
                bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return write(descriptor, base + offset, buffer.count - offset)
                }
            }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 100)
                continue
            }
            throw failure("write", "file descriptor \(descriptor)")
        }
    }

    /// What waiting for input found.
    enum Readiness {
        case input
        case wake
        case timeout
        /// One of the other watched descriptors can be read.
        case watched
    }

    /// Waits until the input or the wake pipe can be read, or the timeout passes.
    ///
    /// - Parameter timeout: Seconds to wait; `nil` waits for ever.
    static func wait(input: Int32, wake: Int32, watched: [Int32] = [], timeout: Double?)
        throws(TerminalError) -> Readiness
    {
        var entries = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        for descriptor in watched where descriptor >= 0 {
            entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        let milliseconds: Int32
        if let timeout {
            milliseconds = timeout.isNaN ? 0 : Int32(min(max(timeout * 1000, 0), 86_400_000))
        } else {
            milliseconds = -1
        }
        // A negative descriptor is ignored by poll.
        if wake < 0 { entries[1].fd = -1 }
        let count = SystemCall.retryingInterrupts {
            poll(&entries, nfds_t(entries.count), milliseconds)
        }
        if count < 0 { throw failure("poll") }
        if count == 0 { return .timeout }
        if wake >= 0 && entries[1].revents & Int16(POLLIN) != 0 { return .wake }
        if entries[0].revents != 0 { return .input }
        return .watched
    }

    /// What a read found.
    enum ReadResult {
        case bytes([UInt8])
        /// The input ended: end of file, or EIO from a terminal whose other side has closed.
        case end
        /// Nothing to read after all.
        case nothing
    }

    /// Reads what is available, up to `limit` bytes.
    static func read(from descriptor: Int32, limit: Int = 4096) throws(TerminalError)
        -> ReadResult
    {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = SystemCall.retryingInterrupts {
            buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, limit) }
        }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count == 0 { return .end }
        if errno == EIO { return .end }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .nothing }
        throw failure("read", "file descriptor \(descriptor)")
    }

    /// Empties a non-blocking pipe.
    static func drain(_ descriptor: Int32) {
        var scratch = [UInt8](repeating: 0, count: 64)
        while scratch.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, 64) }) > 0 {}
    }

    /// Creates a pipe whose ends do not block and close on exec.
    static func makePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw failure("pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
