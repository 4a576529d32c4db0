import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct HitTestingTests {
    let text =
        AttributedText("ab", attributes: [.font(ahem10)])
        + AttributedText("CD", attributes: [.font(ahem20), .link("x")])
        + AttributedText(" ef gh", attributes: [.font(ahem10)])

    @Test func characterIndexFindsTheClusterUnderAPoint() {
        let layout = ahemLayout(text, width: 100)
        #expect(runTexts(layout) == [["ab", "CD", " ef"], ["gh"]])
        #expect(layout.characterIndex(at: Point(x: 5, y: 5)) == 0)
        #expect(layout.characterIndex(at: Point(x: 25, y: 10)) == 2)
        #expect(layout.characterIndex(at: Point(x: 45, y: 10)) == 3)
        #expect(text.attributes(at: 3).link == "x")
        #expect(layout.characterIndex(at: Point(x: -10, y: 10)) == 0)
        #expect(layout.characterIndex(at: Point(x: 500, y: 10)) == 6)
        #expect(layout.characterIndex(at: Point(x: 15, y: 25)) == 9)
        #expect(layout.characterIndex(at: Point(x: 15, y: 500)) == 9)
        #expect(layout.characterIndex(at: Point(x: 15, y: -50)) == 1)
    }

    @Test func rectsCoverARangeOnEachLine() {
        let layout = ahemLayout(text, width: 100)
        #expect(layout.rects(for: 1..<3) == [Rect(x: 10, y: 0, width: 30, height: 20)])
        #expect(
            layout.rects(for: 5..<9) == [
                Rect(x: 70, y: 0, width: 20, height: 20), Rect(x: 0, y: 20, width: 10, height: 10),
            ])
        #expect(layout.boundingRect(for: 5..<9) == Rect(x: 0, y: 0, width: 90, height: 30))
        #expect(layout.rects(for: 4..<5) == [Rect(x: 60, y: 0, width: 10, height: 20)])
        #expect(layout.rects(for: 7..<8).isEmpty)
        #expect(layout.boundingRect(for: 20..<30) == nil)
    }

    @Test func anEllipsisStandsForTheCharactersItHides() {
        let layout = ahemLayout(
            AttributedText("abcdefgh"), width: 40, lines: 1, mode: .byTruncatingTail)
        #expect(layout.characterIndex(at: Point(x: 35, y: 5)) == 3)
        #expect(layout.rects(for: 5..<6) == [Rect(x: 30, y: 0, width: 10, height: 10)])
    }

    // Clusters of several bytes: 中 and 文 are 3 bytes, the family 25 (four people joined by
    // three ZWJs), the flag 8 (two regional indicators), é 3 (e and U+0301). In Ahem each is
    // one em: 10 at 10 points, 20 at 20.
    static let family = "👨‍👩‍👧‍👦"
    let clustered =
        AttributedText("中文", attributes: [.font(ahem10)])
        + AttributedText(HitTestingTests.family + "🇯🇵", attributes: [.font(ahem20)])
        + AttributedText("e\u{301}x", attributes: [.font(ahem10)])

    /// The UTF-8 offset of every grapheme cluster of a string, counted from its `Character`s.
    func clusterStarts(_ string: String) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for character in string {
            starts.append(offset)
            offset += character.utf8.count
        }
        return starts
    }

    @Test func characterIndexReturnsTheStartOfMultibyteClusters() {
        #expect(clusterStarts(clustered.string) == [0, 3, 6, 31, 39, 42])
        let layout = ahemLayout(clustered, width: 100)
        #expect(runTexts(layout) == [["中文", Self.family + "🇯🇵", "e\u{301}x"]])
        #expect(layout.characterIndex(at: Point(x: 15, y: 10)) == 3)
        #expect(layout.characterIndex(at: Point(x: 25, y: 10)) == 6)
        #expect(layout.characterIndex(at: Point(x: 39, y: 10)) == 6)
        #expect(layout.characterIndex(at: Point(x: 59, y: 10)) == 31)
        #expect(layout.characterIndex(at: Point(x: 65, y: 10)) == 39)
        #expect(layout.characterIndex(at: Point(x: 75, y: 10)) == 42)
        #expect(layout.characterIndex(at: Point(x: 500, y: 10)) == 42)
        let starts = Set(clusterStarts(clustered.string))
        for x in stride(from: -5.0, through: 90, by: 2.5) {
            let index = layout.characterIndex(at: Point(x: x, y: 10))
            #expect(index.map(starts.contains) == true, "x = \(x): \(String(describing: index))")
        }
    }

    @Test func rectsCoverWholeClustersForOffsetsInsideThem() {
        let layout = ahemLayout(clustered, width: 100)
        // An offset inside the ZWJ sequence, inside the flag, and on the combining accent.
        #expect(layout.rects(for: 7..<8) == [Rect(x: 20, y: 0, width: 20, height: 20)])
        #expect(layout.rects(for: 35..<36) == [Rect(x: 40, y: 0, width: 20, height: 20)])
        #expect(layout.rects(for: 40..<42) == [Rect(x: 60, y: 0, width: 10, height: 20)])
        #expect(layout.rects(for: 3..<39) == [Rect(x: 10, y: 0, width: 50, height: 20)])
        #expect(layout.rects(for: 4..<5) == [Rect(x: 10, y: 0, width: 10, height: 20)])
    }

    @Test func hitTestingAcrossWrappedEmojiAndCJKLines() {
        // At 50 the flag (20) no longer fits after 中文 and the family (40).
        let layout = ahemLayout(clustered, width: 50)
        #expect(runTexts(layout) == [["中文", Self.family], ["🇯🇵", "e\u{301}x"]])
        #expect(layout.lines.map(\.range) == [0..<31, 31..<43])
        #expect(layout.characterIndex(at: Point(x: 45, y: 5)) == 6)
        #expect(layout.characterIndex(at: Point(x: 5, y: 30)) == 31)
        #expect(layout.characterIndex(at: Point(x: 25, y: 30)) == 39)
        #expect(layout.characterIndex(at: Point(x: 35, y: 30)) == 42)
        #expect(
            layout.rects(for: 25..<35) == [
                Rect(x: 20, y: 0, width: 20, height: 20), Rect(x: 0, y: 20, width: 20, height: 20),
            ])
        #expect(layout.boundingRect(for: 25..<35) == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func anEllipsisStandsForTheEmojiAndIdeographsItHides() {
        // Family, two flags and 中文, all 10 wide: at 40 the tail keeps three and the ellipsis.
        let text = AttributedText(Self.family + "🇯🇵🇫🇷中文")
        let layout = ahemLayout(text, width: 40, lines: 1, mode: .byTruncatingTail)
        #expect(runTexts(layout) == [[Self.family + "🇯🇵🇫🇷", "…"]])
        #expect(layout.characterIndex(at: Point(x: 15, y: 5)) == 25)
        #expect(layout.characterIndex(at: Point(x: 35, y: 5)) == 41)
        #expect(layout.rects(for: 44..<45) == [Rect(x: 30, y: 0, width: 10, height: 10)])
        #expect(layout.rects(for: 10..<11) == [Rect(x: 0, y: 0, width: 10, height: 10)])
    }
}
