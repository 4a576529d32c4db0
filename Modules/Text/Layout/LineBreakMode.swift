/// How a line that does not fit ends, as `NSLineBreakMode`. The raw values are the names of
/// the scene format.
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrap at word boundaries (UAX #14 break opportunities); a word longer than the line wraps
    /// between grapheme clusters.
    case byWordWrapping = "wordWrap"
    /// Wrap before the first grapheme cluster that does not fit.
    case byCharWrapping = "charWrap"
    /// Do not wrap: each paragraph is one line, showing the clusters that fit.
    case byClipping = "clip"
    /// Wrap by word; the last visible line, when text remains, starts with an ellipsis and
    /// shows the end of its paragraph.
    case byTruncatingHead = "truncateHead"
    /// Wrap by word; the last visible line, when text remains, ends with an ellipsis.
    case byTruncatingTail = "truncateTail"
    /// Wrap by word; the last visible line, when text remains, shows the start and the end of
    /// its paragraph with an ellipsis between them.
    case byTruncatingMiddle = "truncateMiddle"

    /// Whether the mode puts an ellipsis in the last visible line.
    public var truncates: Bool {
        self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle
    }
}

/// The horizontal alignment of lines, as `NSTextAlignment`. The raw values are the names of
/// the scene format.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Both edges flush: every line that a wrap ended is stretched to the width, at its
    /// spaces, or between its clusters when it has none (CJK); the last line of a paragraph
    /// aligns naturally.
    case justified
}

/// Options of ``TextMeasurer/boundingRect(of:with:options:style:)``, with the raw values of
/// `NSStringDrawingOptions`.
public struct DrawingOptions: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay the text out in lines that wrap at the width, from the top-left corner. Without it
    /// the text is one line measured from its baseline origin, as UIKit does.
    public static let usesLineFragmentOrigin = DrawingOptions(rawValue: 1 << 0)
    /// Count the font's leading in the height of each line.
    public static let usesFontLeading = DrawingOptions(rawValue: 1 << 1)
    /// When the text does not fit the height, end the last line that fits with an ellipsis.
    public static let truncatesLastVisibleLine = DrawingOptions(rawValue: 1 << 5)
}
