import TrellisGeometry
import TrellisPluginKit
import TrellisText

/// The colours controls are drawn in, as ``PackedColor`` values.
enum ControlInk {
    static let text = PackedColor.rgb(0x1C, 0x1C, 0x1E)
    static let dim = PackedColor.rgb(0x8E, 0x8E, 0x93)
    static let faint = PackedColor.rgb(0xC7, 0xC7, 0xCC)
    static let accent = PackedColor.rgb(0x00, 0x7A, 0xFF)
    static let on = PackedColor.rgb(0x34, 0xC7, 0x59)
    static let white = PackedColor.rgb(0xFF, 0xFF, 0xFF)
    static let field = PackedColor.rgb(0xF2, 0xF2, 0xF7)
}

extension Rasterizer {
    // MARK: Cells

    /// Writes one cluster at a cell inside the clip.
    mutating func put(_ cluster: Character, column: Int, row: Int, style: TextCellStyle) {
        guard state.clipRows.contains(row), column >= 0 else { return }
        let (glyph, width) = glyphs.glyph(for: cluster)
        guard width > 0 else { return }
        place(glyph, width: width, row: row, column: column, style: style)
    }

    /// Writes a string from a column, cut with an ellipsis to `limit` cells; returns the
    /// columns written.
    @discardableResult
    mutating func write(
        _ text: String, column: Int, row: Int, limit: Int, style: TextCellStyle,
        truncation: SemanticHint.Truncation = .tail
    ) -> Int {
        let clusters = shownInCells(text)
        let widths = clusters.map { GlyphTable.columns(of: $0) }
        let cut = truncation.cut(widths: widths, toColumns: max(0, limit))
        var shown = Array(clusters[cut.head])
        if cut.hasEllipsis { shown.append("…") }
        shown += clusters[cut.tail]
        var at = column
        for cluster in shown {
            put(cluster, column: at, row: row, style: style)
            at += GlyphTable.columns(of: cluster)
        }
        return at - column
    }

    /// A control's text as it is written into cells, newlines as spaces: in visual order,
    /// right-to-left runs reversed and mirrored, unless the terminal reorders text itself.
    func shownInCells(_ text: String) -> [Character] {
        let flat =
            text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
        guard bidiMode == .visual, !flat.utf8.allSatisfy({ $0 < 0x80 }) else { return Array(flat) }
        let paragraph = BidiParagraph(flat)
        let utf8 = Array(flat.utf8)
        var shown: [Character] = []
        for run in paragraph.visualRuns(inLine: paragraph.range) {
            let piece = Array(String(decoding: utf8[run.range], as: UTF8.self))
            if run.level & 1 == 1 {
                shown += piece.reversed().map(Rasterizer.mirrored)
            } else {
                shown += piece
            }
        }
        return shown
    }

    /// The width of a string in cells.
    func cellWidth(of text: String) -> Int {
        text.reduce(0) { $0 + GlyphTable.columns(of: $1) }
    }

    /// Blanks the glyphs of a control's cells, keeping what shows behind them.
    mutating func clearGlyphs(_ area: ControlArea) {
        for row in area.rows where state.clipRows.contains(row) {
            for column in area.columns.clamped(to: state.clipColumns) {
                let index = row * canvas.columns + column
                canvas.cells[index].glyph = Cell.space
                canvas.cells[index].style = 0
            }
        }
    }

    /// Paints the background of cells of one row.
    mutating func paintRow(_ row: Int, columns: Range<Int>, color: UInt32) {
        guard state.clipRows.contains(row) else { return }
        for column in columns.clamped(to: state.clipColumns) {
            canvas.paint(color, at: row * canvas.columns + column)
        }
    }

    private func ink(_ area: ControlArea, _ color: UInt32) -> UInt32 {
        area.state.contains(.disabled) ? ControlInk.faint : color
    }

    // MARK: Controls

    /// A button: its title between brackets at the frame's ends, its image (drawn as half
    /// blocks) kept where it lies; highlighted as inverse, selected bold and underlined,
    /// focused with bold accent brackets, disabled grey.
    ///
    /// The title goes where the button laid it out (``ButtonCells``), or centred on the
    /// frame's middle row for a hint that does not say.
    mutating func drawButton(
        _ area: ControlArea, title: String, titleFrame: Rect?, imageFrame: Rect?
    ) {
        let layout = ButtonCells(
            area: area, titleWidth: cellWidth(of: title), titleFrame: titleFrame,
            imageFrame: imageFrame, rasterizer: self)
        let row = layout.row
        let columns = area.columns
        let highlighted = area.state.contains(.highlighted)
        let focused = area.state.contains(.focused)
        var titleStyle = TextCellStyle(color: ink(area, ControlInk.accent))
        if area.state.contains(.selected) {
            titleStyle.attributes |= CellStyle.bold | CellStyle.underline
        }
        if highlighted {
            titleStyle = TextCellStyle(
                color: ControlInk.white, background: ControlInk.accent,
                attributes: titleStyle.attributes)
            // Every cell of the row but the image's.
            for column in columns.clamped(to: state.clipColumns)
            where state.clipRows.contains(row) && !layout.imageColumns.contains(column)
                && canvas.cells[row * canvas.columns + column].glyph == Cell.space
            {
                canvas.paint(ControlInk.accent, at: row * canvas.columns + column)
            }
        }
        if layout.hasBrackets {
            let style = TextCellStyle(
                color: focused ? ControlInk.accent : ink(area, ControlInk.dim),
                background: highlighted ? ControlInk.accent : nil,
                attributes: focused ? CellStyle.bold : 0)
            put("[", column: columns.lowerBound, row: row, style: style)
            put("]", column: columns.upperBound - 1, row: row, style: style)
        }
        write(
            title, column: layout.titleStart, row: row,
            limit: layout.titleColumns.upperBound - layout.titleStart, style: titleStyle)
    }

    /// A switch: `[━━━●]` in green when on, `[○───]` in grey when off.
    mutating func drawToggle(_ area: ControlArea, isOn: Bool) {
        clearGlyphs(area)
        let row = area.middleRow
        let inner = min(max(area.columns.count - 2, 1), 4)
        let start = area.columns.lowerBound + max(0, (area.columns.count - inner - 2) / 2)
        let color = ink(area, isOn ? ControlInk.on : ControlInk.dim)
        var attributes: UInt8 = area.state.contains(.highlighted) ? CellStyle.bold : 0
        if area.state.contains(.focused) { attributes |= CellStyle.underline }
        let style = TextCellStyle(color: color, attributes: attributes)
        put("[", column: start, row: row, style: style)
        for offset in 0..<inner {
            let thumb = isOn ? offset == inner - 1 : offset == 0
            let glyph: Character = thumb ? (isOn ? "●" : "○") : (isOn ? "━" : "─")
            put(glyph, column: start + 1 + offset, row: row, style: style)
        }
        put("]", column: start + 1 + inner, row: row, style: style)
    }

    /// A slider: the track from the minimum to the thumb heavy in the accent colour, the
    /// thumb `●` where the value stands, the rest of the track light; the minimum at the
    /// right when mirrored.
    mutating func drawSlider(_ area: ControlArea, minimum: Double, maximum: Double, value: Double) {
        clearGlyphs(area)
        let row = area.middleRow
        let columns = area.columns
        let span = maximum - minimum
        let ratio = span > 0 ? (value - minimum) / span : 0
        // A range too wide for a double (`-1e308...1e308`) gives no finite ratio.
        let fraction = ratio.isFinite ? min(max(ratio, 0), 1) : 0
        let offset = Int((fraction * Double(columns.count - 1)).rounded())
        let mirrored = area.state.contains(.mirrored)
        let thumb = mirrored ? columns.upperBound - 1 - offset : columns.lowerBound + offset
        var attributes: UInt8 = area.state.contains(.highlighted) ? CellStyle.bold : 0
        if area.state.contains(.focused) { attributes |= CellStyle.underline }
        for column in columns {
            if mirrored ? column > thumb : column < thumb {
                put(
                    "━", column: column, row: row,
                    style: TextCellStyle(color: ink(area, ControlInk.accent)))
            } else if column == thumb {
                put(
                    "●", column: column, row: row,
                    style: TextCellStyle(color: ink(area, ControlInk.text), attributes: attributes))
            } else {
                put(
                    "─", column: column, row: row,
                    style: TextCellStyle(color: ink(area, ControlInk.faint)))
            }
        }
    }

    /// A stepper: `[ − │ + ]`, each sign grey when its half cannot step.
    mutating func drawStepper(_ area: ControlArea, canDecrement: Bool, canIncrement: Bool) {
        clearGlyphs(area)
        let row = area.middleRow
        let columns = area.columns
        let focused = area.state.contains(.focused)
        let frame = TextCellStyle(
            color: focused ? ControlInk.accent : ink(area, ControlInk.dim),
            attributes: focused ? CellStyle.bold : 0)
        let bold: UInt8 = area.state.contains(.highlighted) ? CellStyle.bold : 0
        func sign(_ enabled: Bool) -> TextCellStyle {
            TextCellStyle(
                color: enabled ? ink(area, ControlInk.text) : ControlInk.faint, attributes: bold)
        }
        guard columns.count >= 5 else {
            put("−", column: columns.lowerBound, row: row, style: sign(canDecrement))
            put("+", column: columns.upperBound - 1, row: row, style: sign(canIncrement))
            return
        }
        let middle = columns.lowerBound + columns.count / 2
        put("[", column: columns.lowerBound, row: row, style: frame)
        put("│", column: middle, row: row, style: frame)
        put("]", column: columns.upperBound - 1, row: row, style: frame)
        put("−", column: (columns.lowerBound + 1 + middle) / 2, row: row, style: sign(canDecrement))
        put(
            "+", column: (middle + 1 + columns.upperBound - 1) / 2, row: row,
            style: sign(canIncrement))
    }

    /// A segmented control: equal segments between `│`, titles centred; the selected one
    /// in brackets, bold white on the accent colour.
    mutating func drawSegments(_ area: ControlArea, titles: [String], selected: Int?) {
        clearGlyphs(area)
        let row = area.middleRow
        let columns = area.columns
        let count = max(titles.count, 1)
        let divider = TextCellStyle(color: ink(area, ControlInk.dim))
        let mirrored = area.state.contains(.mirrored)
        for (index, title) in titles.enumerated() {
            let slot = mirrored ? count - 1 - index : index
            let start = columns.lowerBound + columns.count * slot / count
            let end = columns.lowerBound + columns.count * (slot + 1) / count
            if slot > 0 { put("│", column: start, row: row, style: divider) }
            // More segments than columns leave some without a cell.
            let inner = (slot > 0 ? min(start + 1, end) : start)..<end
            guard !inner.isEmpty else { continue }
            let isSelected = index == selected
            var style = TextCellStyle(color: ink(area, ControlInk.text))
            if isSelected {
                style = TextCellStyle(
                    color: ControlInk.white, background: ink(area, ControlInk.accent),
                    attributes: CellStyle.bold)
                paintRow(row, columns: inner, color: ink(area, ControlInk.accent))
            }
            let shown = isSelected && cellWidth(of: title) + 2 <= inner.count ? "[\(title)]" : title
            let width = min(cellWidth(of: shown), inner.count)
            write(
                shown, column: inner.lowerBound + (inner.count - width) / 2, row: row,
                limit: inner.count, style: style)
        }
        if area.state.contains(.focused), !columns.isEmpty {
            put(
                "▸", column: columns.lowerBound, row: row,
                style: TextCellStyle(color: ControlInk.accent))
        }
    }

    /// A page control: `● ○ ○`, the current page filled, centred; underlined when focused.
    mutating func drawPages(_ area: ControlArea, current: Int, count: Int) {
        clearGlyphs(area)
        guard count > 0 else { return }
        let row = area.middleRow
        let columns = area.columns
        let spaced = 2 * count - 1 <= columns.count
        let shown = min(count, spaced ? count : columns.count)
        let width = spaced ? 2 * shown - 1 : shown
        let start = columns.lowerBound + (columns.count - width) / 2
        for page in 0..<shown {
            let isCurrent = page == current
            let slot = area.state.contains(.mirrored) ? shown - 1 - page : page
            put(
                isCurrent ? "●" : "○", column: start + (spaced ? 2 * slot : slot), row: row,
                style: TextCellStyle(
                    color: ink(area, isCurrent ? ControlInk.text : ControlInk.dim),
                    attributes: area.state.contains(.focused) ? CellStyle.underline : 0))
        }
    }

    /// A text field: a box (or brackets on one row) with the text inside, the placeholder in
    /// grey when it is empty, and the caret as an inverse cell while editing.
    mutating func drawTextField(
        _ area: ControlArea, text: String, placeholder: String, cursor: Int?
    ) {
        clearGlyphs(area)
        let columns = area.columns
        let row = area.middleRow
        let focused = area.state.contains(.focused)
        let border = TextCellStyle(
            color: focused ? ControlInk.accent : ink(area, ControlInk.dim),
            attributes: focused ? CellStyle.bold : 0)
        let boxed = area.rows.count >= 3 && columns.count >= 3
        if boxed {
            let top = area.rows.lowerBound
            let bottom = area.rows.upperBound - 1
            for column in columns {
                let first = column == columns.lowerBound
                let last = column == columns.upperBound - 1
                put(first ? "┌" : last ? "┐" : "─", column: column, row: top, style: border)
                put(first ? "└" : last ? "┘" : "─", column: column, row: bottom, style: border)
            }
            for line in (top + 1)..<bottom {
                put("│", column: columns.lowerBound, row: line, style: border)
                put("│", column: columns.upperBound - 1, row: line, style: border)
            }
        } else if columns.count >= 3 {
            put("[", column: columns.lowerBound, row: row, style: border)
            put("]", column: columns.upperBound - 1, row: row, style: border)
        }
        let inner =
            columns.count >= 3 ? (columns.lowerBound + 1)..<(columns.upperBound - 1) : columns
        paintRow(row, columns: inner, color: ControlInk.field)
        guard !inner.isEmpty else { return }
        let mirrored = area.state.contains(.mirrored)
        let clusters = Array(text)
        // While editing, a left-aligned text scrolls so that the caret stays inside.
        var first = 0
        if let cursor, !mirrored {
            var used = 1
            first = min(max(cursor, 0), clusters.count)
            while first > 0, used + GlyphTable.columns(of: clusters[first - 1]) <= inner.count {
                used += GlyphTable.columns(of: clusters[first - 1])
                first -= 1
            }
        }
        let shown = text.isEmpty ? placeholder : String(clusters[first...])
        let style =
            text.isEmpty
            ? TextCellStyle(color: ControlInk.dim, attributes: CellStyle.italic)
            : TextCellStyle(color: ink(area, ControlInk.text))
        let width = min(cellWidth(of: shown), inner.count)
        let start = mirrored ? inner.upperBound - width : inner.lowerBound
        if !shown.isEmpty {
            write(
                shown, column: start, row: row, limit: inner.count, style: style,
                truncation: cursor == nil ? .tail : .clip)
        }
        guard let cursor else { return }
        let before = clusters[first..<min(max(cursor, first), clusters.count)]
        let beforeCells = before.reduce(0) { $0 + GlyphTable.columns(of: $1) }
        let caret: Int
        if mirrored {
            caret = text.isEmpty ? inner.upperBound - 1 : start + width - beforeCells - 1
        } else {
            caret = inner.lowerBound + beforeCells
        }
        guard inner.contains(caret), state.clipRows.contains(row),
            state.clipColumns.contains(caret)
        else { return }
        let index = row * canvas.columns + caret
        var cell = canvas.cells[index]
        if cell.isContinuation { return }
        cell.background = cell.glyph == Cell.space ? ControlInk.text : cell.foreground
        cell.foreground = ControlInk.field
        canvas.cells[index] = cell
    }

    /// A focus ring: accent corners on the frame's corner cells, or an underline for a frame
    /// one row high.
    mutating func drawFocusRing(_ area: ControlArea) {
        let style = TextCellStyle(color: ControlInk.accent, attributes: CellStyle.bold)
        let columns = area.columns
        let rows = area.rows
        guard rows.count >= 2, columns.count >= 2 else {
            for column in columns.clamped(to: state.clipColumns)
            where state.clipRows.contains(area.middleRow) {
                canvas.cells[area.middleRow * canvas.columns + column].style |= CellStyle.underline
            }
            return
        }
        put("┌", column: columns.lowerBound, row: rows.lowerBound, style: style)
        put("┐", column: columns.upperBound - 1, row: rows.lowerBound, style: style)
        put("└", column: columns.lowerBound, row: rows.upperBound - 1, style: style)
        put("┘", column: columns.upperBound - 1, row: rows.upperBound - 1, style: style)
    }
}
