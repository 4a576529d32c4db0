/// A rectangle: an origin and a size, with CoreGraphics' semantics.
///
/// A rectangle's size may be negative; the geometric accessors (``minX``, ``width``, …) and the
/// operations in this module work on its ``standardized`` form, as `CGRect` does.
///
/// Two special values exist. ``null`` is the result of intersecting disjoint rectangles and is
/// the identity of ``union(_:)``. ``infinite`` contains every point.
///
/// ## Non-finite input
/// A rectangle with a NaN in its origin or size is treated as ``null`` everywhere: ``isNull``
/// is `true`, operations that return a rectangle return ``null`` for it, and containment and
/// intersection tests return `false`. A rectangle whose origin has a coordinate of `+infinity`
/// is ``null`` too, as in CoreGraphics. Other infinities follow IEEE arithmetic.
///
/// ```swift
/// let r = Rect(x: 10, y: 10, width: 100, height: 50)
/// r.insetBy(dx: 10, dy: 10)        // (20, 20, 80, 30)
/// r.contains(Point(x: 110, y: 30)) // false: the maximum edges are exclusive
/// ```
public struct Rect: Sendable, Hashable {
    /// The origin: the corner with the smallest coordinates when the size is positive.
    public var origin: Point
    /// The size, possibly negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates and dimensions.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// Creates a rectangle at the origin with the given size.
    @inlinable
    public init(size: Size) {
        self.origin = .zero
        self.size = size
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The null rectangle: the result of intersecting disjoint rectangles.
    ///
    /// Its origin is at positive infinity and its size is zero, as `CGRect.null`.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The rectangle that contains every point, as `CGRect.infinite`.
    public static let infinite = Rect(
        x: -.greatestFiniteMagnitude / 2,
        y: -.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude,
        height: .greatestFiniteMagnitude
    )

    /// Whether this is the null rectangle, or has a NaN component.
    @inlinable
    public var isNull: Bool {
        origin.x == .infinity || origin.y == .infinity
            || origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN
    }

    /// Whether the rectangle is null or has zero width or height.
    @inlinable
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// Whether this is ``infinite``.
    @inlinable
    public var isInfinite: Bool { self == .infinite }

    /// The rectangle with a non-negative width and height that covers the same area.
    ///
    /// The null rectangle stays null.
    @inlinable
    public var standardized: Rect {
        if isNull { return .null }
        var result = self
        if result.size.width < 0 {
            result.origin.x += result.size.width
            result.size.width = -result.size.width
        }
        if result.size.height < 0 {
            result.origin.y += result.size.height
            result.size.height = -result.size.height
        }
        return result
    }

    /// The smallest x-coordinate. Positive infinity for the null rectangle.
    @inlinable
    public var minX: Double {
        if isNull { return .infinity }
        return size.width < 0 ? origin.x + size.width : origin.x
    }

    /// The x-coordinate of the centre. Positive infinity for the null rectangle.
    @inlinable
    public var midX: Double { isNull ? .infinity : minX + width / 2 }

    /// The largest x-coordinate. Positive infinity for the null rectangle.
    @inlinable
    public var maxX: Double { isNull ? .infinity : minX + width }

    /// The smallest y-coordinate. Positive infinity for the null rectangle.
    @inlinable
    public var minY: Double {
        if isNull { return .infinity }
        return size.height < 0 ? origin.y + size.height : origin.y
    }

    /// The y-coordinate of the centre. Positive infinity for the null rectangle.
    @inlinable
    public var midY: Double { isNull ? .infinity : minY + height / 2 }

    /// The largest y-coordinate. Positive infinity for the null rectangle.
    @inlinable
    public var maxY: Double { isNull ? .infinity : minY + height }

    /// The width of the standardized rectangle; zero for the null rectangle.
    @inlinable
    public var width: Double { isNull ? 0 : abs(size.width) }

    /// The height of the standardized rectangle; zero for the null rectangle.
    @inlinable
    public var height: Double { isNull ? 0 : abs(size.height) }

    /// The centre point.
    @inlinable
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the origin and the size are all finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension Rect: CustomStringConvertible {
    /// The rectangle as `(x, y, width, height)`, or `null`.
    public var description: String {
        if isNull { return "null" }
        return "(\(formatGeometry(origin.x)), \(formatGeometry(origin.y)), "
            + "\(formatGeometry(size.width)), \(formatGeometry(size.height)))"
    }
}
