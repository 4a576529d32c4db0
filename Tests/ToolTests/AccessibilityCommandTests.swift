import Foundation
import Testing

/// `trellis a11y`: a scene's accessibility tree, and its audit.
@Suite struct AccessibilityCommandTests {
    /// A scene file in a fresh temporary folder. The caller removes the folder with
    /// `removeFolder(of:)` when its test is done.
    private func sceneFile(_ json: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-a11y-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("scene.json")
        do {
            try Data(json.utf8).write(to: file)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return file.path
    }

    /// Removes the folder `sceneFile(_:)` made, with the scene file in it.
    private func removeFolder(of file: String) {
        try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent)
    }

    private let unlabelledSwitch = #"""
        {"size": [200, 100], "root": {"children": [
          {"id": "title", "type": "label", "text": "Alarm", "frame": [16, 16, 100, 20]},
          {"id": "alarm", "type": "switch", "frame": [16, 44, 51, 31], "isOn": true}
        ]}}
        """#

    @Test func printsTheTreeInReadingOrder() throws {
        let scene = try sceneFile(unlabelledSwitch)
        defer { removeFolder(of: scene) }
        let result = try Trellis.run(["a11y", scene])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output == """
                - text "Alarm" traits=[staticText] id=title frame=(16, 16, 100, 20)
                - toggleButton value="1" traits=[button, toggleButton] id=alarm frame=(16, 44, 51, 31)

                """)
    }

    @Test func auditPrintsEachFindingAndExitsOne() throws {
        let scene = try sceneFile(unlabelledSwitch)
        defer { removeFolder(of: scene) }
        let result = try Trellis.run(["a11y", "--audit", scene])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == 2, "\(result.output)")
        #expect(
            lines[0].hasPrefix("missingLabel: Window/View[0]/Switch#alarm frame=(16, 44, 51, 31): ")
        )
        #expect(lines[1].hasPrefix("smallHitTarget: Window/View[0]/Switch#alarm "))
        #expect(result.errors.isEmpty)
    }

    @Test func auditSaysNoFindingsAndExitsZeroForAnAccessibleScene() throws {
        let fixed = unlabelledSwitch.replacingOccurrences(
            of: #"[16, 44, 51, 31], "isOn": true"#,
            with: #"[16, 44, 51, 44], "isOn": true, "accessibilityLabel": "Alarm""#)
        let scene = try sceneFile(fixed)
        defer { removeFolder(of: scene) }
        let result = try Trellis.run(["a11y", "--audit", scene])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "no findings\n")
    }

    @Test(arguments: ExampleScenes.all)
    func everyExampleSceneAuditsClean(name: String) throws {
        let path = ExampleScenes.directory.appendingPathComponent(name).path
        let result = try Trellis.run(["a11y", "--audit", path])
        #expect(result.status == 0 && result.output == "no findings\n", "\(name): \(result.output)")
        let tree = try Trellis.run(["a11y", path])
        #expect(tree.status == 0 && !tree.output.isEmpty, "\(name): \(tree.errors)")
    }

    @Test func usageErrorsExitTwoAndSceneErrorsOne() throws {
        let none = try Trellis.run(["a11y"])
        #expect(none.status == 2)
        #expect(none.errors.hasPrefix("trellis: 'trellis a11y' needs a scene file"))
        #expect(none.errors.contains("a11y        print what assistive technologies read"))
        let two = try Trellis.run(["a11y", "a.json", "b.json"])
        #expect(two.status == 2 && two.errors.hasPrefix("trellis: give one scene file"))
        let option = try Trellis.run(["a11y", "--audits", "a.json"])
        #expect(option.status == 2 && option.errors.hasPrefix("trellis: unknown option '--audits'"))
        let missing = try Trellis.run(["a11y", "/nonexistent/scene.json"])
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("trellis: /nonexistent/scene.json: "))
        let brokenScene = try sceneFile(#"{"size": [10, 10]}"#)
        defer { removeFolder(of: brokenScene) }
        let broken = try Trellis.run(["a11y", "--audit", brokenScene])
        #expect(broken.status == 1 && broken.errors.contains("scene.root: missing"))
    }
}
