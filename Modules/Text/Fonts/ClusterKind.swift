/// How the built-in metrics providers see a grapheme cluster.
enum ClusterKind: Equatable {
    /// Starts with a control character; `isTab` for a horizontal tabulation.
    case control(isTab: Bool)
    /// Has no visible width (marks, format and ignorable characters only).
    case zeroWidth
    /// Shows as an emoji: an emoji-presentation base or a base with variation selector 16.
    case emoji
    /// East Asian wide or fullwidth.
    case wide
    /// East Asian halfwidth.
    case halfwidth
    /// Any other visible cluster, with its first visible scalar.
    case narrow(Unicode.Scalar)

    /// Classifies a cluster by the rules of ``TerminalWidth``.
    init(_ cluster: Character) {
        self.init(scalars: cluster.unicodeScalars)
    }

    /// Classifies the scalars of one cluster by the rules of ``TerminalWidth``.
    init(scalars: some Sequence<Unicode.Scalar>) {
        let widths = UnicodeTables.cellWidth
        var base: Unicode.Scalar?
        var baseWidth: UInt8 = 0
        var presentation: Bool?
        for scalar in scalars {
            let width = widths.value(scalar)
            if base == nil && width == CellWidthValue.control {
                self = .control(isTab: scalar == "\t")
                return
            }
            if scalar == "\u{FE0F}"
                && base.map({ EmojiProperties(of: $0).contains(.emoji) }) == true
            {
                presentation = true
            } else if scalar == "\u{FE0E}" && base != nil {
                presentation = false
            } else if base == nil && width != CellWidthValue.zero {
                base = scalar
                baseWidth = width
            }
        }
        guard let base else {
            self = .zeroWidth
            return
        }
        let emoji = EmojiProperties(of: base)
        let isEmojiPresentation = emoji.contains(.emojiPresentation)
        if emoji.contains(.emoji) && (presentation ?? isEmojiPresentation) {
            self = .emoji
        } else if baseWidth == CellWidthValue.wide
            && !(isEmojiPresentation && presentation == false)
        {
            self = .wide
        } else if EastAsianWidth(of: base) == .halfwidth {
            self = .halfwidth
        } else {
            self = .narrow(base)
        }
    }
}

/// A provider as a built-in one that measures while segmenting (``ScalarClusterMetrics``), or
/// `nil` for any other.
///
/// The built-in providers are the only ones (with the segmenter that measures nothing): the
/// protocol is internal to this module. Casting to each of their types compares type metadata,
/// where a cast to the protocol searches every conformance record of the program the first
/// time: 200,000 instructions, a seventh of a whole `trellis layout` of an empty scene.
func scalarClusterMetrics(of metrics: any FontMetrics) -> (any ScalarClusterMetrics)? {
    switch metrics {
    case let proportional as ProportionalMetrics: proportional
    case let cells as CellMetrics: cells
    case let ahem as AhemMetrics: ahem
    case let unmeasured as UnmeasuredClusters: unmeasured
    default: nil
    }
}

/// The built-in providers, which measure a cluster from its scalars so that a layout can
/// measure while it segments, without a second pass over the text.
protocol ScalarClusterMetrics: FontMetrics {
    /// The advance of one cluster.
    ///
    /// - Parameters:
    ///   - ascii: The byte of a cluster that is a single ASCII character, else `nil`.
    ///   - scalars: The cluster's scalars.
    ///   - font: The font.
    func clusterAdvance(ascii: UInt8?, scalars: UTF8Scalars, font: Font) -> Double

    /// Segments UTF-8 text into `segments`, measuring its clusters. A requirement, so that each
    /// provider's witness is specialized for it and the per-cluster calls are direct.
    func segment(_ buffer: UnsafeBufferPointer<UInt8>, into segments: inout Segments, font: Font)

    /// Writes the advances of clusters already found to `advances`, as
    /// ``ClusterMeasurer/measure(_:offsets:clusters:font:into:)`` describes. A requirement for
    /// the same reason as ``segment(_:into:font:)``.
    func measureClusters(
        _ buffer: UnsafeBufferPointer<UInt8>, offsets: [Int], clusters: Range<Int>, font: Font,
        into advances: inout [Double])
}

extension ScalarClusterMetrics {
    func segment(_ buffer: UnsafeBufferPointer<UInt8>, into segments: inout Segments, font: Font) {
        segments.segment(buffer, measure: self, font: font)
    }
}

extension Character {
    /// The byte of a cluster that is a single ASCII character (not CR LF).
    var singleASCII: UInt8? {
        utf8.count == 1 ? utf8.first : nil
    }
}
