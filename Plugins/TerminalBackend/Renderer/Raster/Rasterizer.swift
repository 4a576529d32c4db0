import TrellisGeometry
import TrellisPluginKit

/// Draws a display list into a grid of cells.
///
/// A cell stands for `cellWidth × cellHeight` points. A shape covers the cells whose centres it
/// contains; clips are rectangles in cells (a rounded clip clips to its rectangle); transforms
/// move and scale (any other transform draws into its bounding box); transparency layers draw
/// into a layer of their own that is blended at their end with the layer's opacity.
struct Rasterizer {
    let cellWidth: Double
    let cellHeight: Double
    let assumedBackground: UInt32
    /// The canvas being drawn into: the screen or the innermost layer.
    var canvas: CellCanvas
    var glyphs: GlyphTable
    var state: DrawState
    private var saved: [DrawState] = []
    private var layers: [Layer] = []
    let images: [UInt32: DisplayImage]
    let scale: Double
    /// How right-to-left runs are written.
    let bidiMode: TerminalBidiMode
    /// The semantic hints open at this point of the list.
    var hints = HintStack()
    /// Whether image views' images are placed as terminal graphics, and the rows they may
    /// cover (`0..<graphicsRowLimit`); `nil` draws them as half blocks.
    var graphicsRowLimit: Int?
    /// The ordinals of image views' images drawn as half blocks even with graphics on.
    var halfBlockPlacements: Set<Int> = []
    /// The images placed as graphics, in drawing order.
    var placements: [ImagePlacement] = []
    /// The cells under each placement when it was placed.
    var placementCells: [[Cell]] = []
    /// How many image views' images were drawn so far.
    var contentImageCount = 0

    /// The most transparency layers drawn into layers of their own; deeper ones fade what they
    /// draw instead.
    static let maximumLayerDepth = 8

    /// How later commands draw.
    struct DrawState {
        var transform = AffineTransform.identity
        /// The clip, as a range of columns and one of rows.
        var clipColumns: Range<Int>
        var clipRows: Range<Int>
        /// A shadow cast by fills and images, offset in cells.
        var shadow: (color: UInt32, columns: Int, rows: Int)?
        /// The opacity of layers nested too deep to have a canvas of their own, 0 to 255.
        var opacity: UInt32 = 255
    }

    private struct Layer {
        /// The canvas under the layer, or `nil` for a layer drawn without its own canvas.
        var below: CellCanvas?
        var opacity: UInt32
    }

    /// Makes a rasterizer for a list on a canvas of `columns` × `rows` cells: `reusing`, a
    /// canvas of that size to draw over (see ``redraw(rows:columns:)``), or a blank one.
    init(
        list: DisplayList, columns: Int, rows: Int, cellWidth: Double, cellHeight: Double,
        assumedBackground: UInt32, glyphs: GlyphTable, bidiMode: TerminalBidiMode = .visual,
        reusing: CellCanvas? = nil
    ) {
        var images: [UInt32: DisplayImage] = [:]
        for image in list.images { images[image.id] = image }
        self.init(
            images: images, scale: list.scale, columns: columns, rows: rows,
            cellWidth: cellWidth, cellHeight: cellHeight, assumedBackground: assumedBackground,
            glyphs: glyphs, bidiMode: bidiMode, reusing: reusing)
    }

    /// Makes a rasterizer that draws commands given in runs (see ``draw(run:)``), with the
    /// images they may draw by id.
    init(
        images: [UInt32: DisplayImage], scale: Double, columns: Int, rows: Int,
        cellWidth: Double, cellHeight: Double, assumedBackground: UInt32, glyphs: GlyphTable,
        bidiMode: TerminalBidiMode = .visual, reusing: CellCanvas? = nil
    ) {
        self.bidiMode = bidiMode
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.assumedBackground = assumedBackground
        self.glyphs = glyphs
        canvas = reusing ?? CellCanvas(columns: columns, rows: rows)
        state = DrawState(clipColumns: 0..<columns, clipRows: 0..<rows)
        self.images = images
        self.scale = scale > 0 ? scale : 1
    }

    /// Draws only into some cells of the canvas the rasterizer was made with (the cells of an
    /// earlier frame): the cells a retained frame damaged, cleared first.
    mutating func redraw(rows: Range<Int>, columns: Range<Int>) {
        let width = canvas.columns
        canvas.cells.withUnsafeMutableBufferPointer { cells in
            for row in rows {
                for column in columns { cells[row * width + column] = CellCanvas.empty }
            }
        }
        state.clipRows = rows
        state.clipColumns = columns
        repairedRows = rows
        if columns != 0..<width { redrawnColumns = columns }
    }

    /// The columns redrawn over an earlier frame, when not all of them.
    private(set) var redrawnColumns: Range<Int>?
    /// Whether a wide glyph fell across an edge of the redrawn columns: half of it would be
    /// missing, so the rows must be drawn whole.
    var straddlesRedrawnColumns = false

    /// The rows whose wide glyphs are checked at the end: every row, or the ones redrawn.
    private var repairedRows: Range<Int>?

    /// Draws every command.
    mutating func draw(_ commands: [DisplayCommand]) {
        for command in commands { draw(command) }
        finish()
    }

    /// Draws a run of commands; ``finish()`` ends the drawing after the last run.
    mutating func draw(run: ArraySlice<DisplayCommand>) {
        for command in run { draw(command) }
    }

    /// Ends the drawing: closes the layers left open and mends wide glyphs cut at the edges.
    mutating func finish() {
        while !layers.isEmpty { endLayer() }
        canvas.repairWideGlyphs(rows: repairedRows ?? 0..<canvas.rows)
    }

    private mutating func draw(_ command: DisplayCommand) {
        // A control drawn for cells replaces the pixels drawn for it; state commands still
        // apply, so that saves, clips and layers stay balanced.
        if hints.suppression > 0 {
            switch command {
            case .fillRect, .fillRoundedRect, .strokeRoundedRect, .linearGradient, .glyphRun:
                return
            case .drawImage where hints.imageSuppression > 0:
                return
            default: break
            }
        }
        switch command {
        case .save:
            saved.append(state)
        case .restore:
            if let last = saved.popLast() { state = last }
        case .concatenate(let transform):
            state.transform = transform.concatenating(state.transform)
        case .clipRect(let rect), .clipRoundedRect(let rect, _):
            let (columns, rows) = cellRange(of: rect.applying(state.transform))
            state.clipColumns = state.clipColumns.clamped(to: columns)
            state.clipRows = state.clipRows.clamped(to: rows)
        case .fillRect(let rect, let color):
            fill(rect, radii: .zero, color: color)
        case .fillRoundedRect(let rect, let radii, let color):
            fill(rect, radii: radii, color: color)
        case .strokeRoundedRect(let rect, let radii, let color, let lineWidth):
            stroke(rect, radii: radii, color: color, lineWidth: lineWidth)
        case .linearGradient(let rect, let start, let end, let stops):
            gradient(rect, start: start, end: end, stops: stops)
        case .shadow(let color, let offset, _):
            let columns = cellCount(offset.width / cellWidth)
            let rows = cellCount(offset.height / cellHeight)
            let packed = PackedColor.make(color)
            let isVisible = PackedColor.alpha(packed) > 0 && (columns != 0 || rows != 0)
            state.shadow = isVisible ? (packed, columns, rows) : nil
        case .drawImage(let id, let source, let destination, let capInsets, let tint, let key):
            guard let image = images[id] else { break }
            if let key,
                place(
                    image, source: source, in: destination, capInsets: capInsets, tint: tint,
                    contentKey: key)
            {
                break
            }
            drawImage(image, source: source, in: destination, capInsets: capInsets, tint: tint)
        case .glyphRun(let run):
            text(run)
        case .beginLayer(let alpha):
            beginLayer(opacity: UInt32((alpha * 255).rounded()))
        case .endLayer:
            endLayer()
        case .beginSemantic(let hint):
            beginSemantic(hint)
        case .endSemantic:
            endSemantic()
        }
    }

    private mutating func beginLayer(opacity: UInt32) {
        saved.append(state)
        if layers.count < Rasterizer.maximumLayerDepth {
            layers.append(Layer(below: canvas, opacity: opacity))
            canvas = CellCanvas(columns: canvas.columns, rows: canvas.rows)
        } else {
            layers.append(Layer(below: nil, opacity: opacity))
            state.opacity = state.opacity * opacity / 255
        }
    }

    private mutating func endLayer() {
        guard let layer = layers.popLast() else { return }
        if let last = saved.popLast() { state = last }
        guard var below = layer.below else { return }
        canvas.repairWideGlyphs(rows: repairedRows ?? 0..<canvas.rows)
        below.composite(canvas, opacity: layer.opacity)
        canvas = below
    }

    // MARK: Cells

    /// A whole number of cells from a fraction, rounded, and clamped far from overflow.
    func cellCount(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(), -100_000), 100_000))
    }

    /// The cells whose centres lie in a rectangle of device points.
    func cellRange(of rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        func bounds(_ low: Double, _ high: Double, _ size: Double, _ count: Int) -> Range<Int> {
            guard low.isFinite || high.isFinite, !low.isNaN, !high.isNaN, high > low else {
                return 0..<0
            }
            func index(_ value: Double) -> Int {
                let cells = (value / size - 0.5).rounded(.up)
                return Int(min(max(cells, 0), Double(count)))
            }
            let lower = index(low)
            return lower..<max(lower, index(high))
        }
        return (
            bounds(rect.minX, rect.maxX, cellWidth, canvas.columns),
            bounds(rect.minY, rect.maxY, cellHeight, canvas.rows)
        )
    }

    /// The cells of a rectangle in the current coordinates, inside the clip.
    func clippedRange(of rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let (columns, rows) = cellRange(of: rect.applying(state.transform))
        return (columns.clamped(to: state.clipColumns), rows.clamped(to: state.clipRows))
    }

    /// The centre of a cell, in device points.
    func center(column: Int, row: Int) -> Point {
        Point(x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight)
    }

    /// The lengths of the current transform's unit vectors: how much it scales x and y.
    var scaleFactors: (x: Double, y: Double) {
        let t = state.transform
        return ((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }

    /// Packs a colour with the opacity of over-deep layers.
    func packed(_ color: Color) -> UInt32 {
        PackedColor.fade(PackedColor.make(color), by: state.opacity)
    }

    /// Whether drawing goes to the screen rather than into a transparency layer.
    var canvasIsScreen: Bool { layers.allSatisfy { $0.below == nil } }
}
