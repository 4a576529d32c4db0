import Testing
import TrellisGeometry
import TrellisText

@Suite struct ParagraphDirectionTests {
    @Test(
        arguments: [
            ("hello", LayoutDirection?.some(.leftToRight)), ("שלום, world", .rightToLeft),
            ("مرحبا", .rightToLeft), ("123 abc", .leftToRight), ("123 ١٢٣", nil), ("", nil),
            ("\u{2067}abc\u{2069}שלום", .rightToLeft), ("\u{2067}abc", nil),
            ("  \"שלום\"", .rightToLeft), ("123\nשלום", nil), ("中文", .leftToRight),
        ] as [(String, LayoutDirection?)])
    func firstStrongCharacterGivesTheDirection(text: String, expected: LayoutDirection?) {
        #expect(LayoutDirection(firstStrongIn: text) == expected)
    }
}
