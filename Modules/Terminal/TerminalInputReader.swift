public import TrellisCore
public import TrellisRender

/// Reads a session's input through a backend's `input` entry: waits for bytes, has the backend
/// decode them into events, and tells the backend when input timed out so that it reports a
/// lone Escape.
///
/// A terminal sends the Escape key as the byte that also starts every escape sequence. The
/// backend holds such a byte (`InputBatch.isPending`); the reader then waits at most
/// ``escapeTimeout`` for more and, if nothing comes, calls the backend with no bytes, which
/// turns the held byte into the Escape key.
///
/// ```swift
/// let reader = TerminalInputReader(session: session, backend: backend)
/// switch try reader.next(timeout: 1.0 / 60) {
/// case .events(let events): handle(events)
/// case .resized(let size): relayout(size)
/// case .timeout: break
/// case .endOfInput: return
/// }
/// ```
public final class TerminalInputReader {
    /// What reading found.
    public enum Result: Sendable, Hashable {
        /// Events decoded from input (possibly none, when the bytes read only began a
        /// sequence).
        case events([InputEvent])
        /// The window changed size.
        case resized(TerminalSize)
        /// The timeout passed with no input.
        case timeout
        /// The input ended.
        case endOfInput
    }

    /// The session read from.
    public let session: TerminalSession
    /// The backend that decodes input.
    public let backend: any Backend
    /// How long to wait after a byte that may begin a sequence before reading it alone, in
    /// seconds.
    public var escapeTimeout: Double
    /// Whether the backend holds bytes that may begin a sequence.
    public private(set) var isPending = false

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - session: The session to read from.
    ///   - backend: A backend with the input capability.
    ///   - escapeTimeout: The wait after a possible sequence start; 50 ms by default.
    public init(session: TerminalSession, backend: any Backend, escapeTimeout: Double = 0.05) {
        self.session = session
        self.backend = backend
        self.escapeTimeout = escapeTimeout
    }

    /// Waits for input and decodes it. Input on one of the session's
    /// ``TerminalSession/watchedDescriptors`` ends the wait early with ``Result/timeout``,
    /// except while the backend holds a possible sequence start.
    ///
    /// - Parameter timeout: The most seconds to wait; `nil` waits for ever (but no longer than
    ///   ``escapeTimeout`` while the backend holds a possible sequence start).
    /// - Returns: Events, a new size, a timeout or the end of input.
    /// - Throws: ``TerminalError`` from reading, `PluginError` from the backend, or
    ///   `DisplayListError` for a malformed answer.
    public func next(timeout: Double?) throws -> Result {
        var wait = timeout
        if isPending { wait = min(timeout ?? escapeTimeout, escapeTimeout) }
        // While a sequence may be half read, only the terminal ends the wait: a watched
        // descriptor (the accessibility bus) would end it early and split the sequence.
        let watched = session.watchedDescriptors
        if isPending { session.watchedDescriptors = [] }
        defer { session.watchedDescriptors = watched }
        switch try session.read(timeout: wait) {
        case .bytes(let bytes):
            return .events(try decode(bytes))
        case .resized(let size):
            return .resized(size)
        case .endOfInput:
            let events = isPending ? try decode([]) : []
            return events.isEmpty ? .endOfInput : .events(events)
        case .timeout:
            return isPending ? .events(try decode([])) : .timeout
        }
    }

    private func decode(_ bytes: [UInt8]) throws -> [InputEvent] {
        let batch = try InputEventCodec.decode(backend.input(bytes))
        isPending = batch.isPending
        return batch.events
    }
}
