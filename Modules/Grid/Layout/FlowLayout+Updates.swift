extension FlowLayout {
    /// Applies a batch of updates: sections without changes keep their items, changed sections
    /// are rebuilt from the line of their first changed item, and new sections are built.
    func apply(_ update: CollectionUpdate, _ source: SizeSource) {
        var old = stack.sections
        stack.sections = []
        let count = source.collectionView.numberOfSections
        var sections: [LayoutSection] = []
        sections.reserveCapacity(count)
        for section in 0..<count {
            let items = source.collectionView.numberOfItems(inSection: section)
            if let previous = update.oldSection(forNew: section), previous < old.count,
                !update.replacedSections.contains(previous)
            {
                // Take the record out of the old array so that its items are not copied.
                var record = LayoutSection(
                    metrics: SectionMetrics(), count: 0, content: .variable(VariableLines()))
                swap(&record, &old[previous])
                sections.append(
                    source.updated(
                        &record, changes: SectionChanges(update, old: previous, new: section),
                        section: section, count: items))
            } else {
                sections.append(source.buildSection(section, count: items))
            }
        }
        stack.sections = sections
        stack.restack()
    }
}

/// The item changes of one section in a batch.
struct SectionChanges {
    /// The removed items (deleted or moved out), old indices, ascending.
    var removed: [Int]
    /// The added items (inserted or moved in), new indices, ascending.
    var added: [Int]
    /// The reloaded items, old indices.
    var reloaded: Set<Int>

    init(_ update: CollectionUpdate, old: Int, new: Int) {
        removed = update.removedItemsBySection[old] ?? []
        added = update.addedItemsBySection[new] ?? []
        reloaded = update.reloadedItemsBySection[old] ?? []
    }

    /// Whether nothing changed.
    var isEmpty: Bool { removed.isEmpty && added.isEmpty && reloaded.isEmpty }

    /// The first index, old or new, at which the section differs: items before it are the same
    /// items at the same indices.
    var firstChange: Int {
        min(removed.first ?? .max, added.first ?? .max, reloaded.min() ?? .max)
    }
}

/// Walks the items of a section after a batch, from an index before which nothing changed,
/// telling for each new index whether its item is new (inserted, moved in, reloaded) or which
/// old item it is.
struct ItemWalker {
    enum Source {
        case new
        case old(Int)
    }

    private let changes: SectionChanges
    private var addedIndex: Int
    private var removedIndex: Int
    private var nextOld: Int

    init(_ changes: SectionChanges, from start: Int) {
        self.changes = changes
        addedIndex = changes.added.countLess(than: start)
        removedIndex = changes.removed.countLess(than: start)
        nextOld = start
    }

    /// The source of the item at the next new index; call it for consecutive indices.
    mutating func next(_ newIndex: Int) -> Source {
        if addedIndex < changes.added.count, changes.added[addedIndex] == newIndex {
            addedIndex += 1
            return .new
        }
        while removedIndex < changes.removed.count, changes.removed[removedIndex] == nextOld {
            removedIndex += 1
            nextOld += 1
        }
        let old = nextOld
        nextOld += 1
        return changes.reloaded.contains(old) ? .new : .old(old)
    }
}

extension SizeSource {
    /// A section after a batch: unchanged when nothing in it changed; rebuilt arithmetically
    /// when uniform; otherwise rebuilt from the line of the first changed item, with the sizes
    /// of unchanged items carried over and new items measured.
    ///
    /// The record is consumed: its items move into the result without being copied.
    func updated(
        _ record: inout LayoutSection, changes: SectionChanges, section: Int, count: Int
    ) -> LayoutSection {
        let metrics = metrics(for: section)
        if changes.isEmpty, metrics == record.metrics, count == record.count { return record }
        guard delegate != nil, record.count > 0, count > 0 else {
            return buildSection(section, count: count)
        }
        let start = metrics == record.metrics ? min(changes.firstChange, record.count) : 0
        let content = record.content
        record.content = .variable(VariableLines())
        if case .uniform(let uniformLines) = content {
            return updatedUniform(
                uniformLines, changes: changes, metrics: metrics, section: section, count: count)
        }
        guard case .variable(var lines) = content else {
            return buildSection(section, count: count)
        }
        // End the other reference so that the items are changed in place.
        _ = consume content
        let lineStart = start == 0 ? 0 : lines.lineStart(containing: start - 1)
        let tail = Array(lines.items[lineStart...])
        lines.items.removeSubrange(lineStart...)
        lines.items.reserveCapacity(count)
        var walker = ItemWalker(changes, from: lineStart)
        for item in lineStart..<count {
            switch walker.next(item) {
            case .new:
                let size = size(of: IndexPath(item: item, section: section))
                if item == 0 { lines.firstSize = size }
                lines.items.append(FlowItem(along: size.along, across: size.across))
            case .old(let old):
                let carried = tail[old - lineStart]
                if item == 0, old != 0 {
                    lines.firstSize = (Double(carried.along), Double(carried.across))
                }
                lines.items.append(carried)
            }
        }
        lines.measureUniformity(from: lineStart)
        if lines.isUniform {
            return LayoutSection(
                metrics: metrics, count: count,
                content: uniform(count: count, size: lines.firstSize, metrics: metrics))
        }
        lines.pack(from: lineStart, metrics: metrics)
        return LayoutSection(metrics: metrics, count: count, content: .variable(lines))
    }

    /// A uniform section after a batch: it stays uniform when every new item has its size,
    /// which costs one size query per new item; otherwise its items are laid out one by one.
    private func updatedUniform(
        _ lines: UniformLines, changes: SectionChanges, metrics: SectionMetrics, section: Int,
        count: Int
    ) -> LayoutSection {
        let shared = (along: lines.along, across: lines.across)
        var measured: [Int: (along: Double, across: Double)] = [:]
        var newItems = changes.added
        for old in changes.reloaded {
            newItems.append(
                CollectionUpdate.forward(old, removed: changes.removed, added: changes.added))
        }
        for item in newItems {
            measured[item] = size(of: IndexPath(item: item, section: section))
        }
        if measured.values.allSatisfy({ $0 == shared }) {
            return LayoutSection(
                metrics: metrics, count: count,
                content: uniform(count: count, size: shared, metrics: metrics))
        }
        var variable = VariableLines()
        variable.items.reserveCapacity(count)
        var walker = ItemWalker(changes, from: 0)
        for item in 0..<count {
            var size = shared
            if case .new = walker.next(item) {
                size = measured[item] ?? self.size(of: IndexPath(item: item, section: section))
            }
            if item == 0 { variable.firstSize = size }
            variable.items.append(FlowItem(along: size.along, across: size.across))
        }
        variable.measureUniformity(from: 0)
        variable.pack(from: 0, metrics: metrics)
        return LayoutSection(metrics: metrics, count: count, content: .variable(variable))
    }
}
