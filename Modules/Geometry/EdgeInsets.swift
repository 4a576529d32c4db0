/// Distances inward from the edges of a rectangle, in UIKit's order: top, left, bottom, right.
///
/// ```swift
/// let insets = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
/// Rect(x: 0, y: 0, width: 100, height: 40).inset(by: insets)  // (5, 10, 90, 20)
/// ```
///
/// The insets hold any values as given, NaN and infinities included; ``horizontal`` and
/// ``vertical`` are plain sums, so a NaN inset makes its sum NaN, and ``Rect/inset(by:)`` with
/// a NaN inset gives ``Rect/null``.
public struct EdgeInsets: Sendable, Hashable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Creates insets from the four distances, in UIKit's order.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets with the same distance on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// Creates insets with one distance for the left and right edges and one for the top and
    /// bottom edges.
    public init(horizontal: Double, vertical: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// Insets of zero on every edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The sum of the left and right insets.
    public var horizontal: Double { left + right }

    /// The sum of the top and bottom insets.
    public var vertical: Double { top + bottom }
}

extension EdgeInsets: CustomStringConvertible {
    /// The insets as `{top, left, bottom, right}`.
    public var description: String {
        "{\(formatGeometry(top)), \(formatGeometry(left)), "
            + "\(formatGeometry(bottom)), \(formatGeometry(right))}"
    }
}

/// Distances inward from the edges of a rectangle, with leading and trailing edges that resolve
/// against a ``LayoutDirection``.
///
/// ```swift
/// let insets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 8)
/// insets.resolved(for: .rightToLeft)  // left 8, right 16
/// ```
public struct DirectionalEdgeInsets: Sendable, Hashable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the leading edge: left in left-to-right layouts, right otherwise.
    public var leading: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the trailing edge: right in left-to-right layouts, left otherwise.
    public var trailing: Double

    /// Creates insets from the four distances.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Insets of zero on every edge.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// Returns the insets with leading and trailing mapped to left and right for a direction.
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        switch direction {
        case .leftToRight:
            EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
        case .rightToLeft:
            EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
        }
    }
}
