import TrellisGeometry
import TrellisViews

extension FlowLayout {
    /// Rebuilds what was invalidated since the last call: every section after a reload, a
    /// change of a property or of the line length; only the changed sections after a batch of
    /// updates; nothing otherwise.
    ///
    /// - Complexity: O(*s*) for *s* sections when every section is uniform, plus O(*n*) for the
    ///   *n* items of sections with sizes of their own that must be rebuilt.
    public func prepare() {
        guard let collectionView else {
            stack = SectionStack()
            pending = .everything
            return
        }
        guard let context = pending else { return }
        pending = nil
        let source = SizeSource(layout: self, collectionView: collectionView)
        let lineLength = source.lineLength
        if context.invalidatesEverything || lineLength != stack.lineLength
            || stack.axes.direction != scrollDirection
        {
            rebuildAll(source)
        } else if let update = context.update {
            apply(update, source)
        }
    }

    func rebuildAll(_ source: SizeSource) {
        stack = SectionStack(axes: source.axes, sections: [], lineLength: source.lineLength)
        let count = source.collectionView.numberOfSections
        stack.sections.reserveCapacity(count)
        for section in 0..<count {
            stack.sections.append(
                source.buildSection(
                    section, count: source.collectionView.numberOfItems(inSection: section)))
        }
        stack.restack()
    }
}

/// What a flow layout reads while it prepares: the collection view's geometry and counts, and
/// sizes and spacing from the delegate when it adopts ``CollectionViewDelegateFlowLayout``.
@MainActor
struct SizeSource {
    let layout: FlowLayout
    let collectionView: CollectionView
    let delegate: (any CollectionViewDelegateFlowLayout)?
    let axes: LineAxes

    init(layout: FlowLayout, collectionView: CollectionView) {
        self.layout = layout
        self.collectionView = collectionView
        delegate = collectionView.delegate as? any CollectionViewDelegateFlowLayout
        axes = LineAxes(direction: layout.scrollDirection)
    }

    /// The length of a line: the bounds less the content insets, across the scroll direction.
    var lineLength: Double {
        let bounds = collectionView.bounds.size
        let inset = collectionView.contentInset
        switch axes.direction {
        case .vertical: return LayoutLength.sanitized(bounds.width - inset.left - inset.right)
        case .horizontal: return LayoutLength.sanitized(bounds.height - inset.top - inset.bottom)
        }
    }

    /// The metrics of a section.
    func metrics(for section: Int) -> SectionMetrics {
        var inset = layout.sectionInset
        var lineSpacing = layout.minimumLineSpacing
        var itemSpacing = layout.minimumInteritemSpacing
        var header = layout.headerReferenceSize
        var footer = layout.footerReferenceSize
        if let delegate {
            inset = delegate.collectionView(
                collectionView, layout: layout, insetForSectionAt: section)
            lineSpacing = delegate.collectionView(
                collectionView, layout: layout, minimumLineSpacingForSectionAt: section)
            itemSpacing = delegate.collectionView(
                collectionView, layout: layout, minimumInteritemSpacingForSectionAt: section)
            header = delegate.collectionView(
                collectionView, layout: layout, referenceSizeForHeaderInSection: section)
            footer = delegate.collectionView(
                collectionView, layout: layout, referenceSizeForFooterInSection: section)
        }
        inset = LayoutLength.sanitized(inset)
        var metrics = SectionMetrics()
        metrics.lineLength = lineLength
        switch axes.direction {
        case .vertical:
            (metrics.lineStartInset, metrics.lineEndInset) = (inset.left, inset.right)
            (metrics.leadingInset, metrics.trailingInset) = (inset.top, inset.bottom)
        case .horizontal:
            (metrics.lineStartInset, metrics.lineEndInset) = (inset.top, inset.bottom)
            (metrics.leadingInset, metrics.trailingInset) = (inset.left, inset.right)
        }
        metrics.lineSpacing = LayoutLength.sanitized(lineSpacing)
        metrics.itemSpacing = LayoutLength.sanitized(itemSpacing)
        metrics.headerLength = LayoutLength.sanitized(axes.across(header))
        metrics.footerLength = LayoutLength.sanitized(axes.across(footer))
        return metrics
    }

    /// The size of an item along a line and across it, from the delegate or the layout.
    func size(of indexPath: IndexPath) -> (along: Double, across: Double) {
        let size =
            delegate?.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath)
            ?? layout.itemSize
        return (LayoutLength.sanitized(axes.along(size)), LayoutLength.sanitized(axes.across(size)))
    }

    /// The uniform lines of a section whose items all have one size.
    func uniform(count: Int, size: (along: Double, across: Double), metrics: SectionMetrics)
        -> SectionContent
    {
        .uniform(
            UniformLines.flow(
                count: count, along: size.along, across: size.across, metrics: metrics))
    }

    /// Builds a section from scratch, asking the delegate for every item's size.
    ///
    /// - Complexity: O(1) without a flow delegate, O(*n*) for *n* items with one.
    func buildSection(_ section: Int, count: Int) -> LayoutSection {
        let metrics = metrics(for: section)
        guard delegate != nil, count > 0 else {
            let size = (
                LayoutLength.sanitized(axes.along(layout.itemSize)),
                LayoutLength.sanitized(axes.across(layout.itemSize))
            )
            return LayoutSection(
                metrics: metrics, count: count,
                content: uniform(count: count, size: size, metrics: metrics))
        }
        var lines = VariableLines()
        lines.items.reserveCapacity(count)
        lines.firstSize = size(of: IndexPath(item: 0, section: section))
        lines.items.append(FlowItem(along: lines.firstSize.along, across: lines.firstSize.across))
        var prefix = 1
        for item in 1..<count {
            let size = size(of: IndexPath(item: item, section: section))
            if prefix == item, size == lines.firstSize { prefix += 1 }
            lines.items.append(FlowItem(along: size.along, across: size.across))
        }
        guard prefix < count else {
            return LayoutSection(
                metrics: metrics, count: count,
                content: uniform(count: count, size: lines.firstSize, metrics: metrics))
        }
        lines.uniformPrefix = prefix
        lines.pack(from: 0, metrics: metrics)
        return LayoutSection(metrics: metrics, count: count, content: .variable(lines))
    }
}
