public import TrellisGeometry
public import TrellisText

/// How markup becomes attributed text: the base font and colour, paragraph markers, list
/// indentation, link style and white space.
///
/// ```swift
/// // Seed 001: each <p> is a bullet line with a hanging indent.
/// let options = MarkupOptions(font: .system(size: 14), paragraphMarker: .bullet)
/// let text = AttributedText(markup: html, options: options)
/// ```
public struct MarkupOptions: Sendable, Hashable {
    /// The font of text outside any font-changing element.
    public var font: Font
    /// The colour of text outside any colour-changing element; `nil` leaves it unset.
    public var foregroundColor: Color?
    /// The paragraph style every paragraph starts from.
    public var paragraphStyle: ParagraphStyle
    /// A marker for each `<p>` paragraph, such as ``ListMarker/Style/bullet``; ordered styles
    /// number the paragraphs from 1. `nil` for plain paragraphs.
    public var paragraphMarker: ListMarker.Style?
    /// How far each level of a nested list is indented, in points.
    public var listIndent: Double
    /// The attributes added to the text of `<a href>` links.
    public var linkAttributes: TextAttributes
    /// Whether white space is kept as written; by default, as in HTML, each run of spaces, tabs
    /// and line breaks becomes one space, and none is kept at the start or end of a line.
    public var preservesWhitespace: Bool
    /// The most warnings to report; one more says how many were left out.
    public var maximumWarnings: Int

    /// The default link style: the colour of unvisited links in browsers (#0000EE), underlined.
    public static let defaultLinkAttributes: TextAttributes = [
        .foregroundColor(Color(rgb: 0x0000EE)), .underline(.single),
    ]

    /// Creates options.
    ///
    /// - Parameters:
    ///   - font: The base font; UIKit's label font size by default.
    ///   - foregroundColor: The base colour; `nil` to leave it unset.
    ///   - paragraphStyle: The paragraph style every paragraph starts from.
    ///   - paragraphMarker: A marker for each `<p>` paragraph, or `nil`.
    ///   - listIndent: The indent of each nested list level, in points.
    ///   - linkAttributes: The attributes of link text.
    ///   - preservesWhitespace: Whether white space is kept as written.
    ///   - maximumWarnings: The most warnings to report.
    public init(
        font: Font = .system(size: 17), foregroundColor: Color? = nil,
        paragraphStyle: ParagraphStyle = .default, paragraphMarker: ListMarker.Style? = nil,
        listIndent: Double = 20, linkAttributes: TextAttributes = defaultLinkAttributes,
        preservesWhitespace: Bool = false, maximumWarnings: Int = 100
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.paragraphStyle = paragraphStyle
        self.paragraphMarker = paragraphMarker
        self.listIndent = listIndent
        self.linkAttributes = linkAttributes
        self.preservesWhitespace = preservesWhitespace
        self.maximumWarnings = maximumWarnings
    }
}
