public import TrellisGeometry
public import TrellisText

/// Builds an ``AttributedText`` from a list of parts: strings, attributed texts, conditions
/// and loops, concatenated in order.
///
/// ```swift
/// let title = AttributedText {
///     AttributedText("Save ").font(.boldSystem(size: 15))
///     "20%"
///     if isNew {
///         AttributedText(" new").foregroundColor(.red)
///     }
/// }
/// ```
@resultBuilder
public enum AttributedTextBuilder {
    /// Takes an attributed text as it is.
    public static func buildExpression(_ text: AttributedText) -> AttributedText { text }

    /// Takes a string as text without attributes.
    public static func buildExpression(_ string: String) -> AttributedText {
        AttributedText(string)
    }

    /// Concatenates the parts of a block.
    public static func buildBlock(_ parts: AttributedText...) -> AttributedText {
        buildArray(parts)
    }

    /// Takes the part of an `if` without `else`, or nothing.
    public static func buildOptional(_ part: AttributedText?) -> AttributedText {
        part ?? AttributedText()
    }

    /// Takes the first branch of an `if`–`else`.
    public static func buildEither(first part: AttributedText) -> AttributedText { part }

    /// Takes the second branch of an `if`–`else`.
    public static func buildEither(second part: AttributedText) -> AttributedText { part }

    /// Concatenates the parts of a `for` loop.
    public static func buildArray(_ parts: [AttributedText]) -> AttributedText {
        var result = AttributedText()
        for part in parts { result.append(part) }
        return result
    }
}

extension AttributedText {
    /// Creates a text from the parts a builder block lists.
    ///
    /// - Parameter content: The parts, concatenated in order.
    public init(@AttributedTextBuilder _ content: () -> AttributedText) {
        self = content()
    }

    /// Returns the concatenation of two texts.
    ///
    /// - Complexity: O(*n* + *m*) in their lengths.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends a text.
    ///
    /// - Complexity: O(*m*) in the length of `rhs`, amortised.
    public static func += (lhs: inout AttributedText, rhs: AttributedText) {
        lhs.append(rhs)
    }

    /// Returns the text with attributes added to all of it.
    ///
    /// - Parameter attributes: The attributes to set over every character.
    /// - Returns: The changed text.
    /// - Complexity: O(*r*) in the number of runs.
    public func adding(_ attributes: TextAttributes) -> AttributedText {
        var result = self
        result.addAttributes(attributes, in: 0..<utf8Count)
        return result
    }

    /// Returns the text in a font.
    public func font(_ font: Font) -> AttributedText { adding([.font(font)]) }

    /// Returns the text in a colour.
    public func foregroundColor(_ color: Color) -> AttributedText {
        adding([.foregroundColor(color)])
    }

    /// Returns the text on a background colour.
    public func backgroundColor(_ color: Color) -> AttributedText {
        adding([.backgroundColor(color)])
    }

    /// Returns the text underlined.
    public func underline(_ decoration: TextDecoration = .single) -> AttributedText {
        adding([.underline(decoration)])
    }

    /// Returns the text struck through.
    public func strikethrough(_ decoration: TextDecoration = .single) -> AttributedText {
        adding([.strikethrough(decoration)])
    }

    /// Returns the text with extra space after each character.
    public func kern(_ points: Double) -> AttributedText { adding([.kern(points)]) }

    /// Returns the text raised above the baseline (lowered for a negative offset).
    public func baselineOffset(_ points: Double) -> AttributedText {
        adding([.baselineOffset(points)])
    }

    /// Returns the text as a link.
    public func link(_ target: String) -> AttributedText { adding([.link(target)]) }

    /// Returns the text with a paragraph style.
    public func paragraphStyle(_ style: ParagraphStyle) -> AttributedText {
        adding([.paragraphStyle(style)])
    }
}

extension AttributedText: ExpressibleByStringLiteral {
    /// Creates a text without attributes from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
