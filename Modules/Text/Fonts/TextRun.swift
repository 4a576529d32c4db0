/// A run of text in one font, to measure.
///
/// The text is a sequence of grapheme clusters (Swift `Character`s); a provider returns one
/// advance for each.
public struct TextRun: Sendable, Hashable {
    /// The text.
    public var text: Substring
    /// The font.
    public var font: Font

    /// Creates a run from a part of a string.
    public init(_ text: Substring, font: Font) {
        self.text = text
        self.font = font
    }

    /// Creates a run from a string.
    public init(_ text: String, font: Font) {
        self.text = Substring(text)
        self.font = font
    }
}
