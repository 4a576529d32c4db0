import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct AttributedLayoutTests {
    @Test func mixedFontsShareOneBaseline() throws {
        let text =
            AttributedText("ab", attributes: [.font(ahem10)])
            + AttributedText("CD", attributes: [.font(ahem20)])
        let layout = ahemLayout(text)
        #expect(layout.lines.count == 1)
        let line = try #require(layout.lines.first)
        #expect(line.ascent == 16 && line.descent == 4)
        #expect(line.baseline == 16)
        #expect(line.frame == Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(layout.glyphRuns.map(\.origin) == [Point(x: 0, y: 16), Point(x: 20, y: 16)])
        #expect(layout.glyphRuns.map(\.width) == [20, 40])
        #expect(layout.glyphRuns.map(\.ascent) == [8, 16])
        try #require(layout.glyphRuns.count > 1)
        #expect(layout.glyphRuns[1].frame == Rect(x: 20, y: 0, width: 40, height: 20))
        #expect(layout.usedSize == Size(width: 60, height: 20))
        #expect(layout.firstBaseline == 16 && layout.lastBaseline == 16)
    }

    @Test func eachLineIsAsTallAsItsTallestRun() {
        let text =
            AttributedText("aa bb ", attributes: [.font(ahem10)])
            + AttributedText("CC", attributes: [.font(ahem20)])
            + AttributedText(" dd ee", attributes: [.font(ahem10)])
        let layout = ahemLayout(text, width: 60)
        #expect(runTexts(layout) == [["aa bb"], ["CC"], ["dd ee"]])
        #expect(layout.lines.map(\.frame.height) == [10, 20, 10])
        #expect(layout.lines.map(\.baseline) == [8, 26, 38])
        #expect(layout.usedSize == Size(width: 50, height: 40))
    }

    @Test func baselineOffsetRaisesTheRunAndTheLine() {
        let text =
            AttributedText("x", attributes: [.font(ahem10)])
            + AttributedText("2", attributes: [.font(ahem10), .baselineOffset(4)])
        let layout = ahemLayout(text)
        #expect(layout.lines.first?.ascent == 12 && layout.lines.first?.descent == 2)
        #expect(layout.glyphRuns.map(\.origin) == [Point(x: 0, y: 12), Point(x: 10, y: 8)])
    }

    @Test func aWordSplitAcrossRunsIsStillOneWord() throws {
        let text =
            AttributedText("aa bb", attributes: [.foregroundColor(.red)])
            + AttributedText("cc", attributes: [.font(ahem20)])
        let layout = ahemLayout(text, width: 80)
        #expect(runTexts(layout) == [["aa"], ["bb", "cc"]])
        try #require(layout.glyphRuns.count > 2)
        #expect(layout.glyphRuns[1].foregroundColor == .red)
        #expect(layout.glyphRuns[2].origin == Point(x: 20, y: 26))
    }

    @Test func allRunsAreMeasuredInOneBatch() {
        var style = ParagraphStyle()
        style.listMarker = .bullet
        let text =
            AttributedText("one ", attributes: [.font(ahem10), .paragraphStyle(style)])
            + AttributedText("two\nthree", attributes: [.font(ahem20)])
        let metrics = CountingMetrics()
        let layout = AttributedTextLayout(
            text, in: TextContainer(width: 100, numberOfLines: 2, lineBreakMode: .byTruncatingTail),
            metrics: metrics)
        #expect(layout.lines.count == 2)
        #expect(metrics.counts.batchCount == 1)
        #expect(metrics.counts.singleCount == 0)
        // Three pieces, one marker, the ellipsis in two fonts.
        #expect(metrics.counts.runCount == 6)
    }

    @Test func paragraphSpacingAndLineSpacingSeparateLines() {
        let first = ParagraphStyle(lineSpacing: 3, paragraphSpacing: 5)
        let second = ParagraphStyle(paragraphSpacingBefore: 7)
        let text =
            AttributedText("aa aa\n", attributes: [.paragraphStyle(first)])
            + AttributedText("bb", attributes: [.paragraphStyle(second)])
        let layout = ahemLayout(text, width: 30)
        #expect(layout.lines.map(\.frame.minY) == [0, 13, 38])
        #expect(layout.usedSize.height == 48)
        #expect(layout.lines.map(\.paragraphIndex) == [0, 0, 1])
    }

    @Test func indentsPlaceFirstAndFollowingLines() {
        let style = ParagraphStyle(headIndent: 10, tailIndent: -20, firstLineHeadIndent: 30)
        let layout = ahemLayout(
            AttributedText("aa bb cc dd", attributes: [.paragraphStyle(style)]), width: 100)
        #expect(runTexts(layout) == [["aa bb"], ["cc dd"]])
        #expect(layout.lines.map(\.frame.minX) == [30, 10])
    }

    @Test func lineHeightMultipleAddsSpaceAboveTheText() {
        let style = ParagraphStyle(lineHeightMultiple: 1.5)
        let layout = ahemLayout(AttributedText("a\u{2028}b", attributes: [.paragraphStyle(style)]))
        #expect(layout.lines.map(\.frame.height) == [15, 15])
        #expect(layout.lines.map(\.baseline) == [13, 28])
        #expect(layout.lines.map(\.paragraphIndex) == [0, 0])
    }

    @Test(arguments: [
        (TextAlignment.left, 0.0), (.right, 50), (.center, 25), (.natural, 0),
    ])
    func alignmentPlacesShortLines(alignment: TextAlignment, x: Double) {
        let text = AttributedText(
            "abc", attributes: [.paragraphStyle(ParagraphStyle(alignment: alignment))])
        #expect(ahemLayout(text, width: 80).glyphRuns.first?.origin.x == x)
    }

    @Test func naturalAlignmentFollowsTheParagraphDirection() {
        let layout = ahemLayout(AttributedText("שלום\nab"), width: 100)
        #expect(layout.lines.map(\.frame.minX) == [60, 0])
    }

    @Test func justifiedLinesStretchTheirSpaces() throws {
        let style = ParagraphStyle(alignment: .justified)
        let layout = ahemLayout(
            AttributedText("a b c dd", attributes: [.paragraphStyle(style)]), width: 70)
        #expect(runTexts(layout) == [["a b c"], ["dd"]])
        try #require(layout.glyphRuns.count > 1 && !layout.lines.isEmpty)
        #expect(layout.glyphRuns[0].advances == [10, 20, 10, 20, 10])
        #expect(layout.lines[0].frame.width == 70)
        #expect(layout.glyphRuns[1].width == 20)
    }

    @Test func kernAddsSpaceAfterEachCluster() {
        let layout = ahemLayout(AttributedText("abc", attributes: [.kern(2)]))
        #expect(layout.glyphRuns.first?.advances == [12, 12, 12])
        #expect(layout.usedSize.width == 36)
    }

    @Test func emptyTextHasNoLines() {
        let layout = ahemLayout(AttributedText())
        #expect(layout.lines.isEmpty && layout.glyphRuns.isEmpty)
        #expect(layout.usedSize == .zero)
        #expect(layout.characterIndex(at: Point(x: 5, y: 5)) == nil)
    }

    @Test func emptyParagraphsTakeTheHeightOfTheirSeparator() {
        let text =
            AttributedText("a\n", attributes: [.font(ahem10)])
            + AttributedText("\n", attributes: [.font(ahem20)])
            + AttributedText("b", attributes: [.font(ahem10)])
        let layout = ahemLayout(text)
        #expect(layout.lines.map(\.frame.height) == [10, 20, 10])
        #expect(layout.lines.map(\.range) == [0..<2, 2..<3, 3..<4])
    }

    @Test func aTrailingSeparatorEndsWithAnEmptyLine() {
        let layout = ahemLayout(AttributedText("a\n"))
        #expect(layout.lines.count == 2)
        #expect(layout.usedSize == Size(width: 10, height: 20))
    }

    @Test func charWrappingBreaksBetweenClusters() {
        let layout = ahemLayout(AttributedText("abcde fg"), width: 30, mode: .byCharWrapping)
        #expect(runTexts(layout) == [["abc"], ["de"], ["fg"]])
    }

    @Test func clippingKeepsEachParagraphOnOneLine() {
        let layout = ahemLayout(AttributedText("abcdef\ngh"), width: 30, mode: .byClipping)
        #expect(runTexts(layout) == [["abc"], ["gh"]])
        #expect(layout.lines.first?.isTruncated == true && layout.isTruncated)
    }

    @Test func nonsensicalValuesDoNotBreakTheLayout() {
        let style = ParagraphStyle(
            lineSpacing: .nan, paragraphSpacingBefore: -5, paragraphSpacing: .infinity,
            headIndent: .nan,
            tailIndent: .infinity, firstLineHeadIndent: -.infinity, lineHeightMultiple: -2)
        let text = AttributedText(
            "ab cd\nef", attributes: [.paragraphStyle(style), .kern(.greatestFiniteMagnitude)])
        let layout = ahemLayout(text, width: .nan)
        #expect(layout.lines.count == 2)
        #expect(layout.usedSize.width.isFinite && layout.usedSize.height == 20)
    }
}

@Suite struct LayoutIntegrationTests {
    @Test func sizeInAContainerIsTheUsedSizeOfTheLayout() {
        let text = AttributedText("abc def", attributes: [.font(ahem10)])
        let size = text.size(in: TextContainer(width: 40), metrics: AhemMetrics())
        #expect(size == Size(width: 30, height: 20))
    }

    @Test func glyphRunsCarryTheAttributesOfTheirText() throws {
        let markup =
            "<span style=\"background-color: yellow\">hi</span> <a href=\"https://x.org\">go</a> <s>no</s>"
        let text = AttributedText(markup: markup, options: .init(font: ahem10))
        let layout = ahemLayout(text)
        #expect(layout.glyphRuns.map(\.text) == ["hi", " ", "go", " ", "no"])
        try #require(layout.glyphRuns.count > 4)
        #expect(layout.glyphRuns[0].backgroundColor == Color(named: "yellow"))
        #expect(layout.glyphRuns[2].link == "https://x.org")
        #expect(layout.glyphRuns[2].underline == .single)
        #expect(layout.glyphRuns[2].foregroundColor == Color(rgb: 0x0000EE))
        #expect(layout.glyphRuns[4].strikethrough == .single)
        #expect(layout.glyphRuns[4].foregroundColor == .black)
        #expect(layout.glyphRuns.map(\.lineIndex) == [0, 0, 0, 0, 0])
    }

    @Test func terminalCellsLayOutWideCharactersInTwoCells() {
        let text = AttributedText("ab 浇水 cd")
        let layout = AttributedTextLayout(text, in: TextContainer(width: 6), metrics: CellMetrics())
        #expect(runTexts(layout) == [["ab 浇"], ["水 cd"]])
        #expect(layout.glyphRuns.first?.advances == [1, 1, 1, 2])
        #expect(layout.usedSize == Size(width: 5, height: 2))
    }

    @Test func transformedAttributesScaleEveryFont() {
        var text =
            AttributedText("a", attributes: [.font(ahem10)])
            + AttributedText("b", attributes: [.font(ahem20)])
        text.transformAttributes(in: 0..<2) { attributes in
            attributes.font = attributes.font.map { $0.withSize($0.size * 2) }
        }
        let layout = ahemLayout(text)
        #expect(layout.glyphRuns.map(\.width) == [20, 40])
        #expect(layout.lines.first?.ascent == 32)
    }
}
