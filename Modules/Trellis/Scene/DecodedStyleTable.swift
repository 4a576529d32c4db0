import Glibc
import TrellisLayout

/// The `style` objects a decoder decoded last, known by their text in the document, each with
/// the stored style it gave: a list's items usually write the same style word for word, and
/// one written as before is found again without its members being read. (Equal styles written
/// otherwise are decoded again, and share one stored style all the same: views intern theirs.)
///
/// The texts point into the document, which must outlive the table.
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

    private struct Entry {
        let text: UnsafeBufferPointer<UInt8>
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

    /// The stored style of an object written as `text` decoded before, which becomes its set's
    /// most recently used.
    package mutating func storage(forText text: UnsafeBufferPointer<UInt8>, hash: UInt64)
        -> FlexStyleStorage?
    {
        let set = Self.set(hash)
        for way in 0..<Self.ways {
            guard let entry = entries[set + way] else { return nil }
            if entry.text.count == text.count,
                text.isEmpty || memcmp(entry.text.baseAddress!, text.baseAddress!, text.count) == 0
            {
                for moved in stride(from: set + way, to: set, by: -1) {
                    entries.swapAt(moved, moved - 1)
                }
                return entry.storage
            }
        }
        return nil
    }

    /// Remembers an object's text and its stored style as its set's most recently used, in
    /// place of the set's least recently used when the set is full.
    package mutating func remember(
        text: UnsafeBufferPointer<UInt8>, storage: FlexStyleStorage, hash: UInt64
    ) {
        let set = Self.set(hash)
        for moved in stride(from: set + Self.ways - 1, to: set, by: -1) {
            entries[moved] = entries[moved - 1]
        }
        entries[set] = Entry(text: text, storage: storage)
    }

    /// A hash of the text of a `style` object (FNV-1a), well mixed in every bit by
    /// MurmurHash3's finishing mix, as the low bits pick the set.
    package static func hash(ofText text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
