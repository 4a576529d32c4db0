import Testing
import TrellisGeometry
import TrellisText

@Suite struct AlignmentTests {
    @Test(arguments: [
        (TextAlignment.left, 0.0), (.center, 30), (.right, 60), (.natural, 0), (.justified, 0),
    ])
    func linesAlignWithinTheWidth(alignment: TextAlignment, x: Double) {
        let layout = ahemLayout("abcd", width: 100, alignment: alignment)
        #expect(layout.lines.first?.origin.x == x)
        #expect(layout.lines.first?.frame == Rect(x: x, y: 0, width: 40, height: 10))
    }

    @Test(arguments: ["שלום עולם", "مرحبا بالعالم", "123 שלום"])
    func naturalAlignmentIsRightForRightToLeftParagraphs(text: String) throws {
        let style = TextStyle(font: ahem)
        let layout = ahemMeasurer.layout(text, style: style, in: Size(width: 200, height: 0))
        let line = try #require(layout.lines.first)
        #expect(line.direction == .rightToLeft)
        #expect(line.origin.x == 200 - line.width)
    }

    @Test func eachParagraphHasItsOwnDirection() {
        let layout = ahemLayout("abc\nשלום\n123", width: 100)
        #expect(layout.lines.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(layout.lines.map(\.origin.x) == [0, 60, 0])
    }

    @Test func baseWritingDirectionOverridesDetection() {
        var style = TextStyle(font: ahem)
        style.baseWritingDirection = .rightToLeft
        let layout = ahemMeasurer.layout("abc", style: style, in: Size(width: 100, height: 0))
        #expect(layout.lines.first?.origin.x == 70)
        style.baseWritingDirection = .leftToRight
        #expect(
            ahemMeasurer.layout("שלום", style: style, in: Size(width: 100, height: 0)).lines.first?
                .origin.x == 0)
    }

    @Test func justifiedLinesStretchAtSpaces() throws {
        let layout = ahemLayout("ab c de fgh", width: 60, alignment: .justified)
        #expect(layout.lines.map(\.text) == ["ab c", "de fgh"])
        try #require(layout.lines.count > 1)
        // "ab c" is 40 wide with one space: the space takes the 20 left over.
        #expect(layout.lines[0].advances == [10, 10, 30, 10])
        #expect(layout.lines[0].frame.width == 60)
        // The last line of the paragraph aligns naturally.
        #expect(layout.lines[1].advances == [10, 10, 10, 10, 10, 10])
        #expect(layout.size.width == 60)
    }

    @Test func justifiedCJKStretchesBetweenClusters() {
        let style = TextStyle(font: .system(size: 1), alignment: .justified)
        let layout = cellMeasurer.layout("中文字体。排版", style: style, in: Size(width: 7, height: 0))
        #expect(layout.lines.map(\.text) == ["中文字", "体。排", "版"])
        #expect(layout.lines.first?.advances == [2.5, 2.5, 2])
        #expect(layout.lines.first?.advances.reduce(0, +) == 7)
    }

    @Test func lineSpacingAndHeightMultipleMoveBaselines() {
        var style = TextStyle(font: ahem, lineSpacing: 5)
        var layout = ahemMeasurer.layout("a\nb\nc", style: style, in: unlimited)
        #expect(layout.lines.map(\.origin.y) == [8, 23, 38])
        #expect(layout.size.height == 40)
        #expect(layout.firstBaseline == 8 && layout.lastBaseline == 38)
        style = TextStyle(font: ahem, lineHeightMultiple: 2)
        layout = ahemMeasurer.layout("a\nb", style: style, in: unlimited)
        // The extra height goes above the text, as in TextKit.
        #expect(layout.lines.map(\.origin.y) == [18, 38])
        #expect(layout.size.height == 40)
    }

    @Test func nonsensicalSpacingIsIgnored() {
        let style = TextStyle(
            font: ahem, numberOfLines: -3, lineSpacing: .nan, lineHeightMultiple: -1)
        let layout = ahemMeasurer.layout("a\nb", style: style, in: unlimited)
        #expect(layout.size == Size(width: 10, height: 20))
        let huge = TextStyle(font: ahem, lineSpacing: 1e308, lineHeightMultiple: 1e308)
        let clamped = ahemMeasurer.layout("a\nb", style: huge, in: unlimited)
        #expect(clamped.size == Size(width: 10, height: 2 * 10_000 + 1_000_000))
        #expect(clamped.lines.allSatisfy { $0.origin.y.isFinite })
    }
}
