import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct AttributedBidiLayoutTests {
    /// The glyph runs of a line as "text:level@x", left to right.
    private func summary(_ layout: AttributedTextLayout, line: Int = 0) -> [String] {
        guard layout.lines.indices.contains(line),
            layout.lines[line].glyphRunRange.clamped(to: layout.glyphRuns.indices)
                == layout.lines[line].glyphRunRange
        else {
            Issue.record("line \(line) of \(layout.lines.count), \(layout.glyphRuns.count) runs")
            return []
        }
        return layout.glyphRuns[layout.lines[line].glyphRunRange].map {
            "\($0.text):\($0.level)@\(Int($0.origin.x))"
        }
    }

    @Test func runsComeInVisualOrderSplitByLevelAndAttributes() {
        // "abc אב<b>גד</b> 12 def": the bold Hebrew is its own piece inside the right-to-left
        // run, which shows its pieces from right to left; the number after it reads left to
        // right inside the run.
        let text =
            AttributedText("abc \u{5D0}\u{5D1}", attributes: [.font(ahem10)])
            + AttributedText("\u{5D2}\u{5D3}", attributes: [.font(ahem10), .underline(.init())])
            + AttributedText(" 12 def", attributes: [.font(ahem10)])
        let layout = ahemLayout(text)
        #expect(
            summary(layout) == [
                "abc :0@0", "12:2@40", " :1@60", "\u{5D2}\u{5D3}:1@70", "\u{5D0}\u{5D1}:1@90",
                " def:0@110",
            ])
        let underlined = layout.glyphRuns.filter { $0.underline != nil }
        #expect(underlined.map(\.direction) == [.rightToLeft])
        #expect(layout.lines.first?.frame.width == 150)
    }

    @Test func hitTestingFollowsWhatIsShown() throws {
        // "ab אבג": shown "ab גבא"; the rightmost letter is the first Hebrew one.
        let layout = ahemLayout(AttributedText("ab \u{5D0}\u{5D1}\u{5D2}"))
        #expect(layout.characterIndex(at: Point(x: 55, y: 5)) == 3)  // א, at 50..<60
        #expect(layout.characterIndex(at: Point(x: 35, y: 5)) == 7)  // ג, at 30..<40
        #expect(layout.characterIndex(at: Point(x: 15, y: 5)) == 1)
        // "b א": the end of the Latin and the start of the Hebrew are not side by side.
        let rects = layout.rects(for: 1..<5)
        #expect(
            rects == [
                Rect(x: 10, y: 0, width: 20, height: 10), Rect(x: 50, y: 0, width: 10, height: 10),
            ])
        #expect(layout.boundingRect(for: 1..<5) == Rect(x: 10, y: 0, width: 50, height: 10))
    }

    @Test func rightToLeftParagraphAlignsRightAndOrdersItsEllipsis() throws {
        let text = AttributedText("\u{5D0}\u{5D1}\u{5D2} \u{5D3}\u{5D4}\u{5D5} abc")
        let layout = ahemLayout(text, width: 60, lines: 1, mode: .byTruncatingTail)
        #expect(layout.lines.count == 1)
        let line = try #require(layout.lines.first)
        try #require(line.glyphRunRange.clamped(to: layout.glyphRuns.indices) == line.glyphRunRange)
        let runs = layout.glyphRuns[line.glyphRunRange]
        #expect(runs.map(\.kind) == [.ellipsis, .text])
        #expect(runs.map(\.level) == [1, 1])
        #expect(runs.map(\.origin.x) == [0, 10])
        #expect(runs.last?.text == "\u{5D0}\u{5D1}\u{5D2} \u{5D3}")
    }

    @Test func leftToRightTextKeepsOneRunPerPiece() {
        let text =
            AttributedText("Hello ", attributes: [.font(ahem10)])
            + AttributedText("world", attributes: [.font(ahem20)])
        let layout = ahemLayout(text)
        #expect(layout.glyphRuns.map(\.text) == ["Hello ", "world"])
        #expect(layout.glyphRuns.allSatisfy { $0.level == 0 && $0.direction == .leftToRight })
    }
}
