/// The changes of one batch of updates to a collection view, with UIKit's index rules: deleted,
/// reloaded and moved-from positions are indices before the batch; inserted and moved-to
/// positions are indices after it.
///
/// The collection view builds and checks an update from the calls made in
/// ``CollectionView/performBatchUpdates(_:completion:)`` (or a single `insertItems`,
/// `deleteItems` and so on) and hands it to its layout in a ``LayoutInvalidationContext``, so
/// that the layout can rebuild only what changed. The mapping methods tell where an element went:
///
/// ```swift
/// // Before: items 0...4 in section 0. Delete item 1, insert a new item at 0.
/// update.newIndexPath(forOld: IndexPath(item: 3, section: 0))  // 0.3: one out, one in before it
/// update.oldIndexPath(forNew: IndexPath(item: 0, section: 0))  // nil: inserted
/// ```
public struct CollectionUpdate: Sendable {
    /// A section that moved.
    public struct SectionMove: Sendable, Hashable {
        /// The section's index before the batch.
        public var from: Int
        /// The section's index after the batch.
        public var to: Int
    }

    /// An item that moved, possibly to another section.
    public struct ItemMove: Sendable, Hashable {
        /// The item's index path before the batch.
        public var from: IndexPath
        /// The item's index path after the batch.
        public var to: IndexPath
    }

    /// The deleted sections, old indices, ascending.
    public internal(set) var deletedSections: [Int] = []
    /// The inserted sections, new indices, ascending.
    public internal(set) var insertedSections: [Int] = []
    /// The reloaded sections, old indices, ascending: their items are all replaced.
    public internal(set) var reloadedSections: [Int] = []
    /// The moved sections.
    public internal(set) var movedSections: [SectionMove] = []
    /// The deleted items, old index paths, ascending.
    public internal(set) var deletedItems: [IndexPath] = []
    /// The inserted items, new index paths, ascending.
    public internal(set) var insertedItems: [IndexPath] = []
    /// The reloaded items, old index paths, ascending: they keep their place and get a new
    /// cell and size.
    public internal(set) var reloadedItems: [IndexPath] = []
    /// The moved items.
    public internal(set) var movedItems: [ItemMove] = []

    /// The number of sections before the batch.
    public internal(set) var oldSectionCount = 0
    /// The number of sections after the batch.
    public internal(set) var newSectionCount = 0

    // Derived lookups, filled by `index()`.
    var removedSections: [Int] = []
    var addedSections: [Int] = []
    var sectionSourceByDestination: [Int: Int] = [:]
    var sectionDestinationBySource: [Int: Int] = [:]
    var replacedSections: Set<Int> = []
    var removedItemsBySection: [Int: [Int]] = [:]
    var addedItemsBySection: [Int: [Int]] = [:]
    var reloadedItemsBySection: [Int: Set<Int>] = [:]
    var itemSourceByDestination: [IndexPath: IndexPath] = [:]
    var itemDestinationBySource: [IndexPath: IndexPath] = [:]

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
            && movedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
            && reloadedItems.isEmpty && movedItems.isEmpty
    }

    // MARK: Sections

    /// The index after the batch of a section that existed before it, or `nil` when it was
    /// deleted. A reloaded section keeps its place.
    ///
    /// - Complexity: O(log *c* + *a*), where *c* is the number of section changes and *a* the
    ///   number of sections added before the result.
    public func newSection(forOld section: Int) -> Int? {
        guard section >= 0, section < oldSectionCount else { return nil }
        if let destination = sectionDestinationBySource[section] { return destination }
        if removedSections.sortedContains(section) { return nil }
        return CollectionUpdate.forward(section, removed: removedSections, added: addedSections)
    }

    /// The index before the batch of a section that exists after it, or `nil` when it was
    /// inserted.
    ///
    /// - Complexity: O(log *c* + *r*), where *c* is the number of section changes and *r* the
    ///   number of sections removed before the result.
    public func oldSection(forNew section: Int) -> Int? {
        guard section >= 0, section < newSectionCount else { return nil }
        if let source = sectionSourceByDestination[section] { return source }
        if addedSections.sortedContains(section) { return nil }
        return CollectionUpdate.forward(section, removed: addedSections, added: removedSections)
    }

    // MARK: Items

    /// The index path after the batch of an item that existed before it, or `nil` when the
    /// item was deleted or reloaded, or its section was deleted or reloaded.
    ///
    /// - Complexity: O(log *c* + *a*), as ``newSection(forOld:)``, for the section's changes.
    public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        if let destination = itemDestinationBySource[indexPath] { return destination }
        guard !replacedSections.contains(indexPath.section),
            let section = newSection(forOld: indexPath.section)
        else { return nil }
        if reloadedItemsBySection[indexPath.section]?.contains(indexPath.item) == true {
            return nil
        }
        let removed = removedItemsBySection[indexPath.section] ?? []
        if removed.sortedContains(indexPath.item) { return nil }
        let added = addedItemsBySection[section] ?? []
        let item = CollectionUpdate.forward(indexPath.item, removed: removed, added: added)
        return IndexPath(item: item, section: section)
    }

    /// The index path before the batch of an item that exists after it, or `nil` when it was
    /// inserted or its section was inserted or reloaded. A reloaded item maps to its old place.
    ///
    /// - Complexity: O(log *c* + *r*), as ``oldSection(forNew:)``, for the section's changes.
    public func oldIndexPath(forNew indexPath: IndexPath) -> IndexPath? {
        if let source = itemSourceByDestination[indexPath] { return source }
        guard let section = oldSection(forNew: indexPath.section),
            !replacedSections.contains(section)
        else { return nil }
        let added = addedItemsBySection[indexPath.section] ?? []
        if added.sortedContains(indexPath.item) { return nil }
        let removed = removedItemsBySection[section] ?? []
        let item = CollectionUpdate.forward(indexPath.item, removed: added, added: removed)
        return IndexPath(item: item, section: section)
    }

    /// Maps a position that survives from one sequence to the other: it moves back by the
    /// removed positions before it, then forward past the added positions at or before it.
    static func forward(_ position: Int, removed: [Int], added: [Int]) -> Int {
        var result = position - removed.countLess(than: position)
        for addedPosition in added {
            if addedPosition <= result { result += 1 } else { break }
        }
        return result
    }
}

extension Array where Element == Int {
    /// The number of elements below a value, in an ascending array.
    func countLess(than value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether an ascending array contains a value.
    func sortedContains(_ value: Int) -> Bool {
        let index = countLess(than: value)
        return index < count && self[index] == value
    }
}
