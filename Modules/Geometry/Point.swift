/// A point in a two-dimensional coordinate system, in points.
///
/// Trellis uses UIKit's coordinate system: the origin is at the top left and y grows downward.
///
/// ```swift
/// let p = Point(x: 10, y: 20)
/// let moved = p.offsetBy(dx: 5, dy: -5)  // (15, 15)
/// ```
public struct Point: Sendable, Hashable {
    /// The x-coordinate.
    public var x: Double
    /// The y-coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at the origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Returns the point moved by the given offsets.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// Returns the Euclidean distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension Point: CustomStringConvertible {
    /// The point as `(x, y)`.
    public var description: String { "(\(formatGeometry(x)), \(formatGeometry(y)))" }
}

/// Formats a coordinate without a trailing `.0` for whole numbers.
func formatGeometry(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}
