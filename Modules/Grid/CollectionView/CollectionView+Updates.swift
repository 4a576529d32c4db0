import TrellisViews

extension CollectionView {
    /// Reloads everything from the data source: counts, cells and layout. The selection is
    /// cleared and every cell on screen is taken back for reuse.
    public func reloadData() {
        itemCounts = nil
        pendingUpdates = nil
        endTouchTracking(notify: false)
        for (key, view) in visibleViews.sorted(by: { $0.key < $1.key }) { recycle(view, for: key) }
        selectedItems.removeAll()
        collectionViewLayout.invalidateLayout(with: .everything)
        setNeedsLayout()
    }

    /// Inserts items, given by their index paths after the change, into the sections. The data
    /// source must already hold them.
    ///
    /// - Throws: ``CollectionViewError`` with code `invalidUpdate` when the change does not
    ///   match the data source; the view then reloads its data.
    public func insertItems(at indexPaths: [IndexPath]) throws(CollectionViewError) {
        try record { $0.insertedItems += indexPaths }
    }

    /// Deletes items, given by their index paths before the change.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func deleteItems(at indexPaths: [IndexPath]) throws(CollectionViewError) {
        try record { $0.deletedItems += indexPaths }
    }

    /// Reloads items, given by their index paths before the change: they get a new cell and a
    /// new size, and are deselected, as UIKit treats a reload as a delete and an insert.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func reloadItems(at indexPaths: [IndexPath]) throws(CollectionViewError) {
        try record { $0.reloadedItems += indexPaths }
    }

    /// Moves an item, possibly to another section; its cell and selection move with it.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
        throws(CollectionViewError)
    {
        try record { $0.movedItems.append(.init(from: indexPath, to: newIndexPath)) }
    }

    /// Inserts sections, given by their indices after the change.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func insertSections(_ sections: [Int]) throws(CollectionViewError) {
        try record { $0.insertedSections += sections }
    }

    /// Deletes sections, given by their indices before the change.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func deleteSections(_ sections: [Int]) throws(CollectionViewError) {
        try record { $0.deletedSections += sections }
    }

    /// Reloads sections, given by their indices before the change: all their items are new.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func reloadSections(_ sections: [Int]) throws(CollectionViewError) {
        try record { $0.reloadedSections += sections }
    }

    /// Moves a section.
    ///
    /// - Throws: ``CollectionViewError`` as ``insertItems(at:)``.
    public func moveSection(_ section: Int, toSection newSection: Int) throws(CollectionViewError) {
        try record { $0.movedSections.append(.init(from: section, to: newSection)) }
    }

    /// Applies the changes made in a closure as one batch, with UIKit's index rules: deletions,
    /// reloads and move sources use the indices before the batch; insertions and move targets
    /// the indices after it, whatever the order of the calls.
    ///
    /// The batch is checked against the data source; the selection, the cells on screen and
    /// the layout follow it, and the layout rebuilds only what changed.
    ///
    /// ```swift
    /// apps.remove(at: 1)
    /// apps.insert(newApp, at: 0)
    /// try collectionView.performBatchUpdates {
    ///     try collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
    ///     try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - updates: The changes.
    ///   - completion: Called with `true` once the batch is applied, `false` when it failed.
    /// - Throws: ``CollectionViewError`` with code `invalidUpdate` when the batch does not match
    ///   the data source, or the error the closure threw; the view then reloads its data.
    public func performBatchUpdates(
        _ updates: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        if pendingUpdates != nil {
            // A nested batch joins the enclosing one.
            try updates()
            completion?(true)
            return
        }
        pendingUpdates = UpdateRecorder()
        do {
            try updates()
        } catch {
            pendingUpdates = nil
            reloadData()
            completion?(false)
            throw error
        }
        let recorder = pendingUpdates ?? UpdateRecorder()
        pendingUpdates = nil
        do throws(CollectionViewError) {
            try apply(recorder)
        } catch {
            completion?(false)
            throw error
        }
        completion?(true)
    }

    private func record(_ change: (inout UpdateRecorder) -> Void) throws(CollectionViewError) {
        if var batch = pendingUpdates {
            pendingUpdates = nil
            change(&batch)
            pendingUpdates = batch
            return
        }
        var recorder = UpdateRecorder()
        change(&recorder)
        try apply(recorder)
    }

    /// Checks a batch against the data source and applies it to the counts, the selection, the
    /// cells on screen and the layout.
    private func apply(_ recorder: UpdateRecorder) throws(CollectionViewError) {
        guard let oldCounts = itemCounts else {
            // Nothing was shown yet: the next layout reads everything.
            reloadData()
            return
        }
        let newCounts = readCounts()
        let update: CollectionUpdate
        do throws(CollectionViewError) {
            update = try recorder.makeUpdate(oldCounts: oldCounts, newCounts: newCounts)
        } catch {
            lastError = error
            reloadData()
            throw error
        }
        itemCounts = newCounts
        endTouchTracking(notify: false)
        selectedItems = Set(selectedItems.compactMap { update.newIndexPath(forOld: $0) })
        remapVisibleViews(update)
        collectionViewLayout.invalidateLayout(with: LayoutInvalidationContext(update: update))
        collectionViewLayout.prepare()
        let size = collectionViewLayout.collectionViewContentSize
        if size != contentSize { contentSize = size }
        setNeedsLayout()
    }

    /// Moves the views on screen to their elements' new index paths, and takes back those whose
    /// element was deleted or reloaded.
    private func remapVisibleViews(_ update: CollectionUpdate) {
        let old = visibleViews.sorted { $0.key < $1.key }
        visibleViews = [:]
        var kept: [(ElementKey, CollectionReusableView)] = []
        for (key, view) in old {
            let moved: IndexPath?
            if key.kind == nil {
                moved = update.newIndexPath(forOld: key.indexPath)
            } else if update.replacedSections.contains(key.indexPath.section) {
                moved = nil
            } else {
                moved = update.newSection(forOld: key.indexPath.section).map {
                    IndexPath(item: key.indexPath.item, section: $0)
                }
            }
            if let moved {
                kept.append((ElementKey(kind: key.kind, indexPath: moved), view))
            } else {
                visibleViews[key] = view
                recycle(view, for: key)
            }
        }
        for (key, view) in kept {
            view.elementKey = key
            if let cell = view as? CollectionViewCell {
                cell.isSelected = selectedItems.contains(key.indexPath)
                cell.isHighlighted = false
            }
            visibleViews[key] = view
        }
    }
}
