import TrellisGeometry

extension View {
    /// Marks the view as needing ``layoutSubviews()`` at the next layout pass.
    public func setNeedsLayout() {
        // Already marked and listed: the marks up the tree and the redraw request were made
        // then, and no layout pass has run since to clear them.
        if needsLayout, isListedForLayout || superview == nil { return }
        needsLayout = true
        noteLayoutNeededBelowAncestors()
        setNeedsDisplay()
    }

    /// Whether this view or any view below it needs layout.
    ///
    /// - Complexity: O(1).
    public var subtreeNeedsLayout: Bool {
        needsLayout || !subviewsNeedingLayout.isEmpty
    }

    /// Lists the view with its superview, and each ancestor with its own, as leading to a view
    /// that needs layout, so that a layout pass visits only those branches; stops at the first
    /// one already listed, whose ancestors are listed too.
    ///
    /// - Complexity: O(depth) at most, O(1) when the branch is already listed.
    func noteLayoutNeededBelowAncestors() {
        var child = self
        while let parent = child.superview, !child.isListedForLayout {
            child.isListedForLayout = true
            parent.subviewsNeedingLayout.append(child)
            child = parent
        }
    }

    /// Takes the subviews listed as needing layout, in the order of ``subviews``, and clears
    /// the list.
    func takeSubviewsNeedingLayout() -> [View] {
        var listed = subviewsNeedingLayout
        subviewsNeedingLayout = []
        for view in listed { view.isListedForLayout = false }
        listed.removeAll { $0.superview !== self }
        // Views are usually listed in the order they were added, which is already the order
        // of ``subviews``: checking costs one pass where sorting a large list costs several.
        var ordered = true
        var previous = -1
        for view in listed {
            let position = view.positionInSuperview
            if position < previous {
                ordered = false
                break
            }
            previous = position
        }
        if !ordered { listed.sort { $0.positionInSuperview < $1.positionInSuperview } }
        return listed
    }

    /// Tells layout that ``intrinsicContentSize`` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeDidChange()
        superview?.setNeedsLayout()
        setNeedsLayout()
    }
}
