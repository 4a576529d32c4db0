import TrellisLayout

/// The stored flex styles that views with equal styles share.
///
/// A style is several hundred bytes, about as much as the view itself, and the views of a list
/// or a grid usually repeat a few styles. A view's stored style never changes (setting
/// ``View/flexStyle`` stores a new one), so views can share one. The table remembers a fixed
/// number of styles. It is set-associative: a style's ``quickHash(_:)`` picks a set of
/// ``ways`` slots, which keeps its styles from the most recently used to the least, and a new
/// style takes the place of its set's least recently used. The styles a list repeats in turn
/// stay in the table however many other styles were stored before them; a style the table
/// forgets keeps the views that have it.
@MainActor
enum SharedFlexStyles {
    /// How many styles the table remembers: a power of two, and a multiple of ``ways``.
    static let slotCount = 256
    /// How many styles one set holds.
    static let ways = 4

    /// The sets one after the other, each filled from its front.
    private static var slots: [FlexStyleStorage?] = Array(repeating: nil, count: slotCount)

    /// A stored style equal to `style`: one an earlier view has, or a new one. Either becomes
    /// its set's most recently used.
    static func storage(for style: FlexStyle) -> FlexStyleStorage {
        let set = quickHash(style) & (slotCount - 1) & ~(ways - 1)
        for way in 0..<ways {
            guard let stored = slots[set + way] else { break }
            if stored.style == style {
                for moved in stride(from: set + way, to: set, by: -1) {
                    slots.swapAt(moved, moved - 1)
                }
                return stored
            }
        }
        let stored = FlexStyleStorage(style)
        for moved in stride(from: set + ways - 1, to: set, by: -1) {
            slots[moved] = slots[moved - 1]
        }
        slots[set] = stored
        return stored
    }

    /// A hash of the properties list items most often differ in, cheap enough to take whenever
    /// a view's style is set, and mixed in every bit; equal styles with the same signs of zero
    /// have equal hashes.
    static func quickHash(_ style: FlexStyle) -> Int {
        func bits(_ length: FlexLength) -> UInt64 {
            switch length {
            case .points(let value): value.bitPattern
            case .percent(let value): value.bitPattern ^ 0x5555_5555_5555_5555
            case .auto: 1
            case .minContent: 2
            case .maxContent: 3
            case .fitContent: 4
            case .stretch: 5
            case .content: 6
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
        }
        mix(bits(style.width))
        mix(bits(style.height))
        mix(bits(style.flexBasis))
        mix(style.flexGrow.bitPattern)
        mix(style.flexShrink.bitPattern)
        mix(bits(style.margin.top))
        mix(bits(style.margin.left))
        mix(bits(style.padding.top))
        mix(bits(style.padding.left))
        mix(style.flexDirection == .row ? 0 : 1)
        // The step leaves the high bits of a number (where small integers differ) out of the
        // low bits, which pick the slots; the finishing mix (MurmurHash3's) spreads them.
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash)
    }
}
