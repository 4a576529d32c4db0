/// Which line-breaking rules a paragraph follows, as `NSParagraphStyle.LineBreakStrategy`.
///
/// The default, ``standard``, breaks lines where browsers break them (CSS `line-break: auto`
/// with `word-break: normal`, as Chromium lays text out): a line may start after any run of
/// spaces, so an opening bracket followed by a space stays at the end of its line; URLs and
/// paths stay whole except after `-` and `?`; everything else follows the Unicode
/// line-breaking algorithm (UAX #14). An empty set follows UAX #14's default rules and
/// nothing else, the rules `LineBreakTest.txt` checks.
///
/// ```swift
/// var style = TextStyle(font: .system(size: 15))
/// style.lineBreakStrategy = []                       // strict UAX #14
/// style.lineBreakStrategy = [.standard, .hangulWordPriority]  // Korean by words
/// ```
///
/// The raw values of ``pushOut`` and ``hangulWordPriority`` are UIKit's. The scene format
/// names the options `standard`, `pushOut` and `hangulWordPriority`, and the empty set
/// `unicode`.
public struct LineBreakStrategy: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Avoids a paragraph's last line holding one word alone: when it would, the line before
    /// gives up its last word to it, if both still fit.
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// Keeps Korean words whole: no break between two Hangul characters, only at spaces and
    /// punctuation, as CSS `word-break: keep-all` does for Korean.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
    /// Breaks where browsers break (see the type's discussion); without it, UAX #14's default
    /// rules apply unchanged.
    public static let standard = LineBreakStrategy(rawValue: 1 << 16)

    /// The names of the options in the scene format and the `trellis` command, in the order
    /// of their bits.
    public static let names: [(name: String, strategy: LineBreakStrategy)] = [
        ("pushOut", .pushOut), ("hangulWordPriority", .hangulWordPriority),
        ("standard", .standard), ("unicode", []),
    ]

    /// The strategy a name of the scene format stands for, or `nil`.
    ///
    /// - Parameter name: `standard`, `pushOut`, `hangulWordPriority` or `unicode` (the empty
    ///   set: strict UAX #14).
    public init?(name: String) {
        guard let match = Self.names.first(where: { $0.name == name }) else { return nil }
        self = match.strategy
    }
}
