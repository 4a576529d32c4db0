import Testing
import TrellisGeometry
import TrellisText

@Suite struct LineWrappingTests {
    @Test func wordsWrapAtOpportunitiesAndSpacesHang() {
        let layout = ahemLayout("ab cd ef", width: 50)
        #expect(layout.lines.map(\.text) == ["ab cd", "ef"])
        #expect(layout.lines.map(\.width) == [50, 20])
        // At 45 the space after "ab" hangs past the edge; "cd" starts the next line.
        #expect(ahemLayout("ab cd ef", width: 45).lines.map(\.text) == ["ab", "cd", "ef"])
        #expect(ahemLayout("ab   ", width: 20).lines.map(\.width) == [20])
    }

    @Test func aWordLongerThanTheLineWrapsBetweenClusters() {
        #expect(ahemLayout("abcdefg hi", width: 30).lines.map(\.text) == ["abc", "def", "g", "hi"])
        #expect(
            ahemLayout("abcdefg", width: 5).lines.map(\.text) == [
                "a", "b", "c", "d", "e", "f", "g",
            ])
    }

    @Test func charWrapBreaksBeforeTheFirstClusterThatDoesNotFit() {
        #expect(
            ahemLayout("ab cdef", width: 40, mode: .byCharWrapping).lines.map(\.text) == [
                "ab c", "def",
            ])
    }

    @Test func clipKeepsEachParagraphOnOneLine() throws {
        let layout = ahemLayout("abcdef\nxy", width: 35, mode: .byClipping)
        #expect(layout.lines.map(\.text) == ["abc", "xy"])
        #expect(layout.isTruncated)
        try #require(layout.lines.count > 1)
        #expect(layout.lines[0].isTruncated && !layout.lines[1].isTruncated)
    }

    @Test(arguments: [
        "a\nb", "a\rb", "a\r\nb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a\u{0B}b", "a\u{0C}b",
    ])
    func mandatoryBreaksEndLines(text: String) {
        let layout = ahemLayout(text, width: 1000)
        #expect(layout.lines.map(\.text) == ["a", "b"])
        #expect(layout.size == Size(width: 10, height: 20))
    }

    @Test func aTrailingLineBreakAddsAnEmptyLine() {
        #expect(ahemLayout("a\n", width: 100).lines.map(\.text) == ["a", ""])
        #expect(ahemLayout("a\n\nb", width: 100).lines.map(\.text) == ["a", "", "b"])
        #expect(ahemLayout("", width: 100).lines.isEmpty)
        #expect(ahemLayout("", width: 100).size == .zero)
    }

    @Test func cjkWrapsBetweenIdeographsButKeepsPunctuationAttached() {
        #expect(cellLines("中文字体排版。测试", width: 6) == ["中文字", "体排", "版。测", "试"])
        // Small kana and the prolonged sound mark never start a line (NS).
        #expect(cellLines("ウィキペディア", width: 4) == ["ウィ", "キペ", "ディ", "ア"])
    }

    @Test func emojiClustersAreNeverSplit() {
        let family = "👨‍👩‍👧‍👦"
        #expect(cellLines(family + family + family, width: 3) == [family, family, family])
        #expect(cellLines("🇯🇵🇫🇷🇩🇪", width: 4) == ["🇯🇵🇫🇷", "🇩🇪"])
        #expect(cellLines("👍🏽👍🏿👍", width: 2) == ["👍🏽", "👍🏿", "👍"])
        #expect(cellLines("☺️☺️", width: 3) == ["☺️", "☺️"])
    }

    @Test func combiningSequencesAreNeverSplit() {
        let text = "e\u{301}e\u{301}e\u{301}"
        #expect(cellLines(text, width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(
            cellLines("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", width: 2) == [
                "\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}",
            ])
    }

    @Test func mixedScriptsWrapByTheirOwnRules() {
        let lines = cellLines("Trellis 支持中文和 emoji 🎉 混排", width: 10)
        #expect(lines == ["Trellis 支", "持中文和", "emoji 🎉", "混排"])
    }

    @Test func linesReportTheirSourceRangeAndAdvances() {
        let text = "ab 中"
        let layout = cellMeasurer.layout(
            text, style: TextStyle(font: .system(size: 1)), in: Size(width: 3, height: 0))
        #expect(layout.lines.map(\.range) == [0..<2, 3..<6])
        #expect(layout.lines.map(\.advances) == [[1, 1], [2]])
    }

    @Test func widthsThatAreNotPositiveMeanNoWrapping() {
        for width in [0, -5, .nan, .infinity, .greatestFiniteMagnitude] as [Double] {
            #expect(ahemLayout("ab cd", width: width).lines.map(\.text) == ["ab cd"])
        }
    }

    @Test func utf8InputIsRepairedNotRejected() {
        let bytes: [UInt8] = [0x61, 0x20, 0xFF, 0x20, 0xE4, 0xB8]
        let layout = ahemMeasurer.layout(
            utf8: bytes, style: TextStyle(font: ahem), in: Size(width: 30, height: 0))
        #expect(layout.lines.map(\.text) == ["a \u{FFFD}", "\u{FFFD}"])
    }

    // Right-to-left text: lines hold characters in logical order, Ahem gives every letter and
    // every letter with its marks one em (10), and natural alignment is right for a paragraph
    // whose first strong character is R or AL.

    @Test func hebrewWrapsByWordAndAlignsRight() {
        // שלום, עולם and גדול are four letters each; the space after עולם hangs at 90.
        let layout = ahemLayout("שלום עולם גדול", width: 90)
        #expect(layout.lines.map(\.text) == ["שלום עולם", "גדול"])
        #expect(layout.lines.map(\.width) == [90, 40])
        #expect(layout.lines.map(\.direction) == [.rightToLeft, .rightToLeft])
        #expect(layout.lines.map(\.origin.x) == [0, 50])
        #expect(layout.lines.dropFirst().first?.frame == Rect(x: 50, y: 10, width: 40, height: 10))
        // Hebrew letters are two bytes in UTF-8: the second line starts after 8 × 2 + 2 bytes.
        #expect(layout.lines.map(\.range) == [0..<17, 18..<26])
        #expect(layout.size == Size(width: 90, height: 20))
    }

    @Test func arabicWrapsByWordAndAlignsRight() {
        // مرحبا is five letters and بالعالم seven: 130 in all, so two lines at 100.
        let layout = ahemLayout("مرحبا بالعالم", width: 100)
        #expect(layout.lines.map(\.text) == ["مرحبا", "بالعالم"])
        #expect(layout.lines.map(\.width) == [50, 70])
        #expect(layout.lines.map(\.origin.x) == [50, 30])
        #expect(layout.lines.allSatisfy { $0.direction == .rightToLeft })
    }

    @Test func aWrappedRightToLeftParagraphAlignsEveryLineRight() {
        // Three lines of one paragraph, then a left-to-right paragraph after the line break.
        let layout = ahemLayout("אב גדה וזחט\nabc", width: 60)
        #expect(layout.lines.map(\.text) == ["אב גדה", "וזחט", "abc"])
        #expect(layout.lines.map(\.direction) == [.rightToLeft, .rightToLeft, .leftToRight])
        #expect(layout.lines.map(\.origin.x) == [0, 20, 0])
        #expect(layout.lines.map(\.origin.y) == [8, 18, 28])
        // Explicit left alignment wins over the direction; right alignment matches natural.
        #expect(
            ahemLayout("אב גדה וזחט", width: 60, alignment: .left).lines.map(\.origin.x) == [0, 0])
        #expect(
            ahemLayout("אב גדה וזחט", width: 60, alignment: .right).lines.map(\.origin.x) == [
                0, 20,
            ])
    }

    @Test func arabicHarakatStayWithTheirLetters() {
        // كَتَبَ: three letters, each with a fatha, so three clusters of two scalars (4 bytes).
        // الوَلَدُ: ا ل وَ لَ دُ, five clusters of 16 bytes.
        let layout = ahemLayout("كَتَبَ الوَلَدُ", width: 60)
        #expect(layout.lines.map(\.text) == ["كَتَبَ", "الوَلَدُ"])
        #expect(layout.lines.map(\.advances) == [[10, 10, 10], [10, 10, 10, 10, 10]])
        #expect(layout.lines.map(\.range) == [0..<12, 13..<29])
        #expect(layout.lines.map(\.origin.x) == [30, 10])
    }

    @Test func anArabicWordLongerThanTheLineBreaksBetweenClustersOnly() {
        // مُحَمَّد: مُ حَ مَّ د, the third letter carrying both a shadda and a fatha.
        let layout = ahemLayout("مُحَمَّد", width: 25)
        #expect(layout.lines.map(\.text) == ["مُحَ", "مَّد"])
        #expect(layout.lines.map(\.width) == [20, 20])
        #expect(layout.lines.map(\.origin.x) == [5, 5])
        #expect(layout.lines.map(\.range) == [0..<8, 8..<16])
    }
}
