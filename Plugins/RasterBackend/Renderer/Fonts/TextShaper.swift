import CHarfBuzz
import TrellisGeometry

/// One positioned glyph, in points relative to the left end of the run's baseline.
struct ShapedGlyph {
    /// The face in the run's ``FontChain`` that draws it.
    var faceIndex: Int
    /// The glyph id in that face.
    var glyph: UInt32
    /// The horizontal position.
    var x: Double
    /// The vertical position, down from the baseline (Cairo's direction).
    var y: Double
    /// The pen position the glyph is drawn from, before HarfBuzz's offset: ``x`` without the
    /// glyph's horizontal offset.
    var pen: Double
    /// The input grapheme clusters of the HarfBuzz cluster that the glyph belongs to: one
    /// cluster, or several when HarfBuzz merged them (a ligature).
    var clusters: ClosedRange<Int>
}

/// Consecutive glyphs that one face draws, shaped in one direction.
struct ShapedSegment {
    /// The face in the run's ``FontChain``.
    var faceIndex: Int
    /// The segment's glyphs in ``ShapedText/glyphs``, in drawing (visual) order.
    var glyphs: Range<Int>
    /// The input grapheme clusters that the segment shapes.
    var clusters: Range<Int>
    /// Whether HarfBuzz shaped the segment right to left, so that its glyphs run from the
    /// last cluster to the first.
    var isRightToLeft: Bool
}

/// A run shaped for drawing and measuring: the glyphs, grouped by face, and the advance of each
/// of the run's grapheme clusters.
struct ShapedText {
    /// Whether the run was shaped right to left, its segments placed from the last to the
    /// first, so that its first cluster is the rightmost.
    var isRightToLeft = false
    /// The glyphs in drawing order.
    var glyphs: [ShapedGlyph] = []
    /// Consecutive glyphs drawn with the same face.
    var segments: [ShapedSegment] = []
    /// The advance of each input cluster, in points; they sum to ``width``.
    var clusterAdvances: [Double] = []
    /// The run's advance width in points.
    var width: Double = 0
}

/// Shapes text with HarfBuzz, choosing a face per grapheme cluster.
///
/// Each cluster gets the first face of the chain that covers it; consecutive clusters with the
/// same face, and of scripts written in the same direction (clusters of common characters such
/// as spaces, digits and punctuation go with the cluster before them), form a segment that
/// HarfBuzz shapes with the whole text as context and its script guessed, so that Arabic
/// letters join among Latin ones. The advances of a segment's glyphs go to the cluster that
/// HarfBuzz assigns them to, so a cluster's advance is exactly what drawing it moves the pen
/// by. When HarfBuzz merges several input clusters into one (a ligature), their advance is
/// shared equally among them.
///
/// A run drawn in a known direction is shaped in that direction whatever its scripts: a
/// right-to-left run's segments are shaped right to left (HarfBuzz then also mirrors brackets
/// and the like, with the font's mirrored glyph or its `rtlm` feature) and placed from the
/// last to the first. A run measured without a direction takes each segment's direction from
/// its script.
final class TextShaper {
    private let buffer: OpaquePointer
    private let language: hb_language_t?
    private let unicode: OpaquePointer?

    init() {
        buffer = hb_buffer_create()
        // A fixed language, so that shaping never depends on the process's locale.
        language = hb_language_from_string("und", -1)
        unicode = hb_unicode_funcs_get_default()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// Shapes grapheme clusters at a size.
    ///
    /// - Parameters:
    ///   - clusters: The run's grapheme clusters, in logical order.
    ///   - chain: The faces to draw them with.
    ///   - size: The font size in points.
    ///   - direction: The direction the run is shown in, or `nil` to take each segment's from
    ///     its script, as for measuring.
    /// - Complexity: O(*n*) in the length of the text, plus HarfBuzz's shaping.
    func shape(
        _ clusters: [Substring], chain: FontChain, size: Double,
        direction: LayoutDirection? = nil
    ) -> ShapedText {
        var result = ShapedText()
        result.isRightToLeft = direction == .rightToLeft
        result.clusterAdvances = [Double](repeating: 0, count: clusters.count)
        var utf8: [UInt8] = []
        var clusterOfByte: [Int32] = []
        var segmentKeys: [Int] = []
        segmentKeys.reserveCapacity(clusters.count)
        var isRightToLeftScript = false
        for (index, cluster) in clusters.enumerated() {
            utf8.append(contentsOf: cluster.utf8)
            clusterOfByte.append(
                contentsOf: repeatElement(Int32(index), count: cluster.utf8.count))
            isRightToLeftScript = scriptIsRightToLeft(cluster) ?? isRightToLeftScript
            segmentKeys.append(chain.faceIndex(for: cluster) * 2 + (isRightToLeftScript ? 1 : 0))
        }
        // HarfBuzz counts in 32-bit integers; no real run comes near that.
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return result }
        var segments: [(clusters: Range<Int>, bytes: Range<Int>)] = []
        var start = 0
        var byteStart = 0
        while start < clusters.count {
            var end = start
            var byteEnd = byteStart
            while end < clusters.count && segmentKeys[end] == segmentKeys[start] {
                byteEnd += clusters[end].utf8.count
                end += 1
            }
            if byteEnd > byteStart { segments.append((start..<end, byteStart..<byteEnd)) }
            start = end
            byteStart = byteEnd
        }
        // A right-to-left run shows its last segment first.
        if result.isRightToLeft { segments.reverse() }
        for segment in segments {
            shapeSegment(
                utf8, bytes: segment.bytes, clusterRange: segment.clusters,
                face: segmentKeys[segment.clusters.lowerBound] / 2, direction: direction,
                chain: chain, size: size, clusters: clusters, clusterOfByte: clusterOfByte,
                into: &result)
        }
        return result
    }

    /// Whether the script of a cluster's first character is written right to left; `nil` for
    /// characters common to scripts (spaces, digits, punctuation) and marks, which take the
    /// script of what they follow.
    private func scriptIsRightToLeft(_ cluster: Substring) -> Bool? {
        guard let scalar = cluster.unicodeScalars.first else { return nil }
        let script = hb_unicode_script(unicode, scalar.value)
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            || script == HB_SCRIPT_UNKNOWN
        {
            return nil
        }
        return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
    }

    private func shapeSegment(
        _ utf8: [UInt8], bytes: Range<Int>, clusterRange: Range<Int>, face faceIndex: Int,
        direction: LayoutDirection?, chain: FontChain, size: Double, clusters: [Substring],
        clusterOfByte: [Int32], into result: inout ShapedText
    ) {
        let face = chain.faces[faceIndex]
        let scale = size / face.unitsPerEm
        hb_buffer_clear_contents(buffer)
        if let direction {
            hb_buffer_set_direction(
                buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if bytes.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if bytes.upperBound == utf8.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        utf8.withUnsafeBufferPointer { text in
            text.baseAddress?.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
                hb_buffer_add_utf8(
                    buffer, chars, Int32(text.count), UInt32(bytes.lowerBound),
                    Int32(bytes.count))
            }
        }
        // The script (and, without a given direction, the direction) from the text.
        hb_buffer_set_language(buffer, language)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0
        else { return }
        let first = result.glyphs.count
        let origin = result.width
        var pen: Int64 = 0
        // Advances per HarfBuzz cluster value (a byte offset into the text).
        var clusterSums: [UInt32: Int64] = [:]
        for i in 0..<Int(count) {
            let info = infos[i]
            let position = positions[i]
            let penX = origin + Double(pen) * scale
            result.glyphs.append(
                ShapedGlyph(
                    faceIndex: faceIndex, glyph: info.codepoint,
                    x: penX + Double(position.x_offset) * scale,
                    y: -Double(position.y_offset) * scale, pen: penX,
                    clusters: clusterRange.lowerBound...clusterRange.lowerBound))
            pen += Int64(position.x_advance)
            clusterSums[info.cluster, default: 0] += Int64(position.x_advance)
        }
        let isRightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        result.segments.append(
            ShapedSegment(
                faceIndex: faceIndex, glyphs: first..<result.glyphs.count, clusters: clusterRange,
                isRightToLeft: isRightToLeft))
        result.width = origin + Double(pen) * scale

        // Each HarfBuzz cluster spans the bytes up to the next one; its advance goes to the
        // input clusters in that span, shared equally.
        let values = clusterSums.keys.sorted()
        var membersOfValue: [UInt32: ClosedRange<Int>] = [:]
        for (n, value) in values.enumerated() {
            let spanStart = max(Int(value), bytes.lowerBound)
            let spanEnd = n + 1 < values.count ? Int(values[n + 1]) : bytes.upperBound
            guard spanStart < spanEnd, spanEnd <= clusterOfByte.count else { continue }
            let firstCluster = Int(clusterOfByte[spanStart])
            let lastCluster = Int(clusterOfByte[spanEnd - 1])
            membersOfValue[value] = firstCluster...lastCluster
            let members = (firstCluster...lastCluster).filter { !clusters[$0].isEmpty }
            let share = Double(clusterSums[value] ?? 0) * scale / Double(max(members.count, 1))
            for cluster in members { result.clusterAdvances[cluster] += share }
        }
        for i in 0..<Int(count) {
            if let members = membersOfValue[infos[i].cluster] {
                result.glyphs[first + i].clusters = members
            }
        }
    }
}
