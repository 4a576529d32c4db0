extension Double {
    /// Returns the value rounded to the nearest device pixel at a scale factor.
    ///
    /// With a scale of 2, `10.3` becomes `10.5`. Halves round away from zero. A scale that is
    /// not a positive finite number leaves the value unchanged, and NaN stays NaN.
    public func roundedToPixel(scale: Double) -> Double {
        guard scale > 0, scale.isFinite, isFinite else { return self }
        return (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// Returns the value rounded up to a whole device pixel at a scale factor, as UIKit code
    /// rounds measured text sizes with `ceil`.
    ///
    /// A scale that is not a positive finite number leaves the value unchanged.
    public func ceiledToPixel(scale: Double) -> Double {
        guard scale > 0, scale.isFinite, isFinite else { return self }
        return (self * scale).rounded(.up) / scale
    }
}

extension Point {
    /// Returns the point with both coordinates rounded to the nearest device pixel.
    public func roundedToPixels(scale: Double) -> Point {
        Point(x: x.roundedToPixel(scale: scale), y: y.roundedToPixel(scale: scale))
    }
}

extension Size {
    /// Returns the size with both dimensions rounded up to whole device pixels.
    public func ceiledToPixels(scale: Double) -> Size {
        Size(width: width.ceiledToPixel(scale: scale), height: height.ceiledToPixel(scale: scale))
    }
}

extension Rect {
    /// Returns the rectangle with each edge rounded to the nearest device pixel.
    ///
    /// Edges are rounded rather than the origin and size separately, so rectangles that share an
    /// edge before rounding still share it after. The null rectangle stays null.
    public func roundedToPixels(scale: Double) -> Rect {
        if isNull { return .null }
        let x0 = minX.roundedToPixel(scale: scale)
        let y0 = minY.roundedToPixel(scale: scale)
        let x1 = maxX.roundedToPixel(scale: scale)
        let y1 = maxY.roundedToPixel(scale: scale)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
