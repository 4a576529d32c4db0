/// The priority of a layout constraint, with UIKit's values and arithmetic.
///
/// A priority is a number from 1 to 1000. A constraint at ``required`` (1000) must hold; one
/// below it is optional: the engine minimises how far it is violated. Optional priorities
/// *strictly dominate* lower ones: no number of violated constraints at a lower priority can
/// outweigh a single constraint at a higher priority, so one constraint at 251 beats a thousand
/// at 250. Within one priority, violations add up.
///
/// ```swift
/// let strong: LayoutPriority = .defaultHigh        // 750
/// let justAbove = LayoutPriority.defaultLow + 1    // 251
/// let custom: LayoutPriority = 600
/// ```
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority as a number; valid values are `1...1000`.
    public var rawValue: Float

    /// Creates a priority from a number.
    ///
    /// Any value can be stored; a value outside `1...1000` (or not finite) is rejected with an
    /// error when a constraint that carries it is added or activated.
    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    /// Creates a priority from a number, as `UILayoutPriority(_:)`.
    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    /// A required constraint, 1000: it must be satisfied.
    public static let required = LayoutPriority(1000)
    /// The priority of content compression resistance by default, 750.
    public static let defaultHigh = LayoutPriority(750)
    /// The priority of a window-resizing drag, 510.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// The priority at which a window holds its size, 500.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// The priority of content hugging by default, 250.
    public static let defaultLow = LayoutPriority(250)
    /// The priority with which a fitting-size computation pulls toward its target size, 50.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether this is ``required`` (1000).
    public var isRequired: Bool { rawValue == 1000 }

    /// Whether the value is finite and within `1...1000`.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Returns whether `lhs` is lower than `rhs`.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Returns a priority raised by `rhs`, as `UILayoutPriority.+`.
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue + rhs)
    }

    /// Returns a priority lowered by `rhs`, as `UILayoutPriority.-`.
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue - rhs)
    }
}

extension LayoutPriority: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates a priority from a literal such as `750.5`.
    public init(floatLiteral value: Float) {
        self.init(value)
    }

    /// Creates a priority from a literal such as `750`.
    public init(integerLiteral value: Int) {
        self.init(Float(value))
    }
}

extension LayoutPriority: CustomStringConvertible {
    /// The number, without a fraction when it is whole (`750`, `750.5`).
    public var description: String {
        if rawValue.isFinite, rawValue == rawValue.rounded(), abs(rawValue) < 1e9 {
            return String(Int(rawValue))
        }
        return String(rawValue)
    }
}
