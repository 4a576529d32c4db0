/// The space a node may occupy along one axis while it is measured or laid out.
///
/// Integer and floating-point literals make definite space:
/// `node.calculateLayout(availableWidth: 320, availableHeight: .maxContent)`.
public enum FlexAvailableSpace: Sendable, Hashable {
    /// A definite amount of space, in points.
    case definite(Double)
    /// Size to the smallest size that does not overflow: every soft wrap opportunity is taken.
    case minContent
    /// Size to the content's preferred size without wrapping.
    case maxContent

    /// The amount of space, or `nil` under a min- or max-content constraint.
    public var definiteValue: Double? {
        if case .definite(let value) = self { return value }
        return nil
    }

    /// The space less an amount, if definite.
    func subtracting(_ amount: Double) -> FlexAvailableSpace {
        if case .definite(let value) = self { return .definite(value - amount) }
        return self
    }

    /// The space replaced by a definite value when one is given.
    func replaced(by value: Double?) -> FlexAvailableSpace {
        if let value { return .definite(value) }
        return self
    }

    /// The definite value mapped through a function; keywords are unchanged.
    func mapDefinite(_ transform: (Double) -> Double) -> FlexAvailableSpace {
        if case .definite(let value) = self { return .definite(transform(value)) }
        return self
    }

    /// The definite value clamped; keywords are unchanged.
    func clamped(min: Double?, max: Double?) -> FlexAvailableSpace {
        mapDefinite { $0.clamped(min: min, max: max) }
    }

    /// Whether two spaces are equal, with definite values within a small tolerance.
    func isRoughlyEqual(to other: FlexAvailableSpace) -> Bool {
        switch (self, other) {
        case (.definite(let a), .definite(let b)): abs(a - b) < 1e-6
        case (.minContent, .minContent), (.maxContent, .maxContent): true
        default: false
        }
    }
}

extension FlexAvailableSpace: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates definite space from a floating-point literal.
    public init(floatLiteral value: Double) { self = .definite(value) }

    /// Creates definite space from an integer literal.
    public init(integerLiteral value: Int) { self = .definite(Double(value)) }
}

/// What a measure function is asked: the sizes already fixed and the space available in each
/// axis.
///
/// A measure function returns the node's content size (without padding and border). When a
/// known width or height is given, the returned size should use it.
public struct FlexMeasureRequest: Sendable, Hashable {
    /// The width the node will have, if fixed.
    public var knownWidth: Double?
    /// The height the node will have, if fixed.
    public var knownHeight: Double?
    /// The horizontal space available to the content.
    public var availableWidth: FlexAvailableSpace
    /// The vertical space available to the content.
    public var availableHeight: FlexAvailableSpace

    /// Creates a request.
    public init(
        knownWidth: Double?, knownHeight: Double?, availableWidth: FlexAvailableSpace,
        availableHeight: FlexAvailableSpace
    ) {
        self.knownWidth = knownWidth
        self.knownHeight = knownHeight
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
    }
}
