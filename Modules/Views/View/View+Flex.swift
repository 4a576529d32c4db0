import TrellisGeometry
import TrellisLayout

extension View {
    /// Lays the subviews out by flexbox inside the bounds, when the view has a flex style.
    ///
    /// Subviews with a flex style of their own and subviews take part as nested containers, so
    /// that their content sizes them as CSS would; every other subview is a leaf measured with
    /// ``sizeThatFits(_:)`` at the width flexbox offers, whose first baseline (for
    /// `alignItems: .baseline`) is ``firstBaselineOffsetFromTop(in:)`` at its laid-out size.
    func layoutFlexChildren() {
        // Read in place: most views that lay out here are leaves, and a style is large.
        guard hasSubviews, let storage = flexStyleStorage else { return }
        var containerStyle = storage.style
        containerStyle.width = .points(bounds.width)
        containerStyle.height = .points(bounds.height)
        let alignItems = containerStyle.alignItems
        let subviews = self.subviews
        let root = FlexNode(
            styleStorage: FlexStyleStorage(containerStyle),
            adopting: View.flexNodes(for: subviews, depth: 1) {
                View.alignsByBaseline($0, alignItems: alignItems)
            })
        do {
            try root.calculateLayout(
                availableWidth: .definite(bounds.width), availableHeight: .definite(bounds.height),
                direction: effectiveLayoutDirection, rounding: .pixels(scale: window?.scale ?? 1))
            lastLayoutError = nil
        } catch {
            lastLayoutError = "\(error)"
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

    /// Whether a subview takes part in the baseline alignment of a container that aligns its
    /// items by `alignItems`.
    private static func alignsByBaseline(_ view: View, alignItems: FlexItemAlignment) -> Bool {
        (view.flexStyleStorage?.style.alignSelf ?? alignItems).position == .baseline
    }

    /// The flex node of a subview. `needsBaseline` says whether some container aligns by the
    /// view's first baseline: the view's own, or one of a container holding it (whose first
    /// baseline is its items'); only then does a leaf get a baseline function, which a layout
    /// of many leaves would otherwise allocate for each of them on every pass.
    private static func flexNode(for view: View, depth: Int, needsBaseline: Bool) -> FlexNode {
        let storage = view.flexStyleStorage
        if let storage, view.hasSubviews, depth < 200 {
            let alignItems = storage.style.alignItems
            return FlexNode(
                styleStorage: storage,
                adopting: flexNodes(for: view.subviews, depth: depth + 1) {
                    needsBaseline || alignsByBaseline($0, alignItems: alignItems)
                })
        }
        // The node lives only for this layout pass, so its functions can hold the view: a
        // weak reference would give every leaf view a side table, and an unowned one would
        // not survive a measurement that takes a view out of its superview.
        let measure: FlexMeasureFunction = { request in
            MainActor.assumeIsolated {
                let width = request.knownWidth ?? request.availableWidth.definiteValue ?? 0
                let height = request.knownHeight ?? 0
                let size = view.sizeThatFits(Size(width: max(0, width), height: max(0, height)))
                return Size(
                    width: size.width.isFinite ? max(0, size.width) : 0,
                    height: size.height.isFinite ? max(0, size.height) : 0)
            }
        }
        let node = FlexNode(styleStorage: storage ?? .standard, measure: measure)
        guard needsBaseline else { return node }
        node.baseline = { size in
            MainActor.assumeIsolated {
                guard let offset = view.firstBaselineOffsetFromTop(in: size), offset.isFinite
                else { return size.height }
                return offset
            }
        }
        return node
    }
}
