public import TrellisGeometry

/// A line drawn under or through text: its style and, optionally, its own colour.
///
/// A decoration without a colour takes the foreground colour of the text it decorates, as
/// `NSUnderlineColorAttributeName` does when absent.
///
/// ```swift
/// let plain = TextDecoration.single
/// let red = TextDecoration(style: .double, color: .red)
/// ```
public struct TextDecoration: Sendable, Hashable, Codable {
    /// How the line is drawn.
    public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
        /// One thin line.
        case single
        /// One thick line.
        case thick
        /// Two thin lines.
        case double
        /// A dotted line.
        case dotted
        /// A dashed line.
        case dashed
    }

    /// How the line is drawn.
    public var style: Style
    /// The colour of the line; `nil` for the text's foreground colour.
    public var color: Color?

    /// Creates a decoration.
    ///
    /// - Parameters:
    ///   - style: How the line is drawn.
    ///   - color: The colour of the line; `nil` for the text's foreground colour.
    public init(style: Style = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }

    /// One thin line in the text's colour.
    public static let single = TextDecoration(style: .single)
}
