/// An open-addressing hash index from precomputed hashes to entry numbers, with linear probing
/// and backward-shift deletion, so that a cache lookup needs no `Hasher` and no key copies.
struct CacheIndex {
    /// Entry number + 1 per slot; 0 for an empty slot.
    private var slots: [Int32]
    private let mask: Int

    /// Creates an index for up to `capacity` entries, at most half full.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// Returns the entry with a hash for which `matches` holds.
    func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        var slot = hash & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if matches(stored - 1) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds an entry with its hash.
    mutating func insert(_ entry: Int, hash: Int) {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    /// Renumbers an entry (when the cache moves it).
    mutating func renumber(_ entry: Int, to newEntry: Int, hash: Int) {
        var slot = hash & mask
        while Int(slots[slot]) != entry + 1 { slot = (slot + 1) & mask }
        slots[slot] = Int32(newEntry + 1)
    }

    /// Removes an entry; `hashOf` gives the hash of any entry, to move the ones after it back.
    mutating func remove(_ entry: Int, hash: Int, hashOf: (Int) -> Int) {
        var hole = hash & mask
        while Int(slots[hole]) != entry + 1 { hole = (hole + 1) & mask }
        var next = hole
        while true {
            next = (next + 1) & mask
            let stored = Int(slots[next])
            if stored == 0 { break }
            let home = hashOf(stored - 1) & mask
            // Move the entry into the hole unless its home lies cyclically in (hole, next].
            let stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !stays {
                slots[hole] = slots[next]
                hole = next
            }
        }
        slots[hole] = 0
    }

    /// Empties the index.
    mutating func removeAll() {
        for slot in slots.indices { slots[slot] = 0 }
    }
}

/// A fast non-cryptographic hash of a string's UTF-8 bytes, eight at a time.
func fastHash(_ text: String) -> UInt64 {
    let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(text.utf8.count)
    let done = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        hash = (hash ^ tail) &* multiplier
        return true
    }
    if done == nil {
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* multiplier }
    }
    return hash ^ hash >> 32
}
