import Foundation
import Testing
import Trellis
import TrellisGeometry

/// Hostile scenes: numbers out of range, values that contradict each other, images beyond
/// the budget and text that would reach a terminal as control sequences are refused with their
/// key path; repeated images are made once.
@MainActor
@Suite struct SceneLimitTests {
    private func error(_ root: String) -> String? {
        do {
            _ = try Scene(json: Array(##"{"size": [320, 80], "root": \##(root)}"##.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (##"{"children": [{"frame": [0, 0, 1e308, 40]}]}"##, "root.children[0].frame[2]"),
        (##"{"children": [{"frame": [0, 0, 2e6, 40]}]}"##, "root.children[0].frame[2]"),
        (##"{"cornerRadius": 1e300}"##, "root.cornerRadius"),
        (##"{"type": "button", "spacing": -1e7}"##, "root.spacing"),
        (##"{"style": {"flexGrow": 1e308}}"##, "root.style.flexGrow"),
        (##"{"style": {"aspectRatio": 1e-300}}"##, "root.style.aspectRatio"),
        (##"{"style": {"aspectRatio": "1 / 1e300"}}"##, "root.style.aspectRatio"),
        (##"{"style": {"aspectRatio": "1e-300"}}"##, "root.style.aspectRatio"),
        (##"{"style": {"gap": 1e308}}"##, "root.style.gap"),
        (##"{"style": {"width": "1e9%"}}"##, "root.style.width"),
        (##"{"type": "stepper", "minimumValue": 10, "maximumValue": 1}"##, "root.maximumValue"),
        (##"{"type": "slider", "value": 1e300}"##, "root.value"),
        (
            ##"{"constraints": ["a.width == -50"], "children": [{"id": "a"}]}"##,
            "root.constraints[0]"
        ),
        (
            ##"{"constraints": ["a.height <= -1"], "children": [{"id": "a"}]}"##,
            "root.constraints[0]"
        ),
        (
            ##"{"constraints": ["a.width == b.width * 1e300"], "children": [{"id": "a"}, {"id": "b"}]}"##,
            "root.constraints[0]"
        ),
    ])
    func numbersOutOfRangeAreRefusedWithTheirKeyPath(root: String, keyPath: String) throws {
        let message = try #require(error(root), "accepted: \(root)")
        #expect(message.hasPrefix(keyPath + ":"), "\(message)")
    }

    /// A frame of four numbers in range is read from the document's nodes; any other frame is
    /// read as a value, whose error names what is wrong and where.
    @Test(
        arguments: [
            (##"[1, 2.5, 30, 40]"##, Rect(x: 1, y: 2.5, width: 30, height: 40), nil),
            (
                ##"[-1000000, 0, 1000000, 0]"##,
                Rect(x: -1_000_000, y: 0, width: 1_000_000, height: 0),
                nil
            ),
            (##"null"##, Rect.zero, nil),
            (
                ##"[1, 2, 3]"##, nil,
                "root.children[0].frame: expected [x, y, width, height], an array of 4 numbers"
            ),
            (
                ##"[1, "2", 3, 4]"##, nil,
                "root.children[0].frame[1]: expected a number, found a string"
            ),
            (##"[1, [2], 3, 4]"##, nil, "root.children[0].frame[1]: expected a number"),
            (##"[1, 2, 3, 1000001]"##, nil, "root.children[0].frame[3]: 1000001.0 is out of range"),
            (
                ##"[1, 2, -3, 4]"##, nil,
                "root.children[0].frame: the width and height cannot be negative"
            ),
            (##"{"x": 1}"##, nil, "root.children[0].frame: expected [x, y, width, height]"),
        ] as [(String, Rect?, String?)])
    func framesAreReadOrRefusedAtTheirKeyPath(frame: String, read: Rect?, refusal: String?) throws {
        let json =
            ##"{"size": [320, 80], "root": {"children": [{"id": "a", "frame": \##(frame)}]}}"##
        do {
            let scene = try Scene(json: Array(json.utf8))
            #expect(refusal == nil, "accepted \(frame)")
            #expect(scene.view(withID: "a")?.frame == read)
        } catch {
            let refusal = try #require(refusal, "refused \(frame): \(error)")
            #expect(error.description.hasPrefix(refusal), "\(error.description)")
        }
    }

    @Test func aNegativeLowerBoundOnASizeIsHarmless() throws {
        #expect(error(##"{"constraints": ["a.width >= -5"], "children": [{"id": "a"}]}"##) == nil)
    }

    @Test func controlsInIdsAndValuesAreEscapedInMessagesAndJSON() throws {
        let id = "a\\u001b[31m\\u009b\\u202e\\u0007"
        let message = try #require(
            error(##"{"children": [{"id": "\##(id)"}, {"id": "\##(id)"}]}"##))
        #expect(
            !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        )
        #expect(!message.unicodeScalars.contains { $0.value == 0x202E })
        #expect(message.contains("\\u{1B}[31m\\u{9B}\\u{202E}\\u{7}"))
        let scene = try Scene(
            json: Array(##"{"size": [10, 10], "root": {"children": [{"id": "\##(id)"}]}}"##.utf8))
        #expect(scene.layoutJSON() == "{\"a\\u001b[31m\\u009b\\u202e\\u0007\": [0, 0, 0, 0]}\n")
    }

    @Test func aFileUsedManyTimesIsDecodedOnce() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pixels = [UInt8]((0..<16).flatMap { _ in [0, 0, 255, 255] as [UInt8] })
        try Data(try Image.encodePNG(pixels, width: 4, height: 4))
            .write(to: directory.appendingPathComponent("icon.png"))
        let children = (0..<12).map {
            ##"{"id": "i\##($0)", "type": "image", "image": "icon.png"}"##
        }
        let scene = try Scene(
            json: Array(
                ##"{"size": [100, 100], "root": {"children": [\##(children.joined(separator: ","))]}}"##
                    .utf8),
            baseDirectory: directory.path)
        let images = (0..<12).compactMap { (scene.view(withID: "i\($0)") as? ImageView)?.image }
        #expect(images.count == 12)
        #expect(images.allSatisfy { $0 === images[0] })
    }

    @Test func imagesBeyondTheSceneBudgetAreRefusedBeforeTheyAreMade() throws {
        // Each 4096 × 4096 is 16 Mi pixels: four fit the budget of 64 Mi, the fifth does not.
        let colors = ["red", "green", "blue", "orange", "purple"]
        let children = colors.map {
            ##"{"type": "image", "image": {"size": [4096, 4096], "color": "\##($0)"}}"##
        }
        let message = try #require(
            error(##"{"children": [\##(children.joined(separator: ","))]}"##))
        #expect(message.hasPrefix("root.children[4].image:"), "\(message)")
        #expect(message.contains("\(Scene.maximumImagePixels)"))
        // The same synthetic image many times is one image.
        let same = Array(repeating: children[0], count: 20)
        #expect(error(##"{"children": [\##(same.joined(separator: ","))]}"##) == nil)
    }

    @Test func aDocumentOverTheLimitIsRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: 0x20, count: Scene.maximumDocumentBytes + 1)
        #expect(throws: SceneError.self) { try Scene(json: bytes) }
    }

    @Test func aNumberOutsideDoubleIsRefused() throws {
        let message = try #require(error(##"{"alpha": 1e400}"##))
        #expect(message.hasPrefix("root.alpha:") || message.hasPrefix("scene:"), "\(message)")
    }
}

extension SceneLimitTests {
    /// A device, a FIFO or a directory named as a scene or an image is refused before it is
    /// read: `/dev/zero` would otherwise never end.
    @Test func filesThatAreNotRegularAreRefusedUnread() throws {
        for path in ["/dev/zero", "/dev/urandom", "/tmp"] {
            #expect(throws: SceneError.self) { try Scene(contentsOfFile: path) }
            let message = try #require(
                error(##"{"children": [{"type": "image", "image": "\##(path)"}]}"##))
            #expect(message == "root.children[0].image: not a regular file (\(path))")
        }
    }
}
