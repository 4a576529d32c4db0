/// A length in a flexbox style: points, a percentage, `auto`, or a CSS sizing keyword.
///
/// Percentages are stored as CSS writes them (`.percent(50)` is `50%`) and resolve against the
/// containing block as CSS specifies: widths, horizontal insets, margins and padding against
/// the container's inner width; heights and vertical insets against its inner height.
///
/// ```swift
/// var style = FlexStyle()
/// style.width = .percent(50)
/// style.height = 44
/// style.flexBasis = .auto
/// ```
///
/// The sizing keywords (``minContent``, ``maxContent``, ``fitContent``, ``stretch``) and
/// ``content`` are meaningful for sizes and `flexBasis`; elsewhere they behave as `auto`
/// (insets, margins) or as zero (padding, border, gaps).
public enum FlexLength: Sendable, Hashable {
    /// A length in points.
    case points(Double)
    /// A percentage of the containing block, in CSS units: `50` is `50%`.
    case percent(Double)
    /// The automatic length: content-based sizes, auto margins, unset insets.
    case auto
    /// The item's min-content size (`min-content`).
    case minContent
    /// The item's max-content size (`max-content`).
    case maxContent
    /// The available space clamped between the min- and max-content sizes (`fit-content`).
    case fitContent
    /// The available space less margins (`stretch`).
    case stretch
    /// For `flexBasis` only: size the item from its content, ignoring its main size (`content`).
    case content

    /// A length of zero points.
    public static let zero = FlexLength.points(0)

    /// Whether the length is ``auto``.
    public var isAuto: Bool { self == .auto }

    /// Whether the length is one of the sizing keywords.
    var isSizingKeyword: Bool {
        switch self {
        case .minContent, .maxContent, .fitContent, .stretch: true
        default: false
        }
    }

    /// The length in points, given the size that percentages resolve against; `nil` for
    /// `auto`, keywords, and percentages of an unknown size.
    func resolve(_ basis: Double?) -> Double? {
        switch self {
        case .points(let value): value
        case .percent(let percent): basis.map { $0 * percent / 100 }
        default: nil
        }
    }

    /// The resolved length, or zero where it cannot be resolved.
    func resolveOrZero(_ basis: Double?) -> Double { resolve(basis) ?? 0 }
}

extension FlexLength: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates a length in points from a floating-point literal.
    public init(floatLiteral value: Double) { self = .points(value) }

    /// Creates a length in points from an integer literal.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

/// Four lengths for the edges of a box, in CSS order: top, right, bottom, left.
///
/// ```swift
/// style.margin = FlexEdges(top: 8, right: .auto, bottom: 8, left: .auto)
/// style.padding = FlexEdges(all: 12)
/// ```
public struct FlexEdges: Sendable, Hashable {
    /// The top edge.
    public var top: FlexLength
    /// The right edge.
    public var right: FlexLength
    /// The bottom edge.
    public var bottom: FlexLength
    /// The left edge.
    public var left: FlexLength

    /// Creates edges from four lengths in CSS order.
    public init(top: FlexLength, right: FlexLength, bottom: FlexLength, left: FlexLength) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Creates edges with the same length on every side.
    public init(all length: FlexLength) {
        self.init(top: length, right: length, bottom: length, left: length)
    }

    /// Zero on every edge.
    public static let zero = FlexEdges(all: .zero)
}
