/// A width and a height, in points.
///
/// A size may be negative: a ``Rect`` with a negative size extends to the left or upward from
/// its origin, as in CoreGraphics, and ``Rect/standardized`` makes it positive.
public struct Size: Sendable, Hashable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size from a width and a height.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both zero.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both dimensions are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// Returns the size with both dimensions multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }
}

extension Size: CustomStringConvertible {
    /// The size as `width×height`.
    public var description: String { "\(formatGeometry(width))×\(formatGeometry(height))" }
}
