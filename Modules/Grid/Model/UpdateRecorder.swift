/// The update calls of one batch, in the order they were made, checked and indexed into a
/// ``CollectionUpdate`` when the batch ends.
struct UpdateRecorder {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [CollectionUpdate.SectionMove] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [CollectionUpdate.ItemMove] = []

    /// Checks the recorded changes against the item counts before and after the batch and
    /// returns the indexed update.
    ///
    /// - Throws: ``CollectionViewError`` with code `invalidUpdate` when an index is out of range,
    ///   a position is changed twice, or a count after the batch does not add up.
    func makeUpdate(oldCounts: [Int], newCounts: [Int]) throws(CollectionViewError)
        -> CollectionUpdate
    {
        var update = CollectionUpdate()
        update.oldSectionCount = oldCounts.count
        update.newSectionCount = newCounts.count
        update.deletedSections = deletedSections.sorted()
        update.insertedSections = insertedSections.sorted()
        update.reloadedSections = reloadedSections.sorted()
        update.movedSections = movedSections
        update.deletedItems = deletedItems.sorted()
        update.insertedItems = insertedItems.sorted()
        update.reloadedItems = reloadedItems.sorted()
        update.movedItems = movedItems
        try indexSections(into: &update)
        try indexItems(into: &update, oldCounts: oldCounts, newCounts: newCounts)
        return update
    }

    private func indexSections(into update: inout CollectionUpdate) throws(CollectionViewError) {
        let old = update.oldSectionCount
        let new = update.newSectionCount
        var touchedOld = Set<Int>()
        func claimOld(_ section: Int, _ what: String) throws(CollectionViewError) {
            guard section >= 0, section < old else {
                throw invalid("\(what) section \(section) is out of range: there were \(old)")
            }
            guard touchedOld.insert(section).inserted else {
                throw invalid("section \(section) is changed twice (\(what) and another change)")
            }
        }
        var touchedNew = Set<Int>()
        func claimNew(_ section: Int, _ what: String) throws(CollectionViewError) {
            guard section >= 0, section < new else {
                throw invalid("\(what) section \(section) is out of range: there are \(new)")
            }
            guard touchedNew.insert(section).inserted else {
                throw invalid("section \(section) is the target of two changes (\(what))")
            }
        }
        for section in deletedSections { try claimOld(section, "deleted") }
        for section in reloadedSections { try claimOld(section, "reloaded") }
        for move in movedSections { try claimOld(move.from, "moved") }
        for section in insertedSections { try claimNew(section, "inserted") }
        for move in movedSections { try claimNew(move.to, "moved") }
        update.removedSections = (deletedSections + movedSections.map(\.from)).sorted()
        update.addedSections = (insertedSections + movedSections.map(\.to)).sorted()
        for move in movedSections {
            update.sectionSourceByDestination[move.to] = move.from
            update.sectionDestinationBySource[move.from] = move.to
        }
        update.replacedSections = Set(reloadedSections)
        let expected = old - update.removedSections.count + update.addedSections.count
        guard expected == new else {
            throw invalid(
                "the data source has \(new) sections after the update, but it had \(old), "
                    + "and the update deletes \(deletedSections.count), inserts "
                    + "\(insertedSections.count): it should have \(expected)")
        }
    }

    private func indexItems(
        into update: inout CollectionUpdate, oldCounts: [Int], newCounts: [Int]
    ) throws(CollectionViewError) {
        // Sections whose items are all replaced or all new take no item changes.
        let closedOld = Set(deletedSections).union(update.replacedSections)
        var closedNew = Set(insertedSections)
        for section in reloadedSections {
            if let new = update.newSection(forOld: section) { closedNew.insert(new) }
        }
        var touchedOld = Set<IndexPath>()
        func claimOld(_ path: IndexPath, _ what: String) throws(CollectionViewError) {
            guard path.section >= 0, path.section < oldCounts.count,
                path.item >= 0, path.item < oldCounts[path.section]
            else { throw invalid("\(what) item \(path) is out of range before the update") }
            guard !closedOld.contains(path.section) else {
                throw invalid(
                    "\(what) item \(path) is in a section that is deleted or reloaded; "
                        + "change the section alone")
            }
            guard touchedOld.insert(path).inserted else {
                throw invalid("item \(path) is changed twice (\(what) and another change)")
            }
        }
        var touchedNew = Set<IndexPath>()
        func claimNew(_ path: IndexPath, _ what: String) throws(CollectionViewError) {
            guard path.section >= 0, path.section < newCounts.count,
                path.item >= 0, path.item < newCounts[path.section]
            else { throw invalid("\(what) item \(path) is out of range after the update") }
            guard !closedNew.contains(path.section) else {
                throw invalid(
                    "\(what) item \(path) is in a section that is inserted or reloaded; "
                        + "the section's items come from the data source")
            }
            guard touchedNew.insert(path).inserted else {
                throw invalid("item \(path) is the target of two changes (\(what))")
            }
        }
        for path in deletedItems { try claimOld(path, "deleted") }
        for path in reloadedItems { try claimOld(path, "reloaded") }
        for move in movedItems { try claimOld(move.from, "moved") }
        for path in insertedItems { try claimNew(path, "inserted") }
        for move in movedItems { try claimNew(move.to, "moved") }

        for path in deletedItems + movedItems.map(\.from) {
            update.removedItemsBySection[path.section, default: []].append(path.item)
        }
        for path in insertedItems + movedItems.map(\.to) {
            update.addedItemsBySection[path.section, default: []].append(path.item)
        }
        for key in update.removedItemsBySection.keys { update.removedItemsBySection[key]?.sort() }
        for key in update.addedItemsBySection.keys { update.addedItemsBySection[key]?.sort() }
        for path in reloadedItems {
            update.reloadedItemsBySection[path.section, default: []].insert(path.item)
        }
        for move in movedItems {
            update.itemSourceByDestination[move.to] = move.from
            update.itemDestinationBySource[move.from] = move.to
        }
        for new in 0..<newCounts.count where !closedNew.contains(new) {
            guard let old = update.oldSection(forNew: new) else { continue }
            let removed = update.removedItemsBySection[old]?.count ?? 0
            let added = update.addedItemsBySection[new]?.count ?? 0
            let expected = oldCounts[old] - removed + added
            guard newCounts[new] == expected else {
                throw invalid(
                    "section \(new) has \(newCounts[new]) items after the update, but it had "
                        + "\(oldCounts[old]) and the update adds \(added) and removes \(removed): "
                        + "it should have \(expected)")
            }
        }
    }

    private func invalid(_ message: String) -> CollectionViewError {
        CollectionViewError(
            .invalidUpdate,
            message + ". Tell the collection view about every change the data source made, "
                + "or call reloadData()")
    }
}
