import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Grapheme clusters on cells: wide characters take two, emoji sequences stay one cluster.
@Suite struct WidthTests {
    private func line(_ text: String, columns: Int = 12) throws -> VirtualTerminal {
        var list = DisplayList(size: Size(width: Double(columns), height: 1))
        list.append(textRun(text, column: 0, row: 0))
        list.append(textRun("|", column: Double(columns - 1), row: 0))
        return try freshScreen(list)
    }

    @Test(arguments: [
        ("漢字", 4), ("ｶﾀｶﾅ", 4), ("한국어", 6), ("👨‍👩‍👧‍👦", 2), ("🇯🇵🇫🇷", 4), ("☺️", 2), ("☺", 1),
        ("1️⃣", 2), ("👍🏽", 2), ("e\u{301}", 1), ("a\u{200B}b", 2),
    ])
    func clustersTakeTheirWidthInCells(text: String, columns: Int) throws {
        let terminal = try line(text)
        // The text's clusters fill `columns` cells, then blanks, then the marker in the last
        // column: nothing shifted.
        let cells = terminal.cells[0]
        let used = cells.prefix { $0.text != " " }.count
        #expect(used == columns)
        #expect(cells[11].text == "|")
        #expect(terminal.lines[0].hasPrefix(text.replacing("\u{200B}", with: "")))
    }

    @Test func zwjFamilyIsOneClusterWrittenOnce() throws {
        let renderer = try makeRenderer()
        var list = DisplayList(size: Size(width: 4, height: 1))
        list.append(textRun("👨‍👩‍👧", column: 0, row: 0))
        let output = try renderer.render(list)
        #expect(visible(output) == #"\e[0m\e[H\e[2J\e[38;2;255;255;255m👨‍👩‍👧"#)
        #expect(renderer.statistics.cellsChanged == 1)
    }

    @Test func cursorColumnIsNotTrustedAfterAnEmojiSequence() throws {
        // Terminals disagree on the width of emoji sequences: the next cell is placed with an
        // absolute column rather than where the cursor should be.
        let renderer = try makeRenderer()
        var list = DisplayList(size: Size(width: 6, height: 1))
        list.append(textRun("🇯🇵ab", column: 0, row: 0))
        let output = visible(try renderer.render(list))
        #expect(output == #"\e[0m\e[H\e[2J\e[38;2;255;255;255m🇯🇵\e[3Gab"#)
        // A plain wide character is trusted.
        var cjk = DisplayList(size: Size(width: 6, height: 1))
        cjk.append(textRun("界ab", column: 0, row: 0))
        #expect(
            visible(try makeRenderer().render(cjk)) == #"\e[0m\e[H\e[2J\e[38;2;255;255;255m界ab"#)
    }

    @Test func wideCharacterInTheLastColumnBecomesABlank() throws {
        let terminal = try line("abcdefghijk界", columns: 12)
        // "界" would need columns 11 and 12; the marker "|" is in column 11 anyway.
        #expect(terminal.lines[0] == "abcdefghijk|")
    }

    @Test func fillOverHalfAWideCharacterBlanksTheOtherHalf() throws {
        var list = DisplayList(size: Size(width: 6, height: 1))
        list.append(textRun("界界界", column: 0, row: 0))
        list.append(.fillRect(Rect(x: 3, y: 0, width: 1, height: 1), color: .blue))
        let terminal = try freshScreen(list)
        #expect(terminal.lines[0] == "界  界")
        #expect(terminal.cell(3, 0).background == "#0000ff")
        #expect(terminal.cell(2, 0).background == "default")
    }

    @Test func replacingAWideCharacterWithNarrowOnesDiffsCorrectly() throws {
        func frame(_ text: String) -> DisplayList {
            var list = DisplayList(size: Size(width: 6, height: 1))
            list.append(textRun(text, column: 0, row: 0))
            return list
        }
        var screen = try Screen(columns: 6, rows: 1)
        for text in ["界界x", "ab界x", "a界bx", "界界x", "👨‍👩‍👧ab", "xy界"] {
            try screen.show(frame(text))
            #expect(
                screen.terminal.appearance == (try freshScreen(frame(text))).appearance, "\(text)")
        }
    }

    @Test func measureGivesCellAdvancesAndOneCellLines() throws {
        let renderer = try TerminalRenderer(configuration: [])
        let request = TextMeasurementCodec.encode(request: [
            MeasureRun(
                font: FontDescriptor(size: 13), clusters: ["a", "界", "👨‍👩‍👧", "\u{1B}", "\u{301}"])
        ])
        let response = try request.withUnsafeBytes { try renderer.measure($0) }
        let runs = try response.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) }
        #expect(runs.count == 1)
        try #require(!runs.isEmpty)
        #expect(runs[0].advances == [8, 16, 16, 8, 0])
        #expect(runs[0].ascender + runs[0].descender + runs[0].lineGap == 16)
    }
}
