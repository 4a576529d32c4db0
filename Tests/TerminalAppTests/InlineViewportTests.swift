import Testing
import TrellisCore
import TrellisGeometry
import TrellisTerminal
import TrellisTerminalRenderer
import _TrellisTestSupport

/// The bookkeeping of an inline app's rows and the terminal backend's inline frames, replayed
/// on a small VT screen with a scrollback.
@Suite struct InlineViewportTests {
    /// A shell screen of `rows` rows whose first `lines` rows hold the shell's lines, with the
    /// cursor at the start of the row after them (or at the bottom, having scrolled).
    private func shell(columns: Int = 20, rows: Int = 8, lines: Int) -> VTScreen {
        var screen = VTScreen(columns: columns, rows: rows)
        for number in 1...max(lines, 1) where lines > 0 {
            screen.apply("shell \(number)\r\n")
        }
        return screen
    }

    /// A frame of 1 × 1-point cells: `text` on each row, the row's number after it.
    private func frame(columns: Int, rows: Int, text: String = "app") -> DisplayList {
        var list = DisplayList(size: Size(width: Double(columns), height: Double(rows)))
        for row in 0..<rows {
            let line = "\(text)\(row)"
            list.append(
                .glyphRun(
                    GlyphRun(
                        text: line, font: FontDescriptor(size: 1), color: .white,
                        origin: Point(x: 0, y: Double(row) + 1), width: Double(line.count),
                        ascent: 1, descent: 0)))
        }
        return list
    }

    private func inlineRenderer() -> TerminalRenderer {
        TerminalRenderer(
            configuration: TerminalConfiguration(
                cellWidth: 1, cellHeight: 1, colorMode: .palette16, drawsInline: true))
    }

    @Test func rowsBelowAPromptMidScreenAreReservedWithoutScrolling() {
        var screen = shell(lines: 2)
        let viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: 0))
        #expect(screen.cursorRow == 2 && screen.cursorColumn == 0)
        #expect(screen.scrollback.isEmpty && screen.scrolls == 0)
    }

    @Test func rowsBelowAPromptAtTheBottomScrollTheShellIntoTheScrollback() {
        var screen = shell(lines: 7)
        #expect(screen.cursorRow == 7)
        let viewport = InlineViewport(height: 4, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: 0))
        // Three line feeds from the last row scroll three shell lines off; the anchor is the
        // fourth row from the bottom.
        #expect(screen.scrollback == ["shell 1", "shell 2", "shell 3"])
        #expect(screen.cursorRow == 4 && screen.cursorColumn == 0)
        #expect(screen.screenLines.prefix(4) == ["shell 4", "shell 5", "shell 6", "shell 7"])
    }

    @Test func aCursorPartWayAlongALineStartsTheRowsOnTheNext() {
        var screen = shell(lines: 1)
        screen.apply("$ ")
        let viewport = InlineViewport(height: 2, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: screen.cursorColumn))
        #expect(screen.cursorRow == 2 && screen.cursorColumn == 0)
        #expect(screen.screenLines[1] == "$")
    }

    @Test func inlineFramesNameNoRowEraseOnlyTheirRowsAndEndOnTheAnchor() throws {
        var screen = shell(lines: 3)
        let viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: 0))
        let renderer = inlineRenderer()
        let first = try renderer.render(frame(columns: 20, rows: 3))
        screen.apply(first)
        #expect(renderer.statistics.isFullFrame)
        #expect(
            screen.screenLines.prefix(6) == [
                "shell 1", "shell 2", "shell 3", "app0", "app1", "app2",
            ])
        #expect((screen.cursorRow, screen.cursorColumn) == (3, 0))
        // A change on the last row: a few relative moves, and back to the anchor.
        let second = try renderer.render(frame(columns: 20, rows: 3, text: "apx"))
        screen.apply(second)
        #expect(screen.screenLines[3...5] == ["apx0", "apx1", "apx2"])
        #expect((screen.cursorRow, screen.cursorColumn) == (3, 0))
        #expect(screen.absoluteMoves == 0 && screen.wholeScreenErases == 0 && screen.scrolls == 0)
        for bytes in [first, second] { #expect(!bytes.contains(0x0A)) }
        // Nothing changed: nothing written, the cursor stays.
        #expect(try renderer.render(frame(columns: 20, rows: 3, text: "apx")).isEmpty)
    }

    @Test func theBlankEndOfARowInOneBackgroundIsErasedNotWritten() throws {
        var list = DisplayList(size: Size(width: 30, height: 2))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 30, height: 2), color: .blue))
        list.append(
            .glyphRun(
                GlyphRun(
                    text: "title", font: FontDescriptor(size: 1), color: .white,
                    origin: Point(x: 1, y: 1), width: 5, ascent: 1, descent: 0)))
        let inline = String(decoding: try inlineRenderer().render(list), as: UTF8.self)
        // Each row: its glyphs (a space and "title" on the first), then ESC [ K in blue.
        #expect(
            inline.split(separator: "\u{1B}[K", omittingEmptySubsequences: false).count - 1 == 2)
        #expect(!inline.contains("     "))
        var screen = VTScreen(columns: 30, rows: 2)
        screen.apply(Array(inline.utf8))
        #expect(screen.screenLines == [" title", ""])
        // A full-screen frame writes every cell.
        let full = TerminalRenderer(
            configuration: TerminalConfiguration(cellWidth: 1, cellHeight: 1, colorMode: .palette16)
        )
        #expect(!String(decoding: try full.render(list), as: UTF8.self).contains("\u{1B}[K"))
    }

    @Test func fullScreenFramesStillClearTheScreenAndMoveAbsolutely() throws {
        let renderer = TerminalRenderer(
            configuration: TerminalConfiguration(cellWidth: 1, cellHeight: 1, colorMode: .palette16)
        )
        var screen = VTScreen(columns: 20, rows: 3)
        screen.apply(try renderer.render(frame(columns: 20, rows: 3)))
        #expect(screen.wholeScreenErases == 1 && screen.absoluteMoves >= 1)
    }

    @Test func linesPrintedAboveGoIntoTheScrollbackOnceAndTheRowsMoveDown() throws {
        var screen = shell(lines: 4)
        var viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: 0))
        let renderer = inlineRenderer()
        screen.apply(try renderer.render(frame(columns: 20, rows: 3)))
        for batch in [["one", "two"], ["three"], ["four", "five", "six"]] {
            screen.apply(viewport.printAbove(batch))
            renderer.requestFullFrame()
            screen.apply(try renderer.render(frame(columns: 20, rows: 3)))
            #expect((screen.cursorColumn) == 0)
        }
        let expected =
            (1...4).map { "shell \($0)" } + ["one", "two", "three", "four", "five", "six"]
            + ["app0", "app1", "app2"]
        #expect(screen.allLines == expected)
        // The rows ended on the screen's last row: the anchor is three rows up.
        #expect(screen.cursorRow == 5)
        #expect(screen.wholeScreenErases == 0 && screen.absoluteMoves == 0)
        viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        #expect(viewport.printAbove([]).isEmpty)
    }

    @Test func aPrintedLineWiderThanTheTerminalWrapsAndTheRowsFollowIt() throws {
        var screen = shell(columns: 10, rows: 6, lines: 1)
        let viewport = InlineViewport(height: 2, size: TerminalSize(columns: 10, rows: 6))
        screen.apply(viewport.begin(cursorColumn: 0))
        let renderer = inlineRenderer()
        screen.apply(try renderer.render(frame(columns: 10, rows: 2)))
        // 25 characters: three rows of a 10-column terminal.
        screen.apply(viewport.printAbove([String(repeating: "abcde", count: 5)]))
        renderer.requestFullFrame()
        screen.apply(try renderer.render(frame(columns: 10, rows: 2)))
        #expect(
            screen.allLines == ["shell 1", "abcdeabcde", "abcdeabcde", "abcde", "app0", "app1"])
        #expect(screen.cursorRow == 4)
    }

    @Test func aViewportTallerThanTheTerminalTakesEveryRow() throws {
        var screen = shell(columns: 12, rows: 4, lines: 2)
        let viewport = InlineViewport(height: 30, size: TerminalSize(columns: 12, rows: 4))
        #expect(viewport.height == 4 && viewport.columns == 12)
        screen.apply(viewport.begin(cursorColumn: 0))
        #expect(screen.cursorRow == 0)
        let renderer = inlineRenderer()
        screen.apply(try renderer.render(frame(columns: 12, rows: 4)))
        #expect(screen.screenLines == ["app0", "app1", "app2", "app3"])
        // Printing above from the screen's first cell erases no screen whole (some terminals
        // would move it into their history), and the lines end up above the rows.
        screen.apply(viewport.printAbove(["printed"]))
        renderer.requestFullFrame()
        screen.apply(try renderer.render(frame(columns: 12, rows: 4)))
        #expect(screen.wholeScreenErases == 0)
        #expect(
            screen.allLines == ["shell 1", "shell 2", "printed", "app0", "app1", "app2", "app3"])
        #expect(screen.cursorRow == 0)
    }

    @Test func aTerminalOfNoSizeHasNoRowsAndPrintedLinesStillArrive() {
        let viewport = InlineViewport(height: 5, size: TerminalSize(columns: 0, rows: 0))
        #expect(viewport.height == 0 && viewport.columns == 0)
        #expect(viewport.reserve() == [0x0D])
        #expect(viewport.exit(.keepLastFrame) == [0x0D])
        var screen = VTScreen(columns: 10, rows: 3)
        screen.apply(viewport.begin(cursorColumn: 0))
        screen.apply(viewport.printAbove(["a", "b"]))
        #expect(screen.allLines == ["a", "b"])
        #expect((screen.cursorRow, screen.cursorColumn) == (2, 0))
        #expect(InlineViewport(height: 0, size: TerminalSize(columns: 80, rows: 24)).height == 0)
        #expect(InlineViewport(height: -3, size: TerminalSize(columns: 80, rows: 24)).height == 0)
    }

    @Test func aResizeClearsFromTheAnchorDownAndReservesTheNewHeight() throws {
        var screen = shell(columns: 20, rows: 8, lines: 2)
        var viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        screen.apply(viewport.begin(cursorColumn: 0))
        screen.apply(try inlineRenderer().render(frame(columns: 20, rows: 3)))
        // A stale row below the viewport, as a terminal that rewrapped its rows leaves.
        screen.apply("\u{1B}7\u{1B}[4Bstale\u{1B}8")
        #expect(screen.screenLines[6] == "stale")
        screen.apply(viewport.resize(to: TerminalSize(columns: 20, rows: 8)))
        #expect(screen.screenLines[2...].allSatisfy { $0.isEmpty })
        #expect(screen.screenLines[...1] == ["shell 1", "shell 2"])
        #expect(screen.cursorRow == 2 && screen.wholeScreenErases == 0)
        // Shorter than the rows asked for: the viewport takes the whole terminal.
        viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
        _ = viewport.resize(to: TerminalSize(columns: 30, rows: 2))
        #expect(viewport.height == 2 && viewport.columns == 30)
    }

    @Test func aOneColumnTerminalIsClearedRowByRow() {
        var screen = VTScreen(columns: 1, rows: 4)
        screen.apply("a\r\nb\r\nc\r\nd")
        screen.apply("\u{1B}[3A\r")
        let viewport = InlineViewport(height: 2, size: TerminalSize(columns: 1, rows: 4))
        screen.apply(viewport.clear())
        #expect(screen.screenLines == ["", "", "", ""])
        #expect((screen.cursorRow, screen.cursorColumn) == (0, 0))
        #expect(screen.wholeScreenErases == 0)
    }

    @Test func leavingKeepsTheLastFrameAndPutsTheCursorBelowItOrClearsIt() throws {
        for behavior in [InlineExitBehavior.keepLastFrame, .clear] {
            var screen = shell(lines: 7)
            let viewport = InlineViewport(height: 3, size: TerminalSize(columns: 20, rows: 8))
            screen.apply(viewport.begin(cursorColumn: 0))
            screen.apply(try inlineRenderer().render(frame(columns: 20, rows: 3)))
            screen.apply(viewport.exit(behavior))
            screen.apply("$ next")
            let shellLines = (1...7).map { "shell \($0)" }
            if behavior == .keepLastFrame {
                #expect(screen.allLines == shellLines + ["app0", "app1", "app2", "$ next"])
            } else {
                #expect(screen.allLines == shellLines + ["$ next"])
            }
        }
    }

    @Test func printedTextIsSplitIntoLinesAndItsControlsShownAsPictures() {
        #expect(InlineViewport.lines(of: "a\u{1B}[2Jb\r\nc\n") == ["a\u{241B}[2Jb", "c"])
        #expect(InlineViewport.lines(of: "") == [""])
        #expect(InlineViewport.lines(of: "\n") == [""])
        #expect(InlineViewport.lines(of: "x\n\ny") == ["x", "", "y"])
        #expect(InlineViewport.lines(of: "t\tu\u{7F}\u{9B}\r") == ["t\tu\u{2421}\u{FFFD}\u{240D}"])
        var screen = VTScreen(columns: 20, rows: 3)
        screen.apply(
            InlineViewport(height: 1, size: TerminalSize(columns: 20, rows: 3)).printAbove([
                "x\u{1B}[2J"
            ]))
        #expect(screen.wholeScreenErases == 0)
        #expect(screen.allLines == ["x\u{241B}[2J"])
    }

    @Test func theConfigurationCarriesInlineOnlyWhenOn() throws {
        let on = TerminalConfiguration(drawsInline: true)
        #expect(String(decoding: on.json, as: UTF8.self).hasSuffix(#","inline":true}"#))
        #expect(try TerminalConfiguration(json: on.json).drawsInline)
        #expect(!String(decoding: TerminalConfiguration().json, as: UTF8.self).contains("inline"))
        #expect(throws: ConfigurationError.self) {
            try TerminalConfiguration(json: Array(#"{"inline": 1}"#.utf8))
        }
    }

    @Test func theCursorReportIsTakenOutAndKeysKept() {
        let parsed = TerminalSession.parseCursorReport(Array("x\u{1B}[12;7R\u{1B}[?62;22cy".utf8))
        #expect(parsed.position?.row == 11 && parsed.position?.column == 6)
        #expect(parsed.done)
        #expect(String(decoding: parsed.rest, as: UTF8.self) == "xy")
        let partial = TerminalSession.parseCursorReport(Array("\u{1B}[3;1R".utf8))
        #expect(partial.position?.row == 2 && !partial.done)
        // A key such as Shift-F3 (ESC [ 1 ; 2 R) before the report is not a report of row 0.
        let none = TerminalSession.parseCursorReport(Array("\u{1B}[0;0R\u{1B}[?1c".utf8))
        #expect(none.position == nil && none.done)
    }
}
