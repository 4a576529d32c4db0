/// Writes frames as terminal output: the cells that differ from the previous frame, with the
/// fewest cursor moves and attribute changes it can find.
///
/// The encoder remembers where the cursor is and which attributes are set (the "pen") from one
/// frame to the next, so a frame that changes one cell writes a move, the cell, and an
/// attribute change only if the cell needs one. It assumes nothing else writes to the terminal
/// between frames; after anything else has, the next frame must be a full repaint.
///
/// An inline frame (``drawsInline``) starts with the cursor on the frame's top-left cell and
/// leaves it there; it moves the cursor only relative to where it is, and a full repaint clears
/// the frame's own rows one by one instead of the screen. The blank cells that end a row are
/// erased with `ESC [ K` in their background instead of written, so that a terminal that
/// rewraps its lines on a resize splits a row only where its glyphs no longer fit.
struct FrameEncoder {
    /// The cursor's row, or `nil` when it is not known.
    var cursorRow: Int?
    /// The cursor's column, or `nil` when it is not known (after a write into the last column,
    /// where terminals hold a pending wrap, and after a cluster whose width terminals disagree
    /// on).
    var cursorColumn: Int?
    /// The attributes set, or `nil` when they are not known.
    var pen: Pen?
    /// The bytes of the frame being written.
    var output: [UInt8] = []
    /// Whether frames are drawn in rows below a prompt, from the cursor, rather than on a
    /// screen of their own.
    var drawsInline = false

    /// The attributes a cell is written with.
    struct Pen: Equatable {
        var foreground: UInt32
        var background: UInt32
        var style: UInt8

        static let plain = Pen(foreground: 0, background: 0, style: 0)

        init(foreground: UInt32, background: UInt32, style: UInt8) {
            self.foreground = foreground
            self.background = background
            self.style = style
        }

        init(_ cell: Cell) {
            self.init(
                foreground: cell.foreground, background: cell.background,
                style: cell.style & CellStyle.attributes)
        }
    }

    /// What encoding a frame wrote.
    struct Result {
        var bytes: [UInt8]
        var cellsChanged: Int
        var cellsWritten: Int
    }

    /// The longest run of unchanged cells rewritten instead of moving the cursor over it.
    static let maximumRewrite = 8

    /// Encodes a frame as the difference from `previous`, or as a full repaint (reset the
    /// attributes, clear the screen, write every cell that is not blank) when there is none.
    mutating func encode(
        _ frame: Frame, previous: Frame?, glyphs: GlyphTable, rows changedRows: Range<Int>? = nil
    ) -> Result {
        output.removeAll(keepingCapacity: true)
        if drawsInline {
            cursorRow = 0
            cursorColumn = 0
        }
        let base: Frame
        if let previous, previous.columns == frame.columns, previous.rows == frame.rows {
            base = previous
        } else {
            if pen != .plain { append("\u{1B}[0m") }
            if drawsInline {
                clearRows(frame.rows)
            } else {
                append("\u{1B}[H\u{1B}[2J")
            }
            pen = .plain
            cursorRow = 0
            cursorColumn = 0
            base = .blank(columns: frame.columns, rows: frame.rows)
        }
        var changed = 0
        var written = 0
        // Only rows that can differ are compared: all of them, unless the caller knows better
        // and the frame is diffed against the previous one.
        let rows =
            base.cells.count == previous?.cells.count
            ? (changedRows ?? 0..<frame.rows).clamped(to: 0..<frame.rows) : 0..<frame.rows
        frame.cells.withUnsafeBufferPointer { cells in
            base.cells.withUnsafeBufferPointer { old in
                for row in rows {
                    let start = row * frame.columns
                    let tail =
                        drawsInline
                        ? FrameEncoder.blankTail(cells, from: start, count: frame.columns)
                        : frame.columns
                    var column = 0
                    while column < frame.columns {
                        let cell = cells[start + column]
                        if cell.isContinuation || cell == old[start + column] {
                            column += 1
                            continue
                        }
                        if column >= tail {
                            // The rest of the row is blank in one background: erased, not
                            // written, so that the terminal counts the row as no longer than
                            // its last glyph when it rewraps its lines on a resize.
                            written += moveOrRewrite(
                                to: row, column, cells: cells, rowStart: start, glyphs: glyphs)
                            setPen(pen(for: cell))
                            append("\u{1B}[K")
                            for index in column..<frame.columns
                            where cells[start + index] != old[start + index] {
                                changed += 1
                            }
                            break
                        }
                        written += moveOrRewrite(
                            to: row, column, cells: cells, rowStart: start, glyphs: glyphs)
                        write(cell, glyphs: glyphs, column: column, columns: frame.columns)
                        changed += 1
                        written += 1
                        column += cell.style & CellStyle.wide != 0 ? 2 : 1
                    }
                }
            }
        }
        if drawsInline, cursorRow != 0 || cursorColumn != 0 {
            CursorMoves.append(
                from: (cursorRow, cursorColumn), to: (0, 0), relativeOnly: true, into: &output)
            cursorRow = 0
            cursorColumn = 0
        }
        return Result(bytes: output, cellsChanged: changed, cellsWritten: written)
    }

    /// Where the blank cells that end a row begin: spaces with no line through or under
    /// them, all in the background of the row's last cell (which `ESC [ K` fills them with).
    /// A row that does not end in a blank cell has none (the result is `count`).
    static func blankTail(_ cells: UnsafeBufferPointer<Cell>, from start: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let last = cells[start + count - 1]
        var column = count
        while column > 0 {
            let cell = cells[start + column - 1]
            guard cell.glyph == Cell.space, cell.background == last.background,
                cell.style & CellStyle.visibleOnSpace == 0
            else { break }
            column -= 1
        }
        return column
    }

    /// Clears the rows of an inline frame from the cursor on its first row down, each with
    /// `ESC [ 2 K`, and brings the cursor back. (Erasing the screen from the cursor, `ESC [ J`,
    /// would be shorter, but some terminals move the whole screen into their history when it
    /// is erased from its first cell, as tmux does with its `scroll-on-clear` option.)
    private mutating func clearRows(_ rows: Int) {
        guard rows > 0 else { return }
        append("\r\u{1B}[2K")
        for _ in 1..<rows { append("\u{1B}[B\u{1B}[2K") }
        if rows > 1 {
            CursorMoves.append(
                from: (rows - 1, 0), to: (0, 0), relativeOnly: true, into: &output)
        }
    }

    /// Writes one cell at the cursor and advances the cursor past it.
    private mutating func write(_ cell: Cell, glyphs: GlyphTable, column: Int, columns: Int) {
        setPen(pen(for: cell))
        glyphs.append(cell.glyph, to: &output)
        let next = column + (cell.style & CellStyle.wide != 0 ? 2 : 1)
        let isUncertain =
            cell.glyph & GlyphTable.clusterFlag != 0 && cell.glyph & GlyphTable.uncertainFlag != 0
        cursorColumn = next >= columns || isUncertain ? nil : next
    }

    /// Brings the cursor to a cell: rewrites the unchanged cells before it on the same row
    /// when that is shorter than a move, else moves. Returns the number of cells rewritten.
    private mutating func moveOrRewrite(
        to row: Int, _ column: Int, cells: UnsafeBufferPointer<Cell>, rowStart: Int,
        glyphs: GlyphTable
    ) -> Int {
        if cursorRow == row, cursorColumn == column { return 0 }
        if cursorRow == row, let from = cursorColumn, from < column,
            column - from <= FrameEncoder.maximumRewrite, let pen
        {
            var cost = 0
            var isRewritable = !cells[rowStart + from].isContinuation
            for index in (rowStart + from)..<(rowStart + column) where isRewritable {
                let cell = cells[index]
                if cell.isContinuation { continue }
                let isUncertain =
                    cell.glyph & GlyphTable.clusterFlag != 0
                    && cell.glyph & GlyphTable.uncertainFlag != 0
                if self.pen(for: cell) != pen || isUncertain { isRewritable = false }
                cost += glyphs.byteCount(of: cell.glyph)
            }
            if isRewritable
                && cost
                    <= CursorMoves.cost(
                        from: (row, from), to: (row, column), relativeOnly: drawsInline)
            {
                var count = 0
                for index in (rowStart + from)..<(rowStart + column)
                where !cells[index].isContinuation {
                    glyphs.append(cells[index].glyph, to: &output)
                    count += 1
                }
                cursorColumn = column
                return count
            }
        }
        CursorMoves.append(
            from: (cursorRow, cursorColumn), to: (row, column), relativeOnly: drawsInline,
            into: &output)
        cursorRow = row
        cursorColumn = column
        return 0
    }

    /// The attributes to write a cell with. A blank cell shows only its background, and an
    /// underline or strikethrough in its text colour: it keeps the current bold and italic (and
    /// the text colour, without lines), so that blanks between words cost no attribute
    /// changes.
    private func pen(for cell: Cell) -> Pen {
        var target = Pen(cell)
        if cell.glyph == Cell.space, let pen {
            let lines = cell.style & CellStyle.visibleOnSpace
            target.style = pen.style & ~CellStyle.visibleOnSpace | lines
            if lines == 0 { target.foreground = pen.foreground }
        }
        return target
    }

    /// Changes the attributes to `target` with the shorter of: the changes alone, or a reset
    /// followed by every attribute that is not the default.
    private mutating func setPen(_ target: Pen) {
        if pen == target { return }
        var reset: [UInt8] = [0x30]
        SGR.appendAll(target, to: &reset)
        if let pen {
            var changes: [UInt8] = []
            SGR.appendChanges(from: pen, to: target, to: &changes)
            if changes.count < reset.count { reset = changes }
        }
        append("\u{1B}[")
        output.append(contentsOf: reset)
        output.append(UInt8(ascii: "m"))
        pen = target
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
