import Testing
import TrellisText

@Suite struct MetricsProviderTests {
    let font = Font.system(size: 10)

    @Test func proportionalAdvancesFollowTheDocumentedClasses() {
        let metrics = ProportionalMetrics()
        let advances = metrics.advances(of: TextRun("il aAmé中👍🏽ｱ\t\u{200B}", font: font))
        #expect(advances == [2.5, 2.5, 2.5, 5, 6, 8, 5.5, 10, 12, 5, 10, 0])
    }

    @Test func proportionalMetricsScaleWithSizeAndWeight() {
        let metrics = ProportionalMetrics()
        #expect(metrics.width(of: "ab", font: .system(size: 20)) == 20)
        #expect(abs(metrics.width(of: "ab", font: .system(size: 10, weight: .bold)) - 10.5) < 1e-9)
        #expect(metrics.width(of: "中", font: .system(size: 10, weight: .bold)) == 10)
        #expect(metrics.width(of: "i中", font: .monospacedSystem(size: 10)) == 18)
        let line = metrics.lineMetrics(for: .system(size: 20))
        #expect(line.ascender == 19 && line.descender == -5 && line.lineHeight == 24)
        #expect(line.capHeight == 14 && line.xHeight == 10)
    }

    @Test func combiningSequencesMeasureAsTheirBase() {
        let metrics = ProportionalMetrics()
        #expect(metrics.advances(of: TextRun("e\u{301}\u{302}", font: font)) == [5])
        #expect(metrics.advances(of: TextRun("\u{301}", font: font)) == [0])
    }

    @Test func cellMetricsCountTerminalCells() {
        let cells = CellMetrics()
        #expect(cells.advances(of: TextRun("Go 世界 👍🏽", font: font)) == [1, 1, 1, 2, 2, 1, 2])
        #expect(cells.advances(of: TextRun("a\tb\r\n", font: font)) == [1, 0, 1, 0])
        let wide = CellMetrics(cellWidth: 8, cellHeight: 16)
        #expect(wide.width(of: "ab中", font: font) == 32)
        #expect(wide.lineMetrics(for: font).lineHeight == 16)
        #expect(CellMetrics(cellWidth: .nan, cellHeight: -1).cellWidth == 1)
    }

    @Test func ahemGlyphsAreEmSquares() {
        let ahem = AhemMetrics()
        let ahemFont = Font(family: "Ahem", size: 10)
        #expect(
            ahem.advances(of: TextRun("ab c中👨‍👩‍👧\u{301}", font: ahemFont)) == [10, 10, 10, 10, 10, 10])
        #expect(ahem.advances(of: TextRun("\u{301}\u{200B}\n", font: ahemFont)) == [0, 0, 0])
        let line = ahem.lineMetrics(for: ahemFont)
        #expect(line.ascender == 8 && line.descender == -2 && line.lineHeight == 10)
    }

    @Test func batchMeasurementDefaultsToOneRunAtATime() {
        let metrics = ProportionalMetrics()
        let runs = [TextRun("abc", font: font), TextRun("中文", font: .system(size: 20))]
        #expect(metrics.measure(runs: runs) == runs.map { metrics.advances(of: $0) })
    }

    @Test func lineMetricsSanitizeNonFiniteValues() {
        let line = FontLineMetrics(
            ascender: .nan, descender: 3, leading: -2, capHeight: .infinity, xHeight: 1)
        #expect(
            line.ascender == 0 && line.descender == 0 && line.leading == 0 && line.capHeight == 0)
    }
}
