import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct ListLayoutTests {
    @Test func seed001WrapsBulletLinesWithAHangingIndent() {
        let text = AttributedText(
            markup: seed001Markup, options: .init(font: ahem10, paragraphMarker: .bullet))
        let layout = ahemLayout(text, width: 150)
        #expect(
            runTexts(layout) == [
                ["•", "连续浇水7天，可得20鲸豆"], ["可得15.00元红包;"],
                ["•", "连续浇水14天，可得40鲸"], ["豆可得15.00元红包;"],
                ["•", "连续浇水21天，可得60鲸"], ["豆可得15.00元红包;"],
                ["•", "连续浇水28天，可得80鲸"], ["豆可得15.00元红包;"],
            ])
        let markers = layout.glyphRuns.filter { $0.kind == .listMarker }
        #expect(markers.map(\.origin) == [0, 20, 40, 60].map { Point(x: 0, y: $0 + 8) })
        let textStarts = layout.glyphRuns.filter { $0.kind == .text }.map(\.origin.x)
        #expect(textStarts == Array(repeating: 15, count: 8))
        #expect(layout.usedSize == Size(width: 145, height: 80))
        #expect(layout.lines.map(\.paragraphIndex) == [0, 0, 1, 1, 2, 2, 3, 3])
    }

    @Test func markersUseTheFontAndColourOfTheParagraph() throws {
        let markup = "<ol><li><font color=\"#FF0000\">red</font> item</li><li>two</li></ol>"
        let text = AttributedText(markup: markup, options: .init(font: ahem20))
        let layout = ahemLayout(text)
        let marker = try #require(layout.glyphRuns.first)
        #expect(marker.kind == .listMarker && marker.text == "1.")
        #expect(marker.foregroundColor == Color(rgb: 0xFF0000))
        #expect(marker.width == 40)
        #expect(layout.glyphRuns.dropFirst().first?.origin.x == 50)
        #expect(layout.glyphRuns.filter { $0.kind == .listMarker }.map(\.text) == ["1.", "2."])
    }

    @Test func headIndentBeyondTheMarkerWins() {
        var style = ParagraphStyle(headIndent: 40)
        style.listMarker = ListMarker(style: .disc, spacing: 0)
        let layout = ahemLayout(
            AttributedText("ab cd", attributes: [.paragraphStyle(style)]), width: 70)
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 40, 40])
        #expect(runTexts(layout) == [["•", "ab"], ["cd"]])
    }
}
