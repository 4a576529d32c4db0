import Foundation
import Testing

/// A backend the command has never heard of, installed as a user would (a plugin file in a
/// folder on `TRELLIS_PLUGIN_PATH`, named by the convention), works with every command: it is
/// opened with the configuration it names for files, its files get the extension it names,
/// and the demo shows its preview. The backend is the C example, whose `output` entry names
/// `.summary` files with the label "file" and a preview with the label "preview".
@Suite struct FourthBackendTests {
    /// A fresh temporary folder holding the example plugin under the conventional name of
    /// "example-c". The test that makes it removes it, with everything in it, when it is done;
    /// when the plugin cannot be copied, it is removed here.
    private func installedPlugin() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-fourth-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let built = URL(fileURLWithPath: Trellis.executable).deletingLastPathComponent()
            .appendingPathComponent("libTrellisExampleBackend.so")
        do {
            try FileManager.default.copyItem(
                at: built, to: folder.appendingPathComponent("libTrellisExample-cBackend.so"))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return folder
    }

    private func run(_ arguments: [String], plugins: URL) throws -> CommandResult {
        try Trellis.run(arguments, environment: ["TRELLIS_PLUGIN_PATH": plugins.path])
    }

    private var scene: String {
        ExampleScenes.directory.appendingPathComponent("buttons.json").path
    }

    /// The summary the example writes: its label, then what the list holds.
    private func isSummary(_ text: String, label: String) -> Bool {
        text.range(
            of: #"^\#(label): [0-9]+ commands, [0-9]+ images, [0-9.]+x[0-9.]+$"#,
            options: .regularExpression) != nil
    }

    @Test func pluginsListsIt() throws {
        let folder = try installedPlugin()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(["plugins"], plugins: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("example-c"))
    }

    @Test func renderOpensItForAFileAndWritesItsOutput() throws {
        let folder = try installedPlugin()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try run(["render", scene, "--backend", "example-c"], plugins: folder)
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(isSummary(printed.output, label: "file"), "\(printed.output)")

        let file = folder.appendingPathComponent("buttons.summary")
        let written = try run(
            ["render", scene, "--backend", "example-c", "--out", file.path], plugins: folder)
        #expect(written.status == 0, "\(written.errors)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == printed.output)
    }

    @Test func renderManyNamesFilesWithItsExtension() throws {
        let folder = try installedPlugin()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let scenes = ["buttons.json", "seed-002-mybutton.json"].map {
            ExampleScenes.directory.appendingPathComponent($0).path
        }
        let result = try run(
            ["render", "--backend", "example-c", "--out-dir", out.path, "--jobs", "2"] + scenes,
            plugins: folder)
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["buttons.summary", "seed-002-mybutton.summary"])
        for name in names {
            let text = String(
                decoding: try Data(contentsOf: out.appendingPathComponent(name)), as: UTF8.self)
            #expect(isSummary(text, label: "file"), "\(name): \(text)")
        }
    }

    @Test func theDemoShowsItsPreviewAndWritesItsFile() throws {
        let folder = try installedPlugin()
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try run(["demo", "--backend", "example-c"], plugins: folder)
        #expect(preview.status == 0, "\(preview.errors)")
        let lines = preview.output.components(separatedBy: "\n")
        #expect(lines.first == "Trellis — the seed components, drawn by the example-c backend")
        #expect(lines.count > 2 && isSummary(lines[2], label: "preview"), "\(preview.output)")
        #expect(preview.output.contains("Touches on MyButton"))

        let file = folder.appendingPathComponent("gallery.summary")
        let written = try run(
            ["demo", "--backend", "example-c", "--out", file.path], plugins: folder)
        #expect(written.status == 0, "\(written.errors)")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(isSummary(text, label: "file"), "\(text)")
    }

    @Test func layoutNeedsNoBackendAndTheSceneLaysOutTheSame() throws {
        let folder = try installedPlugin()
        defer { try? FileManager.default.removeItem(at: folder) }
        let with = try run(["layout", scene], plugins: folder)
        let without = try Trellis.run(["layout", scene])
        #expect(with.status == 0 && with.output == without.output)
    }
}
