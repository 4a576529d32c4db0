/// How a section's items are placed.
enum SectionContent {
    /// Every item has one size.
    case uniform(UniformLines)
    /// Items have sizes of their own.
    case variable(VariableLines)

    /// The length of the lines along the scroll direction.
    var length: Double {
        switch self {
        case .uniform(let lines): lines.length
        case .variable(let lines): lines.length
        }
    }

    /// The bytes the content keeps for its items.
    var storageBytes: Int {
        switch self {
        case .uniform: 0
        case .variable(let lines): lines.items.capacity * MemoryLayout<FlowItem>.stride
        }
    }
}

/// One section of a layout: its place along the scroll direction, its metrics and its items.
struct LayoutSection {
    /// The section's start along the scroll direction: the top of its header.
    var start: Double = 0
    /// The section's spacing.
    var metrics: SectionMetrics
    /// The number of items.
    var count: Int
    /// How the items are placed.
    var content: SectionContent

    /// The start of the section's lines.
    var linesStart: Double { start + metrics.headerLength + metrics.leadingInset }

    /// The start of the footer.
    var footerStart: Double { linesStart + content.length + metrics.trailingInset }

    /// The section's end: the bottom of its footer.
    var end: Double { footerStart + metrics.footerLength }

    /// The placement of an item in content coordinates.
    func placement(of item: Int) -> LinePlacement? {
        guard item >= 0, item < count else { return nil }
        var placement: LinePlacement?
        switch content {
        case .uniform(let lines): placement = lines.placement(of: item)
        case .variable(let lines): placement = lines.placement(of: item, metrics: metrics)
        }
        placement?.v += linesStart
        return placement
    }

    /// Calls `body` with every item that overlaps the spans, in content coordinates.
    func forEachItem(overlapping u: Span, _ v: Span, _ body: (Int, LinePlacement) -> Void) {
        let origin = linesStart
        let local = Span(lower: v.lower - origin, upper: v.upper - origin)
        let shifted: (Int, LinePlacement) -> Void = { item, placement in
            var placement = placement
            placement.v += origin
            body(item, placement)
        }
        switch content {
        case .uniform(let lines): lines.forEachItem(overlapping: u, local, shifted)
        case .variable(let lines):
            lines.forEachItem(overlapping: u, local, metrics: metrics, shifted)
        }
    }

    /// The header's placement, if the section has one.
    var headerPlacement: LinePlacement? {
        guard metrics.headerLength > 0 else { return nil }
        return LinePlacement(
            u: 0, v: start, along: metrics.lineLength, across: metrics.headerLength)
    }

    /// The footer's placement, if the section has one.
    var footerPlacement: LinePlacement? {
        guard metrics.footerLength > 0 else { return nil }
        return LinePlacement(
            u: 0, v: footerStart, along: metrics.lineLength, across: metrics.footerLength)
    }
}
