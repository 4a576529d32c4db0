import Foundation
import Testing

/// The example scenes of the repository and the commands that read them.
enum ExampleScenes {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }

    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "__Fixtures__/layout")
    }
}

@Suite struct SceneCommandTests {
    @Test func thereAreExampleScenesForEverySeed() {
        let names = ExampleScenes.all
        for seed in ["seed-000", "seed-001", "seed-002", "seed-003", "seed-004"] {
            #expect(names.contains { $0.hasPrefix(seed) }, "\(seed)")
        }
    }

    @Test(arguments: ExampleScenes.all)
    func layoutPrintsTheRecordedFrames(scene: String) throws {
        let result = try Trellis.run([
            "layout", ExampleScenes.directory.appendingPathComponent(scene).path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let expected = try String(
            contentsOf: ExampleScenes.fixtures.appendingPathComponent(scene), encoding: .utf8)
        #expect(result.output == expected)
    }

    @Test(arguments: ExampleScenes.all)
    func everyExampleRendersThroughEveryBackend(scene: String) throws {
        let path = ExampleScenes.directory.appendingPathComponent(scene).path
        let text = try Trellis.run(["render", path])
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.output.hasPrefix("trellis-display 1\n"))
        let png = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-\(getpid())-\(scene).png")
        // The command writes the file; it is this test's output, removed when the test ends.
        defer { try? FileManager.default.removeItem(at: png) }
        let raster = try Trellis.run(["render", path, "--backend", "raster", "--out", png.path])
        #expect(raster.status == 0, "\(raster.errors)")
        #expect(try Data(contentsOf: png).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let terminal = try Trellis.run(["render", path, "--backend", "terminal"])
        #expect(terminal.status == 0, "\(terminal.errors)")
        #expect(terminal.output.hasPrefix("\u{1B}["))
    }

    @Test func layoutMeasuresTextAsTheBackendThatDrawsIt() throws {
        let scene = ExampleScenes.directory.appendingPathComponent("seed-004-sfbutton.json").path
        let plain = try Trellis.run(["layout", scene])
        let text = try Trellis.run(["layout", scene, "--backend", "text"])
        let raster = try Trellis.run(["layout", scene, "--backend", "raster"])
        #expect(plain.status == 0 && text.status == 0 && raster.status == 0, "\(raster.errors)")
        #expect(plain.output == text.output)
        // Buttons sized by their titles are as wide as the raster backend's glyphs.
        #expect(raster.output != text.output)
        let missing = try Trellis.run(["layout", scene, "--backend", "plotter"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("no backend named \"plotter\""))
    }

    @Test func sfButtonsAreStackedByTheirStyle() throws {
        let result = try Trellis.run([
            "layout", ExampleScenes.directory.appendingPathComponent("seed-004-sfbutton.json").path,
        ])
        #expect(result.output.hasPrefix(#"{"root": [0, 0, 360, 250], "row": [16, 16, "#))
    }

    @Test func sceneErrorsAreOneLineWithExitStatusOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-scenes-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (
                #"{"size": [10, 10], "root": {"children": [{}, {}, {"style": {"flexGrw": 1}}]}}"#,
                #"root.children[2].style.flexGrw: unknown key (did you mean "flexGrow"?)"#
            ),
            (
                #"{"size": [10, 10], "root": {"cornerRadius": "8"}}"#,
                "root.cornerRadius: expected a number, found a string"
            ),
            (
                ##"{"size": [10, 10], "root": {"backgroundColor": "#GG0000"}}"##,
                "root.backgroundColor: 'G' at offset 1 is not a hexadecimal digit (got \"#GG0000\")"
            ),
            (
                #"{"size": [10, 10], "root": {"children": [{"id": "a"}, {"id": "a"}]}}"#,
                #"root.children[1].id: duplicate id "a"; ids must be unique in a scene"#
            ),
            (
                #"{"size": [10, 10], "root": {"constraints": ["b.width == 5"], "children": [{"id": "a"}]}}"#,
                #"root.constraints[0]: column 1 of "b.width == 5": unknown item 'b'; known items are super, a"#
            ),
            (
                #"{"size": [10, 10], "root": {"constraints": ["a.width == 5", "a.width == 6"], "children": [{"id": "a"}]}}"#,
                #"root.constraints[1]: unsatisfiable constraint "a.width == 6": it conflicts with the required constraints listed; lower the priority of one of them below 1000 or remove it (involved: a.width == 6; a.width == 5)"#
            ),
        ]
        for (index, (json, message)) in cases.enumerated() {
            let file = directory.appendingPathComponent("case\(index).json")
            try json.write(to: file, atomically: true, encoding: .utf8)
            for command in ["layout", "render"] {
                let result = try Trellis.run([command, file.path])
                #expect(result.status == 1)
                #expect(result.errors == "trellis: \(file.path): \(message)\n")
                #expect(result.output.isEmpty)
            }
        }
        let missing = try Trellis.run(["layout", "/nonexistent/scene.json"])
        #expect(missing.status == 1)
        #expect(
            missing.errors
                == "trellis: /nonexistent/scene.json: scene: cannot read /nonexistent/scene.json\n")
        let usage = try Trellis.run(["render"])
        #expect(usage.status == 2)
        #expect(usage.errors.hasPrefix("trellis: 'trellis render' needs a scene file"))
    }
}
