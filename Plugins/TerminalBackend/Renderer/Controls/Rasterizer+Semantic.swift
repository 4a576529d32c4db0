import TrellisGeometry
import TrellisPluginKit

extension Rasterizer {
    /// Opens a semantic hint: a control's replaces the drawing up to its end, a label's keeps
    /// the text inside its columns.
    mutating func beginSemantic(_ hint: SemanticHint) {
        var entry = HintStack.Entry(hint: hint, replaces: false, label: nil)
        switch hint.kind {
        case .label(let truncation):
            let frame = hint.frame.applying(state.transform)
            entry.label = HintStack.Label(
                columns: textColumns(from: frame.minX, to: frame.maxX), truncation: truncation)
        case .focusRing:
            break
        case .button(let title, _, _):
            entry.replaces = !title.isEmpty
            entry.keepsImages = true
        case .toggle, .slider, .stepper, .segmentedControl, .pageControl, .textField:
            entry.replaces = true
        }
        hints.push(entry)
    }

    /// Closes the innermost hint, drawing its control in cells unless an enclosing control
    /// replaces it.
    mutating func endSemantic() {
        guard let entry = hints.pop(), hints.suppression == 0 else { return }
        guard entry.replaces || entry.hint.kind == .focusRing else { return }
        let area = ControlArea(hint: entry.hint, rasterizer: self)
        guard !area.columns.isEmpty, !area.rows.isEmpty else { return }
        switch entry.hint.kind {
        case .focusRing: drawFocusRing(area)
        case .button(let title, let titleFrame, let imageFrame):
            drawButton(area, title: title, titleFrame: titleFrame, imageFrame: imageFrame)
        case .toggle(let isOn): drawToggle(area, isOn: isOn)
        case .slider(let minimum, let maximum, let value):
            drawSlider(area, minimum: minimum, maximum: maximum, value: value)
        case .stepper(_, let canDecrement, let canIncrement):
            drawStepper(area, canDecrement: canDecrement, canIncrement: canIncrement)
        case .segmentedControl(let titles, let selectedIndex):
            drawSegments(area, titles: titles, selected: selectedIndex)
        case .pageControl(let current, let count):
            drawPages(area, current: current, count: count)
        case .textField(let text, let placeholder, let cursor):
            drawTextField(area, text: text, placeholder: placeholder, cursor: cursor)
        case .label:
            break
        }
    }

    /// The columns text starting at `low` and ending at `high` (device points) is written in:
    /// a run starts in the column nearest its origin, so a neighbour that starts where this
    /// frame ends starts at the upper bound.
    func textColumns(from low: Double, to high: Double) -> Range<Int> {
        let lower = min(max(cellCount(low / cellWidth), 0), canvas.columns)
        let upper = min(max(cellCount(high / cellWidth), lower), canvas.columns)
        return lower..<upper
    }

    /// A run cut to a label's columns: unchanged when it fits, else its clusters cut as the
    /// label truncates, with an ellipsis, and drawn without advances from where it starts
    /// (but not before the label's first column). Right-to-left runs are only clipped.
    func cutToLabel(_ run: GlyphRun, columns: Range<Int>, truncation: SemanticHint.Truncation)
        -> GlyphRun
    {
        guard run.direction == .leftToRight else { return run }
        let origin = run.origin.applying(state.transform)
        let start = max(cellCount(origin.x / cellWidth), columns.lowerBound)
        let clusters = Array(run.text)
        let widths = clusters.map { GlyphTable.columns(of: $0) }
        let cut = truncation.cut(widths: widths, toColumns: max(0, columns.upperBound - start))
        guard
            cut.hasEllipsis || cut.head.count + cut.tail.count < clusters.count
                || cellCount(origin.x / cellWidth) < columns.lowerBound
        else { return run }
        var text = String(clusters[cut.head])
        if cut.hasEllipsis { text.append("…") }
        text += String(clusters[cut.tail])
        var shortened = run
        shortened.text = text
        shortened.advances = nil
        // Placed from the start column, in the run's own coordinates.
        if let inverse = state.transform.inverted() {
            let device = Point(x: Double(start) * cellWidth, y: origin.y)
            shortened.origin = Point(x: device.applying(inverse).x, y: run.origin.y)
        }
        return shortened
    }
}

/// The cells a hinted control takes, and the row its one line of content goes on.
struct ControlArea {
    var columns: Range<Int>
    var rows: Range<Int>
    /// The row that holds the middle of the control's frame.
    var middleRow: Int
    var state: SemanticHint.State

    init(hint: SemanticHint, rasterizer: Rasterizer) {
        let frame = hint.frame.applying(rasterizer.state.transform)
        var (columns, rows) = rasterizer.cellRange(of: frame)
        let canvas = rasterizer.canvas
        let middle = min(
            max(rasterizer.cellCount((frame.midY / rasterizer.cellHeight).rounded(.down)), 0),
            max(canvas.rows - 1, 0))
        if rows.isEmpty, canvas.rows > 0, frame.height > 0 { rows = middle..<(middle + 1) }
        if columns.isEmpty, frame.width > 0 {
            let column = rasterizer.cellCount((frame.midX / rasterizer.cellWidth).rounded(.down))
            if column >= 0, column < canvas.columns { columns = column..<(column + 1) }
        }
        self.columns = columns
        self.rows = rows
        middleRow = rows.isEmpty ? middle : min(max(middle, rows.lowerBound), rows.upperBound - 1)
        state = hint.state
    }
}
