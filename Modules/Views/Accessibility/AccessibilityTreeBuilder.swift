import TrellisGeometry

/// Builds the accessibility tree of a view's subtree: which views and elements are read, which
/// containers are read as a unit, and in what order.
@MainActor
package struct AccessibilityTreeBuilder {
    /// A node (without its children) with the view or element it was made from, and its
    /// children's entries.
    package struct Entry {
        package var node: AccessibilityNode
        package var source: any Accessible
        package var children: [Entry]
        /// The numbers behind the value, for a control that has them (a slider, a stepper, a
        /// page control).
        package var valueRange: AccessibilityValueRange?
        /// What kind of container a group is (a list for a collection view).
        package var containerType: AccessibilityContainerType = .none

        /// The node with its children's nodes.
        package func makeNode() -> AccessibilityNode {
            guard !children.isEmpty else { return node }
            var complete = node
            complete.children = children.map { $0.makeNode() }
            return complete
        }
    }

    /// The views left out because a modal sibling was shown, with that sibling, in the order
    /// they were met.
    private(set) var hiddenByModal: [(view: View, modal: View)] = []

    /// The entries of a view's subtree in reading order.
    ///
    /// - Complexity: O(*n* log *n*) in the number of views.
    mutating func entries(for view: View) -> [Entry] {
        AccessibilityTreeBuilder.ordered(
            collect(view), rightToLeft: view.effectiveLayoutDirection.isRightToLeft)
    }

    /// The entries a view contributes: itself when it is an element, one group when it is read
    /// as a unit, otherwise its children's entries unordered (the group above orders them).
    private mutating func collect(_ view: View) -> [Entry] {
        guard !view.isHidden, view.alpha >= 0.01, !view.accessibilityElementsHidden else {
            return []
        }
        if view.isAccessibilityElement { return [AccessibilityTreeBuilder.leaf(view)] }
        let listed = view.accessibilityElements
        var children: [Entry] = []
        if let listed {
            for item in listed {
                if let child = item as? View {
                    children += collect(child)
                } else if item.isAccessibilityElement {
                    children.append(AccessibilityTreeBuilder.leaf(item))
                }
            }
        } else {
            for child in readableSubviews(of: view) { children += collect(child) }
        }
        let isGroup =
            listed != nil || view.shouldGroupAccessibilityChildren
            || view.accessibilityViewIsModal
        guard isGroup else { return children }
        guard !children.isEmpty else { return [] }
        let ordered =
            listed != nil
            ? children
            : AccessibilityTreeBuilder.ordered(
                children, rightToLeft: view.effectiveLayoutDirection.isRightToLeft)
        return [AccessibilityTreeBuilder.group(view, ordered)]
    }

    /// The subviews whose elements are read: all of them, or only the frontmost shown modal
    /// one, whose siblings are then recorded in ``hiddenByModal``.
    private mutating func readableSubviews(of view: View) -> [View] {
        let subviews = view.subviews
        guard
            let modal = subviews.last(where: {
                $0.accessibilityViewIsModal && !$0.isHidden && $0.alpha >= 0.01
            })
        else { return subviews }
        hiddenByModal += subviews.filter { $0 !== modal }.map { ($0, modal) }
        return [modal]
    }

    /// The entry of an element.
    static func leaf(_ item: any Accessible) -> Entry {
        let traits = item.accessibilityTraits
        let node = AccessibilityNode(
            role: AccessibilityRole(traits: traits, isGroup: false),
            label: item.accessibilityLabel, value: item.accessibilityValue,
            hint: item.accessibilityHint, traits: traits,
            identifier: item.accessibilityIdentifier, frame: item.accessibilityFrame,
            actions: item.accessibilityCustomActions.map(\.name))
        return Entry(
            node: node, source: item, children: [],
            valueRange: (item as? any AccessibilityValueRangeProviding)?.accessibilityValueRange)
    }

    /// The entry of a container read as a unit, with its children's entries in order.
    static func group(_ view: View, _ children: [Entry]) -> Entry {
        let traits = view.accessibilityTraits
        let node = AccessibilityNode(
            role: AccessibilityRole(traits: traits, isGroup: true),
            label: view.accessibilityLabel, value: view.accessibilityValue,
            hint: view.accessibilityHint, traits: traits,
            identifier: view.accessibilityIdentifier, frame: view.accessibilityFrame,
            actions: view.accessibilityCustomActions.map(\.name))
        return Entry(
            node: node, source: view, children: children,
            valueRange: (view as? any AccessibilityValueRangeProviding)?.accessibilityValueRange,
            containerType: view.accessibilityContainerType)
    }

    /// Entries in reading order: top to bottom in rows, each row leading to trailing.
    ///
    /// The entries are taken by their tops; one whose top is below the top of the first entry
    /// of the current row and at or below that entry's vertical middle starts a new row, so
    /// that controls of different heights centred on one line read as one row. Within a row,
    /// entries go by their left edges, or by their right edges from the right in a
    /// right-to-left layout; ties keep the order they came in.
    ///
    /// - Complexity: O(*n* log *n*).
    static func ordered(_ entries: [Entry], rightToLeft: Bool) -> [Entry] {
        guard entries.count > 1 else { return entries }
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        // The keys once per entry, sorted as plain numbers: entries are costly to move.
        var keys: [(top: Double, middle: Double, leading: Double, index: Int)] = []
        keys.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let frame = entry.node.frame
            keys.append(
                (
                    finite(frame.minY), finite(frame.midY),
                    rightToLeft ? -finite(frame.maxX) : finite(frame.minX), index
                ))
        }
        keys.sort { ($0.top, $0.leading, $0.index) < ($1.top, $1.leading, $1.index) }
        var order: [Int] = []
        order.reserveCapacity(entries.count)
        var rowStart = 0
        while rowStart < keys.count {
            let first = keys[rowStart]
            var rowEnd = rowStart + 1
            while rowEnd < keys.count,
                !(keys[rowEnd].top > first.top && keys[rowEnd].top >= first.middle)
            {
                rowEnd += 1
            }
            let row = keys[rowStart..<rowEnd].sorted {
                ($0.leading, $0.index) < ($1.leading, $1.index)
            }
            order += row.map(\.index)
            rowStart = rowEnd
        }
        return order.map { entries[$0] }
    }
}
