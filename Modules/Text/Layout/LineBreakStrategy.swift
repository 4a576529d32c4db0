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

extension LineBreakStrategy {
    /// Where ``pushOut`` cuts the line before a paragraph's last one, or `nil` when the last
    /// line already holds more than one word or the line before has no break to move a word at.
    ///
    /// The caller then fits the last line again from the cut and keeps the change only if the
    /// new line still fits and ends where the old one did.
    ///
    /// - Parameters:
    ///   - before: The clusters of the line before the last.
    ///   - last: The clusters of the last line.
    ///   - allowsBreak: Whether a line may break before a cluster.
    ///   - trimmedEnd: The end of a range of clusters without its trailing spaces.
    /// - Complexity: O(*k*) in the clusters of the two lines.
    package static func pushOutCut(
        before: Range<Int>, last: Range<Int>, allowsBreak: (Int) -> Bool,
        trimmedEnd: (Range<Int>) -> Int
    ) -> Int? {
        let lastEnd = trimmedEnd(last)
        if lastEnd > last.lowerBound + 1,
            (last.lowerBound + 1..<lastEnd).contains(where: allowsBreak)
        {
            return nil  // more than one word already
        }
        guard before.upperBound > before.lowerBound + 1,
            let cut = (before.lowerBound + 1..<before.upperBound).last(where: allowsBreak),
            trimmedEnd(before.lowerBound..<cut) > before.lowerBound
        else { return nil }
        return cut
    }
}
