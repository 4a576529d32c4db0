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
}
