import TrellisGeometry

extension View {
    /// Marks the view as needing ``layoutSubviews()`` at the next layout pass.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Lays out the view and its subtree now if any of it needs layout: the view itself first,
    /// then each subview, as `UIView.layoutIfNeeded()`.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    public func sizeToFit() {
        let fitting = sizeThatFits(bounds.size)
        guard fitting.isFinite else { return }
        frame = Rect(
            origin: frame.origin,
            size: Size(width: max(0, fitting.width), height: max(0, fitting.height)))
    }

    /// Tells layout that ``intrinsicContentSize`` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeDidChange()
        superview?.setNeedsLayout()
        setNeedsLayout()
    }
}
