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
        #expect(layout.lines[0].isTruncated && layout.isTruncated)
        #expect(layout.lines[0].range == 0..<17)
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
        #expect(layout.lines[0].frame.height == 20)
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
        #expect(layout.glyphRuns[0].foregroundColor == .blue)
        #expect(layout.glyphRuns[0].range == 0..<5)
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
        #expect(!layout.lines[0].isTruncated && layout.lines[1].isTruncated)
    }

    @Test func wrappingModesCutWithoutAnEllipsis() {
        let layout = ahemLayout(AttributedText("aaa bbb ccc ddd"), width: 70, lines: 1)
        #expect(runTexts(layout) == [["aaa bbb"]])
        #expect(layout.isTruncated && !layout.lines[0].isTruncated)
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
        #expect(layout.lines.count == 1 && layout.lines[0].isTruncated)
    }
}
