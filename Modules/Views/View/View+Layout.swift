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
        // Uncounted: the walk holds each ancestor only while its subview holds it.
        unowned(unsafe) var child = self
        while let next = child.superviewStorage, !child.isListedForLayout {
            unowned(unsafe) let parent = next.takeUnretainedValue()
            child.isListedForLayout = true
            parent.listForLayout(child)
            child = parent
        }
    }

    /// Takes the subviews listed as needing layout, in the order of ``subviews``, and clears
    /// the list.
    func takeSubviewsNeedingLayout() -> [View] {
        var listed = subviewsNeedingLayout
        subviewsNeedingLayout = []
        // One pass over the views, which in a large window no longer fit the caches: each
        // leaves the list, those moved to another superview drop out, and the order is checked.
        // Views are usually listed in the order they were added, which is already the order
        // of ``subviews``: checking costs nothing more, where sorting a large list costs
        // several passes.
        var ordered = true
        var previous = -1
        var kept = 0
        for index in listed.indices {
            let view = listed[index]
            view.isListedForLayout = false
            guard view.superview === self else { continue }
            let position = view.positionInSuperview
            if position < previous { ordered = false }
            previous = position
            if kept != index { listed[kept] = view }
            kept += 1
        }
        listed.removeLast(listed.count - kept)
        if !ordered { listed.sort { $0.positionInSuperview < $1.positionInSuperview } }
        return listed
    }

    /// Tells layout that ``intrinsicContentSize`` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeDidChange()
        superview?.setNeedsLayoutForContent()
        setNeedsLayout()
    }

    /// Marks the view as needing layout because what it holds changed (a subview came, went
    /// or moved, or a subview's size or style changed), and with it each flex container that
    /// holds it among its flex items: there its content gives its size, so the container
    /// holding it lays it out again, and so on up while containers hold containers.
    ///
    /// - Complexity: O(depth) at most.
    func setNeedsLayoutForContent() {
        setNeedsLayout()
        guard flexStyleStorage != nil, let next = superviewStorage else { return }
        // Uncounted: the walk holds each ancestor only while its subview holds it.
        unowned(unsafe) var view = next.takeUnretainedValue()
        while view.flexStyleStorage != nil {
            view.setNeedsLayout()
            guard let next = view.superviewStorage else { return }
            view = next.takeUnretainedValue()
        }
    }
}
