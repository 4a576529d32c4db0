package import TrellisGeometry
package import TrellisLayout

extension View {
    /// Lays the subviews out by flexbox inside the bounds, when the view has a flex style.
    ///
    /// Subviews with a flex style of their own and subviews take part as nested containers, so
    /// that their content sizes them as CSS would; every other subview is a leaf measured with
    /// ``sizeThatFits(_:)`` at the width flexbox offers, whose first baseline (for
    /// `alignItems: .baseline`) is ``firstBaselineOffsetFromTop(in:)`` at its laid-out size.
    func layoutFlexChildren() {
        // Read in place: most views that lay out here are leaves, and a style is large.
        guard hasSubviews, let storage = flexStyleStorage else {
            if flexTree != nil { flexTree = nil }
            return
        }
        var containerStyle = storage.style
        containerStyle.width = .points(bounds.width)
        containerStyle.height = .points(bounds.height)
        let alignItems = containerStyle.alignItems
        let subviews = self.subviews
        let rootStorage = FlexStyleStorage(containerStyle)
        let root: FlexNode
        if let tree = flexTree,
            View.reuseFlexNodes(
                tree.children, for: subviews, depth: 1,
                needsBaseline: {
                    View.alignsByBaseline($0, alignItems: alignItems)
                })
        {
            tree.prepareForReuse(styleStorage: rootStorage, content: nil, givesBaseline: false)
            root = tree
        } else {
            root = FlexNode(
                styleStorage: rootStorage,
                adopting: View.flexNodes(for: subviews, depth: 1) {
                    View.alignsByBaseline($0, alignItems: alignItems)
                })
            flexTree = root
        }
        do {
            try root.calculateLayout(
                availableWidth: .definite(bounds.width), availableHeight: .definite(bounds.height),
                direction: effectiveLayoutDirection, rounding: .pixels(scale: window?.scale ?? 1))
            lastLayoutError = nil
        } catch {
            lastLayoutError = "\(error)"
            flexTree = nil
            return
        }
        // The nodes are the subviews' in order: read them by index, which takes no reference
        // to either.
        let nodes = root.children
        let originX = bounds.minX
        let originY = bounds.minY
        for index in subviews.indices {
            let frame = nodes[index].layout.frame
            guard frame.isFinite else { continue }
            subviews[index].frame = frame.offsetBy(dx: originX, dy: originY)
        }
        // The next layout starts from nothing cached: the kept tree holds no results.
        root.discardCachedResults()
    }

    /// Forgets the flex trees of this view and its ancestors, which may hold nodes for a
    /// subview that is leaving: a node holds its view, which would stay alive with the tree.
    ///
    /// - Complexity: O(depth).
    func discardFlexTreesAbove() {
        // Uncounted: the walk holds each ancestor only while its subview holds it.
        unowned(unsafe) var view = self
        while true {
            if view.flexTree != nil { view.flexTree = nil }
            guard let next = view.superviewStorage else { return }
            view = next.takeUnretainedValue()
        }
    }

    /// The flex nodes of a container's subviews, in a loop: a closure called for each (as
    /// `map` calls one) would check the main actor's executor each time.
    private static func flexNodes(
        for subviews: [View], depth: Int, needsBaseline: (View) -> Bool
    ) -> [FlexNode] {
        var nodes: [FlexNode] = []
        nodes.reserveCapacity(subviews.count)
        for subview in subviews {
            nodes.append(
                flexNode(for: subview, depth: depth, needsBaseline: needsBaseline(subview)))
        }
        return nodes
    }

    /// Readies the nodes of a kept tree for another layout, if they are still the subviews'
    /// as ``flexNodes(for:depth:needsBaseline:)`` would make them: the same views in the same
    /// order, each a nested container exactly when it would be one now. Styles and baseline
    /// needs are taken afresh, and every node is laid out again.
    ///
    /// - Returns: Whether the tree fits; when it does not, some nodes may have been readied
    ///   and the tree is to be replaced.
    private static func reuseFlexNodes(
        _ nodes: [FlexNode], for subviews: [View], depth: Int, needsBaseline: (View) -> Bool
    ) -> Bool {
        guard nodes.count == subviews.count else { return false }
        for index in subviews.indices {
            let node = nodes[index]
            let view = subviews[index]
            if let storage = nestedContainerStyle(of: view, depth: depth) {
                guard !node.children.isEmpty, node.content == nil else { return false }
                let alignItems = storage.style.alignItems
                let needs = needsBaseline(view)
                guard
                    reuseFlexNodes(
                        node.children, for: view.subviews, depth: depth + 1,
                        needsBaseline: { needs || alignsByBaseline($0, alignItems: alignItems) })
                else { return false }
                node.prepareForReuse(styleStorage: storage, content: nil, givesBaseline: false)
            } else {
                guard node.children.isEmpty, node.content === view else { return false }
                node.prepareForReuse(
                    styleStorage: view.flexStyleStorage ?? .standard, content: view,
                    givesBaseline: needsBaseline(view))
            }
        }
        return true
    }

    /// Whether a subview takes part in the baseline alignment of a container that aligns its
    /// items by `alignItems`.
    private static func alignsByBaseline(_ view: View, alignItems: FlexItemAlignment) -> Bool {
        (view.flexStyleStorage?.style.alignSelf ?? alignItems).position == .baseline
    }

    /// The flex node of a subview. `needsBaseline` says whether some container aligns by the
    /// view's first baseline: the view's own, or one of a container holding it (whose first
    /// baseline is its items').
    private static func flexNode(for view: View, depth: Int, needsBaseline: Bool) -> FlexNode {
        if let storage = nestedContainerStyle(of: view, depth: depth) {
            let alignItems = storage.style.alignItems
            return FlexNode(
                styleStorage: storage,
                adopting: flexNodes(for: view.subviews, depth: depth + 1) {
                    needsBaseline || alignsByBaseline($0, alignItems: alignItems)
                })
        }
        return FlexNode(
            styleStorage: view.flexStyleStorage ?? .standard, content: view,
            givesBaseline: needsBaseline)
    }

    /// The style of a subview that takes part in its container's tree as a nested container,
    /// with its own subviews as nodes, or `nil` for one that is a leaf: a view with a style and
    /// subviews, above the depth where a tree stops. Making a tree and reusing one both ask it.
    private static func nestedContainerStyle(of view: View, depth: Int) -> FlexStyleStorage? {
        guard let storage = view.flexStyleStorage, view.hasSubviews, depth < 200 else {
            return nil
        }
        return storage
    }
}

/// A view measures itself as a flex leaf: by ``View/sizeThatFits(_:)`` at the width flexbox
/// offers, and with its first baseline at its laid-out size.
extension View: FlexNodeContent {
    package nonisolated func measureFlexContent(_ request: FlexMeasureRequest) -> Size {
        MainActor.assumeIsolated {
            let width = request.knownWidth ?? request.availableWidth.definiteValue ?? 0
            let height = request.knownHeight ?? 0
            let size = sizeThatFits(Size(width: max(0, width), height: max(0, height)))
            return Size(
                width: size.width.isFinite ? max(0, size.width) : 0,
                height: size.height.isFinite ? max(0, size.height) : 0)
        }
    }

    package nonisolated func flexFirstBaseline(in size: Size) -> Double {
        MainActor.assumeIsolated {
            guard let offset = firstBaselineOffsetFromTop(in: size), offset.isFinite else {
                return size.height
            }
            return offset
        }
    }
}
