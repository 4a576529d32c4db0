import Glibc

/// The ids of one container's children, found by their UTF-8 bytes, as the constraint parser
/// reads names: no string is made and no hash computed for a name in a small container.
///
/// Up to ``linearLimit`` names are compared in order; a larger table also keeps open-addressed
/// slots by an FNV-1a hash of the bytes. The limit is low: children's ids tend to share their
/// length (`r7c0` to `r7c9`), so a search in order compares most of them byte by byte, where
/// the hash compares one.
///
/// The hash has no secret seed, so a document can choose ids that crowd into one run of
/// slots, and every lookup would walk the run: a container of a hundred thousand such
/// children and as many constraints would take minutes. A table in which a name lands more
/// than ``longestProbe`` slots from where its hash points is crowded, and keeps its names
/// sorted instead, each found by binary search.
package struct ItemNameTable {
    /// Every name's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each name starts in ``bytes``, and one more entry for the end of the last.
    private var starts: [Int] = [0]
    /// For a large table, the index of the name in each slot plus one (0 for an empty slot).
    private var slots: [Int32] = []
    /// For a crowded table, the indices of the names in the order of their bytes, with equal
    /// names in the order of their indices.
    private var sorted: [Int32] = []

    /// The most names compared one by one.
    package static let linearLimit = 4

    /// A table of names, in order: a name's index is its position in `names`.
    package init<Names: Collection<String>>(_ names: Names) {
        bytes.reserveCapacity(names.count * 8)
        starts.reserveCapacity(names.count + 1)
        for name in names {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }
        guard count > ItemNameTable.linearLimit else { return }
        var capacity = 1
        while capacity < 2 * count { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        for index in 0..<count {
            var slot = slotStart(for: index)
            var probes = 0
            // Ids are unique in a scene; should one repeat, the first keeps the slot.
            while slots[slot] != 0 {
                if equal(Int(slots[slot]) - 1, index) { break }
                slot = (slot + 1) & (capacity - 1)
                probes += 1
                if probes > ItemNameTable.longestProbe {
                    sortNames()
                    return
                }
            }
            if slots[slot] == 0 { slots[slot] = Int32(index + 1) }
        }
    }

    /// The most slots a name may land from where its hash points before the table counts as
    /// crowded. With slots at most half full, a run this long is all but impossible by chance.
    package static let longestProbe = 32

    /// Whether the table found its hash crowded and searches its names sorted instead.
    package var isCrowded: Bool { !sorted.isEmpty }

    /// Gives up the slots for the names' indices sorted by their bytes.
    private mutating func sortNames() {
        slots = []
        let all = bytes
        let starts = starts
        func name(_ index: Int32) -> ArraySlice<UInt8> {
            all[starts[Int(index)]..<starts[Int(index) + 1]]
        }
        sorted = (0..<Int32(count)).sorted { first, second in
            let a = name(first)
            let b = name(second)
            if a.elementsEqual(b) { return first < second }
            return a.lexicographicallyPrecedes(b)
        }
    }

    /// The number of names.
    package var count: Int { starts.count - 1 }

    /// The names, for an error message.
    package var names: [String] {
        (0..<count).map { String(decoding: bytes[starts[$0]..<starts[$0 + 1]], as: UTF8.self) }
    }

    /// The index of the name spelt by `name`, or `nil`; with two equal names, the first.
    package func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                func spells(_ index: Int) -> Bool {
                    let start = starts[index]
                    guard starts[index + 1] - start == name.count else { return false }
                    return name.isEmpty
                        || memcmp(all.baseAddress! + start, name.baseAddress!, name.count) == 0
                }
                if !sorted.isEmpty {
                    return sorted.withUnsafeBufferPointer { sorted in
                        binarySearch(name, in: sorted, all: all, starts: starts)
                    }
                }
                if slots.isEmpty {
                    for index in 0..<(starts.count - 1) where spells(index) { return index }
                    return nil
                }
                return slots.withUnsafeBufferPointer { slots in
                    var slot = Int(truncatingIfNeeded: ItemNameTable.hash(name)) & (slots.count - 1)
                    while slots[slot] != 0 {
                        let index = Int(slots[slot]) - 1
                        if spells(index) { return index }
                        slot = (slot + 1) & (slots.count - 1)
                    }
                    return nil
                }
            }
        }
    }

    /// The first index, in `sorted`, of a name spelt by `name`, or `nil`.
    private func binarySearch(
        _ name: UnsafeBufferPointer<UInt8>, in sorted: UnsafeBufferPointer<Int32>,
        all: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>
    ) -> Int? {
        func entry(_ position: Int) -> UnsafeBufferPointer<UInt8> {
            let index = Int(sorted[position])
            return UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1]])
        }
        // The first position whose name is not before `name`.
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if entry(middle).lexicographicallyPrecedes(name) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < sorted.count, entry(low).elementsEqual(name) else { return nil }
        return Int(sorted[low])
    }

    /// Whether the names at two indices are equal.
    private func equal(_ first: Int, _ second: Int) -> Bool {
        bytes[starts[first]..<starts[first + 1]] == bytes[starts[second]..<starts[second + 1]]
    }

    /// The first slot to look in for the name at `index`.
    private func slotStart(for index: Int) -> Int {
        bytes.withUnsafeBufferPointer { all in
            let name = UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1]])
            return Int(truncatingIfNeeded: ItemNameTable.hash(name)) & (slots.count - 1)
        }
    }

    /// The 64-bit FNV-1a hash of some bytes.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return value
    }
}
