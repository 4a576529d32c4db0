import TrellisGeometry

/// A half-open interval of one axis.
struct Span {
    var lower: Double
    var upper: Double

    /// Whether the interval `[start, start + length)` overlaps this one with a non-empty area.
    func overlaps(start: Double, length: Double) -> Bool {
        length > 0 && start < upper && start + length > lower
    }
}

/// A placed element in line coordinates: `u` runs along a line, `v` along the scroll direction.
struct LinePlacement {
    var u: Double
    var v: Double
    var along: Double
    var across: Double
}

/// Converts between line coordinates and the collection view's content coordinates.
struct LineAxes {
    var direction: ScrollDirection

    /// The content rectangle of a placement.
    func rect(_ placement: LinePlacement) -> Rect {
        switch direction {
        case .vertical:
            Rect(x: placement.u, y: placement.v, width: placement.along, height: placement.across)
        case .horizontal:
            Rect(x: placement.v, y: placement.u, width: placement.across, height: placement.along)
        }
    }

    /// The rectangle's extent along lines and along the scroll direction.
    func spans(of rect: Rect) -> (u: Span, v: Span) {
        let x = Span(lower: rect.minX, upper: rect.maxX)
        let y = Span(lower: rect.minY, upper: rect.maxY)
        return direction == .vertical ? (x, y) : (y, x)
    }

    /// A size's length along a line.
    func along(_ size: Size) -> Double {
        direction == .vertical ? size.width : size.height
    }

    /// A size's length along the scroll direction.
    func across(_ size: Size) -> Double {
        direction == .vertical ? size.height : size.width
    }

    /// A size from its lengths along a line and along the scroll direction.
    func size(along: Double, across: Double) -> Size {
        direction == .vertical
            ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

/// Layout lengths made safe: NaN and negative lengths become 0, and lengths are capped so that
/// sums over millions of items stay finite and exact enough.
enum LayoutLength {
    /// The longest length a layout uses, in points.
    static let maximum = 1e9

    /// The length clamped to `0...maximum`, NaN as 0.
    static func sanitized(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), maximum)
    }

    /// A size with both lengths sanitized.
    static func sanitized(_ size: Size) -> Size {
        Size(width: sanitized(size.width), height: sanitized(size.height))
    }

    /// Insets with every distance sanitized.
    static func sanitized(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: sanitized(insets.top), left: sanitized(insets.left),
            bottom: sanitized(insets.bottom), right: sanitized(insets.right))
    }

    /// An index range `[first, last)` of positions `start + i × pitch` (each `length` long)
    /// that overlap a span, clamped to `0..<count`.
    static func indices(
        overlapping span: Span, start: Double, pitch: Double, length: Double, count: Int
    ) -> Range<Int> {
        guard count > 0, length > 0, span.lower < span.upper, start.isFinite else {
            return 0..<0
        }
        guard pitch > 0 else {
            return span.overlaps(start: start, length: length) ? 0..<count : 0..<0
        }
        let limit = Double(count)
        let firstGuess = ((span.lower - start - length) / pitch).rounded(.down)
        var first = Int(min(max(firstGuess, 0), limit))
        while first < count, start + Double(first) * pitch + length <= span.lower { first += 1 }
        let lastGuess = ((span.upper - start) / pitch).rounded(.up)
        var last = Int(min(max(lastGuess, 0), limit))
        while last > first, start + Double(last - 1) * pitch >= span.upper { last -= 1 }
        return first..<max(first, last)
    }
}
