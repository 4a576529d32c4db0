import Glibc

/// What the signal handlers need to put the terminal back, in memory that needs no allocation
/// or reference counting to read: a handler may run at any moment.
struct TerminalRestoreState {
    /// Whether the terminal still needs restoring.
    var isPending: Bool
    var input: Int32
    var output: Int32
    /// The bytes that turn the session's modes off.
    var exitBytes: UnsafeMutablePointer<UInt8>?
    var exitCount: Int
    /// The bytes written before the exit bytes, such as those that leave an inline app's
    /// rows: replaced as they change.
    var leadingBytes: UnsafeMutablePointer<UInt8>?
    var leadingCount: Int
    /// The terminal attributes from before raw mode.
    var attributes: termios
    var hasAttributes: Bool
    /// The pipe end that a window-size change writes to.
    var wake: Int32
}

/// The process-wide signal handling of terminal sessions: SIGINT, SIGTERM, SIGHUP and SIGQUIT
/// restore the terminal and are raised again with the handling they had before; SIGWINCH
/// writes a byte to the session's wake pipe. Installing unblocks them all in the calling thread,
/// whatever mask the process inherited. An `atexit` handler restores the terminal when the
/// process exits with a session active.
enum TerminalSignals {
    /// The signals after which the terminal is restored before the process acts on them.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Every signal handled, the window-size change last.
    static let handled: [Int32] = terminating + [SIGWINCH]

    /// The restore state; allocated once, never freed.
    nonisolated(unsafe) static var state: UnsafeMutablePointer<TerminalRestoreState>? = nil
    /// The handling each signal had before, in the order of ``handled``.
    nonisolated(unsafe) static var previous: UnsafeMutablePointer<sigaction>? = nil
    nonisolated(unsafe) static var isExitHandlerRegistered = false

    /// Records what restoring needs and installs the handlers.
    static func install(
        input: Int32, output: Int32, exitBytes: [UInt8], attributes: termios?, wake: Int32
    ) {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(exitBytes.count, 1))
        bytes.initialize(from: exitBytes, count: exitBytes.count)
        if let old = state?.pointee.exitBytes { old.deallocate() }
        if let old = state?.pointee.leadingBytes { old.deallocate() }
        let storage = state ?? .allocate(capacity: 1)
        storage.initialize(
            to: TerminalRestoreState(
                isPending: true, input: input, output: output, exitBytes: bytes,
                exitCount: exitBytes.count, leadingBytes: nil, leadingCount: 0,
                attributes: attributes ?? termios(),
                hasAttributes: attributes != nil, wake: wake))
        state = storage
        let actions = previous ?? .allocate(capacity: handled.count)
        previous = actions
        for (index, signal) in handled.enumerated() {
            var action = sigaction()
            action.__sigaction_handler = .init(sa_handler: signalHandler)
            sigemptyset(&action.sa_mask)
            action.sa_flags = signal == SIGWINCH ? SA_RESTART : 0
            sigaction(signal, &action, actions + index)
        }
        // A mask inherited from the parent (a test runner, a supervisor) may block these
        // signals, and a blocked signal never reaches its handler: the window would not be laid
        // out again on resize, nor the terminal restored on SIGTERM. They stay unblocked, so
        // that a terminating signal raised again after restoring still acts.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in handled { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        if !isExitHandlerRegistered {
            isExitHandlerRegistered = true
            atexit { TerminalSignals.restoreTerminal() }
        }
    }

    /// Puts back the handling the signals had before ``install(input:output:exitBytes:attributes:wake:)``.
    static func uninstall() {
        guard let actions = previous else { return }
        for (index, signal) in handled.enumerated() {
            sigaction(signal, actions + index, nil)
        }
        state?.pointee.wake = -1
    }

    /// Puts bytes before the ones that turn the modes off, for a mode turned on after the
    /// session started. The signals are blocked while the bytes change hands, so that a handler
    /// never reads them half changed.
    static func prependExitBytes(_ extra: [UInt8]) {
        guard let state, !extra.isEmpty else { return }
        let count = extra.count + state.pointee.exitCount
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        bytes.initialize(from: extra, count: extra.count)
        if let old = state.pointee.exitBytes {
            (bytes + extra.count).initialize(from: old, count: state.pointee.exitCount)
        }
        var blocked = sigset_t()
        var before = sigset_t()
        sigemptyset(&blocked)
        for signal in handled { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        let old = state.pointee.exitBytes
        state.pointee.exitBytes = bytes
        state.pointee.exitCount = count
        pthread_sigmask(SIG_SETMASK, &before, nil)
        old?.deallocate()
    }

    /// Replaces the bytes written before the exit bytes (none at first). The signals are
    /// blocked while the bytes change hands, so that a handler never reads them half changed.
    static func setLeadingExitBytes(_ leading: [UInt8]) {
        guard let state else { return }
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        if !leading.isEmpty {
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: leading.count)
            storage.initialize(from: leading, count: leading.count)
            bytes = storage
        }
        var blocked = sigset_t()
        var before = sigset_t()
        sigemptyset(&blocked)
        for signal in handled { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        let old = state.pointee.leadingBytes
        state.pointee.leadingBytes = bytes
        state.pointee.leadingCount = leading.count
        pthread_sigmask(SIG_SETMASK, &before, nil)
        old?.deallocate()
    }

    /// Restores the terminal if a session left it changed: the attributes from before raw
    /// mode, then the leading bytes and the bytes that turn the modes off. Safe to call from a
    /// signal handler, and more than once.
    static func restoreTerminal() {
        guard let state, state.pointee.isPending else { return }
        state.pointee.isPending = false
        if state.pointee.hasAttributes {
            _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.attributes)
        }
        if let leading = state.pointee.leadingBytes {
            writeForSignal(leading, count: state.pointee.leadingCount, to: state.pointee.output)
        }
        guard let bytes = state.pointee.exitBytes else { return }
        writeForSignal(bytes, count: state.pointee.exitCount, to: state.pointee.output)
    }

    /// Writes bytes as a signal handler may: plain calls, retried after EINTR.
    private static func writeForSignal(
        _ bytes: UnsafeMutablePointer<UInt8>, count: Int, to output: Int32
    ) {
        // The retry after EINTR is written out here, not taken from `SystemCall`: in a signal
        // handler only plain calls of async-signal-safe functions may run, no generic code.
        var offset = 0
        while offset < count {
            let written = write(output, bytes + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
    }

    /// Whether the session's handler is installed for a signal.
    static func isInstalled(for signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        let installed = unsafeBitCast(
            current.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self)
        return installed == unsafeBitCast(signalHandler, to: UnsafeRawPointer?.self)
    }

    /// What the handler does for a terminating signal before raising it again.
    static func restoreForSignal() {
        restoreTerminal()
        uninstall()
    }
}

/// The handler of every signal a session handles.
private let signalHandler: @convention(c) (Int32) -> Void = { signal in
    if signal == SIGWINCH {
        if let state = TerminalSignals.state, state.pointee.wake >= 0 {
            var byte: UInt8 = 1
            _ = write(state.pointee.wake, &byte, 1)
        }
        return
    }
    TerminalSignals.restoreForSignal()
    raise(signal)
}
