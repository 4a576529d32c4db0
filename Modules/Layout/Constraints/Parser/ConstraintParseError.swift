/// A textual constraint that could not be parsed: what was wrong, and where, with a caret line
/// that points at the offending text.
///
/// ```text
/// column 24: unknown attribute 'trailng'; use one of left, right, top, ...
///   title.leading == image.trailng + 8
///                          ^~~~~~~
/// ```
public struct ConstraintParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that failed to parse.
    public let text: String
    /// The column of the first offending character, counting characters from 1.
    public let column: Int
    /// How many characters the problem spans (at least 1).
    public let length: Int
    /// What was wrong and how to fix it.
    public let reason: String

    /// Creates an error.
    public init(text: String, column: Int, length: Int = 1, reason: String) {
        self.text = text
        self.column = max(column, 1)
        self.length = max(length, 1)
        self.reason = reason
    }

    /// A line of spaces and a caret under the offending text, aligned with ``text``.
    public var caretLine: String {
        String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: length - 1)
    }

    /// The column and reason, then the text and the caret line, indented.
    public var description: String {
        "column \(column): \(reason)\n  \(text)\n  \(caretLine)"
    }
}
