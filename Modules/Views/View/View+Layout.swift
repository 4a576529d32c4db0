import TrellisGeometry

extension View {
    /// Marks the view as needing ``layoutSubviews()`` at the next layout pass.
    public func setNeedsLayout() {
        needsLayout = true
        noteLayoutNeededBelowAncestors()
        setNeedsDisplay()
    }

    /// Whether this view or any view below it needs layout.
    ///
    /// - Complexity: O(1).
    public var subtreeNeedsLayout: Bool {
        needsLayout || descendantNeedsLayout
    }

    /// Marks the ancestors of a view that needs layout, so that a layout pass visits only the
    /// branches that lead to work: up to the first ancestor already marked, whose own
    /// ancestors are marked too.
    func noteLayoutNeededBelowAncestors() {
        var ancestor = superview
        while let current = ancestor, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            ancestor = current.superview
        }
    }

    /// Tells layout that ``intrinsicContentSize`` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeDidChange()
        superview?.setNeedsLayout()
        setNeedsLayout()
    }
}
