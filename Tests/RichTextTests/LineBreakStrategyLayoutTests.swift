import Foundation
import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

/// Attributed text breaks with the container's line-break strategy, as plain text does.
@Suite struct LineBreakStrategyLayoutTests {
    private func lines(
        _ text: String, width: Double, strategy: LineBreakStrategy, font: Font = ahem10
    ) -> [String] {
        var container = TextContainer(width: width, defaultFont: font)
        container.lineBreakStrategy = strategy
        let layout = AttributedTextLayout(
            AttributedText(text), in: container, metrics: AhemMetrics())
        return runTexts(layout).map { $0.joined() }
    }

    @Test func anOpeningBracketFollowedByASpaceStaysOnItsLineByDefault() {
        #expect(TextContainer(width: 60).lineBreakStrategy == nil)
        #expect(ParagraphStyle().lineBreakStrategy == .standard)
        #expect(lines("To ( word", width: 60, strategy: .standard) == ["To (", "word"])
        #expect(lines("To ( word", width: 60, strategy: []) == ["To", "( word"])
    }

    @Test func pushOutKeepsTheLastLineFromHoldingOneWord() {
        #expect(lines("aa bb cc dd", width: 80, strategy: .standard) == ["aa bb cc", "dd"])
        #expect(
            lines("aa bb cc dd", width: 80, strategy: [.standard, .pushOut]) == ["aa bb", "cc dd"])
        #expect(
            lines("aa bb cc dddddd", width: 80, strategy: [.standard, .pushOut]) == [
                "aa bb cc", "dddddd",
            ])
    }

    @Test func hangulWordPriorityKeepsKoreanWordsWhole() {
        #expect(lines("가나 다라마바", width: 50, strategy: .standard) == ["가나 다라", "마바"])
        #expect(
            lines("가나 다라마바", width: 50, strategy: [.standard, .hangulWordPriority]) == [
                "가나", "다라마바",
            ])
    }

    @Test func eachParagraphFollowsItsStyleUnlessTheContainerSetsOne() {
        var strict = ParagraphStyle()
        strict.lineBreakStrategy = []
        let text =
            AttributedText("To ( word\n")
            + AttributedText("To ( word", attributes: [.paragraphStyle(strict)])
        func lines(_ container: TextContainer) -> [String] {
            runTexts(AttributedTextLayout(text, in: container, metrics: AhemMetrics())).map {
                $0.joined()
            }
        }
        var container = TextContainer(width: 60, defaultFont: ahem10)
        #expect(lines(container) == ["To (", "word", "To", "( word"])
        container.lineBreakStrategy = .standard
        #expect(lines(container) == ["To (", "word", "To (", "word"])
    }

    @Test func paragraphStylesCodeTheirStrategyByName() throws {
        var style = ParagraphStyle()
        let plain = String(decoding: try JSONEncoder().encode(style), as: UTF8.self)
        #expect(!plain.contains("lineBreakStrategy"))
        style.lineBreakStrategy = [.standard, .pushOut]
        let data = try JSONEncoder().encode(style)
        #expect(try JSONDecoder().decode(ParagraphStyle.self, from: data) == style)
        let strict = try JSONDecoder().decode(
            ParagraphStyle.self, from: Data(#"{"lineBreakStrategy": "unicode"}"#.utf8))
        #expect(strict.lineBreakStrategy == [])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                ParagraphStyle.self, from: Data(#"{"lineBreakStrategy": ["strict"]}"#.utf8))
        }
    }
}
