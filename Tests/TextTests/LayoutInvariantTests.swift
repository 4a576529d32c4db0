import Testing
import TrellisGeometry
import TrellisText
import _TrellisTestSupport

/// Properties that hold for every input: checked on generated text and bytes.
@Suite struct LayoutInvariantTests {
    static let pieces = [
        "a", "word", " ", " ", "  ", "\n", "\r\n", "\t", "中", "文字", "。", "、", "「", "」", "ア",
        "ィ", "ー", "한", "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "☺️", "1️⃣", "e\u{301}", "\u{301}", "-", "(", ")",
        "$", "12", ".", "%", "שלום", "مرحبا", "\u{200B}", "\u{00A0}", "\u{2060}", "…", "ｶ", "Ａ",
    ]

    private func randomText(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...30, using: &generator)
        return (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    @Test func randomBytesNeverBreakTheBreaker() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let breaks = LineBreaker.opportunities(inUTF8: bytes)
            #expect(zip(breaks, breaks.dropFirst()).allSatisfy { $0.offset < $1.offset })
            #expect(breaks.allSatisfy { $0.offset > 0 && $0.offset <= bytes.count })
            #expect(breaks.last?.offset == (bytes.isEmpty ? nil : bytes.count))
            let layout = cellMeasurer.layout(
                utf8: bytes, style: TextStyle(font: .system(size: 1)), in: Size(width: 7, height: 0)
            )
            #expect(layout.lines.allSatisfy { $0.width <= 7 || $0.advances.count == 1 })
        }
    }

    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func wrappedLinesCoverTheTextInOrder(mode: LineBreakMode) {
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<500 {
            let text = randomText(&generator)
            let width = Double(Int.random(in: 1...12, using: &generator))
            let style = TextStyle(font: .system(size: 1), lineBreakMode: mode)
            let layout = cellMeasurer.layout(text, style: style, in: Size(width: width, height: 0))
            let utf8 = Array(text.utf8)
            var position = 0
            for line in layout.lines {
                #expect(!line.isTruncated)
                guard position <= line.range.lowerBound, line.range.upperBound <= utf8.count
                else {
                    Issue.record("line \(line.range) after \(position) of \(utf8.count) bytes")
                    break
                }
                #expect(String(decoding: utf8[line.range], as: UTF8.self) == line.text)
                // What lies between lines is spaces and line breaks only.
                let gap = String(decoding: utf8[position..<line.range.lowerBound], as: UTF8.self)
                #expect(gap.allSatisfy { $0 == " " || $0.isNewline }, "gap '\(gap)' in \(text)")
                position = line.range.upperBound
                #expect(line.width <= width || line.advances.count == 1, "\(line.text) in \(text)")
                #expect(line.advances.reduce(0, +) == line.width)
                #expect(TerminalWidth.columns(of: line.text) == Int(line.width))
            }
            let rest = String(decoding: utf8[position...], as: UTF8.self)
            #expect(rest.allSatisfy { $0 == " " || $0.isNewline })
        }
    }

    @Test func truncatedLayoutsStayWithinTheirBox() {
        var generator = SeededGenerator(seed: 3)
        let modes: [LineBreakMode] = [
            .byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail, .byClipping,
        ]
        for _ in 0..<500 {
            let text = randomText(&generator)
            let width = Double(Int.random(in: 1...12, using: &generator))
            let lines = Int.random(in: 1...3, using: &generator)
            let style = TextStyle(
                font: .system(size: 1),
                lineBreakMode: modes.randomElement(using: &generator) ?? .byClipping,
                numberOfLines: lines)
            let layout = cellMeasurer.layout(text, style: style, in: Size(width: width, height: 0))
            #expect(layout.lines.count <= lines)
            #expect(layout.size.height == Double(layout.lines.count))
            for line in layout.lines {
                #expect(line.width <= width || line.advances.count == 1, "\(line.text) of \(text)")
                #expect(line.frame.maxX <= width + 1e-9 || line.advances.count == 1)
            }
        }
    }
}
