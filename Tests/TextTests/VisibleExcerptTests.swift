import Synchronization
import Testing
import TrellisGeometry
import TrellisText

/// Metrics that count the bytes they are asked to measure.
private final class ByteCountingMetrics: FontMetrics {
    let measured = Mutex(0)

    func lineMetrics(for font: Font) -> FontLineMetrics {
        FontLineMetrics(ascender: 8, descender: -2, capHeight: 7, xHeight: 5)
    }

    func advances(of run: TextRun) -> [Double] { run.text.map { _ in 10 } }

    func measure(runs: [TextRun]) -> [[Double]] {
        measured.withLock { count in count += runs.reduce(0) { $0 + $1.text.utf8.count } }
        return runs.map { advances(of: $0) }
    }
}

/// Text far longer than its visible lines is cut to what they can show before it is
/// measured, and lays out as the whole text does.
@Suite struct VisibleExcerptTests {
    /// A megabyte of words, then a second paragraph.
    private static let huge = String(repeating: "word ", count: 200_000) + "end\nnext"
    private static let budget = TextMeasurer.maximumBytesPerLine

    private func layout(
        _ text: String, _ mode: LineBreakMode, lines: Int, height: Double = 0,
        metrics: (any FontMetrics)? = nil
    ) -> TextLayout {
        let measurer = TextMeasurer(metrics: metrics ?? ProportionalMetrics())
        let style = TextStyle(font: .system(size: 10), lineBreakMode: mode, numberOfLines: lines)
        return measurer.layout(text, style: style, in: Size(width: 300, height: height))
    }

    @Test func aOneLineTitleMeasuresWhatItsLineCanShow() {
        let metrics = ByteCountingMetrics()
        let result = layout(Self.huge, .byTruncatingTail, lines: 1, metrics: metrics)
        #expect(result.lines.count == 1 && result.isTruncated)
        #expect(result.lines.first?.text.hasSuffix("…") == true)
        #expect(metrics.measured.withLock { $0 } <= Self.budget + 16)
    }

    @Test(arguments: [
        LineBreakMode.byTruncatingTail, .byClipping, .byWordWrapping, .byCharWrapping,
    ])
    func theStartOfTheTextLaysOutAsTheWholeTextDoes(mode: LineBreakMode) {
        // 40 KB is measured whole; 10 MB is cut. Their first lines are the same.
        let start = String(Self.huge.prefix(40_000))
        for lines in [1, 3] {
            let cut = layout(Self.huge, mode, lines: lines)
            let whole = layout(start, mode, lines: lines)
            #expect(cut.lines.map(\.text) == whole.lines.map(\.text), "\(mode) \(lines)")
            // A truncated last line's range runs to the end of what was measured.
            #expect(
                cut.lines.filter { !$0.isTruncated }.map(\.range)
                    == whole.lines.filter { !$0.isTruncated }.map(\.range))
            #expect(cut.size == whole.size)
        }
        // A height that holds two lines limits them as a line limit does.
        let byHeight = layout(Self.huge, mode, lines: 0, height: 30)
        #expect(
            byHeight.lines.map(\.text)
                == layout(start, mode, lines: 0, height: 30).lines.map(\.text))
    }

    @Test func headAndMiddleTruncationShowTheEndsOfTheFirstParagraph() {
        let paragraph = String(Self.huge.prefix { $0 != "\n" })
        let ends = String(paragraph.prefix(20_000)) + String(paragraph.suffix(20_000))
        let head = layout(Self.huge, .byTruncatingHead, lines: 1)
        #expect(
            head.lines.map(\.text)
                == layout(ends + "\nx", .byTruncatingHead, lines: 1).lines.map(\.text))
        #expect(head.lines.first?.text.hasSuffix("word end") == true)
        let middle = layout(Self.huge, .byTruncatingMiddle, lines: 1)
        #expect(
            middle.lines.map(\.text)
                == layout(ends + "\nx", .byTruncatingMiddle, lines: 1).lines.map(\.text))
        let shown = middle.lines.first?.text ?? ""
        #expect(shown.hasPrefix("word") && shown.hasSuffix("end"))
    }

    /// A short first paragraph followed by a megabyte: one line truncated at its head shows
    /// the paragraph's end, measuring little of what follows.
    @Test func aShortFirstParagraphIsMeasuredWithLittleOfTheRest() {
        let metrics = ByteCountingMetrics()
        let text = "a short title that is still too long for its line\n" + Self.huge
        let result = layout(text, .byTruncatingHead, lines: 1, metrics: metrics)
        #expect(result.lines.count == 1 && result.lines.first?.text.hasPrefix("…") == true)
        #expect(result.lines.first?.text.hasSuffix("its line") == true)
        #expect(metrics.measured.withLock { $0 } <= 2 * Self.budget + 16)
    }

    @Test func unlimitedLinesStillMeasureEverything() {
        let text = String(repeating: "word ", count: 10_000)
        let result = layout(text, .byWordWrapping, lines: 0)
        #expect(result.lines.count > 800)
        #expect((result.lines.last?.range.upperBound ?? 0) >= text.utf8.count - 1)
    }
}
