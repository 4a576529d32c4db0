public import TrellisGeometry
public import TrellisViews

/// A view that a collection view shows for an element and reuses for others, as UIKit's
/// `UICollectionReusableView`: the base of cells, headers and footers.
///
/// Register a subclass with a reuse identifier and dequeue it in the data source; the
/// collection view creates it with ``init(frame:)``, so a subclass that declares initializers of
/// its own writes `required override init(frame: Rect)`.
///
/// ```swift
/// final class TitleHeader: CollectionReusableView {
///     let title = Label()
///     required init(frame: Rect) {
///         super.init(frame: frame)
///         addSubview(title)
///     }
///     override func layoutSubviews() { title.frame = bounds.insetBy(dx: 16, dy: 0) }
/// }
/// ```
@MainActor
open class CollectionReusableView: View {
    /// The identifier the view was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// The element the view shows while it is displayed.
    var elementKey: ElementKey?

    /// Creates a view; the collection view calls it when no view is waiting for reuse.
    public required override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Called just before a view waiting for reuse is dequeued again: reset what the data source
    /// does not set every time. The default does nothing.
    open func prepareForReuse() {}

    /// Applies the layout's attributes: frame, alpha and hidden state.
    open func apply(_ layoutAttributes: LayoutAttributes) {
        frame = layoutAttributes.frame
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
    }

    /// The view's attributes plus its reuse identifier and the element it shows.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if let reuseIdentifier { attributes.append("reuse=\(reuseIdentifier)") }
        if let elementKey { attributes.append("element=\(elementKey)") }
        return attributes
    }
}

/// A displayed element: a cell's index path, or a supplementary view's kind and index path.
struct ElementKey: Hashable, CustomStringConvertible {
    /// The supplementary view's kind, or `nil` for a cell.
    var kind: ElementKind?
    /// The element's index path.
    var indexPath: IndexPath

    init(_ attributes: LayoutAttributes) {
        kind = attributes.representedElementKind
        indexPath = attributes.indexPath
    }

    init(kind: ElementKind?, indexPath: IndexPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    var description: String { kind.map { "\($0) \(indexPath)" } ?? "\(indexPath)" }
}
