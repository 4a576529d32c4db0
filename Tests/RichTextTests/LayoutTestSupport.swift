import Synchronization
import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

/// Ahem at 10 points: every visible cluster 10 wide, ascent 8, descent 2.
let ahem10 = Font(family: "Ahem", size: 10)
/// Ahem at 20 points: every visible cluster 20 wide, ascent 16, descent 4.
let ahem20 = Font(family: "Ahem", size: 20)

/// Lays text out with Ahem metrics.
func ahemLayout(
    _ text: AttributedText, width: Double = .infinity, lines: Int = 0, mode: LineBreakMode? = nil,
    height: Double = .infinity
) -> AttributedTextLayout {
    AttributedTextLayout(
        text,
        in: TextContainer(
            size: Size(width: width, height: height), numberOfLines: lines, lineBreakMode: mode,
            defaultFont: ahem10),
        metrics: AhemMetrics())
}

/// The texts of a layout's glyph runs, line by line.
func runTexts(_ layout: AttributedTextLayout) -> [[String]] {
    layout.lines.map { line in
        guard line.glyphRunRange.clamped(to: layout.glyphRuns.indices) == line.glyphRunRange
        else {
            Issue.record("runs \(line.glyphRunRange) of \(layout.glyphRuns.count)")
            return []
        }
        return layout.glyphRuns[line.glyphRunRange].map(\.text)
    }
}

/// A provider that counts its calls and answers with Ahem metrics.
struct CountingMetrics: FontMetrics {
    final class Counts: Sendable {
        let batches = Mutex(0)
        let singles = Mutex(0)
        let runs = Mutex(0)

        var batchCount: Int { batches.withLock { $0 } }
        var singleCount: Int { singles.withLock { $0 } }
        var runCount: Int { runs.withLock { $0 } }
    }

    let counts = Counts()
    let base = AhemMetrics()

    func lineMetrics(for font: Font) -> FontLineMetrics { base.lineMetrics(for: font) }

    func advances(of run: TextRun) -> [Double] {
        counts.singles.withLock { $0 += 1 }
        return base.advances(of: run)
    }

    func measure(runs: [TextRun]) -> [[Double]] {
        counts.batches.withLock { $0 += 1 }
        counts.runs.withLock { $0 += runs.count }
        return runs.map { base.advances(of: $0) }
    }
}
