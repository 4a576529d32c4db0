public import TrellisGeometry
import TrellisViews

/// A layout of a fixed number of columns of one item size, the hand-made grid of seed 003
/// (twelve app icons in three columns) as a layout.
///
/// With ``Spacing-swift.enum/auto`` spacing, the margin is the room left in a row shared
/// equally by the gaps before, between and after the columns, as the seed computes it:
///
///     margin = (width − columns × itemWidth) / (columns + 1)
///     x      = left + margin + column × (itemWidth + margin)
///     y      = top + row × (itemHeight + lineSpacing)
///
/// where `width` is the collection view's width less its content insets and the section's left
/// and right insets, `left` and `top` are the section's insets, `row = index / columns` and
/// `column = index % columns`. With ``Spacing-swift.enum/fixed(_:)`` spacing, columns start at
/// the left inset with that gap between them. A margin that would be negative (columns wider
/// than the view) is 0.
///
/// The properties map one to one onto a scene's `collection` layout
/// (`{"columns": 3, "itemSize": [85, 90], "lineSpacing": 15, "interitemSpacing": "auto",
/// "sectionInsets": [30, 0, 0, 0]}`):
///
/// ```swift
/// let layout = GridLayout(
///     columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
///     interitemSpacing: .auto, sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
/// // On a 320-point-wide view: margin 16.25; item 4 (row 1, column 1) at (117.5, 135, 85, 90).
/// ```
///
/// Sections follow one another, each with an optional header and footer of its own height
/// spanning the width. Every position is arithmetic: the layout keeps a few numbers per section,
/// whatever the number of items.
@MainActor
public final class GridLayout: CollectionViewLayout {
    /// In a right-to-left layout, items run from the right: the collection view mirrors the
    /// frames.
    public var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    /// The space between columns.
    public enum Spacing: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
    {
        /// The room left in a row, shared equally by the margins before, between and after the
        /// columns (seed 003's rule; a scene's `"auto"`).
        case auto
        /// A fixed gap between columns, which start at the left inset.
        case fixed(Double)

        /// A fixed gap from a number literal.
        public init(floatLiteral value: Double) {
            self = .fixed(value)
        }

        /// A fixed gap from an integer literal.
        public init(integerLiteral value: Int) {
            self = .fixed(Double(value))
        }
    }

    /// The collection view the layout is installed in.
    public weak var collectionView: CollectionView?

    /// The number of columns; values below 1 count as 1.
    public var columns: Int {
        didSet { invalidateLayout() }
    }

    /// The size of every item.
    public var itemSize: Size {
        didSet { invalidateLayout() }
    }

    /// The space between rows.
    public var lineSpacing: Double {
        didSet { invalidateLayout() }
    }

    /// The space between columns.
    public var interitemSpacing: Spacing {
        didSet { invalidateLayout() }
    }

    /// The insets around each section's rows, inside its header and footer.
    public var sectionInsets: EdgeInsets {
        didSet { invalidateLayout() }
    }

    /// The height of each section's header; 0 for none.
    public var headerHeight = 0.0 {
        didSet { invalidateLayout() }
    }

    /// The height of each section's footer; 0 for none.
    public var footerHeight = 0.0 {
        didSet { invalidateLayout() }
    }

    private var stack = SectionStack()
    private var isValid = false

    /// Creates a grid layout.
    public init(
        columns: Int, itemSize: Size, lineSpacing: Double = 0, interitemSpacing: Spacing = .auto,
        sectionInsets: EdgeInsets = .zero
    ) {
        self.columns = columns
        self.itemSize = itemSize
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.sectionInsets = sectionInsets
    }

    /// The size of the content: the collection view's width less its content insets, by the
    /// height of the sections.
    public var collectionViewContentSize: Size { stack.contentSize }

    /// Recomputes the few numbers of each section when something was invalidated.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public func prepare() {
        guard !isValid else { return }
        guard let collectionView else {
            stack = SectionStack()
            return
        }
        isValid = true
        let inset = collectionView.contentInset
        let lineLength = LayoutLength.sanitized(
            collectionView.bounds.width - inset.left - inset.right)
        stack = SectionStack(
            axes: LineAxes(direction: .vertical), sections: [], lineLength: lineLength)
        let count = collectionView.numberOfSections
        stack.sections.reserveCapacity(count)
        for section in 0..<count {
            let items = collectionView.numberOfItems(inSection: section)
            stack.sections.append(makeSection(count: items, lineLength: lineLength))
        }
        stack.restack()
    }

    private func makeSection(count: Int, lineLength: Double) -> LayoutSection {
        let insets = LayoutLength.sanitized(sectionInsets)
        var metrics = SectionMetrics()
        metrics.lineLength = lineLength
        metrics.lineStartInset = insets.left
        metrics.lineEndInset = insets.right
        metrics.leadingInset = insets.top
        metrics.trailingInset = insets.bottom
        metrics.lineSpacing = LayoutLength.sanitized(lineSpacing)
        metrics.headerLength = LayoutLength.sanitized(headerHeight)
        metrics.footerLength = LayoutLength.sanitized(footerHeight)
        let width = LayoutLength.sanitized(itemSize.width)
        let height = LayoutLength.sanitized(itemSize.height)
        let perLine = min(max(columns, 1), 1 << 30)
        var first = insets.left
        var pitch = width
        switch interitemSpacing {
        case .auto:
            let margin = max(0, (metrics.available - Double(perLine) * width) / Double(perLine + 1))
            first += margin
            pitch += margin
        case .fixed(let gap):
            pitch += LayoutLength.sanitized(gap)
        }
        metrics.itemSpacing = pitch - width
        let lines = UniformLines(
            count: count, along: width, across: height, perLine: perLine, firstOffset: first,
            columnPitch: pitch, linePitch: height + metrics.lineSpacing)
        return LayoutSection(metrics: metrics, count: count, content: .uniform(lines))
    }

    /// Returns the attributes of the cells, headers and footers that intersect a rectangle.
    ///
    /// - Complexity: O(log *s* + *k*) for *s* sections and *k* results.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        stack.attributes(in: rect)
    }

    /// Returns the attributes of one item.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        stack.attributesForItem(at: indexPath)
    }

    /// Returns the attributes of a section's header or footer at item 0 of the section.
    public func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) -> LayoutAttributes? {
        stack.attributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Marks the layout for recomputation; any change costs O(sections) at the next prepare.
    public func invalidateLayout(with context: LayoutInvalidationContext) {
        isValid = false
    }

    /// The bytes the layout keeps: its section records.
    package var storageBytes: Int { stack.storageBytes }
}
