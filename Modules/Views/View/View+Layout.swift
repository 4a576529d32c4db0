import TrellisGeometry

extension View {
    /// Marks the view as needing ``layoutSubviews()`` at the next layout pass.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Whether this view or any view below it needs layout.
    public var subtreeNeedsLayout: Bool {
        needsLayout || subviews.contains { $0.subtreeNeedsLayout }
    }

    /// Tells layout that ``intrinsicContentSize`` changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeDidChange()
        superview?.setNeedsLayout()
        setNeedsLayout()
    }
}
