import TrellisGeometry
public import TrellisPluginKit

/// The terminal backend's renderer: draws display lists into a grid of character cells and
/// writes each frame as the escape sequences that change the screen from the previous frame;
/// measures text in cells; decodes keyboard and mouse input.
///
/// A cell is `cellWidth × cellHeight` points (8 × 16 by default; see
/// `TerminalConfiguration`). Each cell holds one grapheme cluster (a wide one takes two),
/// colours and attributes; the ``render(_:)-(DisplayList)`` output writes only the cells that
/// changed, so an unchanged frame writes nothing. The first frame, a frame of another size, and
/// a frame after ``requestFullFrame()`` clear the screen and write every cell that is not blank.
/// Inline frames (`TerminalConfiguration.drawsInline`) start and end on the frame's top-left
/// cell, wherever the host reserved the rows, move the cursor only relatively, and clear only
/// their own rows.
///
/// ```swift
/// let renderer = try TerminalRenderer(configuration: Array(#"{"colors": "256"}"#.utf8))
/// var list = DisplayList(size: Size(width: 640, height: 384))     // 80 × 24 cells
/// list.append(.fillRect(Rect(x: 0, y: 0, width: 640, height: 16), color: .blue))
/// let bytes = try renderer.render(list)                           // write to the terminal
/// renderer.statistics.cellsChanged                                 // 80
/// try renderer.render(list).count                                  // 0: nothing changed
/// ```
///
/// Text from content never reaches the terminal as a control: C0 controls show as their
/// pictures (`␛` for ESC, `␀`…`␟`), DEL as `␡`, and C1 controls as `�`.
///
/// Right-to-left glyph runs are written reversed, cluster by cluster, with brackets and the
/// like mirrored, so that a terminal that shows characters where they are written shows them
/// in visual order; with `"bidi": "logical"` (`TerminalBidiMode`) they are written in logical
/// order between bidi isolates, for a terminal that applies the bidirectional algorithm itself.
///
/// Controls are drawn with cell glyphs from the semantic hints around their drawing
/// (`SemanticHint`), instead of their rasterised pixels; text inside a label's hint stays in
/// the label's columns, cut with an ellipsis when it is wider in cells than in points.
///
/// Shadows of fills and images are drawn as the shape's cells offset by the shadow's offset in
/// whole cells (rounded), in the shadow's colour; shadows of text and outlines, and blur, are
/// not drawn.
///
/// Images are half blocks, two pixels a cell. With `"graphics": "kitty"` or `"sixel"`
/// (`TerminalGraphicsMode`), an image view's image (a `drawImage` with a content key) is shown
/// as a picture over its cells instead, written after them: through the kitty graphics
/// protocol it is sent once and placed again when it moves, and deleted when no frame draws it;
/// as a sixel it is written when it is new, moved, changed or its cells were written. A frame
/// in which nothing changes still writes nothing. An image that something later draws over,
/// one in a transparency layer, with a shadow or with cap insets stays half blocks.
public final class TerminalRenderer: FrameRenderer, ControllableRenderer {
    /// The settings.
    public private(set) var configuration: TerminalConfiguration
    /// What the last frame did.
    public private(set) var statistics = FrameStatistics()

    /// The most columns a frame may have.
    public static let maximumColumns = 2000
    /// The most rows a frame may have.
    public static let maximumRows = 1000

    private var glyphs = GlyphTable()
    /// The last frame written.
    private(set) var previous: Frame?
    private var encoder = FrameEncoder()
    private var parser = InputParser()
    private var forcesFullFrame = false
    /// The segments kept from retained frames.
    private let scene = RetainedScene()
    /// The cells of the last frame before their colours were resolved, for a retained frame
    /// to redraw some rows of.
    private var previousCanvas: CellCanvas?
    /// The frame before the last, kept as the buffer of the next retained frame, with the rows
    /// in which the last frame differs from it.
    private var spareFrame: (frame: Frame, staleRows: Range<Int>)?
    /// The images shown through the kitty graphics protocol.
    private var kitty = KittyGraphics()
    /// The images shown as sixels.
    private var sixel = SixelGraphics()

    /// Whole frames in 24-bit colour in a `.ans` file, which `cat` shows in a terminal; no
    /// preview (the terminal itself is the preview).
    public static var output: BackendOutput? {
        BackendOutput(
            fileConfiguration: TerminalConfiguration(repaintsEveryFrame: true).json,
            fileExtension: "ans", isBinary: false)
    }

    /// Creates a renderer from JSON configuration (see `TerminalConfiguration`).
    ///
    /// - Parameter configuration: UTF-8 JSON, or empty for the defaults.
    /// - Throws: `RendererError` for malformed JSON, unknown keys or bad values.
    public init(configuration: [UInt8]) throws(RendererError) {
        do {
            self.configuration = try TerminalConfiguration(json: configuration)
        } catch {
            throw RendererError(error)
        }
    }

    /// Creates a renderer with settings.
    ///
    /// - Parameter configuration: The settings.
    public init(configuration: TerminalConfiguration) {
        self.configuration = configuration
    }

    /// How image views' images are drawn: as configured, except in inline frames, whose cursor
    /// moves are all relative, where they stay half blocks.
    private var graphicsMode: TerminalGraphicsMode {
        configuration.drawsInline ? .halfBlocks : configuration.graphicsMode
    }

    /// Makes the next frame a full repaint: the host calls it after writing to the terminal
    /// itself, or after the terminal was reset or resumed.
    public func requestFullFrame() {
        forcesFullFrame = true
    }

    /// Decodes raw terminal input into events, keeping the start of an unfinished sequence for
    /// the next call (see ``InputParser``).
    ///
    /// - Parameter bytes: The bytes read from the terminal, or none after a timeout.
    /// - Returns: The events, and whether bytes are held.
    /// - Complexity: O(*n*) in the number of bytes.
    public func decodeInput(_ bytes: UnsafeRawBufferPointer) -> InputBatch {
        parser.feed(bytes)
    }

    /// Applies a control request's JSON: changed settings, and `"full": true` for a full
    /// repaint.
    func control(json: [UInt8]) throws(RendererError) {
        var updated = configuration
        let extras: [String: JSONValue]
        do {
            extras = try updated.apply(json: json, allowing: ["full"])
        } catch {
            throw RendererError(error)
        }
        if let full = extras["full"] {
            guard case .bool(let flag) = full else {
                throw RendererError(.invalidInput, "control \"full\" must be true or false")
            }
            if flag { forcesFullFrame = true }
        }
        if updated != configuration {
            forcesFullFrame = true
            configuration = updated
        }
    }

    /// Renders an encoded display list.
    ///
    /// - Parameter list: A display list in the binary format.
    /// - Returns: The bytes to write to the terminal.
    /// - Throws: `RendererError` for a malformed list or a canvas of too many cells.
    /// - Complexity: O(*c* + *n*) for *c* cells and a list of *n* bytes.
    public func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        let start = ContinuousClock.now
        if RetainedFrame.isRetainedFrame(list) { return try renderRetained(list, startedAt: start) }
        let decoded: DisplayList
        do throws(DisplayListError) {
            decoded = try DisplayList(decoding: list)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
        return try render(decoded, startedAt: start)
    }

    /// Renders a display list.
    ///
    /// - Parameter list: The frame.
    /// - Returns: The bytes to write to the terminal.
    /// - Throws: `RendererError` for a canvas of too many cells.
    /// - Complexity: O(*c* + *n*) for *c* cells and *n* commands.
    public func render(_ list: DisplayList) throws(RendererError) -> [UInt8] {
        try render(list, startedAt: ContinuousClock.now)
    }

    private func render(_ list: DisplayList, startedAt start: ContinuousClock.Instant)
        throws(RendererError) -> [UInt8]
    {
        let columns = Int((list.size.width / configuration.cellWidth).rounded(.up))
        let rows = Int((list.size.height / configuration.cellHeight).rounded(.up))
        guard columns <= TerminalRenderer.maximumColumns, rows <= TerminalRenderer.maximumRows
        else {
            throw RendererError(
                .invalidInput,
                "the canvas is \(columns) × \(rows) cells of \(configuration.cellWidth) × "
                    + "\(configuration.cellHeight) points; at most "
                    + "\(TerminalRenderer.maximumColumns) × \(TerminalRenderer.maximumRows)")
        }
        if glyphs.count > GlyphTable.capacity / 2 {
            glyphs.removeAll()
            previous = nil
            previousCanvas = nil
        }
        let background = PackedColor.make(configuration.assumedBackground)
        // Image views' images drawn over by something later are drawn again as half blocks,
        // so that what covers them shows.
        var halfBlocks = Set<Int>()
        var rasterizer: Rasterizer
        repeat {
            rasterizer = Rasterizer(
                list: list, columns: columns, rows: rows, cellWidth: configuration.cellWidth,
                cellHeight: configuration.cellHeight, assumedBackground: background,
                glyphs: glyphs, bidiMode: configuration.bidiMode)
            glyphs = GlyphTable()
            switch graphicsMode {
            case .halfBlocks: rasterizer.graphicsRowLimit = nil
            case .kitty: rasterizer.graphicsRowLimit = rows
            // A sixel image that reaches the last row scrolls the screen in some terminals.
            case .sixel: rasterizer.graphicsRowLimit = rows - 1
            }
            rasterizer.halfBlockPlacements = halfBlocks
            rasterizer.draw(list.commands)
            glyphs = rasterizer.glyphs
            let occluded = rasterizer.occludedPlacements.subtracting(halfBlocks)
            if occluded.isEmpty { break }
            halfBlocks.formUnion(occluded)
        } while true
        let frame = rasterizer.canvas.resolved(
            colorMode: configuration.colorMode, assumedBackground: background)
        previousCanvas = rasterizer.canvas
        spareFrame = nil
        return finish(
            frame, columns: columns, rows: rows, placements: rasterizer.placements,
            startedAt: start)
    }

    /// Encodes a frame against the last one and records what it took.
    private func finish(
        _ frame: Frame, columns: Int, rows: Int, changedRows: Range<Int>? = nil,
        placements: [ImagePlacement] = [], startedAt start: ContinuousClock.Instant
    ) -> [UInt8] {
        let isResized = previous.map { $0.columns != columns || $0.rows != rows } ?? true
        let isFull = forcesFullFrame || configuration.repaintsEveryFrame || isResized
        encoder.drawsInline = configuration.drawsInline
        var base = isFull ? nil : previous
        if var cells = base, graphicsMode == .sixel {
            for box in sixel.vacated(by: placements) { cells.invalidate(box) }
            base = cells
        }
        var result = encoder.encode(
            frame, previous: base, glyphs: glyphs, rows: isFull ? nil : changedRows)
        let cellBytes = result.bytes.count
        if graphicsMode == .kitty || !kitty.shown.isEmpty {
            kitty.encode(
                graphicsMode == .kitty ? placements : [], isFull: isFull,
                into: &result.bytes)
        }
        if graphicsMode == .sixel || !sixel.shown.isEmpty {
            let background = PackedColor.make(configuration.assumedBackground) & 0xFF_FFFF
            sixel.encode(
                graphicsMode == .sixel ? placements : [],
                written: { box in base.map { !$0.isSame(as: frame, in: box) } ?? true },
                isFull: isFull, pixelWidth: configuration.cellPixelWidth,
                pixelHeight: configuration.cellPixelHeight, background: background,
                into: &result.bytes)
        }
        if result.bytes.count > cellBytes {
            // The cursor was moved to place images.
            encoder.cursorRow = nil
            encoder.cursorColumn = nil
        }
        previous = frame
        forcesFullFrame = false
        let elapsed = start.duration(to: .now).components
        statistics = FrameStatistics(
            frame: statistics.frame + 1, columns: columns, rows: rows,
            cellsChanged: result.cellsChanged, cellsWritten: result.cellsWritten,
            bytesWritten: result.bytes.count,
            renderNanoseconds: UInt64(max(0, elapsed.seconds)) * 1_000_000_000
                + UInt64(max(0, elapsed.attoseconds) / 1_000_000_000),
            isFullFrame: isFull)
        return result.bytes
    }

    /// Renders a retained frame: only the rows its damage touches are drawn again, over the
    /// cells of the last frame, from the segments that reach them; a first frame, a reset, a
    /// new size or a forced full frame draws everything.
    private func renderRetained(
        _ list: UnsafeRawBufferPointer, startedAt start: ContinuousClock.Instant
    )
        throws(RendererError) -> [UInt8]
    {
        let changes: RetainedScene.Changes
        do throws(DisplayListError) {
            changes = try scene.apply(list)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
        let columns = Int((scene.size.width / configuration.cellWidth).rounded(.up))
        let rows = Int((scene.size.height / configuration.cellHeight).rounded(.up))
        guard !changes.isFull, !forcesFullFrame, !configuration.repaintsEveryFrame,
            !showsImages(), glyphs.count <= GlyphTable.capacity / 2,
            previousCanvas?.columns == columns, previousCanvas?.rows == rows,
            var canvas = previousCanvas, let previous
        else {
            let whole: DisplayList
            do throws(DisplayListError) {
                whole = try scene.displayList()
            } catch {
                throw RendererError(.invalidInput, error.description)
            }
            return try render(whole, startedAt: start)
        }
        // The damage as one rectangle of cells.
        let cellWidth = configuration.cellWidth
        let cellHeight = configuration.cellHeight
        var area = Rect.null
        for damage in changes.damage where !damage.isEmpty { area = area.union(damage) }
        guard !area.isNull, area.isFinite else {
            return finish(
                previous, columns: columns, rows: rows, changedRows: 0..<0, startedAt: start)
        }
        let band = cellRange(area.minY, area.maxY, size: cellHeight, count: rows)
        var span = cellRange(area.minX, area.maxX, size: cellWidth, count: columns)
        guard !band.isEmpty, !span.isEmpty else {
            return finish(
                previous, columns: columns, rows: rows, changedRows: 0..<0, startedAt: start)
        }
        // No wide glyph of the last frame may straddle the edges of the redrawn cells.
        for row in band {
            let first = row * columns
            if span.lowerBound > 0, canvas.cells[first + span.lowerBound].isContinuation {
                span = (span.lowerBound - 1)..<span.upperBound
            }
            if span.upperBound < columns,
                canvas.cells[first + span.upperBound - 1].style & CellStyle.wide != 0
            {
                span = span.lowerBound..<(span.upperBound + 1)
            }
        }
        // The canvas is drawn over in place, not copied: it leaves `previousCanvas` for the
        // redraw, and the damaged rows are kept to start again from if a wide glyph straddles.
        previousCanvas = nil
        let bandCells = band.lowerBound * columns..<band.upperBound * columns
        let earlierBand = Array(canvas.cells[bandCells])
        var straddles = try redraw(rows: band, columns: span, on: &canvas)
        if straddles {
            // A wide glyph fell across an edge of the cells drawn: draw the whole rows.
            canvas.cells.replaceSubrange(bandCells, with: earlierBand)
            straddles = try redraw(rows: band, columns: 0..<columns, on: &canvas)
        }
        previousCanvas = canvas
        var frame = takeFrameBuffer(matching: previous)
        canvas.resolve(
            rows: band, into: &frame, colorMode: configuration.colorMode,
            assumedBackground: PackedColor.make(configuration.assumedBackground))
        let bytes = finish(
            frame, columns: columns, rows: rows, changedRows: band, startedAt: start)
        // The last frame's cells become the next frame's buffer, behind it by the rows drawn.
        spareFrame = (previous, band)
        return bytes
    }

    /// A frame to draw the next one into, with the cells of `previous`: the spare buffer,
    /// brought up to date by copying the rows it lacks, or a copy of `previous`.
    private func takeFrameBuffer(matching previous: Frame) -> Frame {
        guard case (var frame, let stale)? = spareFrame, frame.columns == previous.columns,
            frame.rows == previous.rows
        else { return previous }
        spareFrame = nil
        let cells = stale.lowerBound * previous.columns..<stale.upperBound * previous.columns
        frame.cells.replaceSubrange(cells, with: previous.cells[cells])
        return frame
    }

    /// Draws the segments that reach some cells again, over the cells of the last frame, and
    /// says whether a wide glyph straddles an edge of the cells drawn.
    private func redraw(
        rows band: Range<Int>, columns span: Range<Int>, on canvas: inout CellCanvas
    ) throws(RendererError) -> Bool {
        let cellWidth = configuration.cellWidth
        let cellHeight = configuration.cellHeight
        let reach = Rect(
            x: Double(span.lowerBound) * cellWidth, y: Double(band.lowerBound) * cellHeight,
            width: Double(span.count) * cellWidth, height: Double(band.count) * cellHeight)
        let background = PackedColor.make(configuration.assumedBackground)
        let columns = canvas.columns
        let rows = canvas.rows
        var rasterizer = Rasterizer(
            images: scene.keptImages, scale: scene.scale, columns: columns, rows: rows,
            cellWidth: cellWidth, cellHeight: cellHeight, assumedBackground: background,
            glyphs: glyphs, bidiMode: configuration.bidiMode, reusing: canvas)
        canvas = CellCanvas(columns: 0, rows: 0)
        glyphs = GlyphTable()
        rasterizer.redraw(rows: band, columns: span)
        // The segments that reach the cells are drawn as they are walked, not gathered into a
        // list first. A malformed scene throws with the canvas half drawn and left out: the
        // caller has dropped its last canvas, so the next frame is drawn whole.
        do throws(DisplayListError) {
            try scene.forEachRun(touching: [reach]) { rasterizer.draw(run: $0) }
        } catch {
            glyphs = rasterizer.glyphs
            throw RendererError(.invalidInput, error.description)
        }
        rasterizer.finish()
        glyphs = rasterizer.glyphs
        canvas = rasterizer.canvas
        return rasterizer.straddlesRedrawnColumns
    }

    /// Whether terminal graphics show images, or may show some in this frame: the whole
    /// frame is then drawn, so that every image's placement is known. Asked of the scene in
    /// O(1), so that a window without image views keeps its damage-tracked frames.
    private func showsImages() -> Bool {
        guard graphicsMode != .halfBlocks else { return false }
        return !kitty.shown.isEmpty || !sixel.shown.isEmpty || scene.mayDrawContentImages
    }

    /// The cells from `low` to `high` points, clamped to `0..<count`.
    private func cellRange(_ low: Double, _ high: Double, size: Double, count: Int) -> Range<Int> {
        let lower = Int(min(max((low / size).rounded(.down), 0), Double(count)))
        let upper = Int(min(max((high / size).rounded(.up), 0), Double(count)))
        return lower..<max(lower, upper)
    }
}
