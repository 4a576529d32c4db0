public import TrellisGeometry

/// A collection view delegate that gives a ``FlowLayout`` per-item sizes and per-section
/// spacing, as UIKit's `UICollectionViewDelegateFlowLayout`.
///
/// Every method has a default that returns the layout's own property, so a delegate implements
/// only what varies. A flow layout whose collection view's delegate adopts this protocol asks it
/// for the size of every item when it prepares; a section whose items all turn out to have one
/// size is laid out arithmetically, as with ``FlowLayout/itemSize``.
///
/// ```swift
/// extension TagsController: CollectionViewDelegateFlowLayout {
///     func collectionView(
///         _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
///     ) -> Size {
///         Size(width: Double(tags[indexPath.item].count) * 9 + 24, height: 32)
///     }
/// }
/// ```
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of an item.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size

    /// The insets around a section's items.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int
    ) -> EdgeInsets

    /// The minimum space between a section's lines.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double

    /// The minimum space between the items of a section's lines.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double

    /// The size of a section's header; 0 along the scroll direction for none.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size

    /// The size of a section's footer; 0 along the scroll direction for none.
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size
}

extension CollectionViewDelegateFlowLayout {
    /// The layout's ``FlowLayout/itemSize``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size {
        layout.itemSize
    }

    /// The layout's ``FlowLayout/sectionInset``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int
    ) -> EdgeInsets {
        layout.sectionInset
    }

    /// The layout's ``FlowLayout/minimumLineSpacing``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        layout.minimumLineSpacing
    }

    /// The layout's ``FlowLayout/minimumInteritemSpacing``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        layout.minimumInteritemSpacing
    }

    /// The layout's ``FlowLayout/headerReferenceSize``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size {
        layout.headerReferenceSize
    }

    /// The layout's ``FlowLayout/footerReferenceSize``.
    public func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size {
        layout.footerReferenceSize
    }
}
