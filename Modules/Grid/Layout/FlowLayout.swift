public import TrellisGeometry

/// A layout that fills lines with items and stacks the lines, with UIKit's
/// `UICollectionViewFlowLayout` semantics.
///
/// Items have ``itemSize`` (50×50 by default) or, when the collection view's delegate adopts
/// ``CollectionViewDelegateFlowLayout``, a size each. A line takes as many items as fit with at
/// least ``minimumInteritemSpacing`` between them (10 by default) inside the section's
/// ``sectionInset``; lines are ``minimumLineSpacing`` apart (10 by default). Each section starts
/// with its header and ends with its footer (``headerReferenceSize`` and
/// ``footerReferenceSize``; 0 along the scroll direction means none), which span the whole width
/// of a vertically scrolling view.
///
/// Within a line, as UIKit does:
/// - A full line is justified: the space left over is spread evenly between its items.
/// - A line that holds a single item because the next does not fit centres it, and so does a
///   section of a single item (reported in Digipolitan/collection-view-left-align-flow-layout#2
///   and TextureGroup/Texture#1906).
/// - The last line of a section is not justified. When all the section's items have one size,
///   its items keep the columns of a full line, so that a grid's last row lines up with the rows
///   above (PSTCollectionView, a reimplementation checked against UIKit, places it so); when
///   sizes differ, its items start at the section inset with the minimum spacing between them
///   (UIKit's behaviour in rdar://20825965), even when it holds one item.
/// - Items of different sizes are centred across the line.
///
/// Uniform sections are computed arithmetically: a query costs the same for twelve items or a
/// million, and the layout keeps no per-item storage. Sections with per-item sizes keep 16 bytes
/// per item (the line's offset and the item's size in single precision) and binary-search the
/// offsets; updates rebuild a section only from the line of its first changed item.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.itemSize = Size(width: 85, height: 90)
/// layout.minimumLineSpacing = 15
/// layout.sectionInset = EdgeInsets(top: 30, left: 10, bottom: 10, right: 10)
/// let collectionView = CollectionView(
///     frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
/// ```
///
/// Negative spacings and insets count as 0, NaN as 0, and lengths above 10⁹ points are capped.
@MainActor
public final class FlowLayout: CollectionViewLayout {
    /// In a right-to-left layout, items run from the right: the collection view mirrors the
    /// frames.
    public var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    /// The collection view the layout is installed in.
    public weak var collectionView: CollectionView?

    /// The size of every item, unless the delegate gives sizes; 50×50 by default.
    public var itemSize = Size(width: 50, height: 50) {
        didSet { invalidateLayout() }
    }

    /// The minimum space between lines; 10 by default.
    public var minimumLineSpacing = 10.0 {
        didSet { invalidateLayout() }
    }

    /// The minimum space between the items of a line; 10 by default.
    public var minimumInteritemSpacing = 10.0 {
        didSet { invalidateLayout() }
    }

    /// The insets around each section's items, between its header and footer.
    public var sectionInset = EdgeInsets.zero {
        didSet { invalidateLayout() }
    }

    /// The direction in which the content grows; vertical by default.
    public var scrollDirection = ScrollDirection.vertical {
        didSet { invalidateLayout() }
    }

    /// The size of each section's header: its height when scrolling vertically, its width when
    /// scrolling horizontally; 0 for none (the default).
    public var headerReferenceSize = Size.zero {
        didSet { invalidateLayout() }
    }

    /// The size of each section's footer, as ``headerReferenceSize``.
    public var footerReferenceSize = Size.zero {
        didSet { invalidateLayout() }
    }

    var stack = SectionStack()
    var pending: LayoutInvalidationContext? = .everything

    /// Creates a flow layout with UIKit's defaults.
    public init() {}

    /// Creates a flow layout with its main properties.
    public convenience init(
        itemSize: Size, minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero, scrollDirection: ScrollDirection = .vertical
    ) {
        self.init()
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.scrollDirection = scrollDirection
    }

    /// The size of the content: the collection view's width (less its content insets) by the
    /// height of the sections, or the transpose when scrolling horizontally.
    public var collectionViewContentSize: Size { stack.contentSize }

    /// Returns the attributes of the cells, headers and footers that intersect a rectangle.
    ///
    /// - Complexity: O(log *s* + *k*) for *s* sections and *k* results in uniform sections, plus
    ///   O(log *n*) in a section of *n* items with sizes of their own.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        stack.attributes(in: rect)
    }

    /// Returns the attributes of one item.
    ///
    /// - Complexity: O(1) in a uniform section, O(*m*) for the *m* items of its line otherwise.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        stack.attributesForItem(at: indexPath)
    }

    /// Returns the attributes of a section's header (``ElementKind/sectionHeader``) or footer
    /// (``ElementKind/sectionFooter``) at item 0 of the section.
    public func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) -> LayoutAttributes? {
        stack.attributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Records an invalidation; the next ``prepare()`` rebuilds what it touches.
    public func invalidateLayout(with context: LayoutInvalidationContext) {
        if pending == nil {
            pending = context
        } else {
            pending?.merge(context)
        }
    }

    /// The bytes the layout keeps for its sections and items: the capacity of its arrays times
    /// their stride.
    package var storageBytes: Int { stack.storageBytes }

    /// The bytes of ``storageBytes`` that the layout keeps for items rather than sections.
    package var itemStorageBytes: Int { stack.itemStorageBytes }
}
