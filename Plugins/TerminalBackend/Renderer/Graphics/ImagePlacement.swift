import TrellisGeometry
import TrellisPluginKit

/// A rectangle of cells.
struct CellBox: Hashable {
    var column: Int
    var row: Int
    var columns: Int
    var rows: Int

    var isEmpty: Bool { columns <= 0 || rows <= 0 }

    /// Whether a cell lies in the box.
    func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < column + columns && r >= row && r < row + rows
    }
}

/// An image view's image shown with terminal graphics: which pixels (the part of the display
/// image its command draws, tinted as it says), the cells it covers whole, and the cells of
/// those that show.
struct ImagePlacement {
    /// The position of its command among the frame's image views' images.
    let ordinal: Int
    /// The identity of the pixels sent: the content key with the source rectangle and tint.
    let identity: UInt64
    /// The display image.
    let image: DisplayImage
    /// The source rectangle in image pixels, within the image and at least one pixel.
    let sourceX: Int
    let sourceY: Int
    let sourceWidth: Int
    let sourceHeight: Int
    /// The tint, as straight-alpha `0xAARRGGBB`, for a template image.
    let tint: UInt32?
    /// The cells the whole image covers (the cells whose centres its destination contains).
    let box: CellBox
    /// The cells of ``box`` that show: inside the clip and the screen.
    let visible: CellBox

    /// The pixels sent: the source rectangle as straight RGBA, its alpha filled with the tint
    /// for a template image.
    ///
    /// - Complexity: O(*w* × *h*) for the source rectangle.
    func pixels() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: sourceWidth * sourceHeight * 4)
        for y in 0..<sourceHeight {
            let from = ((sourceY + y) * image.width + sourceX) * 4
            let to = y * sourceWidth * 4
            for x in 0..<sourceWidth * 4 { result[to + x] = image.pixels[from + x] }
        }
        if let tint {
            let r = UInt8((tint >> 16) & 0xFF)
            let g = UInt8((tint >> 8) & 0xFF)
            let b = UInt8(tint & 0xFF)
            let alpha = tint >> 24
            for index in stride(from: 0, to: result.count, by: 4) {
                result[index] = r
                result[index + 1] = g
                result[index + 2] = b
                result[index + 3] = UInt8((UInt32(result[index + 3]) * alpha + 127) / 255)
            }
        }
        return result
    }

    /// The part of the sent pixels that ``visible`` shows, in those pixels: the whole image
    /// unless the clip or the screen cut it.
    var visibleSource: (x: Int, y: Int, width: Int, height: Int) {
        func span(_ start: Int, _ count: Int, of boxStart: Int, _ boxCount: Int, pixels: Int)
            -> (Int, Int)
        {
            let low = (start - boxStart) * pixels / boxCount
            let high = (start + count - boxStart) * pixels / boxCount
            return (low, max(1, high - low))
        }
        let (x, width) = span(
            visible.column, visible.columns, of: box.column, box.columns, pixels: sourceWidth)
        let (y, height) = span(
            visible.row, visible.rows, of: box.row, box.rows, pixels: sourceHeight)
        return (x, y, width, height)
    }

    /// The identity of a content key drawn from a source rectangle with a tint.
    static func identity(
        contentKey: UInt64, source: (Int, Int, Int, Int), tint: UInt32?
    ) -> UInt64 {
        var words: [UInt8] = []
        for value in [
            contentKey, UInt64(source.0), UInt64(source.1), UInt64(source.2), UInt64(source.3),
            tint.map { UInt64($0) | 1 << 32 } ?? 0,
        ] {
            for shift in stride(from: 0, to: 64, by: 8) {
                words.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        return DisplayImage.contentKey(width: 0, height: 0, pixels: words)
    }
}

extension Rasterizer {
    /// Shows an image view's image with terminal graphics when it can be: drawn on the screen
    /// (not in a transparency layer), without a shadow or cap insets, under a transform that
    /// only moves and scales, covering at least one cell. The cells under it keep what lies
    /// beneath; the placement is recorded with a copy of its cells, so that drawing over it
    /// later is found (``occludedPlacements``).
    ///
    /// - Returns: Whether the image was placed; if not, it is drawn as half blocks.
    mutating func place(
        _ image: DisplayImage, source: Rect, in destination: Rect, capInsets: EdgeInsets?,
        tint: Color?, contentKey: UInt64
    ) -> Bool {
        let ordinal = contentImageCount
        contentImageCount += 1
        let t = state.transform
        guard graphicsRowLimit != nil, !halfBlockPlacements.contains(ordinal), capInsets == nil,
            state.shadow == nil, state.opacity >= 255, canvasIsScreen, t.b == 0, t.c == 0,
            t.a > 0, t.d > 0, destination.isFinite, source.isFinite
        else { return false }
        let device = destination.applying(t)
        func span(_ low: Double, _ high: Double, _ size: Double) -> (Int, Int) {
            let lower = (low / size - 0.5).rounded(.up)
            let upper = (high / size - 0.5).rounded(.up)
            guard lower.magnitude < 1e6, upper.magnitude < 1e6 else { return (0, 0) }
            return (Int(lower), Int(upper) - Int(lower))
        }
        let (column, columns) = span(device.minX, device.maxX, cellWidth)
        let (row, rows) = span(device.minY, device.maxY, cellHeight)
        let sourceX = Int(max(source.minX, 0).rounded(.down))
        let sourceY = Int(max(source.minY, 0).rounded(.down))
        let sourceWidth = Int(min(source.maxX, Double(image.width)).rounded(.up)) - sourceX
        let sourceHeight = Int(min(source.maxY, Double(image.height)).rounded(.up)) - sourceY
        guard columns > 0, rows > 0, sourceWidth > 0, sourceHeight > 0 else { return false }
        let box = CellBox(column: column, row: row, columns: columns, rows: rows)
        let shownColumns = (column..<(column + columns)).clamped(to: state.clipColumns)
        let allRows = (row..<(row + rows)).clamped(to: state.clipRows)
        let shownRows = allRows.clamped(to: 0..<(graphicsRowLimit ?? canvas.rows))
        guard !shownColumns.isEmpty else { return true }
        if shownRows.count < allRows.count {
            // The rows graphics may not reach (sixel's last screen row) get half blocks.
            let clip = state.clipRows
            state.clipRows = allRows.clamped(to: shownRows.upperBound..<allRows.upperBound)
            drawImage(image, source: source, in: destination, capInsets: nil, tint: tint)
            state.clipRows = clip
        }
        guard !shownRows.isEmpty else { return true }
        let visible = CellBox(
            column: shownColumns.lowerBound, row: shownRows.lowerBound,
            columns: shownColumns.count, rows: shownRows.count)
        let packedTint = tint.map { PackedColor.make($0) }
        placements.append(
            ImagePlacement(
                ordinal: ordinal,
                identity: ImagePlacement.identity(
                    contentKey: contentKey, source: (sourceX, sourceY, sourceWidth, sourceHeight),
                    tint: packedTint),
                image: image, sourceX: sourceX, sourceY: sourceY, sourceWidth: sourceWidth,
                sourceHeight: sourceHeight, tint: packedTint, box: box, visible: visible))
        placementCells.append(cells(in: visible))
        return true
    }

    /// The cells of a box, row by row.
    func cells(in box: CellBox) -> [Cell] {
        var result: [Cell] = []
        result.reserveCapacity(box.columns * box.rows)
        for row in box.row..<(box.row + box.rows) {
            let start = row * canvas.columns + box.column
            result.append(contentsOf: canvas.cells[start..<(start + box.columns)])
        }
        return result
    }

    /// The ordinals of the placements something was drawn over after them: their cells
    /// changed, so they must be drawn as half blocks for what covers them to show.
    var occludedPlacements: Set<Int> {
        var result = Set<Int>()
        for (placement, before) in zip(placements, placementCells)
        where cells(in: placement.visible) != before {
            result.insert(placement.ordinal)
        }
        return result
    }
}
