#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A 2-D affine transform with CoreGraphics' matrix convention.
///
/// The matrix is
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// and a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`. As in CoreGraphics, the modifying
/// methods (``translatedBy(x:y:)``, ``scaledBy(x:y:)``, ``rotated(by:)``) apply the new
/// operation *before* the existing transform, and `t1.concatenating(t2)` applies `t1` first.
///
/// ```swift
/// let t = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
/// Point(x: 1, y: 1).applying(t)  // (12, 2)
/// ```
public struct AffineTransform: Sendable, Hashable {
    /// The matrix entry at row 1, column 1.
    public var a: Double
    /// The matrix entry at row 1, column 2.
    public var b: Double
    /// The matrix entry at row 2, column 1.
    public var c: Double
    /// The matrix entry at row 2, column 2.
    public var d: Double
    /// The translation along x.
    public var tx: Double
    /// The translation along y.
    public var ty: Double

    /// Creates a transform from its six matrix entries.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a translation.
    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Creates a scale.
    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a rotation by an angle in radians.
    ///
    /// In Trellis' y-down coordinates a positive angle turns clockwise on screen, as in UIKit.
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity transform.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part, `a·d − b·c`.
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// Returns the transform that applies `self` and then `other`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// Returns the transform that translates and then applies `self`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Returns the transform that scales and then applies `self`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Returns the transform that rotates by `angle` radians and then applies `self`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Returns the inverse transform, or `nil` when the transform is singular (its determinant
    /// is zero or not finite) and has no inverse.
    public func inverted() -> AffineTransform? {
        let det = determinant
        if det == 0 || !det.isFinite { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id)
        )
    }
}

extension Point {
    /// Returns the point mapped by a transform.
    ///
    /// NaN and infinite values follow IEEE arithmetic and never trap: a NaN in the transform
    /// makes every coordinate that uses it NaN (a NaN `tx` gives a NaN x and leaves y alone; a
    /// NaN `a` makes x NaN), an infinite component gives an infinite coordinate, and an infinite
    /// component multiplied by a zero coordinate gives NaN. Check ``Point/isFinite`` when the
    /// transform comes from outside.
    @inlinable
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Size {
    /// Returns the size mapped by the linear part of a transform (translation is ignored), as
    /// `CGSize.applying(_:)`.
    @inlinable
    public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}
