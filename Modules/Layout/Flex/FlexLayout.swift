public import TrellisGeometry

/// The computed layout of a ``FlexNode``.
public struct FlexLayout: Sendable, Hashable {
    /// The node's border box in its parent's coordinates. The root's is at the origin, except in
    /// a right-to-left layout with a definite available width, where it sits at the right edge.
    public var frame: Rect
    /// The size of the node's content, which can exceed the frame when children overflow.
    public var contentSize: Size

    /// Creates a layout.
    public init(frame: Rect = .zero, contentSize: Size = .zero) {
        self.frame = frame
        self.contentSize = contentSize
    }
}

/// How computed positions and sizes are rounded.
public enum FlexRounding: Sendable, Hashable {
    /// Exact values are kept.
    case none
    /// Edges are rounded to device pixels at a scale (1 for whole points), using the
    /// cumulative position from the root, so that adjacent boxes stay adjacent and siblings of
    /// the same unrounded size keep sizes that differ by at most one pixel.
    case pixels(scale: Double)
}

/// An error in building a flex tree.
public struct FlexTreeError: Error, Sendable, CustomStringConvertible {
    /// The kind of error.
    public enum Code: Sendable, Hashable {
        /// A node was added to itself or to one of its descendants.
        case cycle
        /// A child index was out of range.
        case indexOutOfRange
        /// A node appeared twice in a list of children.
        case duplicateChild
    }

    /// The kind of error.
    public var code: Code
    /// What was wrong.
    public var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The error as one line.
    public var description: String { "flex tree: \(message)" }
}
