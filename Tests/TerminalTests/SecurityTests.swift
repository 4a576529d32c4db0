import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Text from content never reaches the terminal as a control sequence.
@Suite struct SecurityTests {
    static let hostile: [(String, String)] = [
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}]52;c;aGk=\u{7}", "␛]52;c;aGk=␇"),
        ("a\u{9B}31mb", "a�31mb"),
        ("\u{90}q\u{9C}", "�q�"),
        ("\r\n", "␍"),
        ("x\ry", "x␍y"),
        ("\u{7F}\u{0}\u{8}\t", "␡␀␈␉"),
        ("\u{1B}P$q\u{1B}\\", "␛P$q␛\\"),
        ("é\u{1B}", "é␛"),
        ("\u{2028}", "�"),
    ]

    @Test(arguments: hostile)
    func controlCharactersShowAsPictures(text: String, shown: String) throws {
        var list = DisplayList(size: Size(width: 16, height: 1))
        list.append(textRun(text, column: 0, row: 0))
        let renderer = try makeRenderer()
        let output = try renderer.render(list)
        // The virtual terminal fails on any raw control character or unknown sequence.
        var terminal = VirtualTerminal(columns: 16, rows: 1)
        try terminal.feed(output)
        #expect(terminal.lines[0].hasPrefix(shown))
        // The only ESC bytes are the backend's own CSI sequences.
        let escapes = output.indices.filter { output[$0] == 0x1B }
        #expect(escapes.allSatisfy { $0 + 1 < output.count && output[$0 + 1] == UInt8(ascii: "[") })
        #expect(!output.contains(0x07))
        #expect(
            !String(decoding: output, as: UTF8.self).unicodeScalars.contains {
                (0x80..<0xA0).contains($0.value)
            })
    }

    @Test func hostileTextCannotMoveTheCursorOrChangeTheOtherCells() throws {
        var list = DisplayList(size: Size(width: 12, height: 2))
        list.append(textRun("\u{1B}[1;1H\u{1B}[31mX", column: 0, row: 0))
        list.append(textRun("safe", column: 0, row: 1))
        let terminal = try freshScreen(list)
        #expect(terminal.lines == ["␛[1;1H␛[31mX", "safe        "])
        #expect(terminal.cell(0, 1).foreground == "#ffffff")
    }

    @Test func measuredWidthMatchesTheDrawnPictures() throws {
        let renderer = try makeRenderer()
        let request = TextMeasurementCodec.encode(request: [
            MeasureRun(font: FontDescriptor(size: 1), clusters: ["\u{1B}", "\u{9B}", "\r\n", "a"])
        ])
        let response = try request.withUnsafeBytes { try renderer.measure($0) }
        let runs = try response.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) }
        #expect(runs.first?.advances == [1, 1, 1, 1])
    }
}
