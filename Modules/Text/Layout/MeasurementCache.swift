import TrellisGeometry

/// A bounded cache of prepared texts, keyed by text and font, each with the layouts last
/// computed from it. Eviction is by the clock algorithm (second chance): a hit sets an entry's
/// reference bit, and the hand clears bits until it finds an entry without one.
///
/// Not thread-safe by itself: ``TextMeasurer`` keeps it behind a mutex.
struct MeasurementCache {
    /// A text and a font, with a hash computed once from the text's UTF-8 bytes.
    struct Key {
        let text: String
        let font: Font
        let hash: Int

        init(text: String, font: Font) {
            self.text = text
            self.font = font
            hash = Self.hash(text: text, font: font)
        }

        /// The hash of a text and a font.
        static func hash(text: String, font: Font) -> Int {
            var hash = fastHash(text) ^ fastHash(font.family) &* 31
            hash =
                (hash ^ UInt64(truncatingIfNeeded: font.size.bitPattern)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= UInt64(truncatingIfNeeded: font.weight.rawValue.bitPattern) >> 7
            hash ^= (font.isItalic ? 1 : 0) << 1 | (font.isMonospaced ? 1 : 0)
            return Int(truncatingIfNeeded: hash)
        }
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
    private var index: CacheIndex
    private var hand = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    var count: Int { entries.count }

    /// The largest capacity; more entries would not be faster to find than to measure.
    static let maximumCapacity = 1 << 20

    init(capacity: Int, byteBudget: Int) {
        self.capacity = min(max(capacity, 0), Self.maximumCapacity)
        self.byteBudget = max(byteBudget, 0)
        index = CacheIndex(capacity: self.capacity)
    }

    /// The estimated memory of a prepared text.
    static func cost(of prepared: PreparedText) -> Int {
        prepared.text.utf8.count + prepared.clusterCount * 17 + 256
    }

    /// The estimated memory of a layout, the visual runs of bidirectional lines included.
    static func cost(of layout: TextLayout) -> Int {
        layout.lines.reduce(64) {
            $0 + $1.text.utf8.count + $1.advances.count * 8 + $1.reorderedRuns.count * 48 + 160
        }
    }

    /// The entry of a text and font.
    private func slot(text: String, font: Font, hash: Int) -> Int? {
        index.find(hash: hash) { entry in
            let key = entries[entry].key
            return key.hash == hash && key.text == text && key.font == font
        }
    }

    /// Returns the size of the layout kept for a text, font and request, marking the entry as
    /// used.
    mutating func size(text: String, font: Font, hash: Int, request: LayoutRequest) -> Size? {
        guard let slot = slot(text: text, font: font, hash: hash) else { return nil }
        entries[slot].isReferenced = true
        for kept in entries[slot].layouts.indices
        where entries[slot].layouts[kept].request == request {
            hits += 1
            return entries[slot].layouts[kept].size
        }
        return nil
    }

    /// Returns the layout kept for a key and request, marking the entry as used.
    mutating func layout(for key: Key, request: LayoutRequest) -> TextLayout? {
        guard let slot = slot(text: key.text, font: key.font, hash: key.hash) else { return nil }
        entries[slot].isReferenced = true
        for kept in entries[slot].layouts where kept.request == request {
            hits += 1
            return kept.layout
        }
        return nil
    }

    /// Returns the prepared text kept for a key, marking the entry as used.
    mutating func prepared(for key: Key) -> PreparedText? {
        guard let slot = slot(text: key.text, font: key.font, hash: key.hash) else {
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
        if let slot = slot(text: key.text, font: key.font, hash: key.hash) {
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
        index.insert(entries.count, hash: key.hash)
        entries.append(
            Entry(
                key: key, prepared: prepared, layouts: [(request, layout.size, layout)], cost: cost,
                isReferenced: false))
        bytes += cost
    }

    /// Forgets everything.
    mutating func removeAll() {
        entries.removeAll()
        index.removeAll()
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
        index.remove(hand, hash: victim.key.hash) { entries[$0].key.hash }
        bytes -= victim.cost
        let last = entries.count - 1
        if hand != last {
            entries[hand] = entries[last]
            index.renumber(last, to: hand, hash: entries[hand].key.hash)
        }
        entries.removeLast()
    }
}
