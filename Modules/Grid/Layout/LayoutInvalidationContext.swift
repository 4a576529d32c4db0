public import TrellisGeometry

/// What became invalid in a layout, as `UICollectionViewLayoutInvalidationContext`: everything,
/// the bounds, or the items that a batch of updates changed.
///
/// The collection view prepares its layout right after each batch of updates, so a layout sees
/// at most one batch at a time. Two contexts merge with ``merge(_:)``; a layout that cannot
/// merge two batches escalates to ``invalidatesEverything``.
public struct LayoutInvalidationContext: Sendable {
    /// Whether everything must be rebuilt: the data was reloaded, the layout changed, or a
    /// property of the layout changed.
    public var invalidatesEverything: Bool
    /// The new bounds, when the collection view's bounds changed.
    public var newBounds: Rect?
    /// The batch of updates the data changed by, if any.
    public var update: CollectionUpdate?

    /// Creates a context.
    public init(
        invalidatesEverything: Bool = false, newBounds: Rect? = nil, update: CollectionUpdate? = nil
    ) {
        self.invalidatesEverything = invalidatesEverything
        self.newBounds = newBounds
        self.update = update
    }

    /// A context that invalidates everything.
    public static let everything = LayoutInvalidationContext(invalidatesEverything: true)

    /// Whether the context invalidates nothing.
    public var isEmpty: Bool { !invalidatesEverything && newBounds == nil && update == nil }

    /// Adds another context's invalidations to this one. Two batches of updates cannot be
    /// combined into one, so they escalate to ``invalidatesEverything``.
    public mutating func merge(_ other: LayoutInvalidationContext) {
        if let bounds = other.newBounds { newBounds = bounds }
        if other.invalidatesEverything || (update != nil && other.update != nil) {
            invalidatesEverything = true
            update = nil
        } else if !invalidatesEverything, let otherUpdate = other.update {
            update = otherUpdate
        }
    }
}
