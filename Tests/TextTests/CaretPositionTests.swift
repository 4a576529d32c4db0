import Testing
import TrellisGeometry
import TrellisText

@Suite struct CaretPositionTests {
    /// "abc אב" in a left-to-right paragraph, shown "abc בא": a, b, c and the space at 0, 10,
    /// 20 and 30, ב at 40 and א at 50.
    private let mixed: TextLayout.Line

    init() throws {
        mixed = try #require(ahemLayout("abc \u{5D0}\u{5D1}", width: 500).lines.first)
    }

    @Test func caretFollowsTheClusterBeforeTheOffset() {
        #expect(mixed.caretX(forUTF8Offset: 0) == 0)
        #expect(mixed.caretX(forUTF8Offset: 3) == 30)
        // After the space: its right edge, the left end of the Hebrew.
        #expect(mixed.caretX(forUTF8Offset: 4) == 40)
        // After א: its left edge, where ב shows.
        #expect(mixed.caretX(forUTF8Offset: 6) == 50)
        // After ב, the end of the text: left of ב, where the next Hebrew letter goes.
        #expect(mixed.caretX(forUTF8Offset: 8) == 40)
        // Offsets inside a cluster move to its start; offsets past the line are clamped.
        #expect(mixed.caretX(forUTF8Offset: 5) == 40)
        #expect(mixed.caretX(forUTF8Offset: 99) == 40)
        #expect(mixed.caretX(forUTF8Offset: -3) == 0)
    }

    @Test func positionsMapBackToOffsetsByTheHalfOfTheClusterUnderThem() {
        #expect(mixed.closestUTF8Offset(toX: -5) == 0)
        #expect(mixed.closestUTF8Offset(toX: 14) == 1)
        #expect(mixed.closestUTF8Offset(toX: 16) == 2)
        // ב (40..<50): its right half is before it in the text, its left half after it.
        #expect(mixed.closestUTF8Offset(toX: 47) == 6)
        #expect(mixed.closestUTF8Offset(toX: 42) == 8)
        // א (50..<60), and beyond the end of the line: the start of the Hebrew.
        #expect(mixed.closestUTF8Offset(toX: 52) == 6)
        #expect(mixed.closestUTF8Offset(toX: 58) == 4)
        #expect(mixed.closestUTF8Offset(toX: 200) == 4)
    }

    @Test func caretsRoundTripWhereTheyAreUnambiguous() {
        for offset in [0, 1, 2, 3, 6] {
            let x = mixed.caretX(forUTF8Offset: offset)
            #expect(mixed.closestUTF8Offset(toX: x) == offset)
        }
    }

    @Test func rightToLeftParagraphStartsAtTheRight() throws {
        // "אב 12" right to left in 100 points: shown "12 בא" from x = 50.
        let line = try #require(ahemLayout("\u{5D0}\u{5D1} 12", width: 100).lines.first)
        #expect(line.origin.x == 50)
        #expect(line.caretX(forUTF8Offset: 0) == 100)
        #expect(line.caretX(forUTF8Offset: 2) == 90)
        #expect(line.caretX(forUTF8Offset: 5) == 70)  // after the space: its left edge
        #expect(line.caretX(forUTF8Offset: 6) == 60)  // after 1, inside the number
        #expect(line.caretX(forUTF8Offset: 7) == 70)  // after 2
        #expect(line.closestUTF8Offset(toX: 99) == 0)
        #expect(line.closestUTF8Offset(toX: 51) == 5)
        #expect(line.closestUTF8Offset(toX: 69) == 7)
    }

    @Test func offsetsOnATruncatedLineMapAroundTheEllipsis() throws {
        // "abcdefgh" in 50 points, truncated in the middle: "ab…gh".
        let line = try #require(
            ahemLayout("abcdefgh", width: 50, mode: .byTruncatingMiddle, lines: 1).lines.first)
        #expect(line.text == "ab\u{2026}gh")
        #expect(line.caretX(forUTF8Offset: 2) == 20)
        #expect(line.caretX(forUTF8Offset: 4) == 20)  // hidden: before the ellipsis
        #expect(line.caretX(forUTF8Offset: 6) == 30)  // g: after the ellipsis
        #expect(line.caretX(forUTF8Offset: 7) == 40)
        #expect(line.closestUTF8Offset(toX: 24) == 2)
        #expect(line.closestUTF8Offset(toX: 26) == 6)
        #expect(line.closestUTF8Offset(toX: 49) == 8)
    }

    @Test func emptyLineHasItsCaretAtItsOrigin() throws {
        let layout = ahemLayout("a\n", width: 100)
        #expect(layout.lines.count == 2)
        try #require(layout.lines.count > 1)
        #expect(layout.lines[1].caretX(forUTF8Offset: 2) == 0)
        #expect(layout.lines[1].closestUTF8Offset(toX: 30) == 2)
    }
}
