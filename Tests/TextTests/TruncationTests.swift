import Testing
import TrellisGeometry
import TrellisText

@Suite struct TruncationTests {
    @Test func tailTruncationEndsTheLastVisibleLineWithAnEllipsis() {
        let layout = ahemLayout("abcdefgh", width: 50, mode: .byTruncatingTail, lines: 1)
        #expect(layout.lines.map(\.text) == ["abcd…"])
        #expect(layout.lines[0].width == 50)
        #expect(layout.isTruncated && layout.lines[0].isTruncated)
    }

    @Test func headAndMiddleTruncationKeepTheEnd() {
        #expect(
            ahemLayout("abcdefgh", width: 50, mode: .byTruncatingHead, lines: 1).lines.map(\.text)
                == ["…efgh"])
        #expect(
            ahemLayout("abcdefgh", width: 50, mode: .byTruncatingMiddle, lines: 1).lines.map(\.text)
                == ["ab…gh"])
        #expect(
            ahemLayout("abcdefgh", width: 60, mode: .byTruncatingMiddle, lines: 1).lines.map(\.text)
                == ["ab…fgh"])
    }

    @Test func textThatFitsIsNotTruncated() {
        let layout = ahemLayout("abcd", width: 50, mode: .byTruncatingTail, lines: 1)
        #expect(layout.lines.map(\.text) == ["abcd"])
        #expect(!layout.isTruncated)
    }

    @Test func theLastOfSeveralLinesIsTruncated() {
        let layout = ahemLayout("ab cd ef gh ij", width: 50, mode: .byTruncatingTail, lines: 2)
        #expect(layout.lines.map(\.text) == ["ab cd", "ef g…"])
    }

    @Test func wrappingModesCutWithoutAnEllipsis() {
        let layout = ahemLayout("ab cd ef gh", width: 50, mode: .byWordWrapping, lines: 1)
        #expect(layout.lines.map(\.text) == ["ab cd"])
        #expect(layout.isTruncated)
        #expect(!layout.lines[0].isTruncated)
    }

    @Test func laterParagraphsCountAsRemainingText() {
        #expect(
            ahemLayout("ab\ncd", width: 100, mode: .byTruncatingTail, lines: 1).lines.map(\.text)
                == ["ab…"])
        #expect(
            ahemLayout("ab\ncd", width: 1000, mode: .byTruncatingTail, lines: 2).lines.map(\.text)
                == ["ab", "cd"])
    }

    @Test func trailingSpacesAreDroppedBeforeTheEllipsis() {
        #expect(
            ahemLayout("abc def", width: 50, mode: .byTruncatingTail, lines: 1).lines.map(\.text)
                == ["abc…"])
    }

    @Test func anEllipsisThatDoesNotFitLeavesTheLineEmpty() {
        let layout = ahemLayout("abcdef", width: 5, mode: .byTruncatingTail, lines: 1)
        #expect(layout.lines.map(\.text) == [""])
        #expect(layout.isTruncated)
    }

    @Test func cjkTruncatesByWholeIdeographs() {
        // Cells: each ideograph 2, the ellipsis 1.
        #expect(cellLines("中文字体排版", width: 6, mode: .byTruncatingTail, lines: 1) == ["中文…"])
        #expect(cellLines("中文字体排版", width: 6, mode: .byTruncatingHead, lines: 1) == ["…排版"])
        #expect(cellLines("中文字体排版", width: 7, mode: .byTruncatingMiddle, lines: 1) == ["中…排版"])
    }

    @Test func emojiSequencesAreNeverCutByTheEllipsis() {
        let family = "👨‍👩‍👧‍👦"
        #expect(
            cellLines(family + family + family, width: 4, mode: .byTruncatingTail, lines: 1) == [
                family + "…"
            ])
        #expect(cellLines("🇯🇵🇫🇷🇩🇪", width: 4, mode: .byTruncatingHead, lines: 1) == ["…🇩🇪"])
        #expect(cellLines("👍🏽👍🏿👍🏻", width: 5, mode: .byTruncatingMiddle, lines: 1) == ["👍🏽…👍🏻"])
        #expect(cellLines("1️⃣2️⃣3️⃣", width: 3, mode: .byTruncatingTail, lines: 1) == ["1️⃣…"])
    }

    @Test func combiningSequencesAreNeverCutByTheEllipsis() {
        let text = String(repeating: "e\u{301}\u{323}", count: 6)
        let lines = cellLines(text, width: 4, mode: .byTruncatingTail, lines: 1)
        #expect(lines == [String(repeating: "e\u{301}\u{323}", count: 3) + "…"])
    }

    @Test func truncatedLinesRespectTheWidth() {
        let texts = ["Hello, world! This is long.", "中文、日本語、한국어 텍스트", "👨‍👩‍👧‍👦 🇯🇵 👍🏽 ✈️ ok"]
        for text in texts {
            for width in stride(from: 1.0, through: 12, by: 1) {
                for mode in [
                    LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail,
                ] {
                    let style = TextStyle(
                        font: .system(size: 1), lineBreakMode: mode, numberOfLines: 1)
                    let line = cellMeasurer.layout(
                        text, style: style, in: Size(width: width, height: 0)
                    ).lines
                    #expect(line.count == 1)
                    #expect(line[0].width <= width)
                    #expect(TerminalWidth.columns(of: line[0].text) == Int(line[0].width))
                }
            }
        }
    }
}
