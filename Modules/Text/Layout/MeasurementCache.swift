import TrellisGeometry

/// A bounded cache of prepared texts, keyed by text and font, each with the layouts last
/// computed from it. Eviction is by the clock algorithm (second chance): a hit sets an entry's
/// reference bit, and the hand clears bits until it finds an entry without one.
///
/// Not thread-safe by itself: ``TextMeasurer`` keeps it behind a mutex.
struct MeasurementCache {
    /// A text and a font, with a hash computed once from the text's UTF-8 bytes so that a
    /// lookup hashes the text in one fast pass.
    struct Key: Hashable {
        let text: String
        let font: Font
        private let hash: Int

        init(text: String, font: Font) {
            self.text = text
            self.font = font
            var hash = fastHash(text) ^ fastHash(font.family) &* 31
            hash =
                (hash ^ UInt64(truncatingIfNeeded: font.size.bitPattern)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= UInt64(truncatingIfNeeded: font.weight.rawValue.bitPattern) >> 7
            hash ^= (font.isItalic ? 1 : 0) << 1 | (font.isMonospaced ? 1 : 0)
            self.hash = Int(truncatingIfNeeded: hash)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.text == rhs.text && lhs.font == rhs.font
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private struct Entry {
        var key: Key
        var prepared: PreparedText
        var layouts: [(request: LayoutRequest, size: Size, layout: TextLayout)]
        var cost: Int
        var isReferenced: Bool
    }

    /// The most entries kept.
    let capacity: Int
    /// The most estimated bytes kept; a text costing more than a quarter of it is not kept.
    let byteBudget: Int
    /// Layouts kept per entry, most recent first.
    static let layoutsPerEntry = 4

    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var hand = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    var count: Int { entries.count }

    init(capacity: Int, byteBudget: Int) {
        self.capacity = max(capacity, 0)
        self.byteBudget = max(byteBudget, 0)
    }

    /// The estimated memory of a prepared text.
    static func cost(of prepared: PreparedText) -> Int {
        prepared.text.utf8.count + prepared.clusterCount * 17 + 256
    }

    /// The estimated memory of a layout.
    static func cost(of layout: TextLayout) -> Int {
        layout.lines.reduce(64) { $0 + $1.text.utf8.count + $1.advances.count * 8 + 160 }
    }

    /// Returns the size of the layout kept for a key and request, marking the entry as used.
    mutating func size(for key: Key, request: LayoutRequest) -> Size? {
        guard let slot = slots[key] else { return nil }
        entries[slot].isReferenced = true
        for index in entries[slot].layouts.indices
        where entries[slot].layouts[index].request == request {
            hits += 1
            return entries[slot].layouts[index].size
        }
        return nil
    }

    /// Returns the layout kept for a key and request, marking the entry as used.
    mutating func layout(for key: Key, request: LayoutRequest) -> TextLayout? {
        guard let slot = slots[key] else { return nil }
        entries[slot].isReferenced = true
        for kept in entries[slot].layouts where kept.request == request {
            hits += 1
            return kept.layout
        }
        return nil
    }

    /// Returns the prepared text kept for a key, marking the entry as used.
    mutating func prepared(for key: Key) -> PreparedText? {
        guard let slot = slots[key] else {
            misses += 1
            return nil
        }
        entries[slot].isReferenced = true
        hits += 1
        return entries[slot].prepared
    }

    /// Keeps a layout, and the prepared text it came from when the key is new.
    mutating func store(
        _ layout: TextLayout, for request: LayoutRequest, key: Key, prepared: PreparedText
    ) {
        let layoutCost = Self.cost(of: layout)
        if let slot = slots[key] {
            entries[slot].layouts.insert((request, layout.size, layout), at: 0)
            entries[slot].cost += layoutCost
            bytes += layoutCost
            if entries[slot].layouts.count > Self.layoutsPerEntry {
                let removed = Self.cost(of: entries[slot].layouts.removeLast().layout)
                entries[slot].cost -= removed
                bytes -= removed
            }
            return
        }
        let cost = Self.cost(of: prepared) + layoutCost
        guard capacity > 0, cost <= byteBudget / 4 else { return }
        while !entries.isEmpty && (entries.count >= capacity || bytes + cost > byteBudget) {
            evictOne()
        }
        slots[key] = entries.count
        entries.append(
            Entry(
                key: key, prepared: prepared, layouts: [(request, layout.size, layout)], cost: cost,
                isReferenced: false))
        bytes += cost
    }

    /// Forgets everything.
    mutating func removeAll() {
        entries.removeAll()
        slots.removeAll()
        hand = 0
        bytes = 0
    }

    /// Removes the first entry under the hand without a reference bit, clearing bits on the way.
    private mutating func evictOne() {
        if hand >= entries.count { hand = 0 }
        while entries[hand].isReferenced {
            entries[hand].isReferenced = false
            hand = (hand + 1) % entries.count
        }
        let victim = entries[hand]
        slots[victim.key] = nil
        bytes -= victim.cost
        let last = entries.count - 1
        if hand != last {
            entries[hand] = entries[last]
            slots[entries[hand].key] = hand
        }
        entries.removeLast()
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
