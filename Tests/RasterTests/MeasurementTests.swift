import Foundation
import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct MeasurementTests {
    private let renderer: RasterRenderer

    init() throws {
        renderer = try Raster.rgbaRenderer()
    }

    private func measure(
        _ clusters: [String], family: String = "system", size: Double = 20, weight: Int = 400,
        monospaced: Bool = false
    ) throws -> MeasuredRun {
        let font = FontDescriptor(
            family: family, size: size, weight: weight, isMonospaced: monospaced)
        return try #require(renderer.measure([MeasureRun(font: font, clusters: clusters)]).first)
    }

    private func measure(_ text: String, family: String = "system", size: Double = 20) throws
        -> MeasuredRun
    {
        try measure(text.map(String.init), family: family, size: size)
    }

    @Test func metricsAreOrderedAndScaleWithTheSize() throws {
        let small = try measure("Hx")
        let large = try measure("Hx", size: 40)
        #expect(small.ascender > small.capHeight)
        #expect(small.capHeight > small.xHeight)
        #expect(small.xHeight > 0)
        #expect(small.descender > 0)
        #expect(small.lineGap >= 0)
        // Line metrics are whole points, each rounded as Chromium rounds them: DejaVu Sans's
        // ascender is 1901 and its descender 483 of 2048 units per em.
        #expect(small.ascender == (20 * 1901 / 2048.0).rounded())
        #expect(large.ascender == (40 * 1901 / 2048.0).rounded())
        #expect(small.descender == (20 * 483 / 2048.0).rounded())
        #expect(large.descender == (40 * 483 / 2048.0).rounded())
        #expect(abs(large.xHeight - 2 * small.xHeight) < 1e-9)
        try #require(!large.advances.isEmpty && !small.advances.isEmpty)
        #expect(abs(large.advances[0] - 2 * small.advances[0]) < 1e-9)
    }

    @Test func oneAdvancePerClusterAndEmptyRunsHaveNone() throws {
        let run = try measure("Save 保存 👍🏽")
        #expect(run.advances.count == "Save 保存 👍🏽".count)
        #expect(run.advances.allSatisfy { $0 > 0 })
        let empty = try measure([String]())
        #expect(empty.advances.isEmpty)
        #expect(empty.ascender > 0)
    }

    @Test func systemFamilyIsDejaVuSans() throws {
        #expect(try measure("Trellis") == measure("Trellis", family: "DejaVu Sans"))
        #expect(try measure("Trellis", family: "SYSTEM") == measure("Trellis"))
    }

    @Test func monospacedSystemFontGivesEqualAdvances() throws {
        let run = try measure(["i", "m", "W", "."], monospaced: true)
        #expect(Set(run.advances).count == 1)
        #expect(try run == measure(["i", "m", "W", "."], family: "DejaVu Sans Mono"))
    }

    @Test func boldIsWider() throws {
        let regular = try measure(["Bold"])
        let bold = try measure(["Bold"], weight: 700)
        try #require(!bold.advances.isEmpty && !regular.advances.isEmpty)
        #expect(bold.advances[0] > regular.advances[0])
    }

    @Test func wholeRunIsShapedSoKerningApplies() throws {
        let pair = try measure(["A", "V"])
        let a = try measure(["A"])
        let v = try measure(["V"])
        try #require(!a.advances.isEmpty && !v.advances.isEmpty)
        #expect(pair.advances.reduce(0, +) < a.advances[0] + v.advances[0])
    }

    @Test func combiningMarkBelongsToItsBaseCluster() throws {
        let accented = try measure(["e\u{301}", "x"])
        let plain = try measure(["e", "x"])
        #expect(accented.advances.count == 2)
        try #require(!accented.advances.isEmpty && !plain.advances.isEmpty)
        #expect(abs(accented.advances[0] - plain.advances[0]) < 1e-9)
    }

    @Test func clustersMergedByShapingShareTheirAdvance() throws {
        // However the font joins "f" and "i", each cluster keeps a positive share and the
        // total is the whole run's advance.
        let run = try measure(["f", "i", "n", "d"])
        #expect(run.advances.allSatisfy { $0 > 0 })
        let whole = try measure(["find"])
        try #require(!whole.advances.isEmpty)
        #expect(abs(run.advances.reduce(0, +) - whole.advances[0]) < 1e-9)
    }

    @Test func encodedRequestGetsAnEncodedResponse() throws {
        let runs = [
            MeasureRun(font: FontDescriptor(size: 14), clusters: ["O", "K"]),
            MeasureRun(font: FontDescriptor(family: "DejaVu Sans", size: 30), clusters: ["保"]),
        ]
        let request = TextMeasurementCodec.encode(request: runs)
        let bytes = try request.withUnsafeBytes { try renderer.measure($0) }
        let decoded = try bytes.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) }
        #expect(try decoded == renderer.measure(runs))
        #expect(decoded.count == 2)
        // The CJK ideograph is one em wide in WenQuanYi Micro Hei.
        try #require(decoded.count > 1 && !decoded[1].advances.isEmpty)
        #expect(abs(decoded[1].advances[0] - 30) < 0.01)
    }

    @Test func malformedRequestIsInvalidInput() throws {
        let error = #expect(throws: RendererError.self) {
            try [UInt8](arrayLiteral: 1, 2, 3).withUnsafeBytes { try renderer.measure($0) }
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.hasPrefix("raster: measure request: ") == true)
    }

    @Test func missingFamilyNamesTheRun() throws {
        let error = #expect(throws: RendererError.self) {
            try renderer.measure([
                MeasureRun(font: FontDescriptor(size: 12), clusters: ["a"]),
                MeasureRun(font: FontDescriptor(family: "Nope", size: 12), clusters: ["a"]),
            ])
        }
        #expect(error?.kind == .resource)
        #expect(error?.message.hasPrefix("raster: measure run 1: font family \"Nope\"") == true)
    }
}

@Suite(.serialized) struct FontConfigurationTests {
    @Test func usersFontconfigSettingsAreIgnored() throws {
        let font = FontDescriptor(family: "DejaVu Sans", size: 20)
        let run = MeasureRun(font: font, clusters: ["i", "i", "m"])
        let before = try RasterRenderer(configuration: RasterConfiguration()).measure([run])
        // A user configuration that would turn DejaVu Sans into the monospaced face.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-fontconfig-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig>
          <dir>/usr/share/fonts</dir>
          <match target="pattern">
            <test name="family"><string>DejaVu Sans</string></test>
            <edit name="family" mode="assign" binding="strong"><string>DejaVu Sans Mono</string></edit>
          </match>
        </fontconfig>
        """.write(to: file, atomically: true, encoding: .utf8)
        setenv("FONTCONFIG_FILE", file.path, 1)
        defer { unsetenv("FONTCONFIG_FILE") }
        let after = try RasterRenderer(configuration: RasterConfiguration()).measure([run])
        #expect(after == before)
        try #require(!before.isEmpty && before[0].advances.count > 2)
        #expect(before[0].advances[0] != before[0].advances[2])
    }
}
