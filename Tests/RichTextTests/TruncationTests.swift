import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct TruncationTests {
    @Test func tailTruncationEndsTheLastLineWithAnEllipsis() throws {
        let layout = ahemLayout(
            AttributedText("Hello world again"), width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["Hello wor", "…"]])
        let ellipsis = try #require(layout.glyphRuns.last)
        #expect(ellipsis.kind == .ellipsis)
        #expect(ellipsis.origin == Point(x: 90, y: 8))
        #expect(ellipsis.range == 9..<17)
        #expect(layout.lines.first?.isTruncated == true && layout.isTruncated)
        #expect(layout.lines.first?.range == 0..<17)
        #expect(layout.usedSize == Size(width: 100, height: 10))
    }

    @Test func theEllipsisTakesTheAttributesOfTheTruncatedRun() throws {
        let text =
            AttributedText("Hello ", attributes: [.font(ahem10)])
            + AttributedText(
                "world again",
                attributes: [.font(ahem20), .foregroundColor(.red), .underline(.single)])
        let layout = ahemLayout(text, width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["Hello ", "w", "…"]])
        let ellipsis = try #require(layout.glyphRuns.last)
        #expect(ellipsis.font == ahem20)
        #expect(ellipsis.foregroundColor == .red)
        #expect(ellipsis.underline == .single)
        #expect(ellipsis.origin == Point(x: 80, y: 16))
        #expect(ellipsis.width == 20)
        #expect(layout.lines.first?.frame.height == 20)
    }

    @Test func anEllipsisMarksTextHiddenAfterAFittingLine() {
        let layout = ahemLayout(
            AttributedText("abc\ndef"), width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["abc", "…"]])
        #expect(layout.usedSize.width == 40)
    }

    @Test func headTruncationKeepsTheEndOfTheParagraph() throws {
        let text =
            AttributedText("one two ", attributes: [.foregroundColor(.blue)])
            + AttributedText("three", attributes: [.foregroundColor(.red)])
        let layout = ahemLayout(text, width: 90, lines: 1, mode: .byTruncatingHead)
        #expect(runTexts(layout) == [["…", "wo ", "three"]])
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 10, 40])
        #expect(layout.glyphRuns.first?.foregroundColor == .blue)
        #expect(layout.glyphRuns.first?.range == 0..<5)
    }

    @Test func middleTruncationKeepsBothEnds() {
        let layout = ahemLayout(
            AttributedText("abcdefghij"), width: 50, lines: 1, mode: .byTruncatingMiddle)
        #expect(runTexts(layout) == [["ab", "…", "ij"]])
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 20, 30])
    }

    @Test func truncationAppliesOnlyToTheLastVisibleLine() {
        let fitting = ahemLayout(
            AttributedText("aaa bbb ccc ddd"), width: 70, lines: 2, mode: .byTruncatingTail)
        #expect(runTexts(fitting) == [["aaa bbb"], ["ccc ddd"]])
        #expect(!fitting.isTruncated)
        let layout = ahemLayout(
            AttributedText("aaa bbb ccc ddd eee"), width: 70, lines: 2, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["aaa bbb"], ["ccc dd", "…"]])
        #expect(
            layout.lines.first?.isTruncated == false
                && layout.lines.dropFirst().first?.isTruncated == true)
    }

    @Test func wrappingModesCutWithoutAnEllipsis() {
        let layout = ahemLayout(AttributedText("aaa bbb ccc ddd"), width: 70, lines: 1)
        #expect(runTexts(layout) == [["aaa bbb"]])
        #expect(layout.isTruncated && layout.lines.first?.isTruncated == false)
    }

    @Test func theHeightLimitsTheLines() {
        let layout = ahemLayout(
            AttributedText("aaa bbb ccc ddd"), width: 30, mode: .byTruncatingTail, height: 25)
        #expect(runTexts(layout) == [["aaa"], ["bb", "…"]])
    }

    @Test func paragraphStylesChooseTheModeWhenTheContainerDoesNot() {
        let style = ParagraphStyle(lineBreakMode: .byTruncatingTail)
        let layout = ahemLayout(
            AttributedText("abcdef", attributes: [.paragraphStyle(style)]), width: 40, lines: 1)
        #expect(runTexts(layout) == [["abc", "…"]])
    }

    @Test func whenNotEvenTheEllipsisFitsTheLineIsEmpty() {
        let layout = ahemLayout(
            AttributedText("abc", attributes: [.font(ahem20)]), width: 15, lines: 1,
            mode: .byTruncatingTail)
        #expect(layout.glyphRuns.isEmpty)
        #expect(layout.lines.count == 1 && layout.lines.first?.isTruncated == true)
    }

    // Truncation of CJK, emoji sequences and combining marks. In Ahem every cluster is one em
    // whatever its script, so the family (25 UTF-8 bytes) and a flag (8 bytes) are 10 wide at
    // 10 points, like an ideograph (3 bytes). The ellipsis takes the attributes of the last
    // character shown before it; at the head, or when nothing shows before it, of the first
    // character shown after it.

    static let family = "👨‍👩‍👧‍👦"

    @Test func aTailEllipsisTakesTheLastShownCharacterNotTheHiddenRun() throws {
        let text =
            AttributedText("中文", attributes: [.foregroundColor(.blue)])
            + AttributedText(
                Self.family + "🇯🇵", attributes: [.font(ahem20), .foregroundColor(.red)])
        // 中文 (20) and a 10-wide ellipsis fit 45; the family (20) and a 20-wide one do not.
        let layout = ahemLayout(text, width: 45, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["中文", "…"]])
        let ellipsis = try #require(layout.glyphRuns.last)
        #expect(ellipsis.foregroundColor == .blue && ellipsis.font == ahem10)
        #expect(ellipsis.range == 6..<39)
        #expect(ellipsis.origin == Point(x: 20, y: 8))
        #expect(layout.lines.first?.frame.height == 10)
    }

    @Test func aTailEllipsisAfterAnEmojiTakesItsFont() throws {
        let text =
            AttributedText("中", attributes: [.foregroundColor(.blue)])
            + AttributedText(
                Self.family + "🇯🇵🇫🇷🇩🇪", attributes: [.font(ahem20), .foregroundColor(.red)])
        // 中 (10) + family and 🇯🇵 (40) + a 20-wide ellipsis = 70 fits 75; 🇫🇷 would need 90.
        let layout = ahemLayout(text, width: 75, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [["中", Self.family + "🇯🇵", "…"]])
        let ellipsis = try #require(layout.glyphRuns.last)
        #expect(ellipsis.font == ahem20 && ellipsis.foregroundColor == .red)
        #expect(ellipsis.width == 20)
        #expect(ellipsis.range == 36..<52)
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 10, 50])
        #expect(layout.lines.first?.frame.height == 20)
    }

    @Test func aMiddleEllipsisTakesTheRunBeforeIt() throws {
        let text =
            AttributedText("中文字体", attributes: [.foregroundColor(.blue)])
            + AttributedText("排版🇯🇵🇫🇷", attributes: [.foregroundColor(.red)])
        let layout = ahemLayout(text, width: 50, lines: 1, mode: .byTruncatingMiddle)
        #expect(runTexts(layout) == [["中文", "…", "🇯🇵🇫🇷"]])
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 20, 30])
        #expect(layout.glyphRuns.map(\.foregroundColor) == [.blue, .blue, .red])
        #expect(layout.glyphRuns.map(\.range) == [0..<6, 6..<18, 18..<34])
        // With nothing shown before it, the ellipsis takes the character after it.
        let narrow = ahemLayout(text, width: 20, lines: 1, mode: .byTruncatingMiddle)
        #expect(runTexts(narrow) == [["…", "🇫🇷"]])
        let ellipsis = try #require(narrow.glyphRuns.first)
        #expect(ellipsis.kind == .ellipsis && ellipsis.foregroundColor == .red)
        #expect(ellipsis.range == 0..<26)
    }

    @Test func aMiddleEllipsisKeepsCombiningMarksWithTheirLetters() throws {
        let text =
            AttributedText(
                "e\u{301}e\u{301}", attributes: [.font(ahem20), .foregroundColor(.green)])
            + AttributedText("a\u{308}o\u{308}u\u{308}")
        // 70 in all. The ellipsis is 20 wide in the first run's font: é (20) + … (20) + öü (20)
        // fill 60, hiding the second é and ä (3 bytes each).
        let layout = ahemLayout(text, width: 60, lines: 1, mode: .byTruncatingMiddle)
        #expect(runTexts(layout) == [["e\u{301}", "…", "o\u{308}u\u{308}"]])
        let ellipsis = try #require(layout.glyphRuns.first { $0.kind == .ellipsis })
        #expect(ellipsis.font == ahem20 && ellipsis.foregroundColor == .green)
        #expect(ellipsis.range == 3..<9)
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 20, 40])
        #expect(layout.usedSize == Size(width: 60, height: 20))
    }

    @Test func aHeadEllipsisTakesTheFirstShownCharacter() throws {
        let flags =
            AttributedText("🇯🇵🇫🇷", attributes: [.foregroundColor(.blue)])
            + AttributedText("中文", attributes: [.foregroundColor(.red)])
        let layout = ahemLayout(flags, width: 30, lines: 1, mode: .byTruncatingHead)
        #expect(runTexts(layout) == [["…", "中文"]])
        #expect(layout.glyphRuns.first?.foregroundColor == .red)
        #expect(layout.glyphRuns.first?.range == 0..<16)
        #expect(layout.glyphRuns.map(\.origin.x) == [0, 10])

        let emoji =
            AttributedText("中文字", attributes: [.foregroundColor(.blue)])
            + AttributedText(
                Self.family + "👍🏽", attributes: [.font(ahem20), .foregroundColor(.red)])
        // The thumb (20) and its 20-wide ellipsis fit 50; the family would need 60.
        let sized = ahemLayout(emoji, width: 50, lines: 1, mode: .byTruncatingHead)
        #expect(runTexts(sized) == [["…", "👍🏽"]])
        let ellipsis = try #require(sized.glyphRuns.first)
        #expect(ellipsis.font == ahem20 && ellipsis.foregroundColor == .red)
        #expect(ellipsis.range == 0..<34)
        #expect(sized.glyphRuns.map(\.origin.x) == [0, 20])
    }

    @Test func anEllipsisAloneTakesTheHiddenCharacterAtItsEnd() {
        // 中 (10) and the 10-wide ellipsis need 20; at 15 the line shows the ellipsis only.
        let text =
            AttributedText("中", attributes: [.foregroundColor(.blue)])
            + AttributedText("文", attributes: [.foregroundColor(.red)])
        let modes: [(LineBreakMode, Color)] = [
            (.byTruncatingTail, .blue), (.byTruncatingMiddle, .blue), (.byTruncatingHead, .red),
        ]
        for (mode, color) in modes {
            let layout = ahemLayout(text, width: 15, lines: 1, mode: mode)
            #expect(runTexts(layout) == [["…"]], "\(mode)")
            #expect(layout.glyphRuns.map(\.foregroundColor) == [color], "\(mode)")
            #expect(layout.glyphRuns.map(\.range) == [0..<6], "\(mode)")
        }
    }
}
