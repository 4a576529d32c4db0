/// Finds the break opportunities of UTF-8 text: the fast pair-table path for the common case,
/// the full rules of ``LineBreakState`` for everything else.
struct LineBreakScanner: @unchecked Sendable {
    /// Breaking classes of the ASCII characters, never freed.
    private let ascii: UnsafePointer<BreakClass>
    /// Breaking classes of the line-break table's values, never freed.
    private let resolved: UnsafePointer<BreakClass>
    private let table: UnicodeTable
    private let pairs: UnsafePointer<UInt8>

    /// The scanner, built on first use.
    static let shared = LineBreakScanner()

    private init() {
        let table = UnicodeTables.lineBreak
        let resolved = UnsafeMutablePointer<BreakClass>.allocate(capacity: 256)
        resolved.initialize(from: BreakClass.resolved, count: 256)
        let ascii = UnsafeMutablePointer<BreakClass>.allocate(capacity: 128)
        for cp in 0..<128 { (ascii + cp).initialize(to: resolved[Int(table.value(UInt32(cp)))]) }
        self.table = table
        self.resolved = UnsafePointer(resolved)
        self.ascii = UnsafePointer(ascii)
        self.pairs = LineBreakPairTable.shared.entries
    }

    /// The breaking class of a code point.
    @inline(__always)
    func breakClass(_ codePoint: UInt32) -> BreakClass {
        codePoint < 0x80 ? ascii[Int(codePoint)] : resolved[Int(table.value(codePoint))]
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
    private func numberFollows(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Bool {
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
