import Testing
import TrellisGeometry
import TrellisText

/// The browser-compatible tailoring (`LineBreakStrategy.standard`) against UAX #14's default
/// rules (the empty strategy), and the two options that change layout.
@Suite struct LineBreakStrategyTests {
    private func offsets(_ text: String, _ strategy: LineBreakStrategy) -> [Int] {
        LineBreaker.opportunities(in: text, strategy: strategy).map(\.offset)
    }

    private func lines(
        _ text: String, width: Double, strategy: LineBreakStrategy
    ) -> [String] {
        let style = TextStyle(font: ahem, lineBreakStrategy: strategy)
        return ahemMeasurer.layout(text, style: style, in: Size(width: width, height: 0)).lines
            .map(\.text)
    }

    @Test func anOpeningBracketFollowedByASpaceStaysOnItsLine() {
        #expect(lines("To ( word", width: 60, strategy: .standard) == ["To (", "word"])
        #expect(lines("To ( word", width: 60, strategy: []) == ["To", "( word"])
    }

    @Test func aLineMayStartAfterAnySpaceRun() {
        // UAX #14 keeps a closing bracket and an exclamation mark after a space with the word
        // before them (LB13); browsers break after the space.
        #expect(offsets("word )", .standard) == [5, 6])
        #expect(offsets("word )", []) == [6])
        #expect(offsets("so !", .standard) == [3, 4])
        #expect(offsets("so !", []) == [4])
    }

    @Test func urlsStayWholeExceptAfterHyphensAndQuestionMarks() {
        #expect(offsets("see https://example.com/a/b", .standard) == [4, 27])
        #expect(offsets("see https://example.com/a/b", []) == [4, 12, 24, 26, 27])
        let query = "x.org/q?line-break"
        #expect(offsets(query, .standard) == [8, 13, query.utf8.count])
        #expect(
            lines("see https://example.com/a/b", width: 240, strategy: .standard) == [
                "see", "https://example.com/a/b",
            ])
    }

    @Test func asciiPunctuationBreaksOnlyBeforeOpeningBrackets() {
        #expect(offsets("wow!yes", .standard) == [7])
        #expect(offsets("wow!yes", []) == [4, 7])
        #expect(offsets("end.(note)", .standard) == [4, 10])
        #expect(offsets("call(x)", .standard) == [7])
    }

    @Test func aHyphenBreaksBeforeADigitOnlyAfterALetterOrDigit() {
        #expect(offsets("ABCD-1234", .standard) == [5, 9])
        #expect(offsets("ABCD-1234", []) == [9])
        #expect(offsets("x -5", .standard) == [2, 4])
        #expect(offsets("2024-05-01", .standard) == [5, 8, 10])
    }

    @Test func nonASCIITextFollowsUAX14() {
        for text in ["中文。日本", "日々ゝ", "“quoted” text…", "a—b", "日本語のテキスト"] {
            #expect(offsets(text, .standard) == offsets(text, []), "\(text)")
        }
    }

    @Test func smallKanaAndTheProlongedSoundMarkMayStartALine() {
        // Conditional Japanese starters are ideographs, as for CSS line-break: normal;
        // iteration marks stay nonstarters.
        #expect(offsets("かなゃー", .standard) == [3, 6, 9, 12])
        #expect(offsets("かなゃー", []) == [3, 12])
        #expect(offsets("日々", .standard) == [6])
    }

    @Test func hangulWordPriorityBreaksKoreanOnlyBetweenWords() {
        let text = "한국어 텍스트"
        #expect(offsets(text, [.standard, .hangulWordPriority]) == [10, 19])
        #expect(offsets(text, .standard) == [3, 6, 10, 13, 16, 19])
        #expect(
            lines(text, width: 40, strategy: [.standard, .hangulWordPriority]) == [
                "한국어", "텍스트",
            ])
    }

    @Test func pushOutKeepsTheLastLineFromHoldingOneWord() {
        #expect(lines("aa bb cc dd", width: 80, strategy: .standard) == ["aa bb cc", "dd"])
        #expect(
            lines("aa bb cc dd", width: 80, strategy: [.standard, .pushOut]) == [
                "aa bb", "cc dd",
            ])
        // Each paragraph on its own, and never when the moved word would not fit.
        #expect(
            lines("aa bb cc dd\nee ff", width: 80, strategy: [.standard, .pushOut]) == [
                "aa bb", "cc dd", "ee ff",
            ])
        #expect(
            lines("aa bb cc dddddd", width: 80, strategy: [.standard, .pushOut]) == [
                "aa bb cc", "dddddd",
            ])
    }

    @Test func theDefaultStyleIsStandard() {
        #expect(TextStyle(font: ahem).lineBreakStrategy == .standard)
        #expect(LineBreakStrategy(name: "unicode") == [])
        #expect(LineBreakStrategy(name: "pushOut") == .pushOut)
        #expect(LineBreakStrategy(name: "strict") == nil)
    }
}
