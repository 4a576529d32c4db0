/// What assistive technologies read in a view tree, in reading order: the value
/// ``View/accessibilityTree()`` returns.
///
/// Its description is an indented outline, one node a line, the nodes of a group indented by
/// two spaces under it; it is the text of TrellisTesting's `.accessibility` snapshot and of
/// `trellis a11y SCENE.json`:
///
/// ```swift
/// print(window.accessibilityTree())
/// // - text "Controls" traits=[staticText] frame=(16, 10, 648, 18)
/// // - group id=stepper frame=(452, 39, 94, 29)
/// //   - button "Decrement" value="0" traits=[button, notEnabled] frame=(452, 39, 47, 29)
/// //   - button "Increment" value="0" traits=[button] frame=(499, 39, 47, 29)
/// ```
public struct AccessibilityTree: Sendable, Hashable, CustomStringConvertible {
    /// The top-level nodes, in reading order.
    public var nodes: [AccessibilityNode]

    /// Creates a tree.
    ///
    /// - Parameter nodes: The top-level nodes, in reading order.
    public init(nodes: [AccessibilityNode]) {
        self.nodes = nodes
    }

    /// Every node, depth first in reading order: what a screen reader visits as the user
    /// swipes from the first element to the last (groups before their elements).
    ///
    /// - Complexity: O(*n*) in the number of nodes.
    public var allNodes: [AccessibilityNode] {
        var result: [AccessibilityNode] = []
        func visit(_ node: AccessibilityNode) {
            result.append(node)
            for child in node.children { visit(child) }
        }
        for node in nodes { visit(node) }
        return result
    }

    /// The outline: one line per node (``AccessibilityNode/description``), indented two spaces
    /// per level of grouping, each line ended by a line break; empty for a tree without nodes.
    ///
    /// - Complexity: O(*n*) in the number of nodes.
    public var description: String {
        var text = ""
        func write(_ node: AccessibilityNode, depth: Int) {
            text += String(repeating: "  ", count: depth) + node.description + "\n"
            for child in node.children { write(child, depth: depth + 1) }
        }
        for node in nodes { write(node, depth: 0) }
        return text
    }
}
