public import TrellisGeometry
public import TrellisRender

/// A linear gradient filling a view's bounds, as `CAGradientLayer` (axial): colours at
/// locations along a line from ``startPoint`` to ``endPoint`` in unit coordinates of the bounds.
///
/// ```swift
/// view.gradient = Gradient(colors: [.red, .orange])   // top to bottom, as seed 001's overlay
/// ```
public struct Gradient: Sendable, Hashable {
    /// The colours, at least one.
    public var colors: [Color]
    /// The location of each colour in `0...1`; `nil` spreads them evenly.
    public var locations: [Double]?
    /// The start of the gradient line in unit coordinates; (0.5, 0) by default, as Core
    /// Animation's.
    public var startPoint: Point
    /// The end of the gradient line in unit coordinates; (0.5, 1) by default.
    public var endPoint: Point

    /// Creates a gradient.
    public init(
        colors: [Color], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
        endPoint: Point = Point(x: 0.5, y: 1)
    ) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The gradient's stops: the colours paired with their locations, sorted, clamped to
    /// `0...1`; colours without a location are spread evenly, as Core Animation does.
    public var stops: [GradientStop] {
        guard !colors.isEmpty else { return [] }
        return colors.enumerated().map { index, color in
            let even = colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1)
            var location = locations.flatMap { index < $0.count ? $0[index] : nil } ?? even
            if !location.isFinite { location = even }
            return GradientStop(location: min(max(location, 0), 1), color: color)
        }.sorted { $0.location < $1.location }
    }
}

/// A shadow cast by a view's background, as a layer's `shadowColor`, `shadowOpacity`,
/// `shadowOffset` and `shadowRadius`.
public struct Shadow: Sendable, Hashable {
    /// The shadow colour.
    public var color: Color
    /// The opacity multiplied into the colour's alpha.
    public var opacity: Double
    /// The offset of the shadow.
    public var offset: Size
    /// The blur radius.
    public var radius: Double

    /// Creates a shadow; the defaults are Core Animation's apart from the opacity, which is
    /// visible (0.5) rather than 0.
    public init(
        color: Color = .black, opacity: Double = 0.5, offset: Size = Size(width: 0, height: -3),
        radius: Double = 3
    ) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}
