/// The object that tells a collection view what to show, as UIKit's
/// `UICollectionViewDataSource`: the number of sections and items, and a cell for each item.
///
/// ```swift
/// final class Numbers: CollectionViewDataSource {
///     func collectionView(
///         _ collectionView: CollectionView, numberOfItemsInSection section: Int
///     ) -> Int {
///         1_000_000
///     }
///     func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
///         -> CollectionViewCell
///     {
///         let cell = collectionView.dequeueReusableCell(
///             withReuseIdentifier: "number", for: indexPath)
///         (cell as? NumberCell)?.value = indexPath.item
///         return cell
///     }
/// }
/// ```
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections; 1 by default.
    func numberOfSections(in collectionView: CollectionView) -> Int

    /// The number of items in a section.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int

    /// The cell for an item: dequeue one with
    /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` and configure it.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell

    /// The supplementary view (header, footer, or a custom layout's kind) for an index path,
    /// dequeued with
    /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``;
    /// `nil` shows nothing there. The default returns `nil`.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        at indexPath: IndexPath
    ) -> CollectionReusableView?
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// No supplementary views.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        at indexPath: IndexPath
    ) -> CollectionReusableView? {
        nil
    }
}
