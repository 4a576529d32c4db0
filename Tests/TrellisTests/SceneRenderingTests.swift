import Foundation
import Testing
import Trellis

@MainActor
private func smallScene() throws -> Scene {
    try Scene(
        json: Array(
            ##"{"size": [120, 60], "scale": 2, "root": {"id": "root", "backgroundColor": "#FF0000", "children": [{"id": "box \"1\"", "frame": [10.25, 20, 30, 15.5], "backgroundColor": "#0000FF"}]}}"##
                .utf8))
}

/// Rendering and laying out scenes through the public API that `trellis render` and
/// `trellis layout` call.
@MainActor
@Suite struct SceneRenderingTests {
    @Test func theTextBackendListsTheScenesDrawingCommands() throws {
        let scene = try smallScene()
        let listing = String(decoding: try scene.render(backend: "text"), as: UTF8.self)
        #expect(listing.hasPrefix("trellis-display 1\ncanvas 120 60 scale 2\n"))
        #expect(listing.contains("fill-rect 0 0 120 60 #FF0000"))
        #expect(
            listing.contains("concatenate 1 0 0 1 10.25 20\n      fill-rect 0 0 30 15.5 #0000FF"))
    }

    @Test func theFunctionAndTheMethodRenderTheSame() throws {
        let registry = BackendRegistry()
        let function = try render(scene: smallScene(), backend: "text", registry: registry)
        let method = try smallScene().render(backend: "text", registry: registry)
        #expect(!function.isEmpty)
        #expect(function == method)
    }

    @Test func theRasterBackendWritesPNGAtTheScenesScale() throws {
        let scene = try smallScene()
        let png = try scene.render(backend: "raster")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let image = try Image(pngData: png)
        #expect(image.pixelWidth == 240 && image.pixelHeight == 120)
        #expect(image.pixels.color(x: 2, y: 2) == .red)
        #expect(image.pixels.color(x: 40, y: 50) == .blue)
        #expect(scene.window.backend?.name == "raster")
    }

    @Test func renderingThroughAnOpenBackendKeepsItAsTheWindowsBackend() throws {
        let scene = try smallScene()
        let backend = try BackendRegistry().openForFile("terminal")
        let screen = String(decoding: try scene.render(with: backend), as: UTF8.self)
        #expect(screen.contains("\u{1B}["))
        #expect(scene.window.backend === backend)
    }

    @Test func anUnknownBackendIsAnErrorNamingIt() throws {
        let scene = try smallScene()
        do {
            _ = try scene.render(backend: "plotter")
            Issue.record("rendered with a backend that does not exist")
        } catch {
            #expect(error.code == .unknownBackend)
            #expect(error.description.contains("\"plotter\""))
        }
    }

    @Test func oneOffRendersUseTheConfigurationEachBackendNamesForFiles() throws {
        let registry = BackendRegistry()
        #expect(
            String(decoding: try registry.output(of: "raster").fileConfiguration, as: UTF8.self)
                == #"{"format":"png"}"#)
        let terminal = try TerminalConfiguration(
            json: try registry.output(of: "terminal").fileConfiguration)
        #expect(terminal.repaintsEveryFrame)
        #expect(terminal.colorMode == .truecolor)
        #expect(try registry.output(of: "text").fileConfiguration.isEmpty)
        // What a scene renders by name is what the file configuration opens.
        let scene = try smallScene()
        let png = try scene.render(backend: "raster", registry: registry)
        #expect(try scene.render(with: registry.openForFile("raster")) == png)
    }

    @Test func layoutJSONListsFramesByIDInDocumentOrder() throws {
        #expect(
            try smallScene().layoutJSON()
                == #"{"root": [0, 0, 120, 60], "box \"1\"": [10.25, 20, 30, 15.5]}"# + "\n")
    }

    @Test func layoutJSONOfAnExampleScene() throws {
        let path = ExampleSceneSnapshotTests.examples.appendingPathComponent(
            "seed-003-app-grid.json"
        ).path
        let scene = try Scene(contentsOfFile: path)
        let json = scene.layoutJSON()
        let parsed = try JSONParser.parse(Array(json.utf8))
        guard case .object(let members) = parsed else {
            Issue.record("not an object: \(json)")
            return
        }
        #expect(members.map(\.key) == scene.identifiedViews.map(\.id))
        #expect(json.hasSuffix("}\n"))
    }
}
