/// The direction in which a flow layout's content grows and scrolls, as
/// `UICollectionView.ScrollDirection`.
///
/// Vertically scrolling content fills lines from left to right and stacks them downwards;
/// horizontally scrolling content fills lines from top to bottom and stacks them rightwards.
public enum ScrollDirection: Sendable, Hashable {
    /// Lines are rows, stacked downwards.
    case vertical
    /// Lines are columns, stacked rightwards.
    case horizontal
}
