import CCairo
import TrellisGeometry
public import TrellisPluginKit

/// The raster backend's renderer: draws display lists into pixels with Cairo, shapes text with
/// HarfBuzz, reads glyphs with FreeType and finds fonts with fontconfig.
///
/// Every command of a `DisplayList` is drawn with anti-aliasing at the list's scale (the
/// canvas is its size × scale pixels): fills and strokes with per-corner radii, linear
/// gradients, CoreGraphics-style shadows with a Gaussian blur, clips, transforms, transparency
/// layers, images (nine-slice and tinted too) and glyph runs. Text falls back per grapheme
/// cluster from the requested font to DejaVu Sans and WenQuanYi Micro Hei, and ``measure(_:)-([MeasureRun])``
/// shapes it exactly as drawing does, so layouts measured with this backend fit its pixels.
///
/// Images are converted to Cairo surfaces once and kept between frames while their pixels
/// stay the same (up to 64 MiB, least recently used dropped first).
///
/// The same list always gives the same bytes: fonts come from a fixed fontconfig
/// configuration that ignores the user's settings, glyphs are drawn unhinted with grey
/// anti-aliasing, and the PNG has no timestamp.
///
/// ```swift
/// let renderer = try RasterRenderer(configuration: RasterConfiguration(format: .png))
/// var list = DisplayList(size: Size(width: 120, height: 44), scale: 2)
/// list.append(.fillRoundedRect(Rect(x: 0, y: 0, width: 120, height: 44),
///                              radii: .uniform(8), color: .blue))
/// let png = try renderer.render(list)   // 240×88 pixels
/// ```
public final class RasterRenderer: FrameRenderer {
    /// The configuration the renderer was created with.
    public let configuration: RasterConfiguration
    private let text: TextEngine
    private let fontOptions: OpaquePointer
    private let imageCache = ImageSurfaceCache()
    /// The segments kept from retained frames.
    private let scene = RetainedScene()
    /// The canvas of the last retained frame, which the next one's damage is drawn over.
    private var retainedCanvas: (surface: OpaquePointer, size: CanvasSize)?

    /// How many images the renderer has converted to Cairo surfaces; an image drawn again,
    /// unchanged, in a later frame comes from the cache and does not count. A test hook.
    package var imageConversionCount: Int { imageCache.conversions }

    /// The most bytes of converted images kept between frames (64 MiB unless changed). A test
    /// hook.
    package var imageCacheByteLimit: Int {
        get { imageCache.byteLimit }
        set { imageCache.byteLimit = newValue }
    }

    /// Creates a renderer from JSON configuration, as the plugin's `open` does.
    ///
    /// - Parameter configuration: UTF-8 JSON read by ``RasterConfiguration/init(json:)``.
    /// - Throws: `RendererError` of kind `invalidInput` for a bad configuration.
    public convenience init(configuration: [UInt8]) throws(RendererError) {
        try self.init(configuration: RasterConfiguration(json: configuration))
    }

    /// PNG files; no preview.
    public static var output: BackendOutput? {
        BackendOutput(
            fileConfiguration: Array(#"{"format": "png"}"#.utf8), fileExtension: "png",
            isBinary: true)
    }

    /// Creates a renderer.
    ///
    /// - Throws: `RendererError` of kind `resource` when Cairo cannot allocate.
    public init(configuration: RasterConfiguration) throws(RendererError) {
        self.configuration = configuration
        text = TextEngine(directories: configuration.fontDirectories)
        guard let options = cairo_font_options_create() else {
            throw RendererError(.resource, "raster: out of memory")
        }
        // Fixed glyph rendering: grey anti-aliasing, no hinting, unrounded metrics.
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        fontOptions = options
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        if let retainedCanvas { cairo_surface_destroy(retainedCanvas.surface) }
    }

    /// Decodes, validates and renders an encoded display list.
    ///
    /// - Returns: The frame in the configured ``RasterConfiguration/format``.
    /// - Throws: `RendererError` of kind `invalidInput` with the decoder's message for a
    ///   malformed list; see ``render(_:)-(DisplayList)`` for the rest.
    public func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        guard RetainedFrame.isRetainedFrame(list) else { return try render(decode(list)) }
        var result: [UInt8] = []
        try drawRetained(list) { surface, size throws(RendererError) in
            result = try RasterOutput.encode(surface, size: size, format: configuration.format)
        }
        return result
    }

    /// Decodes, validates and renders an encoded display list into the plugin instance's
    /// output: `rgba` pixels are converted straight into it, without an intermediate array.
    ///
    /// - Throws: As ``render(_:)-(UnsafeRawBufferPointer)``.
    public func render(_ list: UnsafeRawBufferPointer, into output: FrameOutput)
        throws(RendererError)
    {
        if RetainedFrame.isRetainedFrame(list) {
            try drawRetained(list) { surface, size throws(RendererError) in
                if configuration.format == .rgba {
                    try RasterOutput.encodeRGBA(surface, size: size, into: output)
                } else {
                    output.replace(
                        with: try RasterOutput.encode(surface, size: size, format: .png))
                }
            }
            return
        }
        let decoded = try decode(list)
        guard configuration.format == .rgba else {
            output.replace(with: try render(decoded))
            return
        }
        try draw(decoded) { surface, size throws(RendererError) in
            try RasterOutput.encodeRGBA(surface, size: size, into: output)
        }
    }

    private func decode(_ list: UnsafeRawBufferPointer) throws(RendererError) -> DisplayList {
        do throws(DisplayListError) {
            return try DisplayList(decoding: list)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
    }

    /// Renders a display list.
    ///
    /// - Returns: The frame in the configured ``RasterConfiguration/format``.
    /// - Throws: `RendererError` of kind `resource` for a canvas above
    ///   ``CanvasSize/maximumSide`` pixels a side, a font family that is not installed or
    ///   memory that runs out; `invalidInput` for an empty canvas in PNG.
    /// - Complexity: O(*p* + *c*) for *p* pixels and *c* commands, plus what they draw.
    public func render(_ list: DisplayList) throws(RendererError) -> [UInt8] {
        var result: [UInt8] = []
        try draw(list) { surface, size throws(RendererError) in
            result = try RasterOutput.encode(surface, size: size, format: configuration.format)
        }
        return result
    }

    /// Draws a list on a new canvas and hands it to `encode` (with no surface for an empty
    /// `rgba` canvas), with the renderer's prefix on every error message.
    private func draw(
        _ list: DisplayList,
        encode: (OpaquePointer?, CanvasSize) throws(RendererError) -> Void
    ) throws(RendererError) {
        do throws(RendererError) {
            let size = try CanvasSize(for: list)
            let surface = try paintedCanvas(list, size: size)
            defer { if let surface { cairo_surface_destroy(surface) } }
            try encode(surface, size)
        } catch {
            throw RendererError(error.kind, "raster: \(error.message)")
        }
    }

    /// A new canvas with the list painted on it, which the caller owns; `nil` for an empty
    /// canvas in `rgba` (a PNG needs a pixel).
    private func paintedCanvas(_ list: DisplayList, size: CanvasSize) throws(RendererError)
        -> OpaquePointer?
    {
        if size.isEmpty {
            guard configuration.format == .rgba else {
                throw RendererError(
                    .invalidInput,
                    "the canvas is \(size.width)×\(size.height) pixels; a PNG needs at least one pixel"
                )
            }
            return nil
        }
        let surface = try RasterOutput.makeCanvas(size)
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw RendererError(.resource, "out of memory")
        }
        defer { cairo_destroy(context) }
        do throws(RendererError) {
            try paint(list, on: context, size: size)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// Draws a retained frame: only its damage, over the canvas of the last frame, from the
    /// segments that reach it; a first frame, a reset or a new size draws everything on a new
    /// canvas, which is kept.
    private func drawRetained(
        _ buffer: UnsafeRawBufferPointer,
        encode: (OpaquePointer?, CanvasSize) throws(RendererError) -> Void
    ) throws(RendererError) {
        let changes: RetainedScene.Changes
        do throws(DisplayListError) {
            changes = try scene.apply(buffer)
        } catch {
            throw RendererError(.invalidInput, "raster: " + error.description)
        }
        do throws(RendererError) {
            let size = try CanvasSize(for: DisplayList(size: scene.size, scale: scene.scale))
            guard !changes.isFull, let canvas = retainedCanvas, canvas.size == size else {
                try drawWhole(size: size, encode: encode)
                return
            }
            let areas = Self.repaintAreas(deviceAreas(changes.damage, size: size))
            guard !areas.isEmpty else {
                try encode(canvas.surface, size)
                return
            }
            guard let context = cairo_create(canvas.surface) else {
                throw RendererError(.resource, "out of memory")
            }
            defer { cairo_destroy(context) }
            do throws(RendererError) {
                for area in areas {
                    // Segments' bounds are their geometry's: a pixel of antialiasing may reach
                    // past them, so a segment a pixel away from the area is drawn too.
                    let list = try sceneList(
                        touching: [
                            Rect(
                                x: (area.minX - 1) / scene.scale, y: (area.minY - 1) / scene.scale,
                                width: (area.maxX - area.minX + 2) / scene.scale,
                                height: (area.maxY - area.minY + 2) / scene.scale)
                        ])
                    cairo_save(context)
                    defer { cairo_restore(context) }
                    cairo_rectangle(
                        context, area.minX, area.minY, area.maxX - area.minX,
                        area.maxY - area.minY)
                    cairo_clip(context)
                    cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
                    cairo_paint(context)
                    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
                    try paint(list, on: context, size: size)
                }
            } catch {
                // The canvas is half drawn: the next frame draws everything again.
                retainedCanvas = nil
                cairo_surface_destroy(canvas.surface)
                throw error
            }
            cairo_surface_flush(canvas.surface)
            try encode(canvas.surface, size)
        } catch {
            throw RendererError(error.kind, "raster: \(error.message)")
        }
    }

    /// Draws the whole retained scene on a new canvas, kept for the next frame's damage.
    private func drawWhole(
        size: CanvasSize, encode: (OpaquePointer?, CanvasSize) throws(RendererError) -> Void
    ) throws(RendererError) {
        if let retainedCanvas { cairo_surface_destroy(retainedCanvas.surface) }
        retainedCanvas = nil
        let surface = try paintedCanvas(try sceneList(touching: nil), size: size)
        if let surface { retainedCanvas = (surface, size) }
        try encode(surface, size)
    }

    private func sceneList(touching areas: [Rect]?) throws(RendererError) -> DisplayList {
        do throws(DisplayListError) {
            if let areas { return try scene.displayList(touching: areas) }
            return try scene.displayList()
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
    }

    /// Paints a list on a context of the canvas, in points.
    private func paint(_ list: DisplayList, on context: OpaquePointer, size: CanvasSize)
        throws(RendererError)
    {
        cairo_scale(context, list.scale, list.scale)
        cairo_set_font_options(context, fontOptions)
        let painter = FramePainter(
            context: context, scale: list.scale,
            canvas: DeviceRect(
                minX: 0, minY: 0, maxX: Double(size.width), maxY: Double(size.height)),
            images: FrameImages(list, cache: imageCache), text: text, fontOptions: fontOptions)
        try painter.paint(list.commands)
    }

    /// The most areas repainted one by one; more are repainted as their bounding box.
    static let maximumRepaintAreas = 32

    /// Damaged areas to repaint, each under a clip of its own.
    ///
    /// Cairo gives the pixels of an unclipped paint only under a clip of one pixel-aligned
    /// rectangle: under a union of rectangles it rasterises the edges it draws on a coarser
    /// grid (a row half covered comes out 8/15 covered). So areas are painted one at a time;
    /// an area inside another is dropped, overlapping ones are merged where their bounding box
    /// is no larger than the two, and beyond ``maximumRepaintAreas`` (or, before merging, four
    /// times as many) all become one box.
    static func repaintAreas(_ areas: [DeviceRect]) -> [DeviceRect] {
        // Merging is quadratic: with many areas, their bounding box is repainted at once.
        guard areas.count <= 4 * maximumRepaintAreas else {
            return [areas.reduce(DeviceRect.empty) { $0.union($1) }]
        }
        func size(_ r: DeviceRect) -> Double { (r.maxX - r.minX) * (r.maxY - r.minY) }
        var result: [DeviceRect] = []
        for area in areas where !area.isEmpty {
            var merged = area
            var index = 0
            while index < result.count {
                let other = result[index]
                let box = merged.union(other)
                if box == other || box == merged
                    || (!merged.intersection(other).isEmpty
                        && size(box) <= size(merged) + size(other))
                {
                    merged = box
                    result.remove(at: index)
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(merged)
        }
        guard result.count > maximumRepaintAreas else { return result }
        return [result.reduce(DeviceRect.empty) { $0.union($1) }]
    }

    /// Damaged areas in whole device pixels, widened by a pixel for antialiasing and clamped to
    /// the canvas.
    private func deviceAreas(_ damage: [Rect], size: CanvasSize) -> [DeviceRect] {
        damage.compactMap { area in
            guard area.isFinite, !area.isEmpty else { return nil }
            let minX = max(0, (area.minX * scene.scale).rounded(.down) - 1)
            let minY = max(0, (area.minY * scene.scale).rounded(.down) - 1)
            let maxX = min(Double(size.width), (area.maxX * scene.scale).rounded(.up) + 1)
            let maxY = min(Double(size.height), (area.maxY * scene.scale).rounded(.up) + 1)
            guard maxX > minX, maxY > minY else { return nil }
            return DeviceRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }
    }

    /// Measures an encoded batch of text runs (the `TextMeasurementCodec` format).
    ///
    /// - Throws: `RendererError` of kind `invalidInput` for a malformed request, `resource`
    ///   for a font family that is not installed.
    public func measure(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        let runs: [MeasureRun]
        do throws(DisplayListError) {
            runs = try TextMeasurementCodec.decodeRequest(request)
        } catch {
            throw RendererError(.invalidInput, "raster: measure request: \(error.description)")
        }
        return TextMeasurementCodec.encode(response: try measure(runs))
    }

    /// Measures text runs: for each, the font's ascender, descender, line gap, cap height and
    /// x-height, and the advance of each cluster, in points.
    ///
    /// Each run is shaped with HarfBuzz exactly as drawing shapes it, fallback fonts included,
    /// so the advances sum to the width the run's glyphs cover when drawn.
    ///
    /// - Throws: `RendererError` of kind `resource` for a font family that is not
    ///   installed.
    /// - Complexity: O(*n*) in the total length of the text, plus shaping.
    public func measure(_ runs: [MeasureRun]) throws(RendererError) -> [MeasuredRun] {
        var results: [MeasuredRun] = []
        results.reserveCapacity(runs.count)
        for (index, run) in runs.enumerated() {
            do throws(RendererError) {
                results.append(try text.measure(run))
            } catch {
                throw RendererError(error.kind, "raster: measure run \(index): \(error.message)")
            }
        }
        return results
    }
}
