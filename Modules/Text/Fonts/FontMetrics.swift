/// A source of font measurements: vertical metrics and the advances of grapheme clusters.
///
/// Each rendering backend supplies its own: a terminal counts cells, a raster backend shapes
/// glyphs with HarfBuzz. The layout code of this module asks for measurements only through
/// this protocol, and asks for all the runs of one layout pass in a single
/// ``measure(runs:)`` call, so that a provider behind a plugin boundary answers a whole layout
/// with one crossing.
///
/// A provider returns exactly one advance per grapheme cluster (Swift `Character`) of each run,
/// in points, with shaping (kerning, ligatures) folded into the clusters it affects. An advance
/// that is negative or not finite, or a list of the wrong length, does not break a layout: the
/// layout treats a bad advance as zero and pads or cuts the list to the run's cluster count.
///
/// Built-in providers: ``ProportionalMetrics`` (deterministic, proportional, for tests and the
/// text backend), ``CellMetrics`` (terminal cells) and ``AhemMetrics`` (every glyph a square,
/// for layout conformance tests).
///
/// ```swift
/// struct FixedMetrics: FontMetrics {
///     func lineMetrics(for font: Font) -> FontLineMetrics {
///         FontLineMetrics(ascender: font.size, descender: 0, capHeight: font.size,
///                         xHeight: font.size / 2)
///     }
///     func advances(of run: TextRun) -> [Double] {
///         run.text.map { _ in run.font.size / 2 }
///     }
/// }
/// ```
public protocol FontMetrics: Sendable {
    /// Returns the vertical metrics of a font.
    ///
    /// - Parameter font: The font.
    /// - Returns: Its ascender, descender, leading, cap height and x-height at its size.
    func lineMetrics(for font: Font) -> FontLineMetrics

    /// Returns the advance of each grapheme cluster of a run.
    ///
    /// - Parameter run: The text and its font.
    /// - Returns: One advance in points per `Character` of `run.text`.
    /// - Complexity: O(*n*) in the length of the run, for the built-in providers.
    func advances(of run: TextRun) -> [Double]

    /// Returns the advances of the clusters of several runs in one call.
    ///
    /// The default implementation calls ``advances(of:)`` for each run; a provider that crosses
    /// a boundary (a plugin, a process) implements this to answer in one crossing.
    ///
    /// - Parameter runs: The runs.
    /// - Returns: For each run, in order, its advances as ``advances(of:)`` returns them.
    /// - Complexity: O(*n*) in the total length of the runs, for the built-in providers.
    func measure(runs: [TextRun]) -> [[Double]]

    /// Whether measuring a layout pass's runs ahead of it, in one ``measure(runs:)`` call,
    /// saves work: true for a provider that keeps what it measured and pays for each call (a
    /// backend behind the plugin boundary), false for one that computes advances as cheaply
    /// run by run. A window measures a pass's text ahead of the pass only for a provider that
    /// does; for another, the runs measured ahead would be measured again in the pass.
    ///
    /// The default is `false`.
    var measuresAhead: Bool { get }
}

extension FontMetrics {
    /// `false`: measuring ahead saves nothing unless the provider says so.
    public var measuresAhead: Bool { false }

    /// Measures each run with ``advances(of:)``.
    ///
    /// - Parameter runs: The runs.
    /// - Returns: For each run, its advances.
    /// - Complexity: O(*n*) in the total length of the runs.
    public func measure(runs: [TextRun]) -> [[Double]] {
        runs.map { advances(of: $0) }
    }

    /// Returns the width of a string on one line: the sum of its cluster advances.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - font: The font.
    /// - Returns: The width in points.
    /// - Complexity: O(*n*) in the length of `text`.
    public func width(of text: String, font: Font) -> Double {
        advances(of: TextRun(text, font: font)).reduce(0) { $0 + ($1.isFinite ? max($1, 0) : 0) }
    }
}
