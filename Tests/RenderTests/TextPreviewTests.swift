import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTextRenderer

/// The text backend's character-grid preview.
@Suite struct TextPreviewTests {
    /// A 40 × 20 frame: a black block, a light grey cell and "Hi" on the second row.
    private func smallFrame() -> DisplayList {
        var list = DisplayList(size: Size(width: 40, height: 20))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 20, height: 10), color: .black))
        list.append(
            .fillRect(
                Rect(x: 20, y: 0, width: 10, height: 10),
                color: Color(red: 0.6, green: 0.6, blue: 0.6)))
        list.append(
            .glyphRun(
                GlyphRun(
                    text: "Hi", font: FontDescriptor(size: 10), color: .black,
                    origin: Point(x: 20, y: 18), width: 12, ascent: 8, descent: 2)))
        return list
    }

    private let configuration = #"{"preview": true, "cellWidth": 10, "cellHeight": 10}"#

    @Test func previewFollowsTheCommandLines() throws {
        let renderer = try TextRenderer(configuration: Array(configuration.utf8))
        let lines = renderer.render(smallFrame()).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "trellis-display 1",
                "canvas 40 20 scale 1",
                "fill-rect 0 0 20 10 #000000",
                "fill-rect 20 0 10 10 #999999",
                "text \"Hi\" at 20 18 width 12 font \"system\" 10 w400 color #000000",
                "preview 4x2",
                "|@@= |",
                "|  Hi|",
            ])
    }

    @Test func previewAloneThroughThePlugin() throws {
        let library = try PluginLibrary.load(
            path: PluginFixtures.buildDirectory + "/libTrellisTextBackend.so")
        let backend = try PluginBackend(
            library: library,
            configuration: Array(
                #"{"preview": true, "commands": false, "cellWidth": 10, "cellHeight": 10}"#.utf8))
        let output = try backend.render(encoded: smallFrame().encoded())
        #expect(String(decoding: output, as: UTF8.self) == "|@@= |\n|  Hi|\n")
    }

    @Test func previewCellsFollowTheConfiguredSize() throws {
        let renderer = try TextRenderer(
            configuration: Array(
                #"{"preview": true, "commands": false, "cellWidth": 20, "cellHeight": 20}"#.utf8))
        #expect(renderer.render(smallFrame()) == "|@H|\n")
    }

    @Test func unknownKeysListEveryKnownKey() {
        do {
            _ = try TextRenderer(configuration: Array(#"{"grid": true}"#.utf8))
            Issue.record("accepted an unknown key")
        } catch {
            #expect(
                error.message
                    == "unknown configuration key \"grid\" (known: preview, commands, cellWidth, "
                    + "cellHeight)")
        }
    }
}
