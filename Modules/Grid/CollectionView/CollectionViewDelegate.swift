/// The object that a collection view tells about highlighting, selection and display, as
/// UIKit's `UICollectionViewDelegate`. Every method has a default.
///
/// A tap on an item calls, in this order: `shouldHighlightItemAt` and `didHighlightItemAt` when
/// the touch goes down; `shouldSelectItemAt`, `didUnhighlightItemAt`, then (with single
/// selection) `didDeselectItemAt` for the item selected before, and `didSelectItemAt` when it
/// ends on the item — the sequence of Apple's "Tracking touches in a cell" figure. A touch that
/// moves away to scroll calls `didUnhighlightItemAt` and selects nothing. Selecting or
/// deselecting from code calls none of these.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// Whether a touch may highlight the item; `false` skips the whole selection process.
    /// `true` by default.
    func collectionView(
        _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
    )
        -> Bool
    /// Called after a touch highlighted the item.
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// Called after the item's highlight went away.
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap may select the item; `true` by default.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
        -> Bool
    /// Called after a tap selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether a tap may deselect the item (with multiple selection); `true` by default.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
        -> Bool
    /// Called after a tap deselected the item.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Called before a cell appears for an item.
    func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
        forItemAt indexPath: IndexPath)
    /// Called after a cell stopped showing an item (it scrolled away, or the data changed).
    func collectionView(
        _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
        forItemAt indexPath: IndexPath)
    /// Called before a supplementary view appears.
    func collectionView(
        _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
        forElementKind kind: ElementKind, at indexPath: IndexPath)
    /// Called after a supplementary view stopped showing.
    func collectionView(
        _ collectionView: CollectionView,
        didEndDisplayingSupplementaryView view: CollectionReusableView,
        forElementOfKind kind: ElementKind, at indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// `true`.
    public func collectionView(
        _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath
    ) {}
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath
    ) {}
    /// `true`.
    public func collectionView(
        _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
    ) {}
    /// `true`.
    public func collectionView(
        _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
    ) {}
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {}
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {}
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
        forElementKind kind: ElementKind, at indexPath: IndexPath
    ) {}
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView,
        didEndDisplayingSupplementaryView view: CollectionReusableView,
        forElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) {}
}
