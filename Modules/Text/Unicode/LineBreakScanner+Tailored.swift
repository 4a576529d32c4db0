/// The decisions at one position of a text under both rule sets.
struct TailoredBreak {
    /// The UTF-8 offset of the character after the position.
    var offset: Int
    /// What the default rules of UAX #14 decide.
    var strict: BreakAction
    /// What the browser-compatible tailoring decides (``LineBreakStrategy/standard``).
    var standard: BreakAction
    /// Whether the characters on both sides are Hangul (for
    /// ``LineBreakStrategy/hangulWordPriority``).
    var isBetweenHangul: Bool
}

extension LineBreakScanner {
    /// Calls `body` with every position where the default rules or the browser-compatible
    /// tailoring allow or require a break, with both decisions, in one pass.
    ///
    /// The tailoring is the one browsers apply for CSS `line-break: auto` and
    /// `word-break: normal`, measured against Chromium:
    /// - a line may start after any run of spaces or tabs, whatever follows (UAX #14 keeps
    ///   `( ` with the word after it, and `)`, `!` or `;` after a space with the word before);
    /// - between two printable ASCII characters, the rules of ``asciiAllowsBreak(after:before:
    ///   beforeLast:)`` replace UAX #14's, so that URLs and paths (`https://example.com/a/b`)
    ///   stay whole except after `-` and `?`;
    /// - everywhere else, UAX #14's default rules decide, with conditional Japanese starters
    ///   (small kana, the prolonged sound mark) resolved as ideographs rather than nonstarters
    ///   (rule LB1's choice for CSS `line-break: normal`), so a line may start with one.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    @inline(__always)
    func scanTailored(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (TailoredBreak) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = bytes.count
        var state = LineBreakState()
        // The state with conditional Japanese starters as ideographs: a copy of `state` until
        // the first such character, kept apart only from there on.
        var normal = LineBreakState()
        var hasDiverged = false
        let first = decodeUTF8(base, at: 0, end: end)
        var previous = first.value
        var beforePrevious: UInt32 = 0
        var previousClass = breakClass(first.value)
        state.advance(past: previousClass)
        let firstNormal = previousClass == .NS ? normalBreakClass(first.value) : previousClass
        if firstNormal != previousClass {
            hasDiverged = true
            normal.advance(past: firstNormal)
        }
        var i = first.length
        while i < end {
            let (value, length) = decodeUTF8(base, at: i, end: end)
            let next = breakClass(value)
            // Only a nonstarter can be a conditional Japanese starter.
            let nextNormal = next == .NS ? normalBreakClass(value) : next
            if !hasDiverged && nextNormal != next {
                hasDiverged = true
                normal = state
            }
            let after = i + length
            let strict = decide(state, before: next, base, after: after, end: end)
            var standard = strict
            if strict != .mandatory {
                if Self.isBreakableSpace(previous) {
                    standard =
                        Self.isBreakableSpace(value) || next.isHardBreak ? .prohibited : .allowed
                } else if Self.isPrintableASCII(previous) && Self.isPrintableASCII(value) {
                    standard =
                        Self.asciiAllowsBreak(
                            after: UInt8(previous), before: UInt8(value), beforeLast: beforePrevious
                        )
                        ? .allowed : .prohibited
                } else if hasDiverged && (next != nextNormal || state.last != normal.last) {
                    standard = decide(normal, before: nextNormal, base, after: after, end: end)
                }
            }
            if strict != .prohibited || standard != .prohibited {
                body(
                    TailoredBreak(
                        offset: i, strict: strict, standard: standard,
                        isBetweenHangul: previousClass.isHangul && next.isHangul))
            }
            state.advance(past: next)
            if hasDiverged { normal.advance(past: nextNormal) }
            beforePrevious = previous
            previous = value
            previousClass = next
            i = after
        }
        body(
            TailoredBreak(
                offset: end, strict: .mandatory, standard: .mandatory, isBetweenHangul: false))
    }

    /// Whether a scalar is a space after whose run browsers always allow a break: the space and
    /// the tab.
    @inline(__always)
    static func isBreakableSpace(_ value: UInt32) -> Bool { value == 0x20 || value == 0x09 }

    /// Whether a scalar is printable ASCII other than the space (U+0021 to U+007F).
    @inline(__always)
    static func isPrintableASCII(_ value: UInt32) -> Bool { value >= 0x21 && value <= 0x7F }

    /// Whether browsers allow a break between two printable ASCII characters.
    ///
    /// Browsers break ASCII text in fewer places than UAX #14, for compatibility with what the
    /// web has long relied on: only before an opening `(`, `<`, `[` or `{` after closing and
    /// separating punctuation, and after a hyphen-minus or a question mark before most
    /// characters (not before closing punctuation, and after `-` before a digit only when a
    /// letter or digit precedes the hyphen, so that a minus sign stays with its number). Nothing
    /// else breaks: not after `/`, `.`, `:`, `,` or `;` inside a word, so a URL or a path stays
    /// whole unless it has a `-` or a `?`.
    ///
    /// - Parameters:
    ///   - last: The character before the position.
    ///   - next: The character after it.
    ///   - beforeLast: The scalar before `last`, 0 at the start of the text.
    static func asciiAllowsBreak(after last: UInt8, before next: UInt8, beforeLast: UInt32) -> Bool
    {
        let isDigit = next >= 0x30 && next <= 0x39
        let isLetter = (next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A
        switch last {
        case UInt8(ascii: "-"):
            if isDigit {
                guard beforeLast < 0x80 else { return false }
                let b = UInt8(beforeLast)
                return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
            }
            return isLetter || Self.afterHyphen.contains(next)
        case UInt8(ascii: "?"):
            return isLetter || isDigit || Self.afterQuestionMark.contains(next)
        case _ where Self.beforeOpening.contains(last):
            return next == UInt8(ascii: "(") || next == UInt8(ascii: "<")
                || next == UInt8(ascii: "[") || next == UInt8(ascii: "{")
        default:
            return false
        }
    }

    /// The punctuation a line may start with after a hyphen-minus (letters always, digits
    /// by context).
    private static let afterHyphen = ASCIISet("\"#%&'(*+-<=>@[\\^_`{|~\u{7F}")
    /// The punctuation a line may start with after a question mark (letters and digits always).
    private static let afterQuestionMark = ASCIISet("#$%&(*+-<=>@[\\^_`{|~")
    /// The characters after which a line may start with an opening `(`, `<`, `[` or `{`.
    private static let beforeOpening = ASCIISet("!\"#%&)*+,.:;=>\\]|}~")
}

/// A set of ASCII characters as a 128-bit mask.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of the characters of a string, which must be ASCII.
    init(_ characters: String) {
        for byte in characters.utf8 {
            precondition(byte < 0x80, "ASCIISet holds ASCII only")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    /// Whether the set holds a byte.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
