public import TrellisEvents
public import TrellisGeometry
public import TrellisViews

/// A scroll view that shows items from a data source in cells placed by a layout, and keeps
/// only the cells it shows, as UIKit's `UICollectionView`.
///
/// A layout (``FlowLayout``, ``GridLayout`` or your own ``CollectionViewLayout``) places every
/// item; the collection view asks it for the elements in its bounds plus ``overscan``, asks the
/// data source for a cell for each, and takes back the cells that scroll out of view to reuse
/// them for the items that scroll in. A million items cost as many cells as fit on the screen.
///
/// Seed 003's twelve app icons, three to a row:
///
/// ```swift
/// let layout = GridLayout(
///     columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
///     sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
/// let collectionView = CollectionView(
///     frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
/// let source = ModelDataSource(
///     collectionView: collectionView, cellType: AppCell.self, items: apps)
/// window.addSubview(collectionView)
/// ```
///
/// Touches highlight the item under them and select it when they end there (see
/// ``CollectionViewDelegate`` for the order of the calls); dragging and the wheel scroll, as a
/// `ScrollView`. Changes to the data go through ``performBatchUpdates(_:completion:)`` and
/// `insertItems(at:)` and its siblings, which check the change against the data source and
/// update the layout incrementally, or through ``reloadData()``.
@MainActor
open class CollectionView: ScrollView {
    /// The layout that places the items. Setting it installs the new layout and lays out again.
    public var collectionViewLayout: any CollectionViewLayout {
        didSet {
            if oldValue !== collectionViewLayout { oldValue.collectionView = nil }
            install(collectionViewLayout)
        }
    }

    /// The object that provides the sections, items and cells. Held weakly, as in UIKit; setting
    /// it reloads the data.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Objects the collection view keeps alive for as long as it lives: the data sources that a
    /// scene builds for it, which nothing else in the view tree owns.
    package var ownedObjects: [AnyObject] = []

    /// The object told about highlighting, selection and display; a flow layout also reads
    /// item sizes and spacing from it. Held weakly.
    public weak var delegate: (any CollectionViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// Whether touches select items; `true` by default. When `false`, touches neither
    /// highlight nor select, and ``selectItem(at:animated:scrollPosition:)`` does nothing.
    public var allowsSelection = true

    /// Whether several items can be selected at once; a tap on a selected item then deselects
    /// it. `false` by default: selecting an item deselects the others.
    public var allowsMultipleSelection = false

    /// How far beyond the bounds, on every side, cells are kept and created ahead of
    /// scrolling; 32 points by default. Negative and non-finite values count as 0, and values
    /// above two screens (twice the larger side of the bounds) as two screens.
    public var overscan = 32.0 {
        didSet { setNeedsLayout() }
    }

    /// How far a touch may move before it counts as a drag, which cancels the highlight and
    /// selects nothing; 10 points.
    public var touchSlop = 10.0

    /// The last problem with the data source or an update, kept so that rendering goes on:
    /// an unregistered reuse identifier, an absurd count, a cell returned for two items, an
    /// update that did not match.
    public internal(set) var lastError: CollectionViewError?

    /// The most sections a collection view shows; larger counts are cut to it.
    public static let maximumSectionCount = 1 << 20

    /// The most items a section holds; larger counts are cut to it.
    public static let maximumItemCount = 1 << 26

    // The item count of each section, as last read from the data source or kept up to date by
    // updates; `nil` until read.
    var itemCounts: [Int]?
    var registrations: [ReuseKey: @MainActor () -> CollectionReusableView] = [:]
    var reusePool: [ReuseKey: [CollectionReusableView]] = [:]
    var visibleViews: [ElementKey: CollectionReusableView] = [:]
    var selectedItems: Set<IndexPath> = []
    var touchTracking: TouchTracking?
    var pendingUpdates: UpdateRecorder?
    var laidOutBounds: Rect?

    /// Creates a collection view with a layout; a ``FlowLayout`` with UIKit's defaults unless
    /// given.
    public init(
        frame: Rect = .zero, collectionViewLayout layout: any CollectionViewLayout = FlowLayout()
    ) {
        collectionViewLayout = layout
        super.init(frame: frame)
        install(layout)
    }

    private func install(_ layout: any CollectionViewLayout) {
        layout.collectionView = self
        layout.invalidateLayout(with: .everything)
        laidOutBounds = nil
        setNeedsLayout()
    }

    // MARK: Layout and touches

    /// Prepares the layout, sets the content size, and shows the elements that intersect the
    /// bounds plus ``overscan``: cells that left are taken back for reuse before new ones are
    /// dequeued, so scrolling by a screen creates no cells.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutElements()
    }

    /// Scrolling lays the cells out again.
    open override func scrollViewDidScroll() {
        super.scrollViewDidScroll()
        setNeedsLayout()
    }

    /// Highlights the item under a touch that goes down, selects it when the touch ends there,
    /// and scrolls by dragging as a `ScrollView`.
    ///
    /// A touch that moves more than ``touchSlop`` is a drag: the highlight goes away and nothing
    /// is selected. Touches that land on a control inside a cell go to the control.
    open override func handleTouch(_ touch: Touch) -> Bool {
        let scrolls = super.handleTouch(touch)
        return trackTouch(touch, scrolls: scrolls)
    }

    // MARK: Accessibility

    /// The assigned elements, else the cells and supplementary views that show in the bounds
    /// (not those kept in the overscan), by index path: in each section its headers, its
    /// cells, then its other views. As a container that lists its elements, a collection view
    /// is read as a unit.
    open override var accessibilityElements: [any Accessible]? {
        get {
            if let elements = accessibilityStorage?.elements { return elements }
            return visibleViews.filter { $0.value.frame.intersects(bounds) }
                .sorted { CollectionView.readsBefore($0.key, $1.key) }.map(\.value)
        }
        set { super.accessibilityElements = newValue }
    }

    /// The assigned type, else `AccessibilityContainerType.list`: a collection view is a list
    /// of its items, as AT-SPI's `list` of `list item`s.
    open override var accessibilityContainerType: AccessibilityContainerType {
        get { accessibilityStorage?.containerType ?? .list }
        set { super.accessibilityContainerType = newValue }
    }

    /// Whether an element is read before another: by section, the section's headers first,
    /// then by item, cells before supplementary views.
    private static func readsBefore(_ a: ElementKey, _ b: ElementKey) -> Bool {
        func rank(_ key: ElementKey) -> Int {
            key.kind == .sectionHeader ? 0 : (key.kind == nil ? 1 : 2)
        }
        if a.indexPath.section != b.indexPath.section {
            return a.indexPath.section < b.indexPath.section
        }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        return a < b
    }

    // MARK: Counts

    /// The number of sections, from the data source.
    public var numberOfSections: Int { counts.count }

    /// The number of items in a section, from the data source; 0 outside the sections.
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = counts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// The item counts, read from the data source when not known.
    var counts: [Int] {
        if let itemCounts { return itemCounts }
        let counts = readCounts()
        itemCounts = counts
        return counts
    }

    /// Reads the counts from the data source, cutting absurd ones and noting the problem.
    func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        let sectionCount = min(max(sections, 0), CollectionView.maximumSectionCount)
        if sectionCount != sections {
            lastError = CollectionViewError(
                .invalidDataSource,
                "numberOfSections returned \(sections); it must be in "
                    + "0...\(CollectionView.maximumSectionCount)"
            )
        }
        return (0..<sectionCount).map { section in
            let items = dataSource.collectionView(self, numberOfItemsInSection: section)
            let count = min(max(items, 0), CollectionView.maximumItemCount)
            if count != items {
                lastError = CollectionViewError(
                    .invalidDataSource,
                    "numberOfItemsInSection \(section) returned \(items); it must be in "
                        + "0...\(CollectionView.maximumItemCount)")
            }
            return count
        }
    }

    // MARK: Registration

    /// Registers a cell class for a reuse identifier; dequeuing the identifier creates instances
    /// with `init(frame:)` when none is waiting for reuse.
    public func register(
        _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
    ) {
        registrations[ReuseKey(kind: nil, identifier: identifier)] = {
            cellClass.init(frame: .zero)
        }
    }

    /// Registers a function that makes cells for a reuse identifier.
    public func register(
        _ makeCell: @escaping @MainActor () -> CollectionViewCell,
        forCellWithReuseIdentifier identifier: String
    ) {
        registrations[ReuseKey(kind: nil, identifier: identifier)] = makeCell
    }

    /// Registers a view class for a kind of supplementary view and a reuse identifier.
    public func register(
        _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: ElementKind,
        withReuseIdentifier identifier: String
    ) {
        registrations[ReuseKey(kind: kind, identifier: identifier)] = {
            viewClass.init(frame: .zero)
        }
    }

    /// The view's attributes plus the number of sections and of displayed cells.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        attributes.append("sections=\(itemCounts?.count ?? 0)")
        attributes.append("cells=\(visibleViews.keys.filter { $0.kind == nil }.count)")
        return attributes
    }
}

/// A registration: a supplementary kind (`nil` for cells) and a reuse identifier.
struct ReuseKey: Hashable {
    var kind: ElementKind?
    var identifier: String
}

/// The item a touch highlighted, and where the touch began in the superview's coordinates.
struct TouchTracking {
    var indexPath: IndexPath
    var start: Point
}
