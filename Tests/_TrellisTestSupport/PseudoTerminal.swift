public import Glibc

/// A pseudo-terminal pair for tests: the session runs on the subordinate side, the test reads
/// and writes the controlling side as a terminal emulator would.
public final class PseudoTerminal {
    /// The controlling side, which the test reads and writes.
    public private(set) var controller: Int32
    /// The subordinate side, the terminal the session runs on.
    public let subordinate: Int32

    /// A pseudo-terminal function that failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    /// The C library's pseudo-terminal functions, which the Glibc module does not import.
    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            throw Failure(description: "\(name) not found")
        }
        return unsafeBitCast(symbol, to: type)
    }

    /// Opens a pair with a window of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) throws {
        typealias IntFunction = @convention(c) (Int32) -> Int32
        typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let openController = try PseudoTerminal.function("posix_openpt", as: IntFunction.self)
        let grant = try PseudoTerminal.function("grantpt", as: IntFunction.self)
        let unlock = try PseudoTerminal.function("unlockpt", as: IntFunction.self)
        let nameOf = try PseudoTerminal.function("ptsname", as: NameFunction.self)
        let controller = openController(O_RDWR | O_NOCTTY)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0,
            let name = nameOf(controller)
        else { throw Failure(description: "cannot open a pseudo-terminal") }
        let subordinate = open(name, O_RDWR | O_NOCTTY)
        guard subordinate >= 0 else {
            throw Failure(description: "cannot open \(String(cString: name))")
        }
        self.controller = controller
        self.subordinate = subordinate
        resize(columns: columns, rows: rows)
    }

    deinit {
        close(subordinate)
        if controller >= 0 { close(controller) }
    }

    /// Closes the controlling side, as a terminal emulator does when its window closes.
    public func closeController() {
        close(controller)
        controller = -1
    }

    /// Changes the window size, as a terminal emulator does when its window is resized.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Everything the session wrote so far.
    public func readOutput() -> String {
        var bytes: [UInt8] = []
        var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Types bytes, as the user would.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, bytes.count) }
    }

    /// The subordinate side's local flags.
    public var localFlags: tcflag_t {
        var settings = termios()
        tcgetattr(subordinate, &settings)
        return settings.c_lflag
    }
}
