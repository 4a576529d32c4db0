import Testing
import TrellisGeometry
import TrellisText

@Suite struct TruncationTests {
    @Test func tailTruncationEndsTheLastVisibleLineWithAnEllipsis() {
        let layout = ahemLayout("abcdefgh", width: 50, mode: .byTruncatingTail, lines: 1)
        #expect(layout.lines.map(\.text) == ["abcd…"])
        #expect(layout.lines.first?.width == 50)
        #expect(layout.isTruncated && layout.lines.first?.isTruncated == true)
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
        #expect(layout.lines.first?.isTruncated == false)
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
                    guard !line.isEmpty else { continue }
                    #expect(line[0].width <= width)
                    #expect(TerminalWidth.columns(of: line[0].text) == Int(line[0].width))
                }
            }
        }
    }

    // Right-to-left text is truncated in logical order: the tail ellipsis follows the last
    // character kept (it shows at the left end of the line when drawn right to left), the head
    // ellipsis precedes the first. In Ahem every cluster and the ellipsis are 10 wide.

    @Test func hebrewTruncatesAtTheLogicalTailHeadAndMiddle() throws {
        let text = "שלום עולם"
        let tail = ahemLayout(text, width: 50, mode: .byTruncatingTail, lines: 1)
        #expect(tail.lines.map(\.text) == ["שלום…"])
        #expect(tail.lines.map(\.width) == [50])
        let line = try #require(tail.lines.first)
        #expect(line.range == 0..<17)
        #expect(line.direction == .rightToLeft)
        #expect(line.isTruncated && line.origin.x == 0)
        #expect(
            ahemLayout(text, width: 50, mode: .byTruncatingHead, lines: 1).lines.map(\.text) == [
                "…עולם"
            ])
        #expect(
            ahemLayout(text, width: 50, mode: .byTruncatingMiddle, lines: 1).lines.map(\.text) == [
                "של…לם"
            ])
        #expect(
            ahemLayout(text, width: 60, mode: .byTruncatingMiddle, lines: 1).lines.map(\.text) == [
                "של…ולם"
            ])
    }

    @Test func aTruncatedRightToLeftLineStillAlignsRight() {
        // Width 55: the tail keeps שלום (40; ע would make 60) and the ellipsis, 50 wide, so
        // the line starts 5 from the left.
        let layout = ahemLayout("שלום עולם", width: 55, mode: .byTruncatingTail, lines: 1)
        #expect(layout.lines.map(\.text) == ["שלום…"])
        #expect(layout.lines.map(\.origin.x) == [5])
        // The last of two lines is truncated, the first is not.
        let two = ahemLayout("אב גדה וזחט יכל", width: 60, mode: .byTruncatingTail, lines: 2)
        #expect(two.lines.map(\.text) == ["אב גדה", "וזחט…"])
        #expect(two.lines.map(\.isTruncated) == [false, true])
        #expect(two.lines.map(\.origin.x) == [0, 10])
    }

    @Test func arabicTruncatesWithoutSplittingHarakat() {
        // كَ تَ بَ ␠ ا ل وَ لَ دُ: nine clusters, each a letter with its marks.
        let text = "كَتَبَ الوَلَدُ"
        let tail = ahemLayout(text, width: 40, mode: .byTruncatingTail, lines: 1)
        #expect(tail.lines.map(\.text) == ["كَتَبَ…"])
        #expect(tail.lines.map(\.advances) == [[10, 10, 10, 10]])
        let head = ahemLayout(text, width: 40, mode: .byTruncatingHead, lines: 1)
        #expect(head.lines.map(\.text) == ["…وَلَدُ"])
        #expect(head.lines.map(\.width) == [40])
        // مُ حَ مَّ دٌ ␠ وَ عَ لِ يٌّ: the last letter carries a shadda and a dammatan.
        let middle = ahemLayout(
            "مُحَمَّدٌ وَعَلِيٌّ", width: 50, mode: .byTruncatingMiddle, lines: 1)
        #expect(middle.lines.map(\.text) == ["مُحَ…لِيٌّ"])
        #expect(middle.lines.map(\.width) == [50])
        #expect(middle.lines.map(\.origin.x) == [0])
    }

    @Test(arguments: ["שָׁלוֹם עוֹלָם", "كَتَبَ الوَلَدُ الدَّرْسَ", "مرحبا بالعالم"])
    func rightToLeftTruncationRespectsWidthsAndClusters(text: String) {
        let clusters = Array(text)
        for width in stride(from: 10.0, through: 120, by: 5) {
            for mode in [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail] {
                let line = ahemLayout(text, width: width, mode: mode, lines: 1).lines
                #expect(line.count == 1)
                guard !line.isEmpty else { continue }
                #expect(line[0].width <= width)
                // Every shown cluster is a whole cluster of the text, in order, and each
                // advance is one em.
                let shown = Array(line[0].text)
                #expect(line[0].advances == shown.map { _ in 10.0 })
                #expect(line[0].width == Double(shown.count) * 10)
                let kept = shown.split(separator: "…", omittingEmptySubsequences: false)
                #expect(kept.count <= 2)
                if let first = kept.first {
                    #expect(Array(clusters.prefix(first.count)) == Array(first))
                }
                if kept.count == 2, let last = kept.last {
                    #expect(Array(clusters.suffix(last.count)) == Array(last))
                }
            }
        }
    }
}
