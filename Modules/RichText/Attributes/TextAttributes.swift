public import TrellisGeometry
public import TrellisText

/// The attributes of a run of text: font, colours, decorations, kern, baseline offset, link
/// and paragraph style, as the attribute dictionary of `NSAttributedString`.
///
/// Every attribute is optional: a missing one takes the layout's default (the container's
/// font and colour, no decoration, no kern). Attributes are written as an array literal of
/// ``TextAttribute`` values:
///
/// ```swift
/// let title: TextAttributes = [.font(.boldSystem(size: 15)), .foregroundColor(.white)]
/// let link: TextAttributes = [.link("https://example.com"), .underline(.single)]
/// let merged = title.merging(link)   // bold white underlined link
/// ```
///
/// A ``kern`` or ``baselineOffset`` that is not finite is stored as `nil`.
public struct TextAttributes: Sendable, Hashable, Codable {
    /// The font.
    public var font: Font?
    /// The colour of the glyphs.
    public var foregroundColor: Color?
    /// The colour of the rectangle behind the glyphs.
    public var backgroundColor: Color?
    /// A line under the glyphs.
    public var underline: TextDecoration?
    /// A line through the glyphs.
    public var strikethrough: TextDecoration?
    /// Extra space after each grapheme cluster, in points (negative to tighten).
    public var kern: Double? {
        didSet { kern = Self.finite(kern) }
    }
    /// How far the glyphs sit above the baseline, in points (negative: below).
    public var baselineOffset: Double? {
        didSet { baselineOffset = Self.finite(baselineOffset) }
    }
    /// The target of a link, such as a URL.
    public var link: String?
    /// How the paragraph that starts with this text is laid out.
    public var paragraphStyle: ParagraphStyle?

    /// Creates attributes with none set.
    public init() {}

    /// Creates attributes.
    ///
    /// - Parameters:
    ///   - font: The font.
    ///   - foregroundColor: The colour of the glyphs.
    ///   - backgroundColor: The colour behind the glyphs.
    ///   - underline: A line under the glyphs.
    ///   - strikethrough: A line through the glyphs.
    ///   - kern: Extra space after each cluster; `nil` when not finite.
    ///   - baselineOffset: How far the glyphs are raised; `nil` when not finite.
    ///   - link: The target of a link.
    ///   - paragraphStyle: The paragraph style.
    public init(
        font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
        underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil,
        kern: Double? = nil, baselineOffset: Double? = nil, link: String? = nil,
        paragraphStyle: ParagraphStyle? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.strikethrough = strikethrough
        self.kern = Self.finite(kern)
        self.baselineOffset = Self.finite(baselineOffset)
        self.link = link
        self.paragraphStyle = paragraphStyle
    }

    /// The name of each attribute, to remove attributes by name.
    public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``TextAttributes/font``.
        case font
        /// ``TextAttributes/foregroundColor``.
        case foregroundColor
        /// ``TextAttributes/backgroundColor``.
        case backgroundColor
        /// ``TextAttributes/underline``.
        case underline
        /// ``TextAttributes/strikethrough``.
        case strikethrough
        /// ``TextAttributes/kern``.
        case kern
        /// ``TextAttributes/baselineOffset``.
        case baselineOffset
        /// ``TextAttributes/link``.
        case link
        /// ``TextAttributes/paragraphStyle``.
        case paragraphStyle
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool { self == TextAttributes() }

    /// The names of the attributes that are set.
    public var keys: Set<Key> {
        var keys: Set<Key> = []
        if font != nil { keys.insert(.font) }
        if foregroundColor != nil { keys.insert(.foregroundColor) }
        if backgroundColor != nil { keys.insert(.backgroundColor) }
        if underline != nil { keys.insert(.underline) }
        if strikethrough != nil { keys.insert(.strikethrough) }
        if kern != nil { keys.insert(.kern) }
        if baselineOffset != nil { keys.insert(.baselineOffset) }
        if link != nil { keys.insert(.link) }
        if paragraphStyle != nil { keys.insert(.paragraphStyle) }
        return keys
    }

    /// Sets every attribute that another set has, keeping the others.
    ///
    /// - Parameter other: The attributes that win.
    public mutating func merge(_ other: TextAttributes) {
        if let font = other.font { self.font = font }
        if let color = other.foregroundColor { foregroundColor = color }
        if let color = other.backgroundColor { backgroundColor = color }
        if let underline = other.underline { self.underline = underline }
        if let strikethrough = other.strikethrough { self.strikethrough = strikethrough }
        if let kern = other.kern { self.kern = kern }
        if let offset = other.baselineOffset { baselineOffset = offset }
        if let link = other.link { self.link = link }
        if let style = other.paragraphStyle { paragraphStyle = style }
    }

    /// Returns these attributes with every attribute that another set has.
    ///
    /// - Parameter other: The attributes that win.
    /// - Returns: The merged attributes.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var result = self
        result.merge(other)
        return result
    }

    /// Removes the named attributes.
    ///
    /// - Parameter keys: The names of the attributes to remove.
    public mutating func remove(_ keys: Set<Key>) {
        for key in keys {
            switch key {
            case .font: font = nil
            case .foregroundColor: foregroundColor = nil
            case .backgroundColor: backgroundColor = nil
            case .underline: underline = nil
            case .strikethrough: strikethrough = nil
            case .kern: kern = nil
            case .baselineOffset: baselineOffset = nil
            case .link: link = nil
            case .paragraphStyle: paragraphStyle = nil
            }
        }
    }

    /// A number, or `nil` when it is not finite.
    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}
