extension View {
    /// Lays out subviews by the view's automatic layout: flexbox for a view with a flex style,
    /// constraints for subviews that use them.
    func performAutomaticLayout() {
        layoutFlexChildren()
    }

    /// Drops constraints between this view's subtree and views outside it after it leaves
    /// `parent`.
    func removeConstraintsCrossing(from parent: View) {}

    /// Updates the layout engine after the intrinsic content size changed.
    func intrinsicSizeDidChange() {}
}
