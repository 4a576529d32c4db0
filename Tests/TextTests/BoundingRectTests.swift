import Testing
import TrellisGeometry
import TrellisText

/// Metrics with a leading, to tell `usesFontLeading` apart.
private struct LeadingMetrics: FontMetrics {
    func lineMetrics(for font: Font) -> FontLineMetrics {
        FontLineMetrics(ascender: 8, descender: -2, leading: 3, capHeight: 7, xHeight: 5)
    }
    func advances(of run: TextRun) -> [Double] { run.text.map { _ in 10 } }
}

@Suite struct BoundingRectTests {
    let style = TextStyle(font: ahem)

    @Test func withoutLineFragmentOriginTheTextIsOneLineFromItsBaseline() {
        let rect = ahemMeasurer.boundingRect(
            of: "ab cd\nef", with: Size(width: 30, height: 5), options: [], style: style)
        #expect(rect == Rect(x: 0, y: -8, width: 50, height: 10))
    }

    @Test func withLineFragmentOriginTheTextWrapsFromTheTopLeft() {
        let rect = ahemMeasurer.boundingRect(
            of: "ab cd ef", with: Size(width: 50, height: 5), options: .usesLineFragmentOrigin,
            style: style)
        #expect(rect == Rect(x: 0, y: 0, width: 50, height: 20))
    }

    @Test func unlimitedSizeMeasuresTheTitleOfSeed002() {
        let measurer = TextMeasurer(metrics: ProportionalMetrics())
        let rect = measurer.boundingRect(
            of: "分享 Share", with: unlimited, options: .usesLineFragmentOrigin,
            style: TextStyle(font: .system(size: 14)))
        // 分享 = 2 × 14, space 3.5, S 8.4, h a r e = 7 + 7 + 4.9 + 7.
        #expect(abs(rect.width - 65.8) < 1e-9)
        #expect(abs(rect.height - 16.8) < 1e-9)
        #expect(rect.width.rounded(.up) == 66)
    }

    @Test func fontLeadingCountsOnlyWhenAsked() {
        let measurer = TextMeasurer(metrics: LeadingMetrics())
        let style = TextStyle(font: .system(size: 10))
        let plain = measurer.boundingRect(
            of: "a\nb", with: unlimited, options: .usesLineFragmentOrigin, style: style)
        let leading = measurer.boundingRect(
            of: "a\nb", with: unlimited, options: [.usesLineFragmentOrigin, .usesFontLeading],
            style: style)
        #expect(plain.height == 20)
        #expect(leading.height == 26)
        // A label counts the leading, as UILabel uses the font's line height.
        #expect(measurer.sizeThatFits(unlimited, text: "a\nb", style: style).height == 26)
    }

    @Test func truncatesLastVisibleLineLimitsTheHeight() {
        let options: DrawingOptions = [.usesLineFragmentOrigin, .truncatesLastVisibleLine]
        let size = Size(width: 50, height: 25)
        let rect = ahemMeasurer.boundingRect(
            of: "ab cd ef gh ij", with: size, options: options, style: style)
        #expect(rect == Rect(x: 0, y: 0, width: 50, height: 20))
        let all = ahemMeasurer.boundingRect(
            of: "ab cd ef gh ij", with: size, options: .usesLineFragmentOrigin, style: style)
        #expect(all.height == 30)
    }

    @Test func emptyTextMeasuresZero() {
        #expect(
            ahemMeasurer.boundingRect(of: "", with: unlimited, options: [], style: style) == .zero)
        #expect(ahemMeasurer.sizeThatFits(unlimited, text: "", style: style) == .zero)
    }

    @Test func sizeThatFitsWrapsAtTheWidthLikeTheLabelOfSeed001() {
        let measurer = TextMeasurer(metrics: ProportionalMetrics())
        let label = TextStyle(font: .system(size: 16), numberOfLines: 0)
        let text = "UIControl派生自UIView类，是作为响应用户交互而传递特定操作或意图的可视控件的基类。"
        let size = measurer.sizeThatFits(
            Size(width: 280, height: .greatestFiniteMagnitude), text: text, style: label)
        let layout = measurer.layout(text, style: label, in: Size(width: 280, height: 0))
        #expect(layout.lines.count == 3)
        #expect(abs(size.height - 3 * 19.2) < 1e-9)
        #expect(size.width <= 280)
        #expect(layout.lines.allSatisfy { $0.width <= 280 })
    }

    @Test func sizeThatFitsStopsAtTheLineLimitAndTheHeight() {
        let limited = TextStyle(font: ahem, lineBreakMode: .byTruncatingTail, numberOfLines: 2)
        #expect(
            ahemMeasurer.sizeThatFits(
                Size(width: 50, height: 0), text: "ab cd ef gh ij", style: limited)
                == Size(width: 50, height: 20))
        #expect(
            ahemMeasurer.sizeThatFits(
                Size(width: 50, height: 12), text: "ab cd ef gh ij", style: style)
                == Size(width: 50, height: 10))
    }

    @Test func linesForTheCommandLine() {
        let lines = ahemMeasurer.lines(of: "ab cd ef", width: 50, font: ahem)
        #expect(lines.map(\.text) == ["ab cd", "ef"])
        #expect(lines.map(\.width) == [50, 20])
    }

    @Test func utf8BoundingRectsReplaceIllFormedBytes() {
        // "a \u{FFFD} \u{FFFD}": 0xFF is never valid, and the truncated sequence E4 B8 is one
        // maximal subpart, so one replacement character.
        let bytes: [UInt8] = [0x61, 0x20, 0xFF, 0x20, 0xE4, 0xB8]
        #expect(
            ahemMeasurer.boundingRect(utf8: bytes, with: unlimited, options: [], style: style)
                == Rect(x: 0, y: -8, width: 50, height: 10))
        let wrapped = ahemMeasurer.boundingRect(
            utf8: bytes, with: Size(width: 30, height: 0), options: .usesLineFragmentOrigin,
            style: style)
        #expect(wrapped == Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(
            ahemMeasurer.boundingRect(utf8: [], with: unlimited, options: [], style: style)
                == .zero)
    }

    @Test(
        arguments: [
            // A surrogate (ED A0 80) and an overlong slash (C0 AF): five replacement characters.
            ([0xED, 0xA0, 0x80, 0xC0, 0xAF, 0x62], 60.0),
            // A four-byte sequence cut after three bytes: one replacement character.
            ([0x61, 0xF0, 0x9F, 0x98], 20),
            // Well-formed UTF-8 measures as the string does: 中文 ok.
            ([0xE4, 0xB8, 0xAD, 0xE6, 0x96, 0x87, 0x20, 0x6F, 0x6B], 50),
        ] as [([UInt8], Double)])
    func utf8SizeThatFitsMeasuresTheRepairedText(bytes: [UInt8], width: Double) {
        let size = ahemMeasurer.sizeThatFits(unlimited, utf8: bytes, style: style)
        #expect(size == Size(width: width, height: 10))
        let repaired = String(decoding: bytes, as: UTF8.self)
        #expect(ahemMeasurer.sizeThatFits(unlimited, text: repaired, style: style) == size)
    }

    @Test func utf8SizeThatFitsWrapsAndLimitsLines() {
        let limited = TextStyle(font: ahem, lineBreakMode: .byTruncatingTail, numberOfLines: 2)
        let bytes = Array("ab cd ef gh".utf8) + [0xFF]
        #expect(
            ahemMeasurer.sizeThatFits(Size(width: 50, height: 0), utf8: bytes, style: limited)
                == Size(width: 50, height: 20))
        #expect(
            ahemMeasurer.sizeThatFits(Size(width: 50, height: 0), utf8: bytes, style: style)
                == Size(width: 50, height: 30))
    }
}
