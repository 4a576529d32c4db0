import Foundation
import Testing
import TrellisSnapshots

/// Terminal snapshots read back into the screens they draw.
@Suite struct TerminalScreenTests {
    @Test func cursorMovesColoursAndWideCharactersLandInTheirCells() throws {
        let bytes = Array(
            "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[48;5;21mab\u{1B}[1;38;2;10;20;30m世c\r\n\u{1B}[22;39;49mline 2\u{1B}[2;5Hx"
                .utf8)
        let screen = TerminalScreen(bytes: bytes)
        #expect(screen.text(ofRow: 0) == "ab世c")
        try #require(screen.rows.count > 1 && screen.rows[0].count > 4 && !screen.rows[1].isEmpty)
        #expect(screen.rows[0].map(\.character) == ["a", "b", "世", "", "c"])
        #expect(screen.rows[0][0].background == .palette(21))
        #expect(screen.rows[0][2].foreground == .rgb(10, 20, 30) && screen.rows[0][2].isBold)
        #expect(screen.rows[0][4].background == .palette(21))
        // The cursor move to row 2, column 5 overwrites the second line's fifth cell.
        #expect(screen.text(ofRow: 1) == "linex2")
        #expect(screen.rows[1][0].foreground == nil && !screen.rows[1][0].isBold)
    }

    @Test func theSnapshotFilesTextIsTheScreen() throws {
        // The gallery's terminal snapshot, as TrellisTesting records it.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "TrellisTests/__Snapshots__/SeedComponentSnapshotTests/gallery.terminal.txt")
        let screen = TerminalScreen(snapshotText: try String(contentsOf: file, encoding: .utf8))
        #expect(
            screen.text(ofRow: 1)
                == "  SFButton — four directions, spacing and content insets (seed 004)")
        try #require(screen.rows.count > 1 && screen.rows[1].count > 2 && !screen.rows[0].isEmpty)
        #expect(screen.rows[1][2].isBold)
        #expect(screen.rows[1][2].foreground == .palette(238))
        #expect(screen.rows[0][0].background == .palette(255))
        #expect(screen.rows.count > 20)
    }

    @Test func thePaletteIsXterms() {
        #expect(TerminalScreen.CellColor.palette(1).rgb == (205, 0, 0))
        #expect(TerminalScreen.CellColor.palette(21).rgb == (0, 0, 255))
        #expect(TerminalScreen.CellColor.palette(69).rgb == (95, 135, 255))
        #expect(TerminalScreen.CellColor.palette(255).rgb == (238, 238, 238))
        #expect(TerminalScreen.CellColor.rgb(1, 2, 3).rgb == (1, 2, 3))
    }

    @Test func hostileInputStaysBounded() {
        let bytes = Array("\u{1B}[99999;99999Hz\u{1B}[38;5;999m\u{1B}[".utf8)
        let screen = TerminalScreen(bytes: bytes)
        #expect(screen.rows.count == TerminalScreen.maximumSize)
        #expect(screen.rows.last?.count == TerminalScreen.maximumSize)
    }
}
