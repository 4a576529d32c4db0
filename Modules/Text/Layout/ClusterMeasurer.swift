/// Grapheme-cluster segmentation and per-cluster measurement with the built-in providers, for
/// TrellisRichText, which lays out runs in several fonts on top of this module's segmentation.
///
/// The built-in providers (``ProportionalMetrics``, ``CellMetrics``, ``AhemMetrics``) measure
/// each cluster from its scalars alone, so a layout can measure a run's clusters as it finds
/// them instead of building a `String` per run and iterating its `Character`s. The advances
/// are the ones ``FontMetrics/advances(of:)`` returns for the same clusters.
package struct ClusterMeasurer {
    private let metrics: any ScalarClusterMetrics

    /// A measurer for a built-in provider; `nil` for any other provider, which is measured
    /// through ``FontMetrics/measure(runs:)``.
    ///
    /// - Parameter metrics: The provider.
    package init?(_ metrics: any FontMetrics) {
        guard let fast = scalarClusterMetrics(of: metrics) else { return nil }
        self.metrics = fast
    }

    /// Returns the UTF-8 offset of each grapheme cluster of valid UTF-8 text, and the text's
    /// length at the end: the boundaries of Swift's `Character`s.
    ///
    /// - Parameter buffer: The text's UTF-8 bytes.
    /// - Returns: One offset per cluster, then the length.
    /// - Complexity: O(*n*) in the number of bytes.
    package static func clusterOffsets(_ buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
        var segments = Segments(capacity: buffer.count, measuresAdvances: false)
        UnmeasuredClusters().segment(buffer, into: &segments, font: .system(size: 1))
        return segments.offsets
    }

    /// Writes the advance of each cluster of `clusters` (0 when negative or not finite) to
    /// the same index of `advances`.
    ///
    /// - Parameters:
    ///   - buffer: The text's UTF-8 bytes.
    ///   - offsets: The UTF-8 offset of each cluster and the text's length at the end, as
    ///     ``clusterOffsets(_:)`` returns them.
    ///   - clusters: The clusters to measure; `offsets` holds their bounds.
    ///   - font: Their font.
    ///   - advances: The advances, at least `clusters.upperBound` long.
    /// - Complexity: O(*n*) in the bytes of the clusters.
    package func measure(
        _ buffer: UnsafeBufferPointer<UInt8>, offsets: [Int], clusters: Range<Int>, font: Font,
        into advances: inout [Double]
    ) {
        metrics.measureClusters(
            buffer, offsets: offsets, clusters: clusters, font: font, into: &advances)
    }
}

extension ScalarClusterMetrics {
    func measureClusters(
        _ buffer: UnsafeBufferPointer<UInt8>, offsets: [Int], clusters: Range<Int>, font: Font,
        into advances: inout [Double]
    ) {
        guard let base = buffer.baseAddress, !clusters.isEmpty else { return }
        precondition(clusters.upperBound < offsets.count && clusters.upperBound <= advances.count)
        offsets.withUnsafeBufferPointer { offsets in
            advances.withUnsafeMutableBufferPointer { advances in
                for cluster in clusters {
                    let start = offsets[cluster]
                    let end = offsets[cluster + 1]
                    let advance = clusterAdvance(
                        ascii: end - start == 1 ? base[start] : nil,
                        scalars: UTF8Scalars(base: base, position: start, end: end), font: font)
                    advances[cluster] = PreparedText.sanitized(advance)
                }
            }
        }
    }
}
