public import TrellisGeometry

/// Where a layout places one element of a collection view, a cell or a supplementary view, as
/// UIKit's `UICollectionViewLayoutAttributes`.
///
/// ```swift
/// let cell = LayoutAttributes(
///     forCellWith: IndexPath(item: 0, section: 0),
///     frame: Rect(x: 16.25, y: 30, width: 85, height: 90))
/// let header = LayoutAttributes(
///     forSupplementaryViewOfKind: .sectionHeader, with: IndexPath(item: 0, section: 0),
///     frame: Rect(x: 0, y: 0, width: 320, height: 40))
/// ```
public struct LayoutAttributes: Sendable, Hashable {
    /// The element's index path: the item's for a cell, the section's (item 0) for a header or
    /// footer.
    public var indexPath: IndexPath
    /// The kind of supplementary view, or `nil` for a cell.
    public var representedElementKind: ElementKind?
    /// The frame in the collection view's content coordinates.
    public var frame: Rect
    /// The opacity, in `0...1`.
    public var alpha: Double = 1
    /// Whether the element is hidden.
    public var isHidden = false
    /// The stacking order: views with a higher value are in front; equal values keep the order
    /// in which the views appeared.
    public var zIndex = 0

    /// Creates the attributes of a cell.
    public init(forCellWith indexPath: IndexPath, frame: Rect) {
        self.indexPath = indexPath
        self.representedElementKind = nil
        self.frame = frame
    }

    /// Creates the attributes of a supplementary view.
    public init(
        forSupplementaryViewOfKind kind: ElementKind, with indexPath: IndexPath, frame: Rect
    ) {
        self.indexPath = indexPath
        self.representedElementKind = kind
        self.frame = frame
    }

    /// Whether the attributes describe a cell rather than a supplementary view.
    public var isCell: Bool { representedElementKind == nil }
}

extension LayoutAttributes: CustomStringConvertible {
    /// The element and its frame, such as `cell 0.3 (16.25, 30, 85, 90)`.
    public var description: String {
        let element = representedElementKind.map { "\($0)" } ?? "cell"
        return "\(element) \(indexPath) \(frame)"
    }
}
