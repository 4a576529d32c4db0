import TrellisGeometry
import TrellisPluginKit
import TrellisText

/// A coarse character picture of a frame: each character stands for one cell of the canvas.
///
/// Fills, strokes, gradients and images shade cells by how dark they make them (over white),
/// and text writes its characters into the cells where it starts. Transforms, clips and layer
/// opacity apply; shadows do not appear. Text inside a label's semantic hint stays inside the
/// label's columns, cut with an ellipsis as the label truncates when it is wider in cells than
/// in points. It is a preview for people reading snapshots, not a
/// renderer: the command lines above it are the exact record.
struct PreviewGrid {
    let columns: Int
    let rows: Int
    private let cellWidth: Double
    private let cellHeight: Double
    private var shade: [Color]
    /// The character drawn in each cell; ``wideFiller`` marks the second cell of a wide
    /// character.
    private var characters: [Character?]
    /// The mark of a cell covered by the wide character before it (a private-use character).
    private static let wideFiller: Character = "\u{E000}"

    private struct State {
        var transform = AffineTransform.identity
        var clip: Rect
        var alpha = 1.0
    }

    /// A label's columns and truncation, for the text drawn inside its hint.
    private struct LabelColumns {
        var columns: Range<Int>
        var truncation: SemanticHint.Truncation
    }

    init(list: DisplayList, cellWidth: Double, cellHeight: Double) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        columns = max(1, PreviewGrid.index(list.size.width / cellWidth, .up, limit: 1000))
        rows = max(1, PreviewGrid.index(list.size.height / cellHeight, .up, limit: 1000))
        shade = Array(repeating: .clear, count: columns * rows)
        characters = Array(repeating: nil, count: columns * rows)
        draw(list)
    }

    private mutating func draw(_ list: DisplayList) {
        var state = State(clip: Rect(size: list.size))
        var stack: [State] = []
        // The open semantic hints: a label's columns, or nil for another hint.
        var hints: [LabelColumns?] = []
        for command in list.commands {
            switch command {
            case .beginSemantic(let hint):
                guard case .label(let truncation) = hint.kind else {
                    hints.append(nil)
                    continue
                }
                let frame = hint.frame.applying(state.transform)
                let lower = max(0, PreviewGrid.index(frame.minX / cellWidth, .down, limit: columns))
                let upper = PreviewGrid.index(frame.maxX / cellWidth, .down, limit: columns)
                hints.append(
                    LabelColumns(
                        columns: lower..<max(lower, min(upper, columns)), truncation: truncation))
            case .endSemantic:
                _ = hints.popLast()
            case .save, .beginLayer:
                stack.append(state)
                if case .beginLayer(let alpha) = command { state.alpha *= alpha }
            case .restore, .endLayer:
                if let last = stack.popLast() { state = last }
            case .concatenate(let t):
                state.transform = t.concatenating(state.transform)
            case .clipRect(let r), .clipRoundedRect(let r, _):
                state.clip = state.clip.intersection(r.applying(state.transform))
            case .fillRect(let r, let color), .fillRoundedRect(let r, _, let color):
                fill(r, state) { _ in color }
            case .strokeRoundedRect(let r, _, let color, _):
                fill(r, state, edgesOnly: true) { _ in color }
            case .linearGradient(let r, let start, let end, let stops):
                let inverse = state.transform.inverted() ?? .identity
                fill(r, state) { device in
                    PreviewGrid.gradientColor(at: device.applying(inverse), start, end, stops)
                }
            case .drawImage(let id, _, let destination, _, let tint):
                let color = tint ?? list.image(id: id).map(PreviewGrid.averageColor) ?? .gray
                fill(destination, state) { _ in color }
            case .glyphRun(let run):
                write(run, state, label: hints.last { $0 != nil } ?? nil)
            case .shadow:
                break
            }
        }
    }

    private func cells(in area: Rect) -> [(index: Int, center: Point, edge: Bool)] {
        if area.isEmpty { return [] }
        let c0 = max(0, PreviewGrid.index(area.minX / cellWidth, .down, limit: columns))
        let c1 = min(columns - 1, PreviewGrid.index(area.maxX / cellWidth, .up, limit: columns) - 1)
        let r0 = max(0, PreviewGrid.index(area.minY / cellHeight, .down, limit: rows))
        let r1 = min(rows - 1, PreviewGrid.index(area.maxY / cellHeight, .up, limit: rows) - 1)
        guard c0 <= c1, r0 <= r1 else { return [] }
        var result: [(Int, Point, Bool)] = []
        for row in r0...r1 {
            for column in c0...c1 {
                let center = Point(
                    x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight)
                guard area.contains(center) || (area.width < cellWidth || area.height < cellHeight)
                else { continue }
                let edge = row == r0 || row == r1 || column == c0 || column == c1
                result.append((row * columns + column, center, edge))
            }
        }
        return result
    }

    private mutating func fill(
        _ rect: Rect, _ state: State, edgesOnly: Bool = false, color: (Point) -> Color
    ) {
        let area = rect.applying(state.transform).intersection(state.clip)
        for cell in cells(in: area) where !edgesOnly || cell.edge {
            let c = color(cell.center)
            let painted = c.withAlphaComponent(c.alpha * state.alpha)
            shade[cell.index] = painted.composited(over: shade[cell.index])
            if painted.alpha >= 0.5 { characters[cell.index] = nil }
        }
    }

    private mutating func write(_ run: GlyphRun, _ state: State, label: LabelColumns? = nil) {
        let origin = run.origin.applying(state.transform)
        let middle = origin.y - (run.ascent - run.descent) / 2
        guard state.clip.contains(Point(x: origin.x, y: middle)) || state.clip.contains(origin)
        else { return }
        let row = PreviewGrid.index(middle / cellHeight, .down, limit: rows)
        guard row >= 0, row < rows else { return }
        var column = PreviewGrid.index(origin.x / cellWidth, .down, limit: columns)
        var shown = Array(run.text.prefix { !$0.isNewline })
        if run.direction == .rightToLeft {
            shown.reverse()
            for index in shown.indices {
                let scalars = shown[index].unicodeScalars
                if scalars.count == 1, let mirror = scalars.first?.bidiMirroringGlyph {
                    shown[index] = Character(mirror)
                }
            }
        }
        var lastColumn = columns
        if let label {
            // Never past the label; cut as it truncates when wider in cells than in points.
            lastColumn = label.columns.upperBound
            if run.direction == .leftToRight {
                column = max(column, label.columns.lowerBound)
                let widths = shown.map { character in
                    let width = TerminalWidth(of: character)
                    return width.columns == 0 && !width.isControl ? 0 : max(1, width.columns)
                }
                let cut = label.truncation.cut(
                    widths: widths, toColumns: max(0, lastColumn - column))
                var kept = Array(shown[cut.head])
                if cut.hasEllipsis { kept.append("…") }
                shown = kept + shown[cut.tail]
            }
        }
        for character in shown {
            let width = TerminalWidth(of: character)
            if width.columns == 0 && !width.isControl { continue }
            let span = max(1, width.columns)
            if column >= 0, column + span <= min(columns, lastColumn) {
                let x = (Double(column) + 0.5) * cellWidth
                if x <= state.clip.maxX + cellWidth / 2 {
                    characters[row * columns + column] = character
                    // A wide character covers the next cell too: nothing else is drawn there.
                    for extra in 1..<span {
                        characters[row * columns + column + extra] = PreviewGrid.wideFiller
                    }
                }
            }
            column += span
        }
    }

    /// A cell index from a coordinate in cells, clamped to `-1...limit + 1` so that no
    /// coordinate, however far off the canvas, overflows.
    static func index(_ cells: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
        if cells.isNaN { return -1 }
        let clamped = min(max(cells.rounded(rule), -1), Double(limit + 1))
        return Int(clamped)
    }

    static func gradientColor(at p: Point, _ start: Point, _ end: Point, _ stops: [GradientStop])
        -> Color
    {
        guard let first = stops.first, let last = stops.last else { return .clear }
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : ((p.x - start.x) * dx + (p.y - start.y) * dy) / length
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            return a.color.interpolated(
                to: b.color, fraction: span == 0 ? 1 : (t - a.location) / span)
        }
        return last.color
    }

    static func averageColor(_ image: DisplayImage) -> Color {
        var sums = [0.0, 0.0, 0.0, 0.0]
        let count = image.pixels.count / 4
        guard count > 0 else { return .clear }
        for i in 0..<count {
            for channel in 0..<4 { sums[channel] += Double(image.pixels[i * 4 + channel]) }
        }
        return Color(
            red: sums[0] / Double(count) / 255, green: sums[1] / Double(count) / 255,
            blue: sums[2] / Double(count) / 255, alpha: sums[3] / Double(count) / 255)
    }

    /// The grid as lines of text between `|` borders.
    func lines() -> [String] {
        let ramp = Array(" .:-=+*#%@")
        var result: [String] = []
        for row in 0..<rows {
            var line = "|"
            for column in 0..<columns {
                let index = row * columns + column
                if let character = characters[index] {
                    if character == PreviewGrid.wideFiller { continue }
                    let isControl = character.unicodeScalars.contains {
                        $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0)
                    }
                    line.append(isControl ? "?" : character)
                    continue
                }
                let seen = shade[index].composited(over: .white)
                let luminance = 0.2126 * seen.red + 0.7152 * seen.green + 0.0722 * seen.blue
                let level = Int(((1 - luminance) * Double(ramp.count - 1)).rounded())
                line.append(ramp[max(0, min(ramp.count - 1, level))])
            }
            result.append(line + "|")
        }
        return result
    }
}
