import CCairo
import TrellisGeometry
import TrellisPluginKit

/// Text for one renderer: fonts, shaping, measuring and drawing, so that measuring and
/// drawing a run choose the same faces and the same advances.
///
/// The fonts are found on first use, so frames without text never read a font directory.
final class TextEngine {
    /// The largest font drawn, in device pixels; FreeType fails on larger sizes and nothing
    /// that large fits on a canvas.
    static let maximumDeviceFontSize = 32_768.0

    private let directories: [String]
    private var catalog: FontCatalog?
    private let shaper = TextShaper()

    init(directories: [String]) {
        self.directories = directories
    }

    /// The faces for a descriptor.
    ///
    /// - Throws: `RendererError` when the family is not installed or a font cannot be read.
    func chain(for font: FontDescriptor) throws(RendererError) -> FontChain {
        if let catalog { return try catalog.chain(for: font) }
        let catalog = try FontCatalog(directories: directories)
        self.catalog = catalog
        return try catalog.chain(for: font)
    }

    /// Measures a run: the requested face's metrics and each cluster's advance, in points.
    ///
    /// The ascender, descender and line gap are whole points, each rounded to the nearest, as
    /// Chromium rounds a font's line metrics to whole CSS pixels: a line is as tall, and its
    /// baseline as far from its top, as in the browser, so that labels of different fonts
    /// aligned by their baselines sit where a browser puts them, and baselines fall on whole
    /// pixels at scale 1.
    ///
    /// - Throws: `RendererError` when the font cannot be found.
    func measure(_ run: MeasureRun) throws(RendererError) -> MeasuredRun {
        let chain = try chain(for: run.font)
        let size = run.font.size
        let shaped = shaper.shape(run.clusters.map { Substring($0) }, chain: chain, size: size)
        let m = chain.primary.metrics
        return MeasuredRun(
            ascender: (m.ascender * size).rounded(), descender: (m.descender * size).rounded(),
            lineGap: (m.lineGap * size).rounded(),
            capHeight: m.capHeight * size, xHeight: m.xHeight * size,
            advances: shaped.clusterAdvances)
    }

    /// The grapheme clusters of a text.
    static func clusters(of text: String) -> [Substring] {
        var result: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            result.append(text[index..<next])
            index = next
        }
        return result
    }

    /// The horizontal position of each shaped glyph, in points from the run's origin.
    ///
    /// Without `advances` these are the shaping's positions. With them (one per grapheme
    /// cluster), each HarfBuzz cluster's glyphs move together so that the cluster starts where
    /// the layout's pen puts it: in a left-to-right run its segment starts after the advances of
    /// the clusters before the segment, in a right-to-left run after those of the clusters that
    /// follow it; within a segment shaped left to right the cluster starts after the advances
    /// of the segment's clusters before it, within one shaped right to left after those of the
    /// segment's clusters that follow it. The glyphs keep their offsets from one another within
    /// a cluster.
    ///
    /// - Precondition: `advances`, when given, has one element per input cluster.
    static func glyphPositions(_ shaped: ShapedText, advances: [Double]?) -> [Double] {
        guard let advances else { return shaped.glyphs.map(\.x) }
        var starts = [0.0]
        starts.reserveCapacity(advances.count + 1)
        for advance in advances { starts.append(starts[starts.count - 1] + advance) }
        let total = starts[starts.count - 1]
        var positions = shaped.glyphs.map(\.x)
        for segment in shaped.segments {
            // Where each HarfBuzz cluster's leftmost pen position falls in the shaping.
            var naturalLeft: [Int: Double] = [:]
            for glyph in shaped.glyphs[segment.glyphs] {
                let key = glyph.clusters.lowerBound
                naturalLeft[key] = min(naturalLeft[key] ?? glyph.pen, glyph.pen)
            }
            let first = segment.clusters.lowerBound
            let end = segment.clusters.upperBound
            let segmentLeft = shaped.isRightToLeft ? total - starts[end] : starts[first]
            for index in segment.glyphs {
                let glyph = shaped.glyphs[index]
                let members = glyph.clusters
                guard members.lowerBound >= first, members.upperBound < end else { continue }
                let left =
                    segment.isRightToLeft
                    ? segmentLeft + starts[end] - starts[members.upperBound + 1]
                    : segmentLeft + starts[members.lowerBound] - starts[first]
                positions[index] = left + glyph.x - (naturalLeft[members.lowerBound] ?? glyph.pen)
            }
        }
        return positions
    }

    /// Draws a glyph run with its background, underline and strikethrough.
    ///
    /// The glyphs sit on the baseline at `run.origin`; the background fills the run's box
    /// (its measured width, ascent and descent, or the font's when the run has none). The run
    /// is shaped in its direction: a right-to-left run from its right end, its first cluster
    /// rightmost, with brackets mirrored. When the run carries advances, each cluster is drawn
    /// where they put it (see ``glyphPositions(_:advances:)``) and the underline and
    /// strikethrough span their sum.
    ///
    /// - Throws: `RendererError` when the font cannot be found, or with
    ///   ``RendererError/Kind/invalidInput`` when the run's advances are not one per grapheme
    ///   cluster of its text.
    func draw(_ run: GlyphRun, with painter: FramePainter) throws(RendererError) {
        let clusters = TextEngine.clusters(of: run.text)
        if let advances = run.advances, advances.count != clusters.count {
            throw RendererError(
                .invalidInput,
                "a glyph run has \(advances.count) advances for \(clusters.count) grapheme "
                    + "clusters; it needs one per cluster")
        }
        guard !painter.state.isHidden else { return }
        let size = run.font.size
        let chain = try chain(for: run.font)
        let shaped = shaper.shape(clusters, chain: chain, size: size, direction: run.direction)
        let metrics = chain.primary.metrics
        let hasBox = run.ascent + run.descent > 0
        let ascent = hasBox ? run.ascent : metrics.ascender * size
        let descent = hasBox ? run.descent : metrics.descender * size
        let textWidth = run.advances.map { $0.reduce(0, +) } ?? shaped.width
        let boxWidth = run.width > 0 ? run.width : textWidth
        let lineWidth = textWidth > 0 ? textWidth : boxWidth
        let origin = run.origin
        let deviceScale = Paths.deviceScale(painter.context)
        let drawsGlyphs = size > 0 && size * deviceScale <= TextEngine.maximumDeviceFontSize

        var segments: [(face: OpaquePointer, glyphs: [cairo_glyph_t])] = []
        let positions = TextEngine.glyphPositions(shaped, advances: run.advances)
        if drawsGlyphs {
            for segment in shaped.segments {
                let glyphs = segment.glyphs.map { index in
                    let glyph = shaped.glyphs[index]
                    return cairo_glyph_t(
                        index: UInt(glyph.glyph), x: origin.x + positions[index],
                        y: origin.y + glyph.y)
                }
                segments.append((chain.faces[segment.faceIndex].cairoFace, glyphs))
            }
        }
        let thickness = max(metrics.underlineThickness * size, 1 / max(deviceScale, 1e-9))
        var bars: [(rect: Rect, color: Color)] = []
        if let underline = run.underline {
            let center = origin.y + metrics.underlineOffset * size
            for (y, height) in TextEngine.bars(underline.pattern, center, thickness, below: true) {
                bars.append(
                    (
                        Rect(x: origin.x, y: y, width: lineWidth, height: height),
                        underline.color ?? run.color
                    ))
            }
        }
        if let strikethrough = run.strikethrough {
            let center = origin.y - metrics.strikeoutOffset * size
            for (y, height) in TextEngine.bars(
                strikethrough.pattern, center, thickness, below: false)
            {
                bars.append(
                    (
                        Rect(x: origin.x, y: y, width: lineWidth, height: height),
                        strikethrough.color ?? run.color
                    ))
            }
        }

        let top = max(ascent, metrics.ascender * size, size) + size / 4
        let bottom = max(descent, metrics.descender * size, size / 2) + size / 4
        let inkLeft = min(0, textWidth, positions.min() ?? 0)
        let inkRight = max(boxWidth, shaped.width, textWidth, positions.max() ?? 0)
        let ink = Rect(
            x: origin.x + inkLeft - size, y: origin.y - top,
            width: inkRight - inkLeft + 2 * size,
            height: top + bottom)
        try painter.draw(ink: painter.deviceBounds(ink)) { context in
            if let background = run.background, boxWidth > 0, ascent + descent > 0 {
                Paths.setColor(context, background)
                cairo_rectangle(context, origin.x, origin.y - ascent, boxWidth, ascent + descent)
                cairo_fill(context)
            }
            Paths.setColor(context, run.color)
            for segment in segments {
                cairo_set_font_face(context, segment.face)
                cairo_set_font_size(context, size)
                segment.glyphs.withUnsafeBufferPointer { glyphs in
                    cairo_show_glyphs(context, glyphs.baseAddress, Int32(glyphs.count))
                }
            }
            for bar in bars where bar.rect.size.width > 0 {
                let (top, height) = Paths.snappedBar(
                    context, top: bar.rect.origin.y, height: bar.rect.size.height)
                Paths.setColor(context, bar.color)
                cairo_rectangle(context, bar.rect.origin.x, top, bar.rect.size.width, height)
                cairo_fill(context)
            }
        }
    }

    /// The bars (top and height) that draw a line pattern centred on `center`; a double line
    /// adds its second bar away from the text for an underline, and splits around the centre
    /// for a strikethrough.
    private static func bars(
        _ pattern: TextLineStyle.Pattern, _ center: Double, _ thickness: Double, below: Bool
    ) -> [(Double, Double)] {
        switch pattern {
        case .single:
            return [(center - thickness / 2, thickness)]
        case .thick:
            return [(center - thickness, thickness * 2)]
        case .double:
            if below {
                return [(center - thickness / 2, thickness), (center + thickness * 1.5, thickness)]
            }
            return [(center - thickness * 1.5, thickness), (center + thickness / 2, thickness)]
        }
    }
}
