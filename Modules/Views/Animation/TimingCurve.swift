public import TrellisGeometry

/// How an animation's progress follows time: a cubic Bézier from (0, 0) to (1, 1) with two
/// control points, as `CAMediaTimingFunction` defines it.
///
/// ```swift
/// TimingCurve.easeInEaseOut.progress(at: 0.5)   // 0.5
/// TimingCurve(0.25, 0.1, 0.25, 1).progress(at: 0.25)
/// ```
///
/// The curve is solved for its parameter at a given time by Newton's method, falling back to
/// bisection where the slope is too flat, to within 1e-12 of the exact solution.
public struct TimingCurve: Sendable, Hashable {
    /// The first control point; its x is in `0...1`.
    public let controlPoint1: Point
    /// The second control point; its x is in `0...1`.
    public let controlPoint2: Point

    /// Creates a curve from the control points' coordinates; x values are clamped to `0...1`
    /// so that time maps to exactly one progress.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        controlPoint1 = Point(x: unit(x1), y: finite(y1))
        controlPoint2 = Point(x: unit(x2), y: finite(y2))
    }

    /// Progress equal to time: (0, 0, 1, 1).
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Slow at the start: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Slow at the end: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Slow at both ends: (0.42, 0, 0.58, 1), UIKit's default for view animations.
    public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
    /// Core Animation's default: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve(0.25, 0.1, 0.25, 1)

    // The polynomial coefficients of each coordinate: c·s + b·s² + a·s³.
    private var coefficientsX: (a: Double, b: Double, c: Double) {
        coefficients(controlPoint1.x, controlPoint2.x)
    }

    private var coefficientsY: (a: Double, b: Double, c: Double) {
        coefficients(controlPoint1.y, controlPoint2.y)
    }

    private func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    /// The progress at a fraction of the duration.
    ///
    /// - Parameter time: The fraction of the duration, clamped to `0...1`.
    /// - Returns: The curve's y where its x is `time`.
    public func progress(at time: Double) -> Double {
        guard time.isFinite else { return 0 }
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        let s = parameter(forX: time)
        let (a, b, c) = coefficientsY
        return ((a * s + b) * s + c) * s
    }

    /// The Bézier parameter whose x is `x`, in `0...1`.
    private func parameter(forX x: Double) -> Double {
        let (a, b, c) = coefficientsX
        func sampleX(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
        func slopeX(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < 1e-14 { return s }
            let slope = slopeX(s)
            if abs(slope) < 1e-7 { break }
            s -= error / slope
        }
        // x(s) rises monotonically on 0...1 because both control x values are in 0...1.
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<100 {
            let value = sampleX(s)
            if abs(value - x) < 1e-14 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
