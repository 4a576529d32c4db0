import TrellisGeometry

/// A property of a view that animates.
enum AnimatedProperty: Hashable, CaseIterable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    /// How far a control's drawing has moved towards its current state (see
    /// `View.contentTransition`).
    case contentTransition
}

/// A value of an animated property, and the interpolation between two of them.
enum AnimatedValue: Equatable {
    case point(Point)
    case rect(Rect)
    case transform(AffineTransform)
    case number(Double)
    case color(Color?)

    /// The value a fraction of the way from `self` to `end` (fractions outside `0...1`
    /// overshoot, as springs do).
    func interpolated(to end: AnimatedValue, _ t: Double) -> AnimatedValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, end) {
        case (.point(let a), .point(let b)):
            return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.rect(let a), .rect(let b)):
            return .rect(
                Rect(
                    x: mix(a.minX, b.minX), y: mix(a.minY, b.minY),
                    width: max(0, mix(a.width, b.width)), height: max(0, mix(a.height, b.height))))
        case (.transform(let a), .transform(let b)):
            return .transform(
                AffineTransform(
                    a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d),
                    tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.color(let a), .color(let b)):
            let from = a ?? (b ?? .clear).withAlphaComponent(0)
            let to = b ?? from.withAlphaComponent(0)
            let clamped = min(max(t, 0), 1)
            func channel(_ x: Double, _ y: Double) -> Double { x + (y - x) * clamped }
            return .color(
                Color(
                    red: channel(from.red, to.red), green: channel(from.green, to.green),
                    blue: channel(from.blue, to.blue), alpha: channel(from.alpha, to.alpha)))
        default:
            return t < 1 ? self : end
        }
    }
}

/// What a view shows while it animates: the presentation values of its animated properties.
struct Presentation {
    var center: Point
    var bounds: Rect
    var transform: AffineTransform
    var alpha: Double
    var backgroundColor: Color?
    var cornerRadius: Double
    var contentTransition: Double

    /// The transform from the view's coordinates to its superview's.
    var transformToSuperview: AffineTransform {
        View.transformToSuperview(bounds: bounds, center: center, transform: transform)
    }
}
