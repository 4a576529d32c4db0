/// A part of an item's rectangle that a constraint relates, with UIKit's raw values
/// (`NSLayoutConstraint.Attribute`).
public enum LayoutAttribute: Int, Sendable, Hashable, CaseIterable {
    /// No attribute: the second side of a constraint that relates a size to a constant.
    case notAnAttribute = 0
    /// The left edge.
    case left = 1
    /// The right edge.
    case right = 2
    /// The top edge.
    case top = 3
    /// The bottom edge.
    case bottom = 4
    /// The leading edge: left in a left-to-right layout, right in a right-to-left one.
    case leading = 5
    /// The trailing edge: right in a left-to-right layout, left in a right-to-left one.
    case trailing = 6
    /// The width.
    case width = 7
    /// The height.
    case height = 8
    /// The horizontal centre.
    case centerX = 9
    /// The vertical centre.
    case centerY = 10
    /// The baseline of the last line of text (the bottom edge for an item without text).
    case lastBaseline = 11
    /// The baseline of the first line of text (the bottom edge for an item without text).
    case firstBaseline = 12

    /// The attribute's name in the textual constraint form, such as `centerX`.
    public var name: String {
        switch self {
        case .notAnAttribute: "notAnAttribute"
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        }
    }

    /// The attribute with a textual name, such as `"leading"`; `nil` for an unknown name.
    public init?(name: String) {
        switch name {
        case "left": self = .left
        case "right": self = .right
        case "top": self = .top
        case "bottom": self = .bottom
        case "leading": self = .leading
        case "trailing": self = .trailing
        case "width": self = .width
        case "height": self = .height
        case "centerX": self = .centerX
        case "centerY": self = .centerY
        case "lastBaseline": self = .lastBaseline
        case "firstBaseline": self = .firstBaseline
        default: return nil
        }
    }

    /// The axis the attribute measures along; `nil` for ``notAnAttribute``.
    public var axis: LayoutAxis? {
        switch self {
        case .notAnAttribute: nil
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline: .vertical
        }
    }

    /// Whether the attribute is a size (``width`` or ``height``) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute depends on the layout direction (``leading`` or ``trailing``).
    public var isDirectional: Bool { self == .leading || self == .trailing }
}

/// A layout axis, with UIKit's raw values (`NSLayoutConstraint.Axis`).
public enum LayoutAxis: Int, Sendable, Hashable, CaseIterable {
    /// Left to right (or leading to trailing).
    case horizontal = 0
    /// Top to bottom.
    case vertical = 1
}
