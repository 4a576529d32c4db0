import TrellisViews

extension CollectionView {
    /// Returns a cell for an item: one waiting for reuse under the identifier (after its
    /// `prepareForReuse()`), or a new one from the registration.
    ///
    /// An identifier that was never registered is a mistake in the data source: the collection
    /// view notes it in ``lastError`` and returns a plain ``CollectionViewCell``, so that the
    /// rest of the view still shows.
    ///
    /// - Parameters:
    ///   - identifier: The reuse identifier a cell class or function was registered with.
    ///   - indexPath: The item the cell is for.
    /// - Returns: The cell, to configure and return from the data source.
    public func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath
    )
        -> CollectionViewCell
    {
        let key = ReuseKey(kind: nil, identifier: identifier)
        if let view = dequeue(key) as? CollectionViewCell { return view }
        if let cell = registrations[key]?() as? CollectionViewCell {
            cell.reuseIdentifier = identifier
            return cell
        }
        lastError = CollectionViewError(
            .invalidDataSource,
            "no cell is registered for the reuse identifier \"\(identifier)\" (item \(indexPath)); "
                + "call register(_:forCellWithReuseIdentifier:) first")
        let cell = CollectionViewCell()
        cell.reuseIdentifier = identifier
        return cell
    }

    /// Returns a supplementary view for an element, as
    /// ``dequeueReusableCell(withReuseIdentifier:for:)`` does for cells.
    ///
    /// - Parameters:
    ///   - kind: The kind of view, such as ``ElementKind/sectionHeader``.
    ///   - identifier: The reuse identifier a view class was registered with for the kind.
    ///   - indexPath: The element the view is for.
    /// - Returns: The view, to configure and return from the data source.
    public func dequeueReusableSupplementaryView(
        ofKind kind: ElementKind, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> CollectionReusableView {
        let key = ReuseKey(kind: kind, identifier: identifier)
        if let view = dequeue(key) { return view }
        if let view = registrations[key]?() {
            view.reuseIdentifier = identifier
            return view
        }
        lastError = CollectionViewError(
            .invalidDataSource,
            "no \(kind) view is registered for the reuse identifier \"\(identifier)\" "
                + "(section \(indexPath.section)); call "
                + "register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
        let view = CollectionReusableView()
        view.reuseIdentifier = identifier
        return view
    }

    private func dequeue(_ key: ReuseKey) -> CollectionReusableView? {
        guard let view = reusePool[key]?.popLast() else { return nil }
        view.prepareForReuse()
        return view
    }
}
