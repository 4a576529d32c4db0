import TrellisGeometry
import TrellisPluginKit

/// Where a hinted button's title goes in cells, from the frames the button gave its title and
/// image.
///
/// The title is written on the row whose centre is nearest the middle of its frame (the lower
/// on a tie, unless the image beside it is on the upper one only), centred in the frame's
/// columns, or on its middle when it is wider in cells than in points. It stays inside the
/// button's columns (inside its brackets when it has them) and off the cells of an image beside
/// it on that row, moving back from an edge when there is room and losing its end to an
/// ellipsis when there is not. A hint without a title frame puts the title centred on the
/// button's middle row.
struct ButtonCells {
    /// The row the title is written on.
    var row: Int
    /// Whether brackets go at the ends of the button's columns on ``row``.
    var hasBrackets: Bool
    /// The columns the title may take.
    var titleColumns: Range<Int>
    /// The column the title starts at.
    var titleStart: Int
    /// The columns of the image's cells on ``row`` (empty when it has none there).
    var imageColumns: Range<Int>

    init(
        area: ControlArea, titleWidth: Int, titleFrame: Rect?, imageFrame: Rect?,
        rasterizer: Rasterizer
    ) {
        let transform = rasterizer.state.transform
        let columns = area.columns
        let title = titleFrame.map { $0.applying(transform) }
        let image = imageFrame.map { $0.applying(transform) }
        // The image's cells are those whose centres it covers, as images are drawn.
        let imageCells = image.map { rasterizer.cellRange(of: $0) }
        var row = area.middleRow
        if let title, !area.rows.isEmpty {
            // The row whose centre is nearest the title's middle; on a tie the lower one, as
            // for every control, unless the image beside the title is on the upper one only.
            let rows = title.midY / rasterizer.cellHeight
            var nearest = rasterizer.cellCount(rows.rounded(.down))
            if rows.rounded(.down) == rows, let imageCells,
                imageCells.rows.contains(nearest - 1), !imageCells.rows.contains(nearest)
            {
                nearest -= 1
            }
            row = min(max(nearest, area.rows.lowerBound), area.rows.upperBound - 1)
        }
        self.row = row
        hasBrackets = columns.count >= titleWidth + 2 && columns.count >= 3
        let inner = hasBrackets ? (columns.lowerBound + 1)..<(columns.upperBound - 1) : columns

        var imageColumns = 0..<0
        var available = inner
        if let image, let cells = imageCells, cells.rows.contains(row) {
            imageColumns = cells.columns
            // An image on one side of the title's middle keeps the title on the other.
            let centre = Double(inner.lowerBound + inner.upperBound) / 2
            let middle = title?.midX ?? centre * rasterizer.cellWidth
            let after = min(max(cells.columns.upperBound, inner.lowerBound), inner.upperBound)
            let before = min(max(cells.columns.lowerBound, inner.lowerBound), inner.upperBound)
            if image.maxX <= middle {
                available = after..<inner.upperBound
            } else if image.minX >= middle {
                available = inner.lowerBound..<before
            }
        }
        self.imageColumns = imageColumns
        titleColumns = available

        let width = min(titleWidth, available.count)
        var start = available.lowerBound + (available.count - width) / 2
        if let title {
            var own = rasterizer.cellRange(of: title).columns
            if own.isEmpty {
                let column = rasterizer.cellCount(
                    (title.midX / rasterizer.cellWidth).rounded(.down))
                own = column..<(column + 1)
            }
            if titleWidth <= own.count {
                start = own.lowerBound + (own.count - titleWidth) / 2
            } else {
                // Wider in cells than in points: centred on the frame's middle, as its pixels
                // are, and moved off the image and the brackets below.
                let middle = title.midX / rasterizer.cellWidth
                start = rasterizer.cellCount((middle - Double(titleWidth) / 2).rounded(.down))
            }
            start = max(min(start, available.upperBound - width), available.lowerBound)
        }
        titleStart = start
    }
}
