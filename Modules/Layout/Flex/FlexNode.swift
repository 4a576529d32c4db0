public import TrellisGeometry

/// Measures a leaf's content (text, an image) for the sizes and space a layout call gives it.
public typealias FlexMeasureFunction = (FlexMeasureRequest) -> Size

/// Returns the distance from the top of a leaf of the given size to its first baseline.
public typealias FlexBaselineFunction = (Size) -> Double

/// What a leaf holds in place of its measure and baseline functions: an object that measures
/// itself, such as a view. A layout of many leaves would otherwise make two closures for each.
package protocol FlexNodeContent: AnyObject {
    /// Measures the content, as a ``FlexMeasureFunction`` does.
    func measureFlexContent(_ request: FlexMeasureRequest) -> Size
    /// The distance from the top of the leaf at `size` to its first baseline, as a
    /// ``FlexBaselineFunction`` does.
    func flexFirstBaseline(in size: Size) -> Double
}

/// A node of a flexbox layout tree: a style, ordered children, and for leaves an optional
/// measure function; after ``calculateLayout(availableWidth:availableHeight:direction:rounding:)``
/// its ``layout`` holds its frame in its parent.
///
/// ```swift
/// let root = FlexNode(style: FlexStyle())
/// root.style.flexDirection = .row
/// root.style.columnGap = 8
/// let icon = FlexNode()
/// icon.style.width = 24
/// icon.style.height = 24
/// let title = FlexNode(measure: { request in Size(width: 80, height: 17) })
/// try root.appendChild(icon)
/// try root.appendChild(title)
/// try root.calculateLayout(availableWidth: 320, availableHeight: .maxContent)
/// title.layout.frame  // (32, 0, 80, 24)
/// ```
///
/// Layout results are cached per node, keyed by the sizes and space each call was given, so a
/// relayout of an unchanged tree measures nothing. Changing a style, a measure function or the
/// children marks the node and its ancestors dirty, and only they are recomputed.
public final class FlexNode {
    /// The node's style. Setting a different value marks the node dirty.
    public var style: FlexStyle {
        get { styleStorage.style }
        set {
            guard newValue != styleStorage.style else { return }
            styleStorage = FlexStyleStorage(newValue)
            markDirty()
        }
    }

    /// The style with what layout reads from it on every call, held by reference so that
    /// nodes made from one stored style share it rather than copy it.
    @exclusivity(unchecked) package private(set) var styleStorage: FlexStyleStorage

    /// The children, in order.
    @exclusivity(unchecked) public private(set) var children: [FlexNode] = []

    /// The parent, if the node has been added to one.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var parent: FlexNode?

    /// The leaf's measure function; `nil` measures as zero content. Ignored on a node with
    /// children. Setting it marks the node dirty.
    public var measure: FlexMeasureFunction? {
        get { functions?.value.measure }
        set {
            setFunctions(measure: newValue, baseline: baseline)
            markDirty()
        }
    }

    /// The leaf's first-baseline function; `nil` uses the bottom of the leaf's border box.
    public var baseline: FlexBaselineFunction? {
        get { functions?.value.baseline }
        set {
            setFunctions(measure: measure, baseline: newValue)
            markDirty()
        }
    }

    /// A leaf's measure and baseline functions, held apart: the nodes of a view's tree have
    /// neither (their content measures them), and the two would take 32 bytes of every node.
    private struct LeafFunctions {
        var measure: FlexMeasureFunction?
        var baseline: FlexBaselineFunction?
    }

    /// ``measure`` and ``baseline``, or `nil` when both are.
    @exclusivity(unchecked) private var functions: OutOfLine<LeafFunctions>?

    private func setFunctions(measure: FlexMeasureFunction?, baseline: FlexBaselineFunction?) {
        functions =
            measure == nil && baseline == nil
            ? nil : OutOfLine(LeafFunctions(measure: measure, baseline: baseline))
    }

    /// The leaf's content, which measures it when it has no ``measure`` function, and gives
    /// its first baseline when ``contentGivesBaseline`` is set and it has no ``baseline``
    /// function.
    @exclusivity(unchecked) package var content: (any FlexNodeContent)?

    /// The node's layout from the last layout call, rounded as that call asked.
    @exclusivity(unchecked) public internal(set) var layout = FlexLayout()

    @exclusivity(unchecked) var unrounded = UnroundedLayout()
    @exclusivity(unchecked) var cache = LayoutCache()
    /// The inputs of the last layout call made on this node as a root.
    var lastRequest: LayoutRequest? {
        get { rootRequest?.value }
        set { rootRequest = newValue.map(OutOfLine.init) }
    }
    /// ``lastRequest``, held apart: only roots have one, and the many nodes inside a tree
    /// would each carry its 50 bytes.
    @exclusivity(unchecked) private var rootRequest: OutOfLine<LayoutRequest>?
    /// Whether the style has percentage box properties or size limits.
    var styleUsesPercentages: Bool { styleStorage.usesPercentages }
    /// Whether those percentages include one other than zero, which resolves differently
    /// against different sizes.
    var styleUsesNonzeroPercentages: Bool { styleStorage.usesNonzeroPercentages }
    /// Whether the style passed the quick validity check when it was stored.
    var styleIsPlainlyValid: Bool { styleStorage.isPlainlyValid }
    /// Reusable item storage of a large container (see `FlexAlgorithm`).
    @exclusivity(unchecked) var itemStorage: [FlexItem] = []
    /// Whether the node's layout must be recomputed.
    @exclusivity(unchecked) public private(set) var isDirty = true
    /// Whether ``content`` gives the leaf's first baseline; otherwise it is the bottom of the
    /// border box, as without a ``baseline`` function.
    @exclusivity(unchecked) package var contentGivesBaseline = false

    /// The inherited direction the cached results were computed for.
    @exclusivity(unchecked) var cacheDirection: LayoutDirection?

    /// Creates a node with a style, and optionally a measure function.
    public init(style: FlexStyle = FlexStyle(), measure: FlexMeasureFunction? = nil) {
        styleStorage = FlexStyleStorage(style)
        setFunctions(measure: measure, baseline: nil)
    }

    /// Creates a node whose style is a stored one, shared rather than copied.
    package init(styleStorage: FlexStyleStorage, measure: FlexMeasureFunction? = nil) {
        self.styleStorage = styleStorage
        setFunctions(measure: measure, baseline: nil)
    }

    /// A node with children that are new and have no parent: the tree a layout pass builds,
    /// one node a view, which needs neither the checks nor the marking that adding children one
    /// at a time does (a new node is dirty, and its cache is empty).
    package init(styleStorage: FlexStyleStorage, adopting newChildren: [FlexNode]) {
        self.styleStorage = styleStorage
        for child in newChildren {
            precondition(child.parent == nil && child !== self, "a child to adopt has a parent")
            child.parent = self
        }
        children = newChildren
    }

    /// A leaf measured and aligned by its content.
    package init(styleStorage: FlexStyleStorage, content: any FlexNodeContent, givesBaseline: Bool)
    {
        self.styleStorage = styleStorage
        self.content = content
        contentGivesBaseline = givesBaseline
    }

    deinit {
        for child in children { child.parent = nil }
    }

    /// Readies a node of a tree kept from an earlier layout for another with the same
    /// structure: it takes the style and content given, forgets its cached results and is
    /// laid out again, as a new node would be.
    package func prepareForReuse(
        styleStorage: FlexStyleStorage, content: (any FlexNodeContent)?, givesBaseline: Bool
    ) {
        self.styleStorage = styleStorage
        self.content = content
        contentGivesBaseline = givesBaseline
        cache.clear()
        cacheDirection = nil
        rootRequest = nil
        isDirty = true
    }

    /// Lets go of the results cached in the subtree, and the memory that holds them: for a
    /// tree kept between layouts that each start from nothing cached (a measured leaf's cache
    /// is a kilobyte, and a large container's item storage 304 bytes an item).
    ///
    /// - Complexity: O(n) in the subtree.
    package func discardCachedResults() {
        cache.discardStorage()
        if itemStorage.capacity > 0 { itemStorage = [] }
        let children = self.children
        for index in children.indices {
            // Uncounted, and in a loop rather than a call for each leaf: most nodes are leaves.
            unowned(unsafe) let child = children[index]
            if child.children.isEmpty {
                child.cache.discardStorage()
            } else {
                child.discardCachedResults()
            }
        }
    }

    /// Whether the leaf's content is measured: it has a measure function or content.
    var hasMeasure: Bool { content != nil || functions?.value.measure != nil }

    /// The leaf's measured content size, or `nil` when nothing measures it.
    func measureContent(_ request: FlexMeasureRequest) -> Size? {
        if let measure = functions?.value.measure { return measure(request) }
        return content?.measureFlexContent(request)
    }

    /// The leaf's first baseline at `size`, or `nil` when nothing gives one.
    func firstBaseline(in size: Size) -> Double? {
        if let baseline = functions?.value.baseline { return baseline(size) }
        guard contentGivesBaseline, let content else { return nil }
        return content.flexFirstBaseline(in: size)
    }

    /// Marks the node and its ancestors as needing layout, discarding their cached results.
    ///
    /// Style, measure function and child changes do this by themselves; call it when a measure
    /// function's answers change (new text) while the function stays the same.
    ///
    /// - Complexity: O(depth).
    public func markDirty() {
        var node: FlexNode? = self
        while let current = node {
            current.cache.clear()
            if current.isDirty && current !== self { break }
            current.isDirty = true
            node = current.parent
        }
    }

    /// Whether `node` is this node or one of its ancestors.
    private func isSelfOrAncestor(_ node: FlexNode) -> Bool {
        var current: FlexNode? = self
        while let candidate = current {
            if candidate === node { return true }
            current = candidate.parent
        }
        return false
    }

    /// Adds a child after the existing ones, removing it from its previous parent.
    ///
    /// - Parameter child: The node to add.
    /// - Throws: ``FlexTreeError`` if `child` is this node or one of its ancestors.
    /// - Complexity: O(depth).
    public func appendChild(_ child: FlexNode) throws {
        try insertChild(child, at: children.count)
    }

    /// Inserts a child at an index, removing it from its previous parent.
    ///
    /// - Parameters:
    ///   - child: The node to insert.
    ///   - index: Its position among the children, from 0 to `children.count`.
    /// - Throws: ``FlexTreeError`` if `child` is this node or an ancestor, or the index is out
    ///   of range.
    /// - Complexity: O(depth + children).
    public func insertChild(_ child: FlexNode, at index: Int) throws {
        // A node without children is nobody's ancestor: only itself would make a cycle.
        if child === self || (!child.children.isEmpty && isSelfOrAncestor(child)) {
            throw FlexTreeError(
                .cycle, "a node cannot be added to itself or to one of its descendants")
        }
        var index = index
        if let oldParent = child.parent {
            if oldParent === self, let old = children.firstIndex(where: { $0 === child }),
                old < index
            {
                index -= 1
            }
            oldParent.detach(child)
        }
        guard index >= 0 && index <= children.count else {
            throw FlexTreeError(
                .indexOutOfRange, "child index \(index) is outside 0...\(children.count)")
        }
        if index == children.count {
            children.append(child)
        } else {
            children.insert(child, at: index)
        }
        child.parent = self
        child.lastRequest = nil
        markDirty()
    }

    /// Removes and returns the child at an index.
    ///
    /// - Parameter index: The child's position.
    /// - Returns: The removed child.
    /// - Throws: ``FlexTreeError`` if the index is out of range.
    /// - Complexity: O(depth + children).
    @discardableResult
    public func removeChild(at index: Int) throws -> FlexNode {
        guard children.indices.contains(index) else {
            throw FlexTreeError(
                .indexOutOfRange, "child index \(index) is outside 0..<\(children.count)")
        }
        let child = children[index]
        detach(child)
        return child
    }

    /// Removes the node from its parent, if it has one.
    ///
    /// - Complexity: O(depth + siblings).
    public func removeFromParent() {
        parent?.detach(self)
    }

    /// Replaces all children.
    ///
    /// - Parameter newChildren: The new children, in order.
    /// - Throws: ``FlexTreeError`` if one of them is this node or an ancestor, or appears twice.
    /// - Complexity: O(depth + children).
    public func setChildren(_ newChildren: [FlexNode]) throws {
        for child in newChildren where isSelfOrAncestor(child) {
            throw FlexTreeError(
                .cycle, "a node cannot be added to itself or to one of its descendants")
        }
        var seen = Set<ObjectIdentifier>()
        for child in newChildren where !seen.insert(ObjectIdentifier(child)).inserted {
            throw FlexTreeError(
                .duplicateChild, "the same node appears twice among the new children")
        }
        for child in children { child.parent = nil }
        children = []
        for child in newChildren {
            child.parent?.detach(child)
            child.parent = self
            child.lastRequest = nil
        }
        children = newChildren
        markDirty()
    }

    private func detach(_ child: FlexNode) {
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: index)
        child.parent = nil
        markDirty()
    }

    /// Clears dirty flags after a layout pass computed this node.
    func markClean() { isDirty = false }
}
