/// A problem the markup parser found and worked around: an unknown colour, an unknown
/// character reference, a stray closing tag.
///
/// The parser never fails: it keeps the text and reports what it could not understand, with
/// the position in the markup.
///
/// ```swift
/// let result = MarkupParser().parse("<font color=\"blu\">hi</font>")
/// print(result.warnings[0])
/// // 1:13 (byte 12): unknown colour "blu" in <font color>; use a CSS colour name or #RRGGBB
/// ```
public struct MarkupWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how to fix it.
    public var message: String
    /// The line of the problem, from 1.
    public var line: Int
    /// The column of the problem in Unicode scalars, from 1.
    public var column: Int
    /// The offset of the problem in UTF-8 code units from the start of the markup.
    public var byteOffset: Int

    /// Creates a warning.
    ///
    /// - Parameters:
    ///   - message: What was wrong and how to fix it.
    ///   - line: The line, from 1.
    ///   - column: The column in Unicode scalars, from 1.
    ///   - byteOffset: The UTF-8 offset.
    public init(message: String, line: Int, column: Int, byteOffset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The warning as `line:column (byte offset): message`.
    public var description: String { "\(line):\(column) (byte \(byteOffset)): \(message)" }
}
