import Testing

@testable import TrellisText

/// The layout's one-pass segmentation must find exactly Swift's `Character` boundaries.
@Suite struct SegmentationTests {
    private func characterOffsets(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in text {
            offsets.append(offset)
            offset += character.utf8.count
        }
        return offsets + [offset]
    }

    @Test func clustersMatchCharactersOnTheGraphemeBreakTest() throws {
        let cases = try BreakTestCase.load("GraphemeBreakTest.txt")
        for testCase in cases {
            let text = testCase.text
            let prepared = PreparedText(text: text, font: ahem, metrics: AhemMetrics())
            #expect(prepared.offsets == characterOffsets(text), "\(testCase)")
        }
    }

    @Test(arguments: [
        "", "a", "ab\r\ncd\n\r", "e\u{301}x", "a\u{200D}b", "👨‍👩‍👧‍👦a🇯🇵🇫🇷x", "🇯🇵🇫", "क्षि", "\u{0600}1",
        "\u{1100}\u{1161}\u{11A8}a", "中文，日本語。", "a\u{FE0F}1\u{FE0F}\u{20E3}", "\r\n\r\n",
    ])
    func clustersMatchCharacters(text: String) {
        let prepared = PreparedText(text: text, font: ahem, metrics: AhemMetrics())
        #expect(prepared.offsets == characterOffsets(text))
        #expect(
            prepared.advances
                == AhemMetrics().advances(of: TextRun(text, font: ahem)).enumerated().map {
                    prepared.flags[$0.offset].contains(.hardBreak) ? 0 : $0.element
                })
    }

    @Test func builtInProvidersMeasureAlikeOnBothPaths() {
        let text = "Tie\u{302}\u{301}ng 中文 ｶﾀｶﾅ 👨‍👩‍👧‍👦 🇯🇵 ☺️ ⌚︎ 1️⃣ \t e\u{301} שלום \u{200B}!"
        let providers: [any FontMetrics] = [ProportionalMetrics(), CellMetrics(), AhemMetrics()]
        for metrics in providers {
            for font in [Font.system(size: 13), .monospacedSystem(size: 9), .boldSystem(size: 11)] {
                let prepared = PreparedText(text: text, font: font, metrics: metrics)
                #expect(prepared.advances == metrics.advances(of: TextRun(text, font: font)))
            }
        }
    }

    /// The fast path is found by casting to the built-in types, not to the protocol: it must
    /// find exactly the providers the protocol cast finds.
    @Test func theFastPathIsFoundForExactlyTheScalarClusterProviders() {
        struct Outside: FontMetrics {
            func advances(of run: TextRun) -> [Double] { run.text.map { _ in 1 } }
            func lineMetrics(for font: Font) -> FontLineMetrics {
                FontLineMetrics(ascender: 1, descender: 0, capHeight: 1, xHeight: 1)
            }
        }
        let providers: [any FontMetrics] = [
            ProportionalMetrics(), CellMetrics(), AhemMetrics(), UnmeasuredClusters(), Outside(),
        ]
        for metrics in providers {
            let found = scalarClusterMetrics(of: metrics)
            #expect((found != nil) == (metrics is any ScalarClusterMetrics), "\(metrics)")
            if let found { #expect(type(of: found) == type(of: metrics)) }
        }
        #expect(scalarClusterMetrics(of: Outside()) == nil)
        #expect(scalarClusterMetrics(of: CellMetrics()) != nil)
    }

    /// The ellipsis a truncated line ends with is measured as one cluster by the built-in
    /// providers: as wide as their advances for the text "…".
    @Test func theEllipsisIsAsWideAsTheProvidersMeasureIt() {
        let providers: [any FontMetrics] = [ProportionalMetrics(), CellMetrics(), AhemMetrics()]
        let fonts = [
            Font.system(size: 10), .system(size: 13, weight: .bold), .monospacedSystem(size: 9),
        ]
        for metrics in providers {
            for font in fonts {
                let prepared = PreparedText(text: "abc", font: font, metrics: metrics)
                let expected = metrics.advances(of: TextRun("\u{2026}", font: font))
                #expect(expected.count == 1)
                #expect(prepared.ellipsisWidth == expected.reduce(0, +), "\(metrics) \(font)")
                #expect(prepared.ellipsisWidth > 0)
            }
        }
    }
}
