// Arithmetic on optional lengths, as the flexbox algorithm uses it: an absent operand leaves
// the other unchanged.

extension Double {
    /// The value limited below by `min` and above by `max`; `min` wins when they cross.
    func clamped(min lower: Double?, max upper: Double?) -> Double {
        var value = self
        if let upper, upper < value { value = upper }
        if let lower, lower > value { value = lower }
        return value
    }

    /// The smaller of the value and `other`, if any.
    func atMost(_ other: Double?) -> Double {
        if let other, other < self { return other }
        return self
    }

    /// The larger of the value and `other`, if any.
    func atLeast(_ other: Double?) -> Double {
        if let other, other > self { return other }
        return self
    }

    /// The value plus `other`, if any.
    func plus(_ other: Double?) -> Double { other.map { self + $0 } ?? self }

    /// The value minus `other`, if any.
    func minus(_ other: Double?) -> Double { other.map { self - $0 } ?? self }
}

extension Optional where Wrapped == Double {
    /// The value limited by `min` and `max`; `nil` stays `nil`.
    func clamped(min lower: Double?, max upper: Double?) -> Double? {
        self.map { $0.clamped(min: lower, max: upper) }
    }

    /// The smaller of the value and `other`; `nil` stays `nil`.
    func atMost(_ other: Double?) -> Double? { self.map { $0.atMost(other) } }

    /// The larger of the value and `other`; `nil` stays `nil`.
    func atLeast(_ other: Double?) -> Double? { self.map { $0.atLeast(other) } }

    /// The value plus `other`; `nil` stays `nil`.
    func plus(_ other: Double?) -> Double? { self.map { $0.plus(other) } }

    /// The value minus `other`; `nil` stays `nil`.
    func minus(_ other: Double?) -> Double? { self.map { $0.minus(other) } }
}

/// A width and a height of any type: sizes, optional sizes, flags, available space.
struct Dims<T> {
    var width: T
    var height: T

    init(_ width: T, _ height: T) {
        self.width = width
        self.height = height
    }

    /// The main-axis component.
    @inline(__always) func main(_ isRow: Bool) -> T { isRow ? width : height }

    /// The cross-axis component.
    @inline(__always) func cross(_ isRow: Bool) -> T { isRow ? height : width }

    /// Sets the main-axis component.
    @inline(__always) mutating func setMain(_ isRow: Bool, _ value: T) {
        if isRow { width = value } else { height = value }
    }

    /// Sets the cross-axis component.
    @inline(__always) mutating func setCross(_ isRow: Bool, _ value: T) {
        if isRow { height = value } else { width = value }
    }

    /// A copy with the main-axis component replaced.
    func withMain(_ isRow: Bool, _ value: T) -> Dims {
        var copy = self
        copy.setMain(isRow, value)
        return copy
    }

    /// A copy with the cross-axis component replaced.
    func withCross(_ isRow: Bool, _ value: T) -> Dims {
        var copy = self
        copy.setCross(isRow, value)
        return copy
    }

    /// Builds from main and cross components.
    static func fromMainCross(_ isRow: Bool, main: T, cross: T) -> Dims {
        isRow ? Dims(main, cross) : Dims(cross, main)
    }

    /// Applies a function to both components.
    func map<U>(_ transform: (T) -> U) -> Dims<U> { Dims<U>(transform(width), transform(height)) }
}

extension Dims where T == Double? {
    /// Both absent.
    static var none: Dims { Dims(nil, nil) }

    /// Each component, or `other`'s where absent.
    func or(_ other: Dims<Double?>) -> Dims<Double?> {
        Dims(width ?? other.width, height ?? other.height)
    }

    /// Each component clamped.
    func clamped(min: Dims<Double?>, max: Dims<Double?>) -> Dims<Double?> {
        Dims(
            width.clamped(min: min.width, max: max.width),
            height.clamped(min: min.height, max: max.height))
    }

    /// Each present component plus the other's.
    func plus(_ other: Dims<Double>) -> Dims<Double?> {
        Dims(width.map { $0 + other.width }, height.map { $0 + other.height })
    }

    /// Each present component minus the other's.
    func minus(_ other: Dims<Double>) -> Dims<Double?> {
        Dims(width.map { $0 - other.width }, height.map { $0 - other.height })
    }

    /// Each present component at least the other's.
    func atLeast(_ other: Dims<Double>) -> Dims<Double?> {
        Dims(width.map { Swift.max($0, other.width) }, height.map { Swift.max($0, other.height) })
    }

    /// Minimum and maximum sizes with each carried through an aspect ratio into an axis that
    /// has none (CSS Box Sizing level 4, Aspect-ratio Size Transfers): a carried minimum is at
    /// most the axis's own maximum and a carried maximum at least its own minimum, as a
    /// box's own limits take precedence over transferred ones.
    static func limitsThroughRatio(
        min ownMin: Dims<Double?>, max ownMax: Dims<Double?>, ratio: Double?
    )
        -> (min: Dims<Double?>, max: Dims<Double?>)
    {
        var lower = ownMin.applyingAspectRatio(ratio)
        var upper = ownMax.applyingAspectRatio(ratio)
        if ownMin.width == nil, let carried = lower.width, let own = ownMax.width {
            lower.width = Swift.min(carried, own)
        }
        if ownMin.height == nil, let carried = lower.height, let own = ownMax.height {
            lower.height = Swift.min(carried, own)
        }
        if ownMax.width == nil, let carried = upper.width, let own = ownMin.width {
            upper.width = Swift.max(carried, own)
        }
        if ownMax.height == nil, let carried = upper.height, let own = ownMin.height {
            upper.height = Swift.max(carried, own)
        }
        return (lower, upper)
    }

    /// The missing component derived from the present one through an aspect ratio: the ratio
    /// carries the present one's used size, clamped by its axis's `min` and `max` and raised to
    /// `floor` (a border box's padding and border). The present one is returned as it is.
    func applyingAspectRatio(
        _ ratio: Double?, floor: Dims<Double> = .zero, min: Dims<Double?> = .none,
        max: Dims<Double?> = .none
    ) -> Dims<Double?> {
        guard let ratio else { return self }
        switch (width, height) {
        case (.some(let w), .none):
            let used = Swift.max(w.clamped(min: min.width, max: max.width), floor.width)
            return Dims(w, used / ratio)
        case (.none, .some(let h)):
            let used = Swift.max(h.clamped(min: min.height, max: max.height), floor.height)
            return Dims(used * ratio, h)
        default: return self
        }
    }

    /// Each component, or `other`'s where absent, as definite values.
    func unwrap(or other: Dims<Double>) -> Dims<Double> {
        Dims<Double>(width ?? other.width, height ?? other.height)
    }
}

extension Dims where T == Double {
    /// Zero in both axes.
    static var zero: Dims { Dims(0, 0) }

    /// Each component clamped.
    func clamped(min: Dims<Double?>, max: Dims<Double?>) -> Dims<Double> {
        Dims(
            width.clamped(min: min.width, max: max.width),
            height.clamped(min: min.height, max: max.height))
    }

    /// Each component at least the other's, if present.
    func atLeast(_ other: Dims<Double?>) -> Dims<Double> {
        Dims(width.atLeast(other.width), height.atLeast(other.height))
    }

    /// Componentwise sum.
    static func + (lhs: Dims, rhs: Dims) -> Dims {
        Dims(lhs.width + rhs.width, lhs.height + rhs.height)
    }

    /// As optionals.
    var optional: Dims<Double?> { Dims<Double?>(width, height) }
}

/// Four values for the edges of a box.
struct Sides<T> {
    var left: T
    var right: T
    var top: T
    var bottom: T

    /// The edge where the main axis starts (ignoring reversal), as CSS flex layout names it.
    @inline(__always) func mainStart(_ isRow: Bool) -> T { isRow ? left : top }
    /// The edge where the main axis ends.
    @inline(__always) func mainEnd(_ isRow: Bool) -> T { isRow ? right : bottom }
    /// The edge where the cross axis starts.
    @inline(__always) func crossStart(_ isRow: Bool) -> T { isRow ? top : left }
    /// The edge where the cross axis ends.
    @inline(__always) func crossEnd(_ isRow: Bool) -> T { isRow ? bottom : right }

    func map<U>(_ transform: (T) -> U) -> Sides<U> {
        Sides<U>(
            left: transform(left), right: transform(right), top: transform(top),
            bottom: transform(bottom))
    }
}

extension Sides where T == Double {
    static var zero: Sides { Sides(left: 0, right: 0, top: 0, bottom: 0) }

    /// Left plus right.
    var horizontal: Double { left + right }
    /// Top plus bottom.
    var vertical: Double { top + bottom }
    /// Both sums as a size.
    var sums: Dims<Double> { Dims(horizontal, vertical) }
    /// The sum along the main axis.
    @inline(__always) func mainSum(_ isRow: Bool) -> Double { isRow ? horizontal : vertical }
    /// The sum along the cross axis.
    @inline(__always) func crossSum(_ isRow: Bool) -> Double { isRow ? vertical : horizontal }

    static func + (lhs: Sides, rhs: Sides) -> Sides {
        Sides(
            left: lhs.left + rhs.left, right: lhs.right + rhs.right, top: lhs.top + rhs.top,
            bottom: lhs.bottom + rhs.bottom)
    }
}

extension FlexEdges {
    /// The edges resolved against a basis (CSS resolves all four against the container width),
    /// unresolvable ones as zero.
    func resolveOrZero(_ basis: Double?) -> Sides<Double> {
        Sides(
            left: left.resolveOrZero(basis), right: right.resolveOrZero(basis),
            top: top.resolveOrZero(basis), bottom: bottom.resolveOrZero(basis))
    }

    /// Which edges are `auto`.
    var autoFlags: Sides<Bool> {
        Sides(left: left.isAuto, right: right.isAuto, top: top.isAuto, bottom: bottom.isAuto)
    }
}

/// The total size of the gaps between `count` items.
@inline(__always) func sumOfGaps(_ gap: Double, count: Int) -> Double {
    count <= 1 ? 0 : gap * Double(count - 1)
}

extension Dims: Sendable where T: Sendable {}
extension Sides: Sendable where T: Sendable {}
