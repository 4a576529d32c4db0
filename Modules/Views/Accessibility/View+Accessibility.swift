import TrellisEvents
public import TrellisGeometry

extension View: Accessible {
    /// The view's accessibility settings, created on first assignment.
    package var accessibilitySettings: AccessibilityStorage {
        if let accessibilityStorage { return accessibilityStorage }
        let created = AccessibilityStorage()
        accessibilityStorage = created
        return created
    }

    /// What assistive technologies read in this view's subtree, in reading order, as
    /// VoiceOver would move through it.
    ///
    /// The tree holds the elements of the subtree (``View/isAccessibilityElement``), each with
    /// its label, value, hint, traits, identifier and frame in window coordinates. Containers
    /// that are not elements are left out, and their elements are read with the elements
    /// around them, ordered by position: top to bottom, then leading to trailing (right to left
    /// in a right-to-left layout); a view that groups its children
    /// (``View/shouldGroupAccessibilityChildren``), lists its elements
    /// (``View/accessibilityElements``) or is modal is one ``AccessibilityRole/group`` node
    /// read as a unit. Hidden and transparent views, views whose
    /// ``View/accessibilityElementsHidden`` is set and the siblings of a modal view are left
    /// out. The window is laid out first.
    ///
    /// ```swift
    /// let tree = window.accessibilityTree()
    /// print(tree)
    /// // - text "Settings" traits=[staticText, header] frame=(16, 20, 288, 24)
    /// // - toggleButton "Wi-Fi" value="1" traits=[button, toggleButton] id=wifi frame=(…)
    /// ```
    ///
    /// - Returns: The tree; its description is the text of the `.accessibility` snapshot and of
    ///   `trellis a11y`.
    /// - Complexity: O(*n* log *n*) in the number of views in the subtree.
    public func accessibilityTree() -> AccessibilityTree {
        (window ?? self).layoutIfNeeded()
        var builder = AccessibilityTreeBuilder()
        return AccessibilityTree(nodes: builder.entries(for: self).map { $0.makeNode() })
    }

    /// The entries of the accessibility tree with the views and elements they were made from,
    /// for bridges to a platform's accessibility API; the window is laid out first.
    package func accessibilityEntries() -> [AccessibilityTreeBuilder.Entry] {
        (window ?? self).layoutIfNeeded()
        var builder = AccessibilityTreeBuilder()
        return builder.entries(for: self)
    }

    /// The point an assistive technology taps to activate the element: the centre of its
    /// ``accessibilityFrame``, in window coordinates.
    public var accessibilityActivationPoint: Point {
        let frame = accessibilityFrame
        return Point(x: frame.midX, y: frame.midY)
    }

    /// The labels and values of the elements in this view's subtree, in reading order, joined
    /// by ", " ("App 1", "Wi-Fi, 1"): what a cell that is read as one element says.
    ///
    /// Call it on a view that is not itself an element (a cell's content view), or it reads
    /// itself.
    package var combinedAccessibilityLabel: String? {
        var builder = AccessibilityTreeBuilder()
        var parts: [String] = []
        func visit(_ entry: AccessibilityTreeBuilder.Entry) {
            for text in [entry.node.label, entry.node.value] {
                if let text, !text.isEmpty { parts.append(text) }
            }
            for child in entry.children { visit(child) }
        }
        for entry in builder.entries(for: self) { visit(entry) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Whether the view and its ancestors are shown: none hidden or transparent (alpha below
    /// 0.01, the limit of hit-testing).
    var isShownOnScreen: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden || current.alpha < 0.01 { return false }
            view = current.superview
        }
        return true
    }

    /// Taps the view at its activation point through its window, as VoiceOver does when an
    /// element does not activate itself: the touch goes to whatever the window finds there.
    ///
    /// - Returns: Whether the view is in a window that took the tap.
    package func performAccessibilityTap() -> Bool {
        guard let window else { return false }
        let point = accessibilityActivationPoint
        let time = window.currentTime
        window.dispatch(Touch(phase: .began, location: point, timestamp: time))
        window.dispatch(Touch(phase: .ended, location: point, timestamp: time))
        return true
    }
}
