/// A data source for sections of model objects shown by one cell type that adopts
/// ``ModelConfigurable``, such as a ``ModelCell`` subclass: it registers the cell, dequeues it
/// and configures it with each item's model.
///
/// The collection view holds its data source weakly, as UIKit's does; keep a reference to it.
///
/// ```swift
/// let source = ModelDataSource(
///     collectionView: collectionView, cellType: AppCell.self, items: apps)
/// source.sections[0].append(newApp)
/// try collectionView.insertItems(at: [IndexPath(item: apps.count, section: 0)])
/// ```
@MainActor
public final class ModelDataSource<Cell: CollectionViewCell & ModelConfigurable>:
    CollectionViewDataSource
{
    /// The models, one array per section.
    public var sections: [[Cell.Model]]

    /// The reuse identifier the cell type is registered with.
    public let reuseIdentifier: String

    /// Makes the header, footer or other supplementary view for a kind and index path, if any.
    public var supplementaryViewProvider:
        ((CollectionView, ElementKind, IndexPath) -> CollectionReusableView?)?

    /// Creates a data source, registers the cell type with the collection view and becomes its
    /// data source.
    public init(collectionView: CollectionView, cellType: Cell.Type, sections: [[Cell.Model]]) {
        self.sections = sections
        reuseIdentifier = String(describing: cellType)
        collectionView.register(cellType, forCellWithReuseIdentifier: reuseIdentifier)
        collectionView.dataSource = self
    }

    /// Creates a data source for one section of models.
    public convenience init(
        collectionView: CollectionView, cellType: Cell.Type, items: [Cell.Model]
    ) {
        self.init(collectionView: collectionView, cellType: cellType, sections: [items])
    }

    /// The model at an index path, or `nil` outside the sections.
    public func model(at indexPath: IndexPath) -> Cell.Model? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// The number of sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int {
        sections.count
    }

    /// The number of models in a section.
    public func collectionView(
        _ collectionView: CollectionView, numberOfItemsInSection section: Int
    )
        -> Int
    {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// A dequeued cell configured with the item's model.
    public func collectionView(
        _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
    ) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(
            withReuseIdentifier: reuseIdentifier, for: indexPath)
        if let model = model(at: indexPath), let configurable = cell as? Cell {
            configurable.configure(with: model)
        }
        return cell
    }

    /// The supplementary view from ``supplementaryViewProvider``, if any.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        at indexPath: IndexPath
    ) -> CollectionReusableView? {
        supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}
