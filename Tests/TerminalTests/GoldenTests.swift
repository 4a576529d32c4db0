import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Representative frames written as text, escape sequences made visible, against recorded
/// goldens in `__Fixtures__` (record with `TRELLIS_RECORD_GOLDENS=1`).
@Suite struct GoldenTests {
    private func label(
        _ text: String, x: Double, y: Double, color: Color = .white, weight: Int = 400
    ) -> DisplayCommand {
        // Laid out with the backend's own metrics: one line is one 16-point cell high.
        .glyphRun(
            GlyphRun(
                text: text, font: FontDescriptor(size: 13, weight: weight), color: color,
                origin: Point(x: x, y: y + 16), width: Double(text.count) * 8, ascent: 16,
                descent: 0))
    }

    /// Controls in default 8 × 16 cells: a title bar, a rounded button with an outline, a switch,
    /// a slider's track and thumb, and a separator.
    private var controls: DisplayList {
        var list = DisplayList(size: Size(width: 320, height: 96))
        list.append(
            .fillRect(Rect(x: 0, y: 0, width: 320, height: 96), color: Color(rgb: 0x1E1E2E)))
        list.append(
            .linearGradient(
                Rect(x: 0, y: 0, width: 320, height: 16), start: .zero, end: Point(x: 320, y: 0),
                stops: [
                    GradientStop(location: 0, color: Color(rgb: 0x3050A0)),
                    GradientStop(location: 1, color: Color(rgb: 0x802060)),
                ]))
        list.append(label("Settings", x: 8, y: 0, weight: 700))
        list.append(
            .fillRoundedRect(
                Rect(x: 8, y: 32, width: 96, height: 48), radii: .uniform(8),
                color: Color(rgb: 0x007AFF)))
        list.append(
            .strokeRoundedRect(
                Rect(x: 8, y: 32, width: 96, height: 48), radii: .uniform(8), color: .white,
                lineWidth: 1))
        list.append(label("Save", x: 40, y: 48))
        list.append(
            .fillRoundedRect(
                Rect(x: 128, y: 32, width: 40, height: 16), radii: .uniform(8),
                color: Color(rgb: 0x34C759)))
        list.append(
            .fillRoundedRect(
                Rect(x: 152, y: 32, width: 16, height: 16), radii: .uniform(8), color: .white))
        list.append(
            .fillRect(Rect(x: 184, y: 54, width: 120, height: 4), color: Color(rgb: 0x8E8E93)))
        list.append(
            .fillRoundedRect(
                Rect(x: 232, y: 48, width: 16, height: 16), radii: .uniform(8), color: .white))
        list.append(
            .fillRect(Rect(x: 0, y: 88, width: 320, height: 1), color: Color(rgb: 0x444444)))
        return list
    }

    private func list(offset: Int, selected: Int) -> DisplayList {
        var list = DisplayList(size: Size(width: 24, height: 6))
        for row in 0..<6 {
            let item = row + offset
            let background =
                item == selected
                ? Color(rgb: 0x264F78) : (item % 2 == 0 ? Color(rgb: 0x202020) : nil)
            if let background {
                list.append(
                    .fillRect(Rect(x: 0, y: Double(row), width: 24, height: 1), color: background))
            }
            list.append(
                textRun(
                    "Item \(item)", column: 1, row: Double(row),
                    color: item == selected ? .white : .lightGray))
            list.append(textRun("›", column: 22, row: Double(row), color: .gray))
        }
        return list
    }

    private var unicode: DisplayList {
        var list = DisplayList(size: Size(width: 24, height: 4))
        list.append(textRun("漢字 かな ｶﾅ 한국", column: 0, row: 0))
        list.append(textRun("👨‍👩‍👧 🇯🇵 ☺️ 1️⃣ 👍🏽", column: 0, row: 1, color: .yellow))
        list.append(
            textRun("e\u{301}te\u{301} naïve", column: 0, row: 2, isItalic: true, underline: true))
        list.append(textRun("rm\u{1B}[2J\u{7}\u{9B}x\t!", column: 0, row: 3, color: .red))
        return list
    }

    private var picture: DisplayList {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                pixels += [UInt8(x * 32), UInt8(y * 32), 160, x == y ? 0 : 255]
            }
        }
        var list = DisplayList(
            size: Size(width: 16, height: 4),
            images: [DisplayImage(id: 1, width: 8, height: 8, pixels: pixels)])
        list.append(.fillRect(Rect(x: 0, y: 0, width: 16, height: 4), color: Color(rgb: 0x102030)))
        list.append(
            .drawImage(
                id: 1, source: Rect(x: 0, y: 0, width: 8, height: 8),
                destination: Rect(x: 0, y: 0, width: 8, height: 4),
                capInsets: nil, tint: nil))
        list.append(.beginLayer(alpha: 0.5))
        list.append(.fillRect(Rect(x: 9, y: 0, width: 6, height: 4), color: .white))
        list.append(textRun("50%", column: 10, row: 1, color: .black))
        list.append(.endLayer)
        return list
    }

    private func record(_ frames: [DisplayList], json: String, columns: Int, rows: Int) throws
        -> String
    {
        let renderer = try makeRenderer(json)
        var terminal = VirtualTerminal(columns: columns, rows: rows)
        var text = ""
        for (index, frame) in frames.enumerated() {
            let bytes = try renderer.render(frame)
            try terminal.feed(bytes)
            let stats = renderer.statistics
            text +=
                "# frame \(index + 1): \(bytes.count) bytes, \(stats.cellsChanged) cells changed"
            text += stats.isFullFrame ? ", full\n" : "\n"
            text += visible(bytes) + "\n"
            text += "# screen\n" + terminal.lines.map { "|\($0)|" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    @Test func controlsInTruecolor() throws {
        let text = try record([controls], json: "", columns: 40, rows: 6)
        try Golden.check(text, named: "controls-truecolor")
    }

    @Test func listSelectionAndScrollIn256Colours() throws {
        let frames = [
            list(offset: 0, selected: 1), list(offset: 0, selected: 2),
            list(offset: 1, selected: 2),
        ]
        let text = try record(
            frames, json: #"{"cellWidth": 1, "cellHeight": 1, "colors": "256"}"#, columns: 24,
            rows: 6)
        try Golden.check(text, named: "list-256")
    }

    @Test func unicodeAndHostileTextInTruecolor() throws {
        let text = try record(
            [unicode], json: #"{"cellWidth": 1, "cellHeight": 1}"#, columns: 24, rows: 4)
        try Golden.check(text, named: "unicode-truecolor")
    }

    @Test func imageAndLayerIn16Colours() throws {
        let text = try record(
            [picture], json: #"{"cellWidth": 1, "cellHeight": 1, "colors": "16"}"#, columns: 16,
            rows: 4)
        try Golden.check(text, named: "image-16")
    }
}
