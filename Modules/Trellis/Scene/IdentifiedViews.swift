import TrellisViews

/// The views of a scene that have an id, in document order, found by id in constant time.
///
/// An open-addressed table of positions in the list, rather than a dictionary of strings to
/// views: each slot holds a position and the high bits of its id's hash, which also choose
/// the slot, so that a probe compares a string only when the bits agree, and growing the
/// table moves slots without hashing an id again. A scene of 10,000 ids keeps 128 KB of slots
/// where a dictionary kept 400 KB. The hash is the standard library's, seeded anew by every
/// process, so that no document can pick ids that collide.
struct IdentifiedViews {
    /// The ids and their views, in the order they were added.
    private(set) var entries: [(id: String, view: View)] = []
    /// The table: 0 for an empty slot, otherwise the id's hash above ``positionBits`` and the
    /// entry's position plus one below. Its count is zero or a power of two, at most three
    /// quarters full.
    private var slots: [UInt64] = []
    /// Where the slot of a hash is: its top bits, as many as the table's size has.
    private var shift: UInt64 = 64

    /// The bits of a slot that hold a position: room for 16 million, where a scene holds at
    /// most a million views.
    private static let positionBits: UInt64 = 24
    private static let positionMask: UInt64 = 1 << positionBits - 1

    /// The number of ids.
    var count: Int { entries.count }

    /// Makes room for `capacity` ids without growing, at least doubling the room when it
    /// grows: a decoder asks for each array of views in turn.
    mutating func reserveCapacity(_ capacity: Int) {
        if entries.capacity < capacity {
            entries.reserveCapacity(max(capacity, 2 * entries.capacity))
        }
        var size = max(slots.count, 16)
        while 3 * size < 4 * capacity { size *= 2 }
        if size > slots.count { resize(to: size) }
    }

    /// Adds a view under an id that no view has yet; returns `false`, and adds nothing, when
    /// one has.
    mutating func insert(_ id: String, view: View) -> Bool {
        precondition(entries.count < Int(Self.positionMask), "too many ids")
        if 4 * (entries.count + 1) > 3 * slots.count { resize(to: max(16, 2 * slots.count)) }
        let tag = Self.hash(id) & ~Self.positionMask
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: tag >> shift)
        while slots[slot] != 0 {
            if slots[slot] & ~Self.positionMask == tag, entry(in: slot).id == id { return false }
            slot = (slot + 1) & mask
        }
        entries.append((id, view))
        slots[slot] = tag | UInt64(entries.count)
        return true
    }

    /// The view with an id, or `nil`.
    func view(withID id: String) -> View? {
        guard !slots.isEmpty else { return nil }
        let tag = Self.hash(id) & ~Self.positionMask
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: tag >> shift)
        while slots[slot] != 0 {
            if slots[slot] & ~Self.positionMask == tag {
                let entry = entry(in: slot)
                if entry.id == id { return entry.view }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The entry an occupied slot holds.
    private func entry(in slot: Int) -> (id: String, view: View) {
        entries[Int(truncatingIfNeeded: slots[slot] & Self.positionMask) - 1]
    }

    /// Moves every slot into a table of `size` slots (a power of two).
    private mutating func resize(to size: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: size)
        shift = 64 - UInt64(size.trailingZeroBitCount)
        let mask = size - 1
        for stored in old where stored != 0 {
            var slot = Int(truncatingIfNeeded: stored >> shift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// The hash of an id, with the process's seed: the string's own, so that ids equal as
    /// strings (the same characters, however composed) are one id, as in a dictionary.
    private static func hash(_ id: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(id)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }
}
