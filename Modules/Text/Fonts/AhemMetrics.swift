/// The metrics of the Ahem test font: every glyph is a square one em wide, the ascent is
/// 0.8 em and the descent 0.2 em, so that layout tests can compute every position by hand.
///
/// Each visible grapheme cluster, including the space, advances one em; clusters of marks
/// alone and control characters advance nothing. Cap height and x-height are 0.8 em, as in
/// Ahem.
///
/// ```swift
/// let ahem = AhemMetrics()
/// ahem.width(of: "ab c", font: Font(family: "Ahem", size: 10))   // 40
/// ```
public struct AhemMetrics: FontMetrics {
    /// Creates the provider.
    public init() {}

    /// Returns ascender 0.8 em, descender -0.2 em, cap height and x-height 0.8 em.
    ///
    /// - Parameter font: The font.
    /// - Returns: The metrics at the font's size.
    public func lineMetrics(for font: Font) -> FontLineMetrics {
        let size = font.size
        return FontLineMetrics(
            ascender: 0.8 * size, descender: -0.2 * size, capHeight: 0.8 * size,
            xHeight: 0.8 * size)
    }

    /// Returns one em for each visible cluster and zero for the others.
    ///
    /// - Parameter run: The text and its font.
    /// - Returns: One advance per cluster.
    /// - Complexity: O(*n*) in the length of the run.
    public func advances(of run: TextRun) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(run.text.utf8.count)
        for cluster in run.text {
            result.append(
                advance(ascii: cluster.singleASCII, scalars: cluster.unicodeScalars, font: run.font)
            )
        }
        return result
    }

    /// The advance of one cluster.
    private func advance(ascii: UInt8?, scalars: some Sequence<Unicode.Scalar>, font: Font)
        -> Double
    {
        if let ascii { return ascii >= 0x20 && ascii < 0x7F ? font.size : 0 }
        switch ClusterKind(scalars: scalars) {
        case .control, .zeroWidth: return 0
        default: return font.size
        }
    }
}

extension AhemMetrics: ScalarClusterMetrics {
    func clusterAdvance(ascii: UInt8?, scalars: UTF8Scalars, font: Font) -> Double {
        advance(ascii: ascii, scalars: scalars, font: font)
    }
}
