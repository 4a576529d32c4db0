import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText
import _TrellisTestSupport

/// A provider that forwards to another but is not one of the built-in ones, so a layout
/// measures its runs in one batch instead of cluster by cluster.
private struct BatchedMetrics: FontMetrics {
    let base: any FontMetrics

    func lineMetrics(for font: Font) -> FontLineMetrics { base.lineMetrics(for: font) }
    func advances(of run: TextRun) -> [Double] { base.advances(of: run) }
}

@Suite struct MeasurementPathTests {
    /// Pieces of text that exercise clusters of every kind: ASCII, CJK, combining marks,
    /// emoji sequences, CR LF, every separator, spaces and tabs.
    private static let fragments = [
        "word", " ", "  ", "a", "Wm", "连续浇水", "可得", "e\u{301}", "\u{1F468}\u{200D}\u{1F469}",
        "\u{1F1EB}\u{1F1F7}", "\r\n", "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}",
        "\u{0C}", "\t", "-", "ｶﾀ", "é", " \u{301}", "15.00", "\u{200B}", "\u{A0}",
    ]

    private static func randomText(_ generator: inout SeededGenerator) -> AttributedText {
        let fonts = [
            Font.system(size: 14), .system(size: 12, weight: .bold), .monospacedSystem(size: 10),
            Font(family: "Serif", size: 20, isItalic: true),
        ]
        var text = AttributedText()
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            var string = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                string += fragments.randomElement(using: &generator) ?? ""
            }
            var attributes = TextAttributes()
            if Bool.random(using: &generator) {
                attributes.font = fonts.randomElement(using: &generator)
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                attributes.kern = Double.random(in: -2...3, using: &generator)
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                attributes.baselineOffset = Double.random(in: -4...4, using: &generator)
            }
            if Int.random(in: 0..<5, using: &generator) == 0 {
                var style = ParagraphStyle()
                style.listMarker = .bullet
                attributes.paragraphStyle = style
            }
            text = text + AttributedText(string, attributes: attributes)
        }
        return text
    }

    @Test(arguments: [
        ProportionalMetrics() as any FontMetrics, AhemMetrics(), CellMetrics(),
    ])
    func clusterByClusterMeasurementMatchesTheBatch(metrics: any FontMetrics) {
        var generator = SeededGenerator(seed: 5)
        let modes: [LineBreakMode?] = [
            nil, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingMiddle,
            .byTruncatingTail,
        ]
        for _ in 0..<300 {
            let text = Self.randomText(&generator)
            let container = TextContainer(
                size: Size(
                    width: [Double.infinity, 30, 80, 200].randomElement(using: &generator) ?? 80,
                    height: .infinity),
                numberOfLines: Int.random(in: 0...3, using: &generator),
                lineBreakMode: modes.randomElement(using: &generator) ?? nil,
                defaultFont: .system(size: 14))
            let direct = AttributedTextLayout(text, in: container, metrics: metrics)
            let batched = AttributedTextLayout(
                text, in: container, metrics: BatchedMetrics(base: metrics))
            #expect(direct == batched, "\(text.string.debugDescription)")
            #expect(!direct.lines.isEmpty || text.string.isEmpty)
        }
    }
}
