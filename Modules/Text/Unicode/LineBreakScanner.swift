/// Finds the break opportunities of UTF-8 text: the fast pair-table path for the common case,
/// the full rules of ``LineBreakState`` for everything else.
struct LineBreakScanner: @unchecked Sendable {
    /// Breaking classes of the ASCII characters, never freed.
    private let ascii: UnsafePointer<BreakClass>
    /// Breaking classes of the line-break table's values, never freed.
    private let resolved: UnsafePointer<BreakClass>
    /// The same with conditional Japanese starters (small kana, the prolonged sound mark) as
    /// ideographs rather than nonstarters, as CSS `line-break: normal` resolves them.
    private let resolvedNormal: UnsafePointer<BreakClass>
    private let table: UnicodeTable
    /// The pair table's entries (``LineBreakPairTable``).
    let pairs: UnsafePointer<UInt8>

    /// The scanner, built on first use.
    static let shared = LineBreakScanner()

    private init() {
        let table = UnicodeTables.lineBreak
        let resolved = UnsafeMutablePointer<BreakClass>.allocate(capacity: 256)
        resolved.initialize(from: BreakClass.resolved, count: 256)
        let ascii = UnsafeMutablePointer<BreakClass>.allocate(capacity: 128)
        for cp in 0..<128 { (ascii + cp).initialize(to: resolved[Int(table.value(UInt32(cp)))]) }
        let normal = UnsafeMutablePointer<BreakClass>.allocate(capacity: 256)
        normal.initialize(from: resolved, count: 256)
        normal[Int(LineBreakClass.conditionalJapaneseStarter.rawValue)] = .ID
        self.table = table
        self.resolved = UnsafePointer(resolved)
        self.resolvedNormal = UnsafePointer(normal)
        self.ascii = UnsafePointer(ascii)
        self.pairs = LineBreakPairTable.shared.entries
    }

    /// The breaking class of a code point.
    @inline(__always)
    func breakClass(_ codePoint: UInt32) -> BreakClass {
        codePoint < 0x80 ? ascii[Int(codePoint)] : resolved[Int(table.value(codePoint))]
    }

    /// The breaking class of a code point with conditional Japanese starters as ideographs.
    @inline(__always)
    func normalBreakClass(_ codePoint: UInt32) -> BreakClass {
        codePoint < 0x80 ? ascii[Int(codePoint)] : resolvedNormal[Int(table.value(codePoint))]
    }

    /// What the rules decide before a character of class `next` after `state`: from the pair
    /// table when the two classes decide alone, from the full rules otherwise.
    @inline(__always)
    func decide(
        _ state: LineBreakState, before next: BreakClass, _ base: UnsafePointer<UInt8>,
        after: Int, end: Int
    ) -> BreakAction {
        let entry = pairs[Int(state.last.rawValue) &* BreakClass.count &+ Int(next.rawValue)]
        if entry & LineBreakPairTable.needsContext == 0 && state.previousRaw != .ZWJ {
            let bit =
                state.afterSpaces
                ? LineBreakPairTable.allowedAfterSpaces : LineBreakPairTable.allowedDirect
            return entry & bit != 0 ? .allowed : .prohibited
        }
        return state.action(before: next) { numberFollows(base, from: after, end: end) }
    }

    /// Calls `body` with the UTF-8 offset and kind of every break opportunity, in order, ending
    /// with the end of the text (LB3) when the text is not empty.
    @inline(__always)
    func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, BreakAction) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = bytes.count
        let count = BreakClass.count
        var state = LineBreakState()
        var i = 0
        // The first character: no break before it (LB2).
        let first = decodeUTF8(base, at: 0, end: end)
        state.advance(past: breakClass(first.value))
        i = first.length
        while i < end {
            let (value, length) = decodeUTF8(base, at: i, end: end)
            let next = breakClass(value)
            let entry = pairs[Int(state.last.rawValue) &* count &+ Int(next.rawValue)]
            if entry & LineBreakPairTable.needsContext == 0 && state.previousRaw != .ZWJ {
                let bit =
                    state.afterSpaces
                    ? LineBreakPairTable.allowedAfterSpaces : LineBreakPairTable.allowedDirect
                if entry & bit != 0 { body(i, .allowed) }
            } else {
                let after = i + length
                let action = state.action(before: next) {
                    numberFollows(base, from: after, end: end)
                }
                if action != .prohibited { body(i, action) }
            }
            state.advance(past: next)
            i += length
        }
        body(end, .mandatory)
    }

    /// Whether a digit starts at `start`, after any attached combining marks.
    func numberFollows(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Bool {
        var j = start
        while j < end {
            let (value, length) = decodeUTF8(base, at: j, end: end)
            let next = breakClass(value)
            if !next.isCombining { return next == .NU }
            j += length
        }
        return false
    }
}
