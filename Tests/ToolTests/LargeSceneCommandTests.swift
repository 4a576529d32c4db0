import Foundation
import Testing
import Trellis

/// Generated scenes large enough to take the command's paths for large scenes.
enum LargeScenes {
    /// A wrapping flex row of `count` styled views: about 55 bytes a view.
    static func wrap(views count: Int) -> String {
        var json = #"{"size": [1000, 100000], "root": {"id": "root", "style": "#
        json += #"{"flexDirection": "row", "flexWrap": "wrap"}, "children": ["#
        for index in 0..<count {
            if index > 0 { json += ", " }
            json += #"{"id": "i\#(index)", "style": {"width": \#(10 + index % 7 * 5), "#
            json += #""height": \#(10 + index % 3 * 4)}}"#
        }
        return json + "]}}"
    }

    /// Writes a scene to a temporary file and returns its path.
    static func file(_ json: String, named name: String) throws -> URL {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-\(name)-\(getpid()).json")
        try json.write(to: path, atomically: true, encoding: .utf8)
        return path
    }
}

@MainActor @Suite struct LargeSceneCommandTests {
    /// The command writes its frames as bytes of its own: they are the library's
    /// `layoutJSON()`, for a scene large enough to start the heap's helper thread too.
    @Test func layoutOfALargeSceneIsTheLibrarysLayoutJSON() throws {
        let path = try LargeScenes.file(LargeScenes.wrap(views: 6000), named: "large-layout")
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Trellis.run(["layout", path.path])
        #expect(result.status == 0, "\(result.errors)")
        let scene = try Scene(contentsOfFile: path.path)
        let expected = scene.layoutJSON()
        #expect(result.output == expected)
        #expect(expected.hasPrefix(#"{"root": [0, 0, 1000, 100000], "i0": [0, 0, 10, 10], "#))
        #expect(expected.hasSuffix("]}\n"))
        #expect(expected.components(separatedBy: "], ").count == 6001)
    }
}
