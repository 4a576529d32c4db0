import TrellisLayout

/// The stored flex styles that views with equal styles share.
///
/// A style is several hundred bytes, about as much as the view itself, and the views of a list
/// or a grid usually repeat a few styles. A view's stored style never changes (setting
/// ``View/flexStyle`` stores a new one), so views can share one. The table remembers a fixed
/// number of styles, indexed by ``quickHash(_:)``; a new style takes the place of an older one
/// with the same index, which keeps the views that have it.
@MainActor
enum SharedFlexStyles {
    /// How many styles the table remembers: a power of two.
    static let slotCount = 256

    private static var slots: [FlexStyleStorage?] = Array(repeating: nil, count: slotCount)

    /// A stored style equal to `style`: one an earlier view has, or a new one.
    static func storage(for style: FlexStyle) -> FlexStyleStorage {
        let slot = quickHash(style) & (slotCount - 1)
        if let stored = slots[slot], stored.style == style { return stored }
        let stored = FlexStyleStorage(style)
        slots[slot] = stored
        return stored
    }

    /// A hash of the properties list items most often differ in, cheap enough to take whenever
    /// a view's style is set; equal styles with the same signs of zero have equal hashes.
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
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
