/// Where an item ends up in the visible area when the collection view scrolls to it, as
/// `UICollectionView.ScrollPosition`. The empty set scrolls as little as possible.
public struct ScrollPosition: OptionSet, Sendable, Hashable {
    /// The raw bit mask.
    public let rawValue: UInt

    /// Creates a position from a raw bit mask.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The item's top edge at the top of the bounds.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item centred vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the bottom of the bounds.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left edge at the left of the bounds.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item centred horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right edge at the right of the bounds.
    public static let right = ScrollPosition(rawValue: 1 << 5)
}
