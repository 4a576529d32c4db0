/// An error from the terminal session: a system call that failed, or a terminal that cannot do
/// what was asked.
///
/// The description is one line naming the operation, the reason and, when it helps, the fix:
/// `terminal: not a terminal: raw mode needs a terminal on file descriptor 0 (tcgetattr: Inappropriate ioctl for device); run in a terminal or turn raw mode off`.
public struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case notATerminal = "not a terminal"
            case systemCall = "system call failed"
            case sessionActive = "session already active"
            case closed = "session closed"
            case backend = "backend failed"
            case invalidArgument = "invalid argument"
        }

        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The file descriptor is not a terminal, and the operation needs one.
        public static let notATerminal = Code(.notATerminal)
        /// A system call failed; the message names it and its `errno`.
        public static let systemCall = Code(.systemCall)
        /// Another session is active in this process; only one may be.
        public static let sessionActive = Code(.sessionActive)
        /// The session has been stopped.
        public static let closed = Code(.closed)
        /// The backend drawing or reading the terminal could not be opened, cannot drive a
        /// terminal, or failed; the message says which and why.
        public static let backend = Code(.backend)
        /// An argument cannot be used as given, such as an inline viewport of no rows; the
        /// message names it and why.
        public static let invalidArgument = Code(.invalidArgument)

        /// The code's name, such as `not a terminal`.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in detail.
    public let message: String
    /// The `errno` of a failed system call, or 0.
    public let errorNumber: Int32

    /// Creates an error.
    public init(_ code: Code, _ message: String, errorNumber: Int32 = 0) {
        self.code = code
        self.message = message
        self.errorNumber = errorNumber
    }

    /// One line: the kind of failure and the detail.
    public var description: String { "terminal: \(code): \(message)" }
}
