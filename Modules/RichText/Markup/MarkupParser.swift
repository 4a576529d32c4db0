/// Turns a subset of HTML into ``AttributedText``, never failing: malformed markup keeps its
/// text and is reported as ``MarkupWarning``s.
///
/// Elements:
/// - Blocks: `p` and `div` paragraphs, `br` line breaks (U+2028, within the paragraph), `hr`
///   paragraph breaks, `ul` and `ol` lists of `li` items with bullet or number markers
///   (`ol type="1|a|A|i|I" start`, `ul type="disc|circle|square"`, `li value`).
/// - Inline: `b` `strong` (bold), `i` `em` (italic), `u` `ins` (underline), `s` `del` `strike`
///   (strikethrough), `small` and `big` (size ÷ or × 1.2), `sub` and `sup` (size × 0.75,
///   baseline lowered by 0.25 em or raised by 0.4 em), `code` `tt` `kbd` `samp` (monospaced),
///   `font color size face`, `span`, `a href` (a link in ``MarkupOptions/linkAttributes``).
/// - Any element may have a `style` attribute with `color`, `background-color`,
///   `font-size`, `font-weight`, `font-style`, `font-family`, `text-decoration`, and, on
///   blocks, `text-align`.
/// - Character references: the named references of HTML 4 and `&apos;`, decimal (`&#169;`)
///   and hexadecimal (`&#xA9;`).
///
/// Colours are CSS names, `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb()` and `rgba()`.
///
/// Malformed markup: an element that is not closed ends at the end of the markup, a closing
/// tag that closes nothing is ignored, an unknown element keeps its text, a `<` that starts no
/// tag and a reference that is not valid stay as text, and a `p` or `li` closes the one
/// before it as in HTML. Parsing takes one pass with an explicit stack: deep nesting cannot
/// overflow the call stack, and time grows linearly with the markup.
///
/// White space collapses as in HTML unless ``MarkupOptions/preservesWhitespace`` is set.
/// Paragraphs are separated by a line feed; the text has no separator at its start or end.
///
/// ```swift
/// let result = MarkupParser().parse("<b>Save</b> <font color=\"red\">20%</font>")
/// result.text.string     // "Save 20%"
/// result.warnings        // []
/// ```
public struct MarkupParser: Sendable, Hashable {
    /// How markup becomes attributed text.
    public var options: MarkupOptions

    /// Creates a parser.
    ///
    /// - Parameter options: How markup becomes attributed text.
    public init(options: MarkupOptions = MarkupOptions()) {
        self.options = options
    }

    /// Parses markup.
    ///
    /// - Parameter markup: The markup.
    /// - Returns: The attributed text and the problems found, in the order they were found.
    /// - Complexity: O(*n*) in the length of the markup.
    public func parse(_ markup: String) -> MarkupParseResult {
        var state = MarkupState(bytes: Array(markup.utf8), options: options)
        state.run()
        return MarkupParseResult(text: state.output, warnings: state.positionedWarnings())
    }
}

/// The result of parsing markup: the text and the problems the parser worked around.
public struct MarkupParseResult: Sendable, Hashable {
    /// The attributed text.
    public var text: AttributedText
    /// The problems found, in the order they were found.
    public var warnings: [MarkupWarning]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - text: The attributed text.
    ///   - warnings: The problems found.
    public init(text: AttributedText, warnings: [MarkupWarning]) {
        self.text = text
        self.warnings = warnings
    }
}

extension AttributedText {
    /// Creates attributed text from markup, ignoring the warnings (see ``MarkupParser`` for
    /// the elements and how malformed markup is read).
    ///
    /// ```swift
    /// // Seed 001: paragraphs as bullet lines with a hanging indent.
    /// let rules = AttributedText(markup: html, options: .init(paragraphMarker: .bullet))
    /// ```
    ///
    /// - Parameters:
    ///   - markup: The markup.
    ///   - options: How markup becomes attributed text.
    /// - Complexity: O(*n*) in the length of the markup.
    public init(markup: String, options: MarkupOptions = MarkupOptions()) {
        self = MarkupParser(options: options).parse(markup).text
    }
}
