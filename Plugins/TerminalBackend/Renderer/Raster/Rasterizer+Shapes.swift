import TrellisGeometry
import TrellisPluginKit

extension Rasterizer {
    /// Fills a rectangle, rounded or not, after its shadow. A rectangle less than half a cell
    /// high or wide (a separator, a slider's track) is drawn as a line instead: `─` or `│`.
    mutating func fill(_ rect: Rect, radii: CornerRadii, color: Color) {
        let device = rect.applying(state.transform)
        let paint = packed(color)
        if device.height < cellHeight / 2 || device.width < cellWidth / 2 {
            thinLine(device, color: paint)
            return
        }
        let (columns, rows) = clippedRange(of: rect)
        if columns.isEmpty || rows.isEmpty { return }
        let factors = scaleFactors
        let fitted = radii.fitted(to: rect.size)
        let isRounded = !fitted.isZero
        func covers(_ column: Int, _ row: Int) -> Bool {
            !isRounded
                || Rasterizer.contains(center(column: column, row: row), device, fitted, factors)
        }
        if let shadow = state.shadow {
            let shadowRows = rows.map { $0 + shadow.rows }
            for (row, target) in zip(rows, shadowRows) where state.clipRows.contains(target) {
                for column in columns where covers(column, row) {
                    let shifted = column + shadow.columns
                    guard state.clipColumns.contains(shifted) else { continue }
                    canvas.paint(shadow.color, at: target * canvas.columns + shifted)
                }
            }
        }
        for row in rows {
            let start = row * canvas.columns
            for column in columns where covers(column, row) {
                canvas.paint(paint, at: start + column)
            }
        }
    }

    /// Whether a point lies inside a rounded rectangle whose corners are ellipses of the radii
    /// scaled by `factors`.
    static func contains(
        _ point: Point, _ rect: Rect, _ radii: CornerRadii, _ factors: (x: Double, y: Double)
    ) -> Bool {
        let corners: [(radius: Double, cx: Double, cy: Double, left: Bool, top: Bool)] = [
            (radii.topLeft, rect.minX, rect.minY, true, true),
            (radii.topRight, rect.maxX, rect.minY, false, true),
            (radii.bottomRight, rect.maxX, rect.maxY, false, false),
            (radii.bottomLeft, rect.minX, rect.maxY, true, false),
        ]
        for corner in corners where corner.radius > 0 {
            let rx = corner.radius * factors.x
            let ry = corner.radius * factors.y
            guard rx > 0, ry > 0 else { continue }
            let centerX = corner.left ? corner.cx + rx : corner.cx - rx
            let centerY = corner.top ? corner.cy + ry : corner.cy - ry
            let isInCornerBox =
                (corner.left ? point.x < centerX : point.x > centerX)
                && (corner.top ? point.y < centerY : point.y > centerY)
            if isInCornerBox {
                let dx = (point.x - centerX) / rx
                let dy = (point.y - centerY) / ry
                return dx * dx + dy * dy <= 1
            }
        }
        return true
    }

    /// Draws a rectangle thinner than half a cell as a line of box-drawing characters, in the
    /// row (or column) that holds its middle; one thin both ways draws nothing.
    private mutating func thinLine(_ device: Rect, color: UInt32) {
        guard device.width > 0, device.height > 0, PackedColor.alpha(color) > 0 else { return }
        let (columns, rows) = cellRange(of: device)
        if device.height < cellHeight / 2 && device.width >= cellWidth / 2 {
            let row = cellCount((device.midY / cellHeight).rounded(.down))
            guard state.clipRows.contains(row) else { return }
            for column in columns.clamped(to: state.clipColumns) {
                putLine(0x2500, color: color, at: row * canvas.columns + column)
            }
        } else if device.width < cellWidth / 2 && device.height >= cellHeight / 2 {
            let column = cellCount((device.midX / cellWidth).rounded(.down))
            guard state.clipColumns.contains(column) else { return }
            for row in rows.clamped(to: state.clipRows) {
                putLine(0x2502, color: color, at: row * canvas.columns + column)
            }
        }
    }

    private mutating func putLine(_ glyph: UInt32, color: UInt32, at index: Int) {
        canvas.put(glyph, width: 1, color: color, style: 0, at: index)
    }

    /// Strokes the outline of a rectangle with box-drawing characters on its edge cells:
    /// rounded corners `╭╮╰╯` where a corner's radius is at least a quarter of the smaller cell
    /// side, heavy lines `━┃┏┓┗┛` for a line at least 3/8 of a cell wide, and `[ ]` or `( )` for
    /// an outline one row high.
    mutating func stroke(_ rect: Rect, radii: CornerRadii, color: Color, lineWidth: Double) {
        let (allColumns, allRows) = cellRange(of: rect.applying(state.transform))
        guard !allColumns.isEmpty, !allRows.isEmpty, lineWidth > 0 else { return }
        let paint = packed(color)
        let factors = scaleFactors
        let fitted = radii.fitted(to: rect.size)
        let threshold = min(cellWidth, cellHeight) / 4
        func isRound(_ radius: Double) -> Bool { radius * min(factors.x, factors.y) >= threshold }
        let isHeavy = lineWidth * factors.x >= cellWidth * 3 / 8
        let first = (allColumns.lowerBound, allRows.lowerBound)
        let last = (allColumns.upperBound - 1, allRows.upperBound - 1)
        func put(_ glyph: UInt32, _ column: Int, _ row: Int) {
            guard state.clipColumns.contains(column), state.clipRows.contains(row) else { return }
            putLine(glyph, color: paint, at: row * canvas.columns + column)
        }
        if allRows.count == 1 {
            guard allColumns.count >= 2 else { return }
            put(isRound(fitted.topLeft) ? 0x28 : 0x5B, first.0, first.1)
            put(isRound(fitted.topRight) ? 0x29 : 0x5D, last.0, first.1)
            return
        }
        let horizontal: UInt32 = isHeavy ? 0x2501 : 0x2500
        let vertical: UInt32 = isHeavy ? 0x2503 : 0x2502
        if allColumns.count == 1 {
            for row in allRows { put(vertical, first.0, row) }
            return
        }
        for column in (first.0 + 1)..<last.0 {
            put(horizontal, column, first.1)
            put(horizontal, column, last.1)
        }
        for row in (first.1 + 1)..<last.1 {
            put(vertical, first.0, row)
            put(vertical, last.0, row)
        }
        let corners: [(Double, UInt32, UInt32, UInt32, Int, Int)] = [
            (fitted.topLeft, 0x256D, 0x250C, 0x250F, first.0, first.1),
            (fitted.topRight, 0x256E, 0x2510, 0x2513, last.0, first.1),
            (fitted.bottomRight, 0x256F, 0x2518, 0x251B, last.0, last.1),
            (fitted.bottomLeft, 0x2570, 0x2514, 0x2517, first.0, last.1),
        ]
        for (radius, round, square, heavy, column, row) in corners {
            put(isHeavy ? heavy : (isRound(radius) ? round : square), column, row)
        }
    }

    /// Fills a rectangle with a linear gradient, one colour per cell: the gradient's colour at
    /// the cell's centre.
    mutating func gradient(_ rect: Rect, start: Point, end: Point, stops: [GradientStop]) {
        let (columns, rows) = clippedRange(of: rect)
        guard !columns.isEmpty, !rows.isEmpty, let first = stops.first, let last = stops.last
        else { return }
        let inverse = state.transform.inverted() ?? .identity
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = dx * dx + dy * dy
        for row in rows {
            for column in columns {
                let p = center(column: column, row: row).applying(inverse)
                let t = length == 0 ? 0 : ((p.x - start.x) * dx + (p.y - start.y) * dy) / length
                var color = last.color
                if t <= first.location {
                    color = first.color
                } else if t < last.location {
                    for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
                        let span = b.location - a.location
                        color = a.color.interpolated(
                            to: b.color, fraction: span == 0 ? 1 : (t - a.location) / span)
                        break
                    }
                }
                canvas.paint(packed(color), at: row * canvas.columns + column)
            }
        }
    }
}
