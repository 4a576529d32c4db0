/// An edge of a rectangle, used by ``Rect/divided(atDistance:from:)``.
///
/// It encodes as its case name, `"minXEdge"`, `"minYEdge"`, `"maxXEdge"` or `"maxYEdge"`;
/// decoding any other string is a `DecodingError`.
public enum RectEdge: String, Sendable, Hashable, Codable, CaseIterable {
    /// The edge at the smallest x-coordinate.
    case minXEdge
    /// The edge at the smallest y-coordinate.
    case minYEdge
    /// The edge at the largest x-coordinate.
    case maxXEdge
    /// The edge at the largest y-coordinate.
    case maxYEdge
}

extension Rect {
    /// Returns the rectangle shrunk by `dx` on the left and right and by `dy` on the top and
    /// bottom; negative values grow it.
    ///
    /// The result is standardized. If it would have a negative width or height, or the input is
    /// null, the result is ``null``, as `CGRect.insetBy(dx:dy:)`.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull || dx.isNaN || dy.isNaN { return .null }
        var result = standardized
        result.origin.x += dx
        result.origin.y += dy
        result.size.width -= 2 * dx
        result.size.height -= 2 * dy
        if result.size.width < 0 || result.size.height < 0 || result.isNull { return .null }
        return result
    }

    /// Returns the rectangle with its edges moved inward by the insets, as UIKit's
    /// `UIEdgeInsetsInsetRect` (`bounds.inset(by:)`).
    ///
    /// Like UIKit, this neither standardizes nor clamps: insets larger than the rectangle give a
    /// negative size. The null rectangle stays null.
    ///
    /// A NaN inset gives ``null`` (as ``insetBy(dx:dy:)`` does), and so does any other NaN the
    /// arithmetic produces, such as a left inset of `+∞` with a right inset of `-∞`. Other
    /// infinite insets follow IEEE arithmetic: a left inset of `-∞` gives an origin of `-∞` and
    /// a width of `+∞`; one that moves the origin to `+∞` (a left inset of `+∞`) gives ``null``,
    /// which is what such an origin means.
    public func inset(by insets: EdgeInsets) -> Rect {
        if isNull { return .null }
        let result = Rect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom
        )
        return result.isNull ? .null : result
    }

    /// Returns the rectangle moved by the given offsets. The null rectangle stays null.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return .null }
        return Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// Returns the smallest rectangle that contains both rectangles.
    ///
    /// ``null`` is the identity: the union of a rectangle and the null rectangle is the
    /// rectangle itself (standardized).
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Returns the overlap of two rectangles, or ``null`` when they are disjoint.
    ///
    /// Rectangles that only touch along an edge intersect in a rectangle of zero width or
    /// height, as in CoreGraphics.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        if x0 > x1 || y0 > y1 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles overlap in an area greater than zero.
    ///
    /// Rectangles that only touch along an edge do not intersect.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// Whether the point lies inside the rectangle.
    ///
    /// The minimum edges are inclusive and the maximum edges exclusive, so that adjacent
    /// rectangles never both contain a point. An empty rectangle contains no point.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        if isEmpty { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the other rectangle lies entirely inside this one.
    ///
    /// Always `false` when either rectangle is null.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        if isNull || other.isNull { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY
            && other.maxY <= maxY
    }

    /// Splits the rectangle in two along an edge.
    ///
    /// The slice is the part within `distance` of `edge`; the remainder is the rest. The
    /// distance is clamped to the rectangle's extent, so a distance larger than the rectangle
    /// gives the whole rectangle as the slice and an empty remainder. A null rectangle gives two
    /// null rectangles, and a NaN distance is treated as zero.
    ///
    /// - Returns: The slice and the remainder, both standardized.
    public func divided(atDistance distance: Double, from edge: RectEdge) -> (
        slice: Rect, remainder: Rect
    ) {
        if isNull { return (.null, .null) }
        let r = standardized
        let horizontal = edge == .minXEdge || edge == .maxXEdge
        let extent = horizontal ? r.size.width : r.size.height
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), extent)
        switch edge {
        case .minXEdge:
            return (
                Rect(x: r.minX, y: r.minY, width: d, height: r.height),
                Rect(x: r.minX + d, y: r.minY, width: r.width - d, height: r.height)
            )
        case .maxXEdge:
            return (
                Rect(x: r.maxX - d, y: r.minY, width: d, height: r.height),
                Rect(x: r.minX, y: r.minY, width: r.width - d, height: r.height)
            )
        case .minYEdge:
            return (
                Rect(x: r.minX, y: r.minY, width: r.width, height: d),
                Rect(x: r.minX, y: r.minY + d, width: r.width, height: r.height - d)
            )
        case .maxYEdge:
            return (
                Rect(x: r.minX, y: r.maxY - d, width: r.width, height: d),
                Rect(x: r.minX, y: r.minY, width: r.width, height: r.height - d)
            )
        }
    }

    /// The smallest rectangle with integral coordinates that contains this one.
    ///
    /// The minimum edges are rounded down and the maximum edges up. The null rectangle stays
    /// null.
    public var integral: Rect {
        if isNull { return .null }
        let x0 = minX.rounded(.down)
        let y0 = minY.rounded(.down)
        let x1 = maxX.rounded(.up)
        let y1 = maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Returns the bounding box of the rectangle after applying a transform to its corners.
    ///
    /// The null rectangle stays null and the infinite rectangle stays infinite.
    @inlinable
    public func applying(_ transform: AffineTransform) -> Rect {
        if isNull { return .null }
        if isInfinite { return .infinite }
        let t = transform
        if t == .identity { return standardized }
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, isFinite, t.tx.isFinite, t.ty.isFinite {
            // A translation, the common case: the same sums as the corners give.
            let x0 = minX + t.tx
            let y0 = minY + t.ty
            return Rect(x: x0, y: y0, width: (maxX + t.tx) - x0, height: (maxY + t.ty) - y0)
        }
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] {
            let corner = Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
            if corner.x.isNaN || corner.y.isNaN { return .null }
            x0 = Swift.min(x0, corner.x)
            y0 = Swift.min(y0, corner.y)
            x1 = Swift.max(x1, corner.x)
            y1 = Swift.max(y1, corner.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
