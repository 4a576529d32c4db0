import Foundation
import Testing
import Trellis
import _TrellisTestSupport

/// `trellis text break` lays out a paragraph (or a chunk of a long one) at a time and prints
/// as it goes: the lines are those of the whole text laid out at once.
@Suite struct TextBreakStreamingTests {
    private struct Line: Decodable, Equatable {
        var text: String
        var width: Double
        var levels: [Int]
    }

    /// The lines of the whole text laid out in one piece, as JSON prints their widths, with
    /// the levels of their clusters.
    private func expected(_ text: String, width: Double) -> [Line] {
        var body = Substring(text)
        if body.hasSuffix("\r\n") || body.hasSuffix("\n") { body = body.dropLast() }
        let measurer = TextMeasurer(metrics: ProportionalMetrics())
        let style = TextStyle(font: .system(size: Font.defaultSize))
        return measurer.layout(String(body), style: style, in: Size(width: width, height: 0))
            .lines.map { line in
                var levels = [Int](repeating: 0, count: line.advances.count)
                for run in line.visualRuns {
                    for cluster in run.clusters {
                        guard levels.indices.contains(cluster) else {
                            Issue.record("cluster \(cluster) of a line of \(levels.count)")
                            continue
                        }
                        levels[cluster] = Int(run.level)
                    }
                }
                return Line(
                    text: line.text, width: (line.width * 1000).rounded() / 1000, levels: levels)
            }
    }

    private func printed(_ text: String, width: Double) throws -> [Line] {
        let result = try Trellis.run(["text", "break", "--width", "\(width)"], input: text)
        #expect(result.status == 0, "\(result.errors)")
        return try JSONDecoder().decode([Line].self, from: Data(result.output.utf8))
            .map {
                Line(text: $0.text, width: ($0.width * 1000).rounded() / 1000, levels: $0.levels)
            }
    }

    @Test(arguments: [
        "", "\n", "a", "a\n", "a\n\n", "a\n\nb", "a\r\nb\r\n", "one two\u{2028}three\nfour",
        "\n\nx\n", "tab\tand\u{000C}form feed\u{0085}next line\r\rcarriage", "  spaces  \n  ",
        "分享 连续浇水7天 🌱🌱 مرحبا بالعالم and words\nmore words here",
        "\u{5E9}\u{5DC}\u{5D5}\u{5DD} abc (12) def \u{5E2}\u{5D5}\u{5DC}\u{5DD}\nabc \u{5D0} 3",
    ])
    func paragraphsPrintAsTheWholeTextLaysOut(text: String) throws {
        #expect(try printed(text, width: 60) == expected(text, width: 60))
    }

    /// A long text, named in the test's output by what it is rather than spelt out.
    struct LongText: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var text: String
    }

    /// Long CRLF text (no seam may fall between CR and LF and print an empty line), a line
    /// wider than any chunk (width "no limit"), and runs of empty paragraphs.
    @Test(arguments: [
        LongText(
            testDescription: "40,000 CRLF lines",
            text: String(repeating: "crlf line of words\r\n", count: 40_000)),
        LongText(testDescription: "600,000 a", text: String(repeating: "a", count: 600_000)),
        LongText(
            testDescription: "20,000 empty paragraphs",
            text: String(repeating: "\n", count: 20_000) + "end"),
    ])
    func seamsAndLongLinesPrintAsTheWholeText(long: LongText) throws {
        let text = long.text
        let width = text.hasPrefix("aaa") ? 1e15 : 137
        let got = try printed(text, width: width)
        let want = expected(text, width: width)
        #expect(got.count == want.count)
        if let index = got.indices.first(where: { $0 < want.count && got[$0] != want[$0] }) {
            Issue.record("line \(index): \(got[index]) instead of \(want[index])")
        }
    }

    @Test func aLongParagraphLaidOutInChunksPrintsTheSameLines() throws {
        var generator = SeededGenerator(seed: 2)
        let words = [
            "a", "tree", "watering", "连续", "seven-day", "🌱", "x,", "(yes)", "1.5",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{645}\u{631}\u{62D}\u{628}\u{627}", "(\u{5D0}) 12",
        ]
        var text = ""
        while text.utf8.count < 700_000 {
            text += words.randomElement(using: &generator) ?? ""
            text += Int.random(in: 0..<12, using: &generator) == 0 ? "  " : " "
        }
        text += "\nand a short one"
        let got = try printed(text, width: 137)
        let want = expected(text, width: 137)
        #expect(got.count == want.count)
        if let index = got.indices.first(where: { $0 < want.count && got[$0] != want[$0] }) {
            Issue.record("line \(index): \(got[index]) instead of \(want[index])")
        }
    }
}
