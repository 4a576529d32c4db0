/// What the terminal says it supports, when asked.
///
/// ``TerminalSession/queryCapabilities(timeout:)`` asks with DECRQM for synchronized output
/// (mode 2026), for the kitty keyboard protocol's flags (`CSI ? u`), whether the kitty graphics
/// protocol is spoken (a query action for a 1 × 1 image, `ESC _ G i=31,s=1,v=1,a=q,t=d,f=24;AAAA
/// ESC \`, which such a terminal answers `ESC _ G i=31;OK ESC \`) and for the size of a cell
/// in pixels (`CSI 16 t`), followed by a primary device attributes request (DA1), which every
/// terminal answers, and whose attribute 4 means sixel graphics: the attributes reply ends the wait, so a terminal that does not know the mode costs
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
    /// Whether the terminal answered the kitty graphics query with `OK`: it shows images sent
    /// with the kitty graphics protocol. A terminal whose device attributes reply came without
    /// that answer has none.
    public var kittyGraphics: Bool
    /// Whether the terminal's device attributes list sixel graphics (attribute 4).
    public var sixel: Bool
    /// The width of a cell in pixels, when the terminal said (`CSI 6 ; height ; width t`).
    public var cellPixelWidth: Int?
    /// The height of a cell in pixels, when the terminal said.
    public var cellPixelHeight: Int?

    /// Creates capabilities; none by default.
    public init(
        synchronizedOutput: Bool = false, kittyKeyboard: Bool = false, answered: Bool = false,
        kittyGraphics: Bool = false, sixel: Bool = false, cellPixelWidth: Int? = nil,
        cellPixelHeight: Int? = nil
    ) {
        self.synchronizedOutput = synchronizedOutput
        self.kittyKeyboard = kittyKeyboard
        self.answered = answered
        self.kittyGraphics = kittyGraphics
        self.sixel = sixel
        self.cellPixelWidth = cellPixelWidth
        self.cellPixelHeight = cellPixelHeight
    }

    /// The kitty graphics query: a query action (`a=q`) for a 1 × 1 RGB image with image id 31,
    /// which a terminal that speaks the protocol answers without keeping the image.
    public static let kittyGraphicsQuery: [UInt8] = Array(
        "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// The bytes that ask the terminal: DECRQM for mode 2026, the kitty keyboard flags, the
    /// kitty graphics query, the cell size in pixels, then DA1.
    static let query: [UInt8] =
        Array("\u{1B}[?2026$p\u{1B}[?u".utf8) + kittyGraphicsQuery
        + Array("\u{1B}[16t\u{1B}[c".utf8)

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
            // The kitty graphics reply: ESC _ G <keys> ; <message> ESC \.
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5F,
                bytes[index + 2] == 0x47,
                let end = (index + 3..<max(index + 3, bytes.count - 1)).first(where: {
                    bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5C
                })
            {
                let body = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
                let parts = body.split(
                    separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].split(separator: ",").contains("i=31") {
                    capabilities.kittyGraphics = parts[1] == "OK"
                }
                index = end + 2
                continue
            }
            // The cell size: ESC [ 6 ; height ; width t.
            if bytes[index] == 0x1B, index + 3 < bytes.count, bytes[index + 1] == 0x5B,
                bytes[index + 2] == 0x36, bytes[index + 3] == 0x3B
            {
                var end = index + 4
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x3B {
                    end += 1
                }
                if end < bytes.count, bytes[end] == 0x74 {
                    let numbers = String(decoding: bytes[(index + 4)..<end], as: UTF8.self)
                        .split(separator: ";").compactMap { Int($0) }
                    if numbers.count == 2, (1...1000).contains(numbers[0]),
                        (1...1000).contains(numbers[1])
                    {
                        capabilities.cellPixelHeight = numbers[0]
                        capabilities.cellPixelWidth = numbers[1]
                    }
                    index = end + 1
                    continue
                }
            }
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
                        // The first number is the terminal's class; the attributes follow.
                        capabilities.sixel = body.split(separator: ";").dropFirst().contains("4")
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
