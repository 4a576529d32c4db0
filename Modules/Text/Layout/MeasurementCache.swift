/// A bounded cache of prepared texts, keyed by text and font, each with the layouts last
/// computed from it. Eviction is by the clock algorithm (second chance): a hit sets an entry's
/// reference bit, and the hand clears bits until it finds an entry without one.
///
/// Not thread-safe by itself: ``TextMeasurer`` keeps it behind a mutex.
struct MeasurementCache {
    struct Key: Hashable {
        var text: String
        var font: Font
    }

    private struct Entry {
        var key: Key
        var prepared: PreparedText
        var layouts: [(request: LayoutRequest, layout: TextLayout)]
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
    mutating func store(_ layout: TextLayout, for request: LayoutRequest, prepared: PreparedText) {
        let key = Key(text: prepared.text, font: prepared.font)
        if let slot = slots[key] {
            entries[slot].layouts.insert((request, layout), at: 0)
            if entries[slot].layouts.count > Self.layoutsPerEntry { entries[slot].layouts.removeLast() }
            return
        }
        let cost = Self.cost(of: prepared)
        guard capacity > 0, cost <= byteBudget / 4 else { return }
        while !entries.isEmpty && (entries.count >= capacity || bytes + cost > byteBudget) {
            evictOne()
        }
        slots[key] = entries.count
        entries.append(
            Entry(
                key: key, prepared: prepared, layouts: [(request, layout)], cost: cost,
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
