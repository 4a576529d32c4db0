import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct TextRenderingTests {
    private func run(
        _ text: String, family: String = "system", size: Double = 20, weight: Int = 400,
        at origin: Point = Point(x: 10, y: 40), background: Color? = nil,
        underline: TextLineStyle? = nil, strikethrough: TextLineStyle? = nil,
        width: Double = 0, ascent: Double = 0, descent: Double = 0
    ) -> DisplayCommand {
        .glyphRun(
            GlyphRun(
                text: text, font: FontDescriptor(family: family, size: size, weight: weight),
                color: .black, origin: origin, width: width, ascent: ascent, descent: descent,
                background: background, underline: underline, strikethrough: strikethrough))
    }

    private func measure(_ text: String, family: String = "system", size: Double = 20) throws
        -> MeasuredRun
    {
        let runs = try Raster.rgbaRenderer().measure([
            MeasureRun(
                font: FontDescriptor(family: family, size: size), clusters: text.map(String.init))
        ])
        return try #require(runs.first)
    }

    @Test func glyphInkLiesInTheRunsBoxAndNowhereElse() throws {
        let measured = try measure("Hello, World")
        let width = measured.advances.reduce(0, +)
        let bitmap = try Raster.render(
            Raster.list(width: 200, height: 60, [run("Hello, World")]))
        let ink = try #require(bitmap.inkBounds())
        #expect(Double(ink.minX) >= 10 - 1)
        #expect(Double(ink.maxX) <= 10 + width + 1)
        #expect(Double(ink.minY) >= 40 - measured.ascender - 1)
        #expect(Double(ink.maxY) <= 40 + measured.descender + 1)
        // Capital letters reach the cap height; the comma goes below the baseline.
        #expect(Double(ink.minY) <= 40 - measured.capHeight + 1)
        #expect(ink.maxY > 40)
        #expect(bitmap.inkCount(threshold: 128) > 100)
    }

    @Test func inkOfAMeasuredRunFitsItsMeasuredWidth() throws {
        for text in ["Trellis", "Save 保存", "mmmmmmmm", "AVA Type"] {
            let measured = try measure(text, size: 24)
            let width = measured.advances.reduce(0, +)
            let bitmap = try Raster.render(
                Raster.list(width: 300, height: 60, [run(text, size: 24)]))
            let ink = try #require(bitmap.inkBounds(threshold: 8))
            #expect(Double(ink.maxX) <= 10 + width + 1, "\(text)")
            #expect(Double(ink.minX) >= 9, "\(text)")
            // And the ink spans most of it: the measure is not loose either.
            #expect(Double(ink.maxX - ink.minX + 1) >= width * 0.85, "\(text)")
        }
    }

    @Test func chineseInALatinFontRendersWithTheCJKFont() throws {
        let inDejaVu = try Raster.render(
            Raster.list(width: 100, height: 60, [run("保存", family: "DejaVu Sans")]))
        let inWenQuanYi = try Raster.render(
            Raster.list(width: 100, height: 60, [run("保存", family: "WenQuanYi Micro Hei")]))
        #expect(inDejaVu.inkCount(threshold: 128) > 80)
        // The same pixels as asking for the CJK font itself: the fallback drew the clusters.
        #expect(inDejaVu == inWenQuanYi)
    }

    @Test func fallbackIsChosenPerCluster() throws {
        let mixed = try measure("A保")
        let latin = try measure("A")
        let cjk = try measure("保", family: "WenQuanYi Micro Hei")
        #expect(mixed.advances.count == 2)
        try #require(mixed.advances.count > 1 && !latin.advances.isEmpty && !cjk.advances.isEmpty)
        #expect(abs(mixed.advances[0] - latin.advances[0]) < 1e-9)
        #expect(abs(mixed.advances[1] - cjk.advances[0]) < 1e-9)
        // The run's metrics are the requested font's.
        #expect(mixed.ascender == latin.ascender)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = try Raster.render(Raster.list(width: 200, height: 60, [run("Bold text")]))
        let bold = try Raster.render(
            Raster.list(width: 200, height: 60, [run("Bold text", weight: 700)]))
        #expect(bold.inkCount(threshold: 128) > regular.inkCount(threshold: 128))
    }

    @Test func backgroundFillsTheRunsBox() throws {
        let bitmap = try Raster.render(
            Raster.list(
                width: 200, height: 60,
                [run("ab", background: .yellow, width: 100, ascent: 20, descent: 6)]))
        #expect(bitmap.matches(x: 100, y: 25, .yellow))
        #expect(bitmap.matches(x: 10, y: 20, .yellow))
        #expect(bitmap.matches(x: 109, y: 45, .yellow))
        #expect(bitmap.alpha(x: 111, y: 30) == 0)
        #expect(bitmap.alpha(x: 50, y: 47) == 0)
        #expect(bitmap.alpha(x: 50, y: 18) == 0)
    }

    @Test func underlineLiesBelowTheBaselineAcrossTheRun() throws {
        let plain = try Raster.render(Raster.list(width: 200, height: 60, [run("ace")]))
        let underlined = try Raster.render(
            Raster.list(width: 200, height: 60, [run("ace", underline: TextLineStyle())]))
        let added = difference(plain, underlined)
        let bounds = try #require(added)
        #expect(bounds.minY >= 40 && bounds.maxY < 46)
        #expect(bounds.minX <= 11 && bounds.maxX >= 40)
    }

    @Test func strikethroughCrossesTheLowerCaseLetters() throws {
        let measured = try measure("ace")
        let plain = try Raster.render(Raster.list(width: 200, height: 60, [run("ace")]))
        let struck = try Raster.render(
            Raster.list(
                width: 200, height: 60,
                [run("ace", strikethrough: TextLineStyle(.single, color: .red))]))
        let bounds = try #require(difference(plain, struck))
        #expect(Double(bounds.minY) > 40 - measured.xHeight)
        #expect(bounds.maxY < 40)
        // Snapped to whole pixels: a crisp red row, not two faint ones.
        let red = (bounds.minY...bounds.maxY).map { y in
            (0..<200).filter { struck.matches(x: $0, y: y, .red, tolerance: 0) }.count
        }
        #expect(red.max() ?? 0 > 20)
    }

    @Test func doubleAndThickLinesDrawMoreThanSingle() throws {
        func lineInk(_ pattern: TextLineStyle.Pattern) throws -> Int {
            try Raster.render(
                Raster.list(
                    width: 200, height: 60,
                    [run("", underline: TextLineStyle(pattern), width: 100, ascent: 20, descent: 5)]
                )
            ).inkCount()
        }
        #expect(try lineInk(.double) > lineInk(.single))
        #expect(try lineInk(.thick) > lineInk(.single))
    }

    @Test func missingFamilyIsAClearError() throws {
        let error = #expect(throws: RendererError.self) {
            try Raster.render(
                Raster.list([run("Hi", family: "No Such Family")]))
        }
        #expect(error?.kind == .resource)
        #expect(error?.message.contains("\"No Such Family\" is not installed") == true)
        #expect(error?.message.contains("DejaVu Sans") == true)
        #expect(error?.message.contains("command 0 (glyphRun)") == true)
    }

    @Test func noFontsAtAllSaysHowToInstallThem() throws {
        let renderer = try RasterRenderer(
            configuration: RasterConfiguration(
                format: .rgba, fontDirectories: ["/nonexistent-fonts"]))
        let error = #expect(throws: RendererError.self) {
            try renderer.render(Raster.list([run("Hi")]))
        }
        #expect(error?.kind == .resource)
        #expect(error?.message.contains("make deps") == true)
        // Frames without text do not need fonts.
        let bitmap = try RasterBitmap(
            rgbaOutput: renderer.render(
                Raster.list([.fillRect(Rect(x: 0, y: 0, width: 5, height: 5), color: .red)])))
        #expect(bitmap.matches(x: 2, y: 2, .red))
    }

    /// The bounding box of the pixels that differ between two bitmaps.
    private func difference(_ a: RasterBitmap, _ b: RasterBitmap)
        -> (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    {
        guard a.width == b.width, a.height == b.height else {
            Issue.record("bitmaps of \(a.width)×\(a.height) and \(b.width)×\(b.height) pixels")
            return nil
        }
        var result: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<a.height {
            for x in 0..<a.width where a.rgba(x: x, y: y)! != b.rgba(x: x, y: y)! {
                if let r = result {
                    result = (min(r.minX, x), min(r.minY, y), max(r.maxX, x), max(r.maxY, y))
                } else {
                    result = (x, y, x, y)
                }
            }
        }
        return result
    }
}
