import Foundation
import Testing
import Trellis
import TrellisRasterRenderer

/// Text measured through the raster plugin, as layout measures it, against the width the
/// plugin draws the same text at.
@MainActor
@Suite struct MeasurementAgreementTests {
    /// Runs whose width depends on shaping each cluster with its neighbours: kerned pairs,
    /// joined Arabic letters, and a Latin run that falls back to the CJK font in the middle.
    nonisolated static let kerningSensitive = ["Title", "To", "AVA", "Wave", "مرحبا", "Save 保存 OK"]

    static let font = Font.system(size: 20)
    static let scale = 4.0
    static let origin = Point(x: 10, y: 40)

    /// A fresh raster plugin instance, rendering raw RGBA.
    private func openRaster() throws -> any Backend {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        return try registry.open("raster", configuration: Array(#"{"format":"rgba"}"#.utf8))
    }

    /// The width the renderer draws a run at: its underline, which spans the shaped run, with
    /// the glyphs themselves transparent; in device pixels at ``scale``. The run goes in the
    /// direction of the text's first strong character, as a label draws text of one direction.
    private func drawnWidth(of text: String, with backend: any Backend) throws -> Double {
        let run = GlyphRun(
            text: text, font: Self.font.descriptor,
            color: Color(red: 0, green: 0, blue: 0, alpha: 0),
            origin: Self.origin, width: 0, ascent: 0, descent: 0,
            underline: TextLineStyle(.thick, color: .black),
            direction: LayoutDirection(firstStrongIn: text) ?? .leftToRight)
        let list = DisplayList(
            size: Size(width: 200, height: 60), scale: Self.scale, commands: [.glyphRun(run)])
        let bitmap = try RasterBitmap(rgbaOutput: backend.render(encoded: list.encoded()))
        let ink = try #require(bitmap.inkBounds(threshold: 127), "\"\(text)\" drew no underline")
        return Double(ink.maxX + 1) - Self.origin.x * Self.scale
    }

    @Test(arguments: kerningSensitive)
    func measuredWidthIsTheDrawnWidth(_ text: String) throws {
        let backend = try openRaster()
        let metrics = BackendFontMetrics(backend: backend)
        let measured = metrics.width(of: text, font: Self.font)
        let drawn = try drawnWidth(of: text, with: backend)
        // Within the one device pixel that anti-aliasing blurs the underline's end over.
        #expect(
            abs(measured * Self.scale - drawn) <= 1,
            "\"\(text)\" measures \(measured) pt; the renderer draws \(drawn / Self.scale) pt")
    }

    @Test(arguments: kerningSensitive)
    func aLabelIsSizedToTheDrawnWidth(_ text: String) throws {
        let backend = try openRaster()
        let window = Window(size: Size(width: 300, height: 100), backend: backend)
        let label = Label()
        label.font = Self.font
        label.text = text
        window.addSubview(label)
        label.sizeToFit()
        window.layoutIfNeeded()
        let line = try #require(label.textLayout?.lines.first)
        #expect(line.text == text)
        #expect(label.bounds.width >= line.width)
        let drawn = try drawnWidth(of: text, with: backend)
        #expect(abs(line.width * Self.scale - drawn) <= 1)
    }

    @Test func measurementDoesNotDependOnWhatWasMeasuredBefore() throws {
        let primed = BackendFontMetrics(backend: try openRaster())
        // Each of these shapes the clusters of "Title" with other neighbours, or with none.
        for text in ["T", "e", "Teilt", "itle", "Ti"] {
            _ = primed.advances(of: TextRun(text, font: Self.font))
        }
        let fresh = BackendFontMetrics(backend: try openRaster())
        let title = TextRun("Title", font: Self.font)
        let inPrimed = primed.advances(of: title)
        #expect(inPrimed == fresh.advances(of: title))
        // "T" is kerned against "i" inside "Title", and so narrower than alone.
        let alone = fresh.advances(of: TextRun("T", font: Self.font))
        #expect(inPrimed.first ?? 0 < alone.first ?? 0)
    }

    @Test func aPassWithManyTextsIsOneCallAndEachIsShapedOnItsOwn() throws {
        let backend = try openRaster()
        let metrics = BackendFontMetrics(backend: backend)
        let runs = Self.kerningSensitive.map { TextRun($0, font: Self.font) }
        let batched = metrics.measure(runs: runs)
        #expect(metrics.backendCalls == 1)
        for (run, advances) in zip(runs, batched) {
            let alone = BackendFontMetrics(backend: try openRaster()).advances(of: run)
            #expect(advances == alone, "\"\(run.text)\" measured with others")
        }
    }
}
