import TrellisGeometry

/// The sections of a layout stacked along the scroll direction, and the queries over them.
struct SectionStack {
    /// The axes of the layout.
    var axes = LineAxes(direction: .vertical)
    /// The sections, in order, each starting where the previous one ends.
    var sections: [LayoutSection] = []
    /// The length of the content across the scroll direction.
    var lineLength: Double = 0

    /// Places the sections from `index` onwards one after the other.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections after `index`.
    mutating func restack(from index: Int = 0) {
        guard index < sections.count else { return }
        var position = index > 0 ? sections[index - 1].end : 0
        for i in index..<sections.count {
            sections[i].start = position
            position = sections[i].end
        }
    }

    /// The size of the content.
    var contentSize: Size {
        axes.size(along: lineLength, across: sections.last?.end ?? 0)
    }

    /// The bytes the layout keeps: the section records and their items.
    var storageBytes: Int {
        sections.capacity * MemoryLayout<LayoutSection>.stride + itemStorageBytes
    }

    /// The bytes the layout keeps for items: nothing for uniform sections, 16 per item
    /// otherwise.
    var itemStorageBytes: Int {
        sections.reduce(0) { $0 + $1.content.storageBytes }
    }

    /// The attributes of everything that intersects a rectangle.
    ///
    /// - Complexity: O(log *s* + log *n* + *k*) for *s* sections, *n* items in a variable
    ///   section and *k* elements reported.
    func attributes(in rect: Rect) -> [LayoutAttributes] {
        guard !rect.isNull, !rect.isEmpty else { return [] }
        let (u, v) = axes.spans(of: rect)
        guard !u.lower.isNaN, !u.upper.isNaN, !v.lower.isNaN, !v.upper.isNaN else { return [] }
        var result: [LayoutAttributes] = []
        var index = firstSection(endingAfter: v.lower)
        while index < sections.count, sections[index].start < v.upper {
            let section = sections[index]
            if let header = section.headerPlacement, overlaps(header, u, v) {
                result.append(
                    LayoutAttributes(
                        forSupplementaryViewOfKind: .sectionHeader,
                        with: IndexPath(item: 0, section: index), frame: axes.rect(header)))
            }
            section.forEachItem(overlapping: u, v) { item, placement in
                result.append(
                    LayoutAttributes(
                        forCellWith: IndexPath(item: item, section: index),
                        frame: axes.rect(placement)))
            }
            if let footer = section.footerPlacement, overlaps(footer, u, v) {
                result.append(
                    LayoutAttributes(
                        forSupplementaryViewOfKind: .sectionFooter,
                        with: IndexPath(item: 0, section: index), frame: axes.rect(footer)))
            }
            index += 1
        }
        return result
    }

    /// The attributes of one item.
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            let placement = sections[indexPath.section].placement(of: indexPath.item)
        else { return nil }
        return LayoutAttributes(forCellWith: indexPath, frame: axes.rect(placement))
    }

    /// The attributes of a section's header or footer.
    func attributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item == 0
        else { return nil }
        let section = sections[indexPath.section]
        let placement: LinePlacement?
        switch kind {
        case .sectionHeader: placement = section.headerPlacement
        case .sectionFooter: placement = section.footerPlacement
        default: placement = nil
        }
        return placement.map {
            LayoutAttributes(
                forSupplementaryViewOfKind: kind, with: indexPath, frame: axes.rect($0))
        }
    }

    private func overlaps(_ placement: LinePlacement, _ u: Span, _ v: Span) -> Bool {
        u.overlaps(start: placement.u, length: placement.along)
            && v.overlaps(start: placement.v, length: placement.across)
    }

    /// The first section that ends after a position (binary search on the section ends).
    private func firstSection(endingAfter position: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].end <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
