import Foundation
import Testing
import Trellis
import TrellisTesting

/// Every example scene of the repository, decoded and compared with its recorded rendering.
@MainActor
@Suite struct ExampleSceneSnapshotTests {
    nonisolated static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }

    /// The scene files in `Examples/`; a missing directory is an error, not zero cases.
    nonisolated static func scenes() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func theExamplesDirectoryHoldsTheSeedScenes() throws {
        let scenes = try Self.scenes()
        #expect(scenes.count >= 7, "found \(scenes) in \(Self.examples.path)")
        for seed in [
            "000-alignment", "001-overlay", "002-mybutton", "003-app-grid", "004-sfbutton",
        ] {
            #expect(scenes.contains("seed-\(seed).json"), "Examples/seed-\(seed).json is missing")
        }
    }

    @Test(arguments: try ExampleSceneSnapshotTests.scenes())
    func exampleScene(name: String) throws {
        let scene = try Scene(contentsOfFile: Self.examples.appendingPathComponent(name).path)
        let base = String(name.dropLast(".json".count))
        try expectSnapshot(of: scene.window, as: .text, named: base)
        try expectSnapshot(of: scene.window, as: .hierarchy, named: base)
        try expectSnapshot(of: scene.window, as: .accessibility, named: base)
    }
}
