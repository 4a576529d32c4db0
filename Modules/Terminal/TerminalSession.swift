import Glibc
import Synchronization

/// A full-screen terminal session: raw input, the alternate screen, a hidden cursor, mouse
/// reporting and bracketed paste, all undone when the session ends, however it ends.
///
/// ``start()`` saves the terminal's attributes, switches to raw mode (no echo, no line editing,
/// keys such as Control-C arrive as bytes) and writes the modes' enter sequence. ``stop()``
/// restores the attributes and writes the exit sequence; so do SIGINT, SIGTERM, SIGHUP and
/// SIGQUIT (which are then raised again with the handling they had before) and the process's
/// exit. The window size is read at the start and after every SIGWINCH, which ``read(timeout:)``
/// reports as ``TerminalRead/resized(_:)``.
///
/// ```swift
/// try TerminalSession.run { session in
///     try session.write(frameBytes)
///     while case .bytes(let input) = try session.read(timeout: 0.05) { … }
/// }
/// ```
///
/// One session may be active in a process at a time: terminal modes and signal handlers are
/// process-wide.
public final class TerminalSession {
    /// The descriptor input is read from.
    public let input: Int32
    /// The descriptor output is written to.
    public let output: Int32
    /// The modes the session turns on.
    public let modes: TerminalModes
    /// Whether the session puts the terminal in raw mode (it needs a terminal on `input`).
    public let usesRawMode: Bool
    /// Whether the session has started and not stopped.
    public private(set) var isActive = false
    /// The terminal's size, as last read: at the start and after each window-size change.
    public private(set) var size = TerminalSize(columns: 80, rows: 24)
    /// Other descriptors ``read(timeout:)`` waits on besides the terminal, such as the
    /// accessibility bus's socket: when one of them can be read first, the read returns
    /// ``TerminalRead/timeout`` at once, so that the caller can service it.
    public var watchedDescriptors: [Int32] = []

    private var wake: (read: Int32, write: Int32) = (-1, -1)
    /// Input read while waiting for the terminal's replies, returned by the next read.
    var unread: [UInt8] = []
    private static let isAnyActive = Mutex(false)

    /// Creates a session, which does nothing until it starts.
    ///
    /// - Parameters:
    ///   - input: The descriptor to read from; standard input by default.
    ///   - output: The descriptor to write to; standard output by default.
    ///   - modes: The modes to turn on; ``TerminalModes/interactive`` by default.
    ///   - usesRawMode: Whether to switch the terminal to raw mode; yes by default.
    public init(
        input: Int32 = 0, output: Int32 = 1,
        modes: TerminalModes = .interactive, usesRawMode: Bool = true
    ) {
        self.input = input
        self.output = output
        self.modes = modes
        self.usesRawMode = usesRawMode
    }

    deinit {
        stop()
    }

    /// Starts the session: raw mode, signal handlers, then the modes' enter sequence.
    ///
    /// - Throws: ``TerminalError`` when another session is active, when raw mode is asked for
    ///   and `input` is not a terminal, or when a system call fails; the terminal is left as
    ///   it was.
    public func start() throws(TerminalError) {
        guard !isActive else { return }
        let claimed = TerminalSession.isAnyActive.withLock { active in
            if active { return false }
            active = true
            return true
        }
        guard claimed else {
            throw TerminalError(
                .sessionActive, "another terminal session is active; stop it before starting one")
        }
        do throws(TerminalError) {
            let saved = usesRawMode ? try TerminalDevice.attributes(of: input) : nil
            wake = try TerminalDevice.makePipe()
            TerminalSignals.install(
                input: input, output: output, exitBytes: modes.exitSequence, attributes: saved,
                wake: wake.write)
            isActive = true
            if let saved {
                try TerminalDevice.setAttributes(
                    TerminalDevice.rawAttributes(from: saved), of: input)
            }
            try TerminalDevice.writeAll(modes.enterSequence, to: output)
            size = currentSize() ?? size
        } catch {
            stop()
            TerminalSession.isAnyActive.withLock { $0 = false }
            throw error
        }
    }

    /// Ends the session: restores the terminal's attributes, writes the modes' exit sequence
    /// and puts back the signal handling from before. Calling it again does nothing.
    public func stop() {
        guard isActive || wake.read >= 0 else { return }
        TerminalSignals.restoreTerminal()
        TerminalSignals.uninstall()
        for descriptor in [wake.read, wake.write] where descriptor >= 0 { close(descriptor) }
        wake = (-1, -1)
        if isActive {
            isActive = false
            TerminalSession.isAnyActive.withLock { $0 = false }
        }
    }

    /// Writes bytes to the terminal.
    ///
    /// - Parameter bytes: The bytes, such as a frame from the terminal backend.
    /// - Throws: ``TerminalError`` when the session is not active or the write fails.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        guard isActive else { throw TerminalError(.closed, "write: the session is not active") }
        try TerminalDevice.writeAll(bytes, to: output)
    }

    /// Waits for input, a window-size change or the timeout, whichever comes first (or input
    /// on one of the ``watchedDescriptors``, which returns ``TerminalRead/timeout``).
    ///
    /// - Parameter timeout: The most seconds to wait; `nil` waits for ever.
    /// - Returns: The bytes read, the new size, a timeout, or the end of the input.
    /// - Throws: ``TerminalError`` when the session is not active or a system call fails.
    public func read(timeout: Double?) throws(TerminalError) -> TerminalRead {
        guard isActive else { throw TerminalError(.closed, "read: the session is not active") }
        if !unread.isEmpty {
            defer { unread = [] }
            return .bytes(unread)
        }
        switch try TerminalDevice.wait(
            input: input, wake: wake.read, watched: watchedDescriptors, timeout: timeout)
        {
        case .wake:
            TerminalDevice.drain(wake.read)
            size = currentSize() ?? size
            return .resized(size)
        case .timeout, .watched:
            return .timeout
        case .input:
            switch try TerminalDevice.read(from: input) {
            case .bytes(let bytes): return .bytes(bytes)
            case .end: return .endOfInput
            case .nothing: return .timeout
            }
        }
    }

    /// Asks the terminal what it supports (see ``TerminalCapabilities``) and waits for its
    /// replies. Keys typed meanwhile are kept and returned by the next ``read(timeout:)``.
    ///
    /// - Parameter timeout: The most seconds to wait for a terminal that answers nothing.
    /// - Returns: What the terminal said; nothing supported when it did not answer.
    /// - Throws: ``TerminalError`` when the session is not active or a system call fails.
    public func queryCapabilities(timeout: Double = 0.2) throws(TerminalError)
        -> TerminalCapabilities
    {
        guard isActive else { throw TerminalError(.closed, "query: the session is not active") }
        try TerminalDevice.writeAll(TerminalCapabilities.query, to: output)
        var capabilities = TerminalCapabilities()
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(max(timeout, 0) * 1000))
        waiting: while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            let seconds =
                Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard case .input = try TerminalDevice.wait(input: input, wake: -1, timeout: seconds)
            else { continue }
            let bytes: [UInt8]
            switch try TerminalDevice.read(from: input) {
            case .bytes(let read): bytes = read
            case .nothing: continue
            case .end: break waiting
            }
            received += bytes
            var probe = TerminalCapabilities()
            let (done, _) = TerminalCapabilities.parse(received, into: &probe)
            if done { break }
        }
        let (_, rest) = TerminalCapabilities.parse(received, into: &capabilities)
        unread += rest
        return capabilities
    }

    /// Turns on the kitty keyboard protocol's flags (``TerminalCapabilities/kittyKeyboardFlags``)
    /// for the rest of the session; they are turned off when it ends, however it ends.
    ///
    /// - Throws: ``TerminalError`` when the session is not active or the write fails.
    public func enableKittyKeyboard() throws(TerminalError) {
        guard isActive else { throw TerminalError(.closed, "write: the session is not active") }
        TerminalSignals.prependExitBytes(TerminalCapabilities.disableKittyKeyboard)
        try TerminalDevice.writeAll(TerminalCapabilities.enableKittyKeyboard, to: output)
    }

    /// The terminal's size now, from the output or the input, or `nil` when neither is a
    /// terminal.
    public func currentSize() -> TerminalSize? {
        let sizes = [output, input].lazy.compactMap(TerminalDevice.windowSize(of:))
        return sizes.first { $0.columns > 0 && $0.rows > 0 }
    }

    /// Runs `body` in a session that is stopped when `body` returns or throws.
    ///
    /// - Parameters:
    ///   - input: The descriptor to read from.
    ///   - output: The descriptor to write to.
    ///   - modes: The modes to turn on.
    ///   - body: The program, given the started session.
    /// - Returns: What `body` returns.
    /// - Throws: ``TerminalError`` from starting, or what `body` throws.
    public static func run<Result>(
        input: Int32 = 0, output: Int32 = 1,
        modes: TerminalModes = .interactive, _ body: (TerminalSession) throws -> Result
    ) throws -> Result {
        let session = TerminalSession(input: input, output: output, modes: modes)
        try session.start()
        defer { session.stop() }
        return try body(session)
    }
}

extension TerminalSession {
    /// Does what the handler of a terminating signal does before raising it again: restores
    /// the terminal and puts back the signal handling from before.
    package static func restoreAsSignalHandlerDoes() {
        TerminalSignals.restoreForSignal()
    }

    /// Whether the session's signal handler is installed for a signal.
    package static func handlesSignal(_ signal: Int32) -> Bool {
        TerminalSignals.isInstalled(for: signal)
    }
}

/// What waiting for terminal input found.
public enum TerminalRead: Sendable, Hashable {
    /// Bytes from the terminal.
    case bytes([UInt8])
    /// The window changed size; the new size.
    case resized(TerminalSize)
    /// The timeout passed with nothing to read.
    case timeout
    /// The input ended (the terminal closed).
    case endOfInput
}
