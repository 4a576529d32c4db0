/// Deterministic proportional metrics: every grapheme cluster's advance comes from a class of
/// characters, scaled by the font size. For tests, snapshots and the text backend, where the
/// same text must measure the same on every machine.
///
/// Advances, in ems (multiples of the font size):
///
/// | Cluster | Advance |
/// | --- | --- |
/// | space (U+0020, U+00A0) and ``thinCharacters`` (`i j l I . , : ; ' ! \| \``) | 0.25 |
/// | ``narrowCharacters`` (`f r t ( ) [ ] { } " / \ -`) | 0.35 |
/// | other lowercase ASCII letters and ASCII symbols | 0.5 |
/// | uppercase ASCII letters and digits | 0.6 |
/// | ``wideCharacters`` (`m w M W @ % &`) | 0.8 |
/// | other narrow characters (accented Latin, Greek, Cyrillic, Arabic, Hebrew, ...) | 0.55 |
/// | East Asian halfwidth forms | 0.5 |
/// | East Asian wide and fullwidth (CJK ideographs, kana, Hangul, fullwidth forms) | 1.0 |
/// | emoji presentation (emoji, VS16 sequences, flags, ZWJ sequences) | 1.2 |
/// | horizontal tabulation | 1.0 |
/// | marks alone, format and control characters | 0 |
///
/// A cluster measures as its first visible character: combining marks add nothing. Weights
/// of ``Font/Weight/semibold`` and heavier multiply the advances of narrow clusters (all but
/// wide, emoji and tab) by 1.05. A monospaced font gives every narrow cluster 0.6 em, every
/// wide or emoji cluster 1.2 em and a tab 2.4 em.
///
/// Vertical metrics: ascender 0.95 em, descender -0.25 em, no leading, cap height 0.7 em,
/// x-height 0.5 em.
public struct ProportionalMetrics: FontMetrics {
    /// The characters of the 0.25 em class besides the space.
    public static let thinCharacters = "ijlI.,:;'!|`"
    /// The characters of the 0.35 em class.
    public static let narrowCharacters = "frt()[]{}\"/\\-"
    /// The characters of the 0.8 em class.
    public static let wideCharacters = "mwMW@%&"

    /// The advance in ems of each ASCII character.
    private static let asciiEms: [Double] = {
        var ems = [Double](repeating: 0, count: 128)
        for byte in 0x20..<0x7F {
            let character = Character(Unicode.Scalar(UInt8(byte)))
            if byte == 0x20 || thinCharacters.contains(character) {
                ems[byte] = 0.25
            } else if narrowCharacters.contains(character) {
                ems[byte] = 0.35
            } else if wideCharacters.contains(character) {
                ems[byte] = 0.8
            } else if character.isUppercase || character.isNumber {
                ems[byte] = 0.6
            } else {
                ems[byte] = 0.5
            }
        }
        ems[0x09] = 1.0
        return ems
    }()

    /// Creates the provider.
    public init() {}

    /// Returns the vertical metrics: ascender 0.95 em, descender -0.25 em, cap height 0.7 em,
    /// x-height 0.5 em.
    ///
    /// - Parameter font: The font.
    /// - Returns: The metrics at the font's size.
    public func lineMetrics(for font: Font) -> FontLineMetrics {
        let size = font.size
        return FontLineMetrics(
            ascender: 0.95 * size, descender: -0.25 * size, capHeight: 0.7 * size,
            xHeight: 0.5 * size)
    }

    /// Returns the advance of each cluster by the table of the type's documentation.
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

    /// The advance of one cluster in points.
    private func advance(ascii: UInt8?, scalars: some Sequence<Unicode.Scalar>, font: Font)
        -> Double
    {
        let monospaced = font.isMonospaced
        let boldScale = font.weight >= .semibold && !monospaced ? 1.05 : 1.0
        let ems: Double
        if let ascii, ascii >= 0x20 || ascii == 0x09 {
            if monospaced {
                ems = ascii == 0x09 ? 2.4 : 0.6
            } else {
                ems = ascii == 0x09 ? 1.0 : Self.asciiEms[Int(ascii)] * boldScale
            }
        } else {
            ems = Self.ems(
                of: ClusterKind(scalars: scalars), monospaced: monospaced, boldScale: boldScale)
        }
        return ems * font.size
    }

    /// The advance in ems of a cluster that is not a single ASCII character.
    private static func ems(of kind: ClusterKind, monospaced: Bool, boldScale: Double) -> Double {
        switch kind {
        case .control(let isTab): return isTab ? (monospaced ? 2.4 : 1.0) : 0
        case .zeroWidth: return 0
        case .emoji: return 1.2
        case .wide: return monospaced ? 1.2 : 1.0
        case .halfwidth: return monospaced ? 0.6 : 0.5 * boldScale
        case .narrow(let base):
            if monospaced { return 0.6 }
            if base == "\u{A0}" { return 0.25 * boldScale }
            if base.isASCII { return asciiEms[Int(base.value)] * boldScale }
            return 0.55 * boldScale
        }
    }
}

extension ProportionalMetrics: ScalarClusterMetrics {
    func clusterAdvance(ascii: UInt8?, scalars: UTF8Scalars, font: Font) -> Double {
        advance(ascii: ascii, scalars: scalars, font: font)
    }
}
