import Glibc
import TrellisCore
import TrellisLayout

/// The `style` objects a decoder decoded last, each with the stored style it gave.
///
/// The table is set-associative: an object's hash picks a set of ``ways`` slots, which keeps
/// its objects from the most recently used to the least, and a new object takes the place of
/// its set's least recently used. A list whose items repeat a few dozen styles in turn finds
/// every one of them again, where with one slot for each hash two styles of that slot would
/// push each other out on every item.
package struct DecodedStyleTable {
    /// How many objects the table holds: a power of two, and a multiple of ``ways``.
    package static let slotCount = 256
    /// How many objects one set holds.
    package static let ways = 4

    /// What a `style` object is known by: its members, or the text of a document's object
    /// (valid while the document is decoded), which is the same style when written alike.
    package enum Key {
        case members([(key: String, value: JSONValue)])
        case text(UnsafeBufferPointer<UInt8>)

        func isSame(as other: Key) -> Bool {
            switch (self, other) {
            case (.members(let a), .members(let b)): return DecodedStyleTable.sameMembers(a, b)
            case (.text(let a), .text(let b)):
                return a.count == b.count
                    && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            default: return false
            }
        }
    }

    private struct Entry {
        let key: Key
        let storage: FlexStyleStorage
    }

    /// The sets one after the other, each filled from its front.
    private var entries = [Entry?](repeating: nil, count: slotCount)

    /// An empty table.
    package init() {}

    /// The first slot of the set of an object of `hash`.
    private static func set(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (slotCount - 1) & ~(ways - 1)
    }

    /// The stored style of an object decoded before with the same members, which becomes its
    /// set's most recently used.
    package mutating func storage(for members: [(key: String, value: JSONValue)], hash: UInt64)
        -> FlexStyleStorage?
    {
        storage(for: .members(members), hash: hash)
    }

    /// The stored style of an object known by `key` decoded before, which becomes its set's
    /// most recently used.
    package mutating func storage(for key: Key, hash: UInt64) -> FlexStyleStorage? {
        let set = Self.set(hash)
        for way in 0..<Self.ways {
            guard let entry = entries[set + way] else { return nil }
            if entry.key.isSame(as: key) {
                for moved in stride(from: set + way, to: set, by: -1) {
                    entries.swapAt(moved, moved - 1)
                }
                return entry.storage
            }
        }
        return nil
    }

    /// Remembers an object and its stored style as its set's most recently used, in place of
    /// the set's least recently used when the set is full.
    package mutating func remember(
        _ members: [(key: String, value: JSONValue)], storage: FlexStyleStorage, hash: UInt64
    ) {
        remember(.members(members), storage: storage, hash: hash)
    }

    /// Remembers an object known by `key` and its stored style; see
    /// ``remember(_:storage:hash:)-(_,_,_)``.
    package mutating func remember(_ key: Key, storage: FlexStyleStorage, hash: UInt64) {
        let set = Self.set(hash)
        for moved in stride(from: set + Self.ways - 1, to: set, by: -1) {
            entries[moved] = entries[moved - 1]
        }
        entries[set] = Entry(key: key, storage: storage)
    }

    /// A hash of the text of a `style` object, well mixed in every bit.
    package static func hash(ofText text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return finish(hash)
    }

    /// A hash of a `style` object's keys and values, well mixed in every bit; `nil` for an
    /// object of other values than numbers, strings and lists of them, which is decoded every
    /// time.
    package static func hash(of members: [(key: String, value: JSONValue)]) -> UInt64? {
        // The step of `SharedFlexStyles.quickHash`, written here again so that it inlines.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
        }
        func mix(_ value: JSONValue) -> Bool {
            switch value {
            case .number(let number): mix(number.bitPattern)
            case .string(let text): mix(UInt64(text.utf8.count) | 1 << 40)
            case .array(let elements):
                mix(UInt64(elements.count) | 1 << 41)
                for element in elements {
                    if case .array = element { return false }
                    guard mix(element) else { return false }
                }
            default: return false
            }
            return true
        }
        for member in members {
            mix(UInt64(member.key.utf8.count))
            guard mix(member.value) else { return nil }
        }
        return finish(hash)
    }

    /// The finishing mix (MurmurHash3's): the steps leave the high bits of a number (where
    /// small integers differ) out of the low bits, which pick the slots; this spreads them.
    private static func finish(_ hash: UInt64) -> UInt64 {
        var hash = hash
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    /// Whether two `style` objects have the same keys and values in the same order; numbers are
    /// the same only with the same bits (`-0` is not `0`).
    static func sameMembers(
        _ first: [(key: String, value: JSONValue)], _ second: [(key: String, value: JSONValue)]
    ) -> Bool {
        guard first.count == second.count else { return false }
        for index in first.indices {
            guard first[index].key == second[index].key,
                sameValue(first[index].value, second[index].value)
            else { return false }
        }
        return true
    }

    private static func sameValue(_ first: JSONValue, _ second: JSONValue) -> Bool {
        switch (first, second) {
        case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices where !sameValue(a[index], b[index]) { return false }
            return true
        default: return false
        }
    }
}
