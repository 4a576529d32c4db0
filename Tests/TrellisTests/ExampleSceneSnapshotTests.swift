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

    nonisolated static var scenes: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: ExampleSceneSnapshotTests.scenes)
    func exampleScene(name: String) throws {
        let scene = try Scene(contentsOfFile: Self.examples.appendingPathComponent(name).path)
        let base = String(name.dropLast(".json".count))
        try expectSnapshot(of: scene.window, as: .text, named: base)
        try expectSnapshot(of: scene.window, as: .hierarchy, named: base)
    }
}
