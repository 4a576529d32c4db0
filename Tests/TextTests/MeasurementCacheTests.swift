import Synchronization
import Testing
import TrellisGeometry
import TrellisText

/// Metrics that count the calls made to them.
private final class CountingMetrics: FontMetrics {
    let calls = Mutex((batches: 0, runs: 0))

    func lineMetrics(for font: Font) -> FontLineMetrics {
        FontLineMetrics(ascender: 8, descender: -2, capHeight: 7, xHeight: 5)
    }

    func advances(of run: TextRun) -> [Double] { run.text.map { _ in 10 } }

    func measure(runs: [TextRun]) -> [[Double]] {
        calls.withLock {
            $0.batches += 1
            $0.runs += runs.count
        }
        return runs.map { advances(of: $0) }
    }

    var batches: Int { calls.withLock { $0.batches } }
}

@Suite struct MeasurementCacheTests {
    let style = TextStyle(font: .system(size: 10))

    @Test func aLayoutPassMeasuresEveryParagraphInOneBatch() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics)
        _ = measurer.layout("one\ntwo\nthree", style: style, in: Size(width: 100, height: 0))
        #expect(metrics.batches == 1)
        // Three paragraphs and the ellipsis.
        #expect(metrics.calls.withLock { $0.runs } == 4)
    }

    @Test func remeasuringAnUnchangedLabelDoesNoWork() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics)
        let size = Size(width: 100, height: 0)
        let first = measurer.sizeThatFits(size, text: "hello world", style: style)
        let second = measurer.sizeThatFits(size, text: "hello world", style: style)
        #expect(first == second)
        #expect(metrics.batches == 1)
        // Another width reuses the segmentation and measurement.
        _ = measurer.sizeThatFits(Size(width: 30, height: 0), text: "hello world", style: style)
        #expect(metrics.batches == 1)
        // Another font or text measures again.
        _ = measurer.sizeThatFits(
            size, text: "hello world", style: TextStyle(font: .system(size: 11)))
        _ = measurer.sizeThatFits(size, text: "hello world!", style: style)
        #expect(metrics.batches == 3)
        #expect(measurer.cacheStatistics.entries == 3)
    }

    @Test func theCacheIsBounded() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics, cacheCapacity: 8)
        for index in 0..<100 {
            _ = measurer.sizeThatFits(unlimited, text: "label \(index)", style: style)
        }
        #expect(measurer.cacheStatistics.entries == 8)
        #expect(metrics.batches == 100)
    }

    @Test func recentlyUsedEntriesSurviveEviction() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics, cacheCapacity: 4)
        for index in 0..<4 { _ = measurer.sizeThatFits(unlimited, text: "t\(index)", style: style) }
        _ = measurer.sizeThatFits(unlimited, text: "t0", style: style)  // sets its reference bit
        _ = measurer.sizeThatFits(unlimited, text: "new", style: style)  // evicts another entry
        let before = metrics.batches
        _ = measurer.sizeThatFits(unlimited, text: "t0", style: style)
        #expect(metrics.batches == before)
    }

    @Test func aDisabledCacheStillMeasures() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics, cacheCapacity: 0)
        let a = measurer.sizeThatFits(unlimited, text: "abc", style: style)
        let b = measurer.sizeThatFits(unlimited, text: "abc", style: style)
        #expect(a == b && a.width == 30)
        #expect(metrics.batches == 2)
        #expect(measurer.cacheStatistics.entries == 0)
    }

    @Test func removingCachedMeasurementsMeasuresAgain() {
        let metrics = CountingMetrics()
        let measurer = TextMeasurer(metrics: metrics)
        _ = measurer.sizeThatFits(unlimited, text: "abc", style: style)
        measurer.removeAllCachedMeasurements()
        _ = measurer.sizeThatFits(unlimited, text: "abc", style: style)
        #expect(metrics.batches == 2)
    }

    @Test func providersThatMisbehaveDoNotBreakLayout() {
        struct BadMetrics: FontMetrics {
            func lineMetrics(for font: Font) -> FontLineMetrics {
                FontLineMetrics(ascender: .nan, descender: .infinity, capHeight: 1, xHeight: 1)
            }
            func advances(of run: TextRun) -> [Double] { [.nan, -4, .infinity] }
        }
        let measurer = TextMeasurer(metrics: BadMetrics())
        let layout = measurer.layout("abcdef ghi", style: style, in: Size(width: 5, height: 0))
        #expect(layout.lines.map(\.text) == ["abcdef ghi"])
        #expect(layout.size == .zero)
    }
}

@Suite struct MeasurementCacheBudgetTests {
    @Test func textsLargerThanTheBudgetAreMeasuredButNotKept() {
        let measurer = TextMeasurer(metrics: AhemMetrics(), cacheByteBudget: 4096)
        let large = String(repeating: "word ", count: 2000)
        let size = measurer.sizeThatFits(
            Size(width: 100, height: 0), text: large, style: TextStyle(font: ahem))
        #expect(size == Size(width: 90, height: 10000))
        #expect(measurer.cacheStatistics.entries == 0)
        _ = measurer.sizeThatFits(unlimited, text: "small", style: TextStyle(font: ahem))
        #expect(measurer.cacheStatistics.entries == 1)
    }

    @Test func uikitsMaxFloatMeansNoLimit() {
        let maxFloat = Double(Float.greatestFiniteMagnitude)
        let style = TextStyle(font: ahem, alignment: .center)
        let layout = ahemMeasurer.layout(
            "ab", style: style, in: Size(width: maxFloat, height: maxFloat))
        #expect(layout.lines.first?.origin.x == 0)
        #expect(
            ahemMeasurer.sizeThatFits(
                Size(width: 280, height: maxFloat), text: "ab cd", style: style)
                == Size(width: 50, height: 10))
    }
}

@Suite struct MeasurementCacheChurnTests {
    @Test func manyEvictionsKeepTheIndexConsistent() {
        let measurer = TextMeasurer(metrics: AhemMetrics(), cacheCapacity: 16)
        let style = TextStyle(font: ahem)
        var state: UInt64 = 7
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = String(repeating: "x", count: Int(state >> 58) + 1)
            let first = measurer.sizeThatFits(unlimited, text: text, style: style)
            let before = measurer.cacheStatistics
            let again = measurer.sizeThatFits(unlimited, text: text, style: style)
            #expect(first == again)
            #expect(first.width == Double(text.count) * 10)
            // The text just measured is found again without measuring.
            #expect(measurer.cacheStatistics.hits == before.hits + 1)
            #expect(measurer.cacheStatistics.entries <= 16)
        }
    }
}

@Suite struct MeasurementConcurrencyTests {
    @Test func aMeasurerServesManyTasksAtOnce() async {
        let measurer = TextMeasurer(metrics: CellMetrics(), cacheCapacity: 8)
        let texts = (0..<32).map { "label \($0) 中文 👍🏽" }
        let style = TextStyle(font: .system(size: 1))
        let expected = texts.map { TerminalWidth.columns(of: $0) }
        let results = await withTaskGroup(of: (Int, Double).self) { group in
            for round in 0..<8 {
                for index in texts.indices {
                    group.addTask {
                        let size = measurer.sizeThatFits(
                            unlimited, text: texts[(index + round) % texts.count], style: style)
                        return ((index + round) % texts.count, size.width)
                    }
                }
            }
            var collected: [(Int, Double)] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 256)
        #expect(results.allSatisfy { Double(expected[$0.0]) == $0.1 })
        #expect(measurer.cacheStatistics.entries <= 8)
    }
}
