import Foundation
import Testing
import Trellis

/// Decodes a scene whose root holds the given children.
@MainActor
private func scene(_ children: String) throws(SceneError) -> Scene {
    let document = ##"{"size": [320, 480], "root": {"children": [\##(children)]}}"##
    return try Scene(json: Array(document.utf8))
}

/// The accessibility keys of scene views, and the example scenes passing the audit.
@MainActor
@Suite struct SceneAccessibilityTests {
    @Test func accessibilityKeysSetTheirProperties() throws {
        let decoded = try scene(
            ##"{"id": "v", "type": "label", "text": "Total", "accessibilityLabel": "Order total", "accessibilityHint": "Includes tax", "accessibilityValue": "12 euros", "accessibilityTraits": ["staticText", "header", "updatesFrequently"], "isAccessibilityElement": true, "accessibilityElementsHidden": false, "shouldGroupAccessibilityChildren": true, "accessibilityViewIsModal": true}"##
        )
        let view = try #require(decoded.view(withID: "v"))
        #expect(view.accessibilityLabel == "Order total")
        #expect(view.accessibilityHint == "Includes tax")
        #expect(view.accessibilityValue == "12 euros")
        #expect(view.accessibilityTraits == [.staticText, .header, .updatesFrequently])
        #expect(view.isAccessibilityElement && !view.accessibilityElementsHidden)
        #expect(view.shouldGroupAccessibilityChildren && view.accessibilityViewIsModal)
    }

    @Test func aViewCanBeHiddenOrMadeAnElement() throws {
        let decoded = try scene(
            ##"{"id": "photo", "type": "image", "frame": [0, 0, 44, 44], "image": {"size": [44, 44], "color": "red", "accessibilityLabel": "Red"}, "isAccessibilityElement": true}, {"id": "decor", "type": "label", "text": "✿", "frame": [0, 50, 20, 20], "accessibilityElementsHidden": true}"##
        )
        let nodes = decoded.window.accessibilityTree().nodes
        #expect(nodes.count == 1)
        #expect(nodes.first?.role == .image && nodes.first?.label == "Red")
    }

    @Test func unknownTraitsAreErrorsThatNameTheKnownOnes() {
        do {
            _ = try scene(##"{"accessibilityTraits": ["button", "buton"]}"##)
            Issue.record("decoded an unknown trait")
        } catch {
            #expect(
                error.description.hasPrefix(
                    #"root.children[0].accessibilityTraits[1]: unknown trait "buton" (did you mean "button"?); use button, link, "#
                ))
        }
        do {
            _ = try scene(##"{"accessibilityViewIsModal": "yes"}"##)
            Issue.record("decoded a string as a boolean")
        } catch {
            #expect(
                error.description
                    == "root.children[0].accessibilityViewIsModal: expected true or false, found a string"
            )
        }
    }

    @Test(arguments: try ExampleSceneSnapshotTests.scenes())
    func everyExampleSceneHasNoAccessibilityIssues(name: String) throws {
        let path = ExampleSceneSnapshotTests.examples.appendingPathComponent(name).path
        let scene = try Scene(contentsOfFile: path)
        let issues = scene.window.accessibilityAudit()
        #expect(issues.isEmpty, "\(name): \(issues.map(\.description).joined(separator: "\n"))")
    }
}
