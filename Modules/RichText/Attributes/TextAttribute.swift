public import TrellisGeometry
public import TrellisText

/// One attribute with its value: the element of a ``TextAttributes`` array literal.
///
/// ```swift
/// let attributes: TextAttributes = [.font(.system(size: 14)), .kern(1.5)]
/// ```
public enum TextAttribute: Sendable, Hashable {
    /// The font.
    case font(Font)
    /// The colour of the glyphs.
    case foregroundColor(Color)
    /// The colour behind the glyphs.
    case backgroundColor(Color)
    /// A line under the glyphs.
    case underline(TextDecoration)
    /// A line through the glyphs.
    case strikethrough(TextDecoration)
    /// Extra space after each grapheme cluster, in points.
    case kern(Double)
    /// How far the glyphs are raised above the baseline, in points.
    case baselineOffset(Double)
    /// The target of a link.
    case link(String)
    /// The paragraph style.
    case paragraphStyle(ParagraphStyle)

    /// The name of the attribute.
    public var key: TextAttributes.Key {
        switch self {
        case .font: .font
        case .foregroundColor: .foregroundColor
        case .backgroundColor: .backgroundColor
        case .underline: .underline
        case .strikethrough: .strikethrough
        case .kern: .kern
        case .baselineOffset: .baselineOffset
        case .link: .link
        case .paragraphStyle: .paragraphStyle
        }
    }
}

extension TextAttributes: ExpressibleByArrayLiteral {
    /// Creates attributes from a list; a later value of the same attribute wins.
    ///
    /// - Parameter elements: The attributes.
    public init(arrayLiteral elements: TextAttribute...) {
        self.init(elements)
    }

    /// Creates attributes from a sequence; a later value of the same attribute wins.
    ///
    /// - Parameter elements: The attributes.
    /// - Complexity: O(*n*) in the number of elements.
    public init(_ elements: some Sequence<TextAttribute>) {
        self.init()
        for element in elements { set(element) }
    }

    /// Sets one attribute.
    ///
    /// - Parameter attribute: The attribute and its value.
    public mutating func set(_ attribute: TextAttribute) {
        switch attribute {
        case .font(let value): font = value
        case .foregroundColor(let value): foregroundColor = value
        case .backgroundColor(let value): backgroundColor = value
        case .underline(let value): underline = value
        case .strikethrough(let value): strikethrough = value
        case .kern(let value): kern = value
        case .baselineOffset(let value): baselineOffset = value
        case .link(let value): link = value
        case .paragraphStyle(let value): paragraphStyle = value
        }
    }
}
