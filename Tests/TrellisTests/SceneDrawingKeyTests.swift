import Testing
import Trellis
import TrellisGeometry
import TrellisViews

/// A view skips its drawing keys at once when it has none (see `SceneDecoder.drawingKeyMask`):
/// each one, written beside nothing but the structural keys, must still be read.
@MainActor
@Suite struct SceneDrawingKeyTests {
    @Test(arguments: [
        ("frame", "[1, 2, 3, 4]"), ("backgroundColor", ##""#FF0000""##), ("cornerRadius", "2"),
        ("borderWidth", "1"), ("borderColor", ##""#00FF00""##), ("alpha", "0.5"),
        ("hidden", "true"), ("clipsToBounds", "true"), ("semanticContentAttribute", #""spatial""#),
        ("tag", "7"), ("gradient", ##"{"colors": ["#000000", "#FFFFFF"]}"##),
        ("accessibilityLabel", #""Title""#), ("accessibilityHint", #""Opens it""#),
        ("accessibilityValue", #""3""#), ("accessibilityTraits", #"["button"]"#),
        ("isAccessibilityElement", "true"), ("accessibilityElementsHidden", "true"),
        ("shouldGroupAccessibilityChildren", "true"), ("accessibilityViewIsModal", "true"),
    ])
    func aDrawingKeyAloneIsRead(key: String, value: String) throws {
        let scene = try Scene(
            json: Array(
                #"""
                {"size": [20, 20], "root": {"id": "root", "style": {"flexDirection": "row"},
                 "children": [{"id": "v", "style": {"width": 5}, "\#(key)": \#(value)}]}}
                """#.utf8))
        let view = try #require(scene.view(withID: "v"))
        let plain = View()
        switch key {
        case "frame": #expect(view.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        case "backgroundColor": #expect(view.backgroundColor != plain.backgroundColor)
        case "cornerRadius": #expect(view.cornerRadius == 2)
        case "borderWidth": #expect(view.borderWidth == 1)
        case "borderColor": #expect(view.borderColor != plain.borderColor)
        case "alpha": #expect(view.alpha == 0.5)
        case "hidden": #expect(view.isHidden)
        case "clipsToBounds": #expect(view.clipsToBounds)
        case "semanticContentAttribute": #expect(view.semanticContentAttribute == .spatial)
        case "tag": #expect(view.tag == 7)
        case "gradient": #expect(view.gradient != nil)
        case "accessibilityLabel": #expect(view.accessibilityLabel == "Title")
        case "accessibilityHint": #expect(view.accessibilityHint == "Opens it")
        case "accessibilityValue": #expect(view.accessibilityValue == "3")
        case "accessibilityTraits": #expect(view.accessibilityTraits == [.button])
        case "isAccessibilityElement": #expect(view.isAccessibilityElement)
        case "accessibilityElementsHidden": #expect(view.accessibilityElementsHidden)
        case "shouldGroupAccessibilityChildren": #expect(view.shouldGroupAccessibilityChildren)
        case "accessibilityViewIsModal": #expect(view.accessibilityViewIsModal)
        default: Issue.record("no check for \(key)")
        }
    }
}
