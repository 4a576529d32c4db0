public import TrellisGeometry
import TrellisViews

/// An object that places a collection view's cells and supplementary views, as UIKit's
/// `UICollectionViewLayout`; ``FlowLayout`` and ``GridLayout`` are the built-in ones.
///
/// The collection view sets ``collectionView`` when the layout is installed and calls
/// ``prepare()`` before every layout pass and right after every batch of updates; a layout does
/// its work there only when something was invalidated since the last call, and answers the
/// queries from what it prepared. Queries run on every scroll step, so they should be fast: a
/// layout for many items answers ``layoutAttributesForElements(in:)`` by arithmetic or binary
/// search rather than by scanning every item.
///
/// A minimal custom layout, one item per row:
///
/// ```swift
/// final class ListLayout: CollectionViewLayout {
///     weak var collectionView: CollectionView?
///     var rowHeight = 44.0
///     private var count = 0
///     private var width = 0.0
///
///     func prepare() {
///         count = collectionView?.numberOfItems(inSection: 0) ?? 0
///         width = collectionView?.bounds.width ?? 0
///     }
///     var collectionViewContentSize: Size {
///         Size(width: width, height: Double(count) * rowHeight)
///     }
///     func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
///         let first = max(0, Int(rect.minY / rowHeight))
///         let last = min(count, Int((rect.maxY / rowHeight).rounded(.up)))
///         guard first < last else { return [] }
///         return (first..<last).compactMap {
///             layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
///         }
///     }
///     func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
///         let y = Double(indexPath.item) * rowHeight
///         let frame = Rect(x: 0, y: y, width: width, height: rowHeight)
///         return LayoutAttributes(forCellWith: indexPath, frame: frame)
///     }
///     func invalidateLayout(with context: LayoutInvalidationContext) {}
/// }
/// ```
@MainActor
public protocol CollectionViewLayout: AnyObject {
    /// The collection view the layout is installed in; the collection view sets it. Declare it
    /// `weak`.
    var collectionView: CollectionView? { get set }

    /// Brings the layout up to date with what was invalidated since the last call: the
    /// collection view's bounds, its item counts, a batch of updates. Called before every layout
    /// pass, so it returns at once when nothing changed.
    func prepare()

    /// The size of the whole content, which becomes the collection view's `contentSize`.
    var collectionViewContentSize: Size { get }

    /// Returns the attributes of every cell and supplementary view whose frame intersects a
    /// rectangle of the content.
    ///
    /// - Parameter rect: The rectangle, in content coordinates.
    /// - Returns: The attributes, in any order.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

    /// Returns the attributes of one item, or `nil` when the index path is not in the layout.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// Returns the attributes of one supplementary view, or `nil` when there is none. The
    /// default has none.
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?

    /// Returns whether scrolling to new bounds needs a new layout, as for headers that stay
    /// pinned while the content scrolls. The default is `false`.
    ///
    /// A change of the bounds' size always invalidates the layout: the collection view then
    /// passes a context with ``LayoutInvalidationContext/newBounds`` without asking.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

    /// Records what became invalid; the next ``prepare()`` rebuilds it.
    func invalidateLayout(with context: LayoutInvalidationContext)

    /// Whether the collection view mirrors the layout's frames in a right-to-left layout, so
    /// that items run from the right, as UIKit's `flipsHorizontallyInOppositeLayoutDirection`.
    /// The default is `false`; the flow and grid layouts flip.
    var flipsHorizontallyInOppositeLayoutDirection: Bool { get }
}

extension CollectionViewLayout {
    /// A custom layout lays out right-to-left content itself.
    public var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// No supplementary views.
    public func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) -> LayoutAttributes? {
        nil
    }

    /// `false`: scrolling does not change the layout.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        false
    }

    /// Invalidates the whole layout and asks the collection view for a layout pass, as after
    /// changing a layout property.
    public func invalidateLayout() {
        invalidateLayout(with: .everything)
        collectionView?.setNeedsLayout()
    }
}
