/// The width of a grapheme cluster in terminal cells, as modern terminals lay clusters out
/// (UAX #11 with emoji presentation).
///
/// A cluster occupies the width of its first character that has one:
/// - East Asian wide and fullwidth characters, and characters with emoji presentation by
///   default, take two cells; every other visible character takes one (ambiguous characters
///   are narrow, as outside East Asian locales).
/// - Combining marks (nonspacing, spacing and enclosing), format characters (except the soft
///   hyphen and the prepended concatenation marks), default-ignorable characters (except the
///   Hangul choseong filler, which leads a wide syllable block) and Hangul medial vowels and
///   final consonants take none, so a combining sequence is as wide as its base and a lone mark
///   is zero wide.
/// - A variation selector 16 (U+FE0F) after an emoji character makes the cluster two cells
///   wide (`☺️`, keycaps such as `1️⃣`); a variation selector 15 (U+FE0E) makes it one (`⌚︎`).
/// - Flags (pairs of regional indicators), skin-tone sequences and zero-width-joiner sequences
///   such as `👨‍👩‍👧` are one cluster and take two cells, unlike a per-character `wcwidth` sum.
/// - A cluster that starts with a control character (C0, DEL, C1, and the line and paragraph
///   separators, including `\r\n`) is reported with ``isControl`` set and no width, so that a
///   renderer can replace or drop it instead of sending it to the terminal.
///
/// ```swift
/// TerminalWidth(of: "a").columns                    // 1
/// TerminalWidth(of: "界").columns                   // 2
/// TerminalWidth(of: "👨‍👩‍👧").columns                 // 2
/// TerminalWidth(of: "e\u{301}").columns             // 1
/// TerminalWidth(of: "\t").isControl                 // true
/// TerminalWidth.columns(of: "Hi, 世界 🇯🇵")          // 11
/// ```
public struct TerminalWidth: Sendable, Hashable {
    /// The number of cells: 0, 1 or 2; 0 for a control cluster.
    public var columns: Int
    /// Whether the cluster starts with a control character.
    public var isControl: Bool

    /// Creates a width.
    public init(columns: Int, isControl: Bool = false) {
        self.columns = columns
        self.isControl = isControl
    }

    /// Creates the terminal width of a grapheme cluster.
    ///
    /// - Parameter cluster: A grapheme cluster.
    /// - Complexity: O(*n*) in the number of scalars of the cluster.
    public init(of cluster: Character) {
        self = Self.measure(cluster.unicodeScalars)
    }

    /// Measures the scalars of one grapheme cluster.
    static func measure(_ scalars: some Sequence<Unicode.Scalar>) -> TerminalWidth {
        let widths = UnicodeTables.cellWidth
        var columns = -1
        var baseIsEmoji = false
        var isFirst = true
        for scalar in scalars {
            let width = widths.value(scalar)
            if isFirst && width == CellWidthValue.control {
                return TerminalWidth(columns: 0, isControl: true)
            }
            isFirst = false
            switch scalar.value {
            case 0xFE0F: if baseIsEmoji { columns = 2 }
            case 0xFE0E: if baseIsEmoji { columns = 1 }
            default:
                if columns < 0 && width != CellWidthValue.zero && width != CellWidthValue.control {
                    columns = Int(width)
                    baseIsEmoji = EmojiProperties(of: scalar).contains(.emoji)
                }
            }
        }
        return TerminalWidth(columns: max(columns, 0))
    }

    /// Returns the number of cells a string takes in a terminal, on one line: the sum of the
    /// widths of its grapheme clusters, with control clusters counted as zero.
    ///
    /// - Parameter text: The text.
    /// - Returns: The width in cells.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func columns(of text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for cluster in text { total += TerminalWidth(of: cluster).columns }
        return total
    }

    /// Returns the number of cells UTF-8 text takes in a terminal, on one line.
    ///
    /// - Parameter bytes: UTF-8 text; ill-formed sequences count as U+FFFD (one cell each).
    /// - Returns: The width in cells.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func columns(ofUTF8 bytes: [UInt8]) -> Int {
        columns(of: String(decoding: bytes, as: UTF8.self))
    }
}
