import Foundation
import Testing
import Trellis

/// Random mixed paragraphs wrapped by headless Chromium (`Tools/linebreak-conformance`), against
/// Trellis's layout of the same paragraphs with the raster backend's measurement.
///
/// The paragraphs mix Latin words and punctuation, brackets with inner spaces, URLs, numbers,
/// Chinese and Japanese; Chromium lays each out at its width in DejaVu Sans and WenQuanYi Micro
/// Hei, the fonts the raster backend draws with. A paragraph agrees when Trellis starts its
/// lines at the same UTF-8 offsets as Chromium.
@MainActor
@Suite struct ChromiumLineBreakTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__/linebreak-chromium/paragraphs.json")

    /// The share of paragraphs that must break as Chromium breaks them (issue 22).
    static let requiredAgreement = 0.99

    /// The metrics of a fresh raster plugin instance.
    private func rasterMetrics() throws -> BackendFontMetrics {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        let backend = try registry.open("raster", configuration: Array(#"{"format":"rgba"}"#.utf8))
        return BackendFontMetrics(backend: backend)
    }

    /// The UTF-8 offsets where the lines after the first start.
    static func lineStarts(
        of paragraph: LineBreakFixture.Paragraph, measurer: TextMeasurer,
        strategy: LineBreakStrategy
    ) -> [Int] {
        var style = TextStyle(font: .system(size: paragraph.fontSize))
        style.lineBreakStrategy = strategy
        let layout = measurer.layout(
            paragraph.text, style: style,
            in: Size(width: paragraph.width, height: .greatestFiniteMagnitude))
        return layout.lines.dropFirst().map(\.range.lowerBound)
    }

    @Test func paragraphsBreakWhereChromiumBreaksThem() throws {
        let data = try Data(contentsOf: Self.fixture)
        let file = try JSONDecoder().decode(LineBreakFixture.self, from: data)
        #expect(file.paragraphs.count == file.count)
        let measurer = TextMeasurer(metrics: try rasterMetrics())
        var agreed = 0
        var strictAgreed = 0
        var differences: [String] = []
        for (index, paragraph) in file.paragraphs.enumerated() {
            let starts = Self.lineStarts(of: paragraph, measurer: measurer, strategy: .standard)
            if starts == paragraph.breaks {
                agreed += 1
            } else {
                differences.append(Self.describe(index, paragraph, trellis: starts))
                if ProcessInfo.processInfo.environment["LINEBREAK_WIDTHS"] != nil {
                    var style = TextStyle(font: .system(size: paragraph.fontSize))
                    style.lineBreakStrategy = .standard
                    let laid = measurer.layout(
                        paragraph.text, style: style,
                        in: Size(width: paragraph.width, height: .greatestFiniteMagnitude))
                    print("    trellis widths \(laid.lines.map(\.width))")
                    let bytes = Array(paragraph.text.utf8)
                    let bounds = [0] + paragraph.breaks + [bytes.count]
                    for i in 0..<(bounds.count - 1) {
                        let line = String(decoding: bytes[bounds[i]..<bounds[i + 1]], as: UTF8.self)
                        let trimmed = String(line.reversed().drop(while: { $0 == " " }).reversed())
                        let width = measurer.layout(
                            trimmed, style: TextStyle(font: .system(size: paragraph.fontSize)),
                            in: Size(width: 0, height: 0)
                        ).size.width
                        if width > paragraph.width {
                            print(
                                "    chromium line \(i) measures \(width) in Trellis, box \(paragraph.width)"
                            )
                        }
                    }
                }
            }
            if Self.lineStarts(of: paragraph, measurer: measurer, strategy: [])
                == paragraph.breaks
            {
                strictAgreed += 1
            }
        }
        let share = Double(agreed) / Double(max(file.paragraphs.count, 1))
        print(
            "linebreak-chromium: \(agreed) of \(file.paragraphs.count) paragraphs break as "
                + "Chromium breaks them (\(String(format: "%.2f", share * 100)) %); strict UAX #14 "
                + "\(strictAgreed)")
        // LINEBREAK_CONFORMANCE_ALL=1 lists every difference, not only the first few.
        let listed =
            ProcessInfo.processInfo.environment["LINEBREAK_CONFORMANCE_ALL"] == nil ? 8 : .max
        for line in differences.prefix(listed) { print(line) }
        #expect(share >= Self.requiredAgreement, "\(differences.count) paragraphs differ")
    }

    /// A paragraph's lines as Trellis and Chromium break them.
    static func describe(_ index: Int, _ paragraph: LineBreakFixture.Paragraph, trellis: [Int])
        -> String
    {
        let bytes = Array(paragraph.text.utf8)
        func lines(_ starts: [Int]) -> String {
            let bounds = [0] + starts + [bytes.count]
            return (0..<(bounds.count - 1)).map { i in
                let slice = bytes[
                    max(0, min(bounds[i], bytes.count))..<max(0, min(bounds[i + 1], bytes.count))]
                return "⟨" + String(decoding: slice, as: UTF8.self) + "⟩"
            }.joined(separator: " ")
        }
        return "  DIFF #\(index) width \(paragraph.width) size \(paragraph.fontSize)\n"
            + "    trellis  \(lines(trellis))\n    chromium \(lines(paragraph.breaks))"
    }
}

/// A fixture file of `Tools/linebreak-conformance`.
struct LineBreakFixture: Decodable {
    /// One paragraph with the offsets where Chromium starts its lines after the first.
    struct Paragraph: Decodable {
        var text: String
        var fontSize: Double
        var width: Double
        var breaks: [Int]
        var lineWidth: Double
        var overflows: Bool
    }

    var chromium: String
    var count: Int
    var paragraphs: [Paragraph]
}
