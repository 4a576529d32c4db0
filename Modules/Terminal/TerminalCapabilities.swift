/// What the terminal says it supports, when asked.
///
/// ``TerminalSession/queryCapabilities(timeout:)`` asks with DECRQM for synchronized output
/// (mode 2026) and for the kitty keyboard protocol's flags (`CSI ? u`), followed by a primary
/// device attributes request (DA1), which every terminal answers: the attributes reply ends the wait, so a terminal that does not know the mode costs
/// one round trip and no timeout, and one that answers nothing (not a terminal emulator) costs
/// the timeout.
///
/// ```swift
/// let capabilities = try session.queryCapabilities()
/// if capabilities.synchronizedOutput { … }
/// ```
public struct TerminalCapabilities: Sendable, Hashable {
    /// Whether the terminal applies synchronized updates (DEC private mode 2026): output
    /// between `ESC [ ? 2026 h` and `ESC [ ? 2026 l` is shown at once, so that a frame never
    /// tears.
    public var synchronizedOutput: Bool
    /// Whether the terminal speaks the kitty keyboard protocol: with it, Escape and keys with
    /// modifiers arrive unambiguously, and keys report their repeats and releases.
    public var kittyKeyboard: Bool
    /// Whether the terminal answered at all (its device attributes reply arrived).
    public var answered: Bool

    /// Creates capabilities; none by default.
    public init(
        synchronizedOutput: Bool = false, kittyKeyboard: Bool = false, answered: Bool = false
    ) {
        self.synchronizedOutput = synchronizedOutput
        self.kittyKeyboard = kittyKeyboard
        self.answered = answered
    }

    /// The bytes that ask the terminal: DECRQM for mode 2026, the kitty keyboard flags, then
    /// DA1.
    static let query: [UInt8] = Array("\u{1B}[?2026$p\u{1B}[?u\u{1B}[c".utf8)

    /// The kitty keyboard flags a live app asks for: disambiguate escape codes (1) and report
    /// event types (2).
    public static let kittyKeyboardFlags = 3
    /// Pushes ``kittyKeyboardFlags`` on the terminal's keyboard mode stack.
    public static let enableKittyKeyboard: [UInt8] = Array("\u{1B}[>\(kittyKeyboardFlags)u".utf8)
    /// Pops the keyboard mode pushed by ``enableKittyKeyboard``.
    public static let disableKittyKeyboard: [UInt8] = Array("\u{1B}[<u".utf8)

    /// Begins a synchronized update.
    public static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// Ends a synchronized update.
    public static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// Takes the terminal's replies out of bytes read after the query.
    ///
    /// - Returns: What the replies say, whether the attributes reply (the last one) was among
    ///   them, and the bytes that were not replies (keys typed meanwhile), in order.
    package static func parse(_ bytes: [UInt8], into capabilities: inout TerminalCapabilities) -> (
        done: Bool, rest: [UInt8]
    ) {
        var rest: [UInt8] = []
        var index = 0
        var done = false
        while index < bytes.count {
            // A reply is ESC [ ? <digits, ';', '$'> followed by 'y' (DECRPM), 'u' (the kitty
            // keyboard flags) or 'c' (DA1).
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5B,
                bytes[index + 2] == 0x3F
            {
                var end = index + 3
                while end < bytes.count,
                    (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x3B || bytes[end] == 0x24
                {
                    end += 1
                }
                if end < bytes.count, bytes[end] == 0x79 || bytes[end] == 0x63 || bytes[end] == 0x75
                {
                    let body = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
                    if bytes[end] == 0x63 {
                        capabilities.answered = true
                        done = true
                    } else if bytes[end] == 0x75 {
                        capabilities.kittyKeyboard = true
                    } else if body.hasPrefix("2026;") {
                        // 1 set, 2 reset, 3 permanently set: the mode is known; 0 and 4 are not.
                        let value = body.dropFirst(5).prefix { $0 != "$" }
                        capabilities.synchronizedOutput = ["1", "2", "3"].contains(value)
                    }
                    index = end + 1
                    continue
                }
            }
            rest.append(bytes[index])
            index += 1
        }
        return (done, rest)
    }
}
