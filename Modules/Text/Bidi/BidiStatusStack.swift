/// The directional status stack of rules X1 to X8 of UAX #9: an embedding level, an override
/// status and an isolate status per entry.
///
/// The stack never holds more than ``BidiStatusStack/maximumDepth`` + 2 entries, so its storage
/// is reserved once and pushes never reallocate.
struct BidiStatusStack {
    /// The deepest explicit embedding level, `max_depth` in UAX #9.
    static let maximumDepth: UInt8 = 125

    /// One entry of the stack.
    struct Entry {
        var level: UInt8
        /// L or R for an override, `nil` for neutral.
        var override: BidiClass?
        var isIsolate: Bool
    }

    private var entries: [Entry]

    /// A stack holding the paragraph's entry alone (rule X1).
    init(paragraphLevel: UInt8) {
        entries = []
        entries.reserveCapacity(Int(Self.maximumDepth) + 2)
        entries.append(Entry(level: paragraphLevel, override: nil, isIsolate: false))
    }

    /// The last entry.
    @inline(__always) var top: Entry { entries[entries.count - 1] }

    /// The number of entries.
    @inline(__always) var count: Int { entries.count }

    /// Pushes an entry.
    @inline(__always) mutating func push(_ entry: Entry) { entries.append(entry) }

    /// Pops the last entry; the paragraph's entry is never popped.
    @inline(__always) mutating func pop() {
        if entries.count > 1 { entries.removeLast() }
    }

    /// Pops every entry but the paragraph's (rule X8).
    mutating func reset() { entries.removeSubrange(1...) }
}
