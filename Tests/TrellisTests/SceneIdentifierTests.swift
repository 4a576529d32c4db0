import Testing
import Trellis

/// Views are found by id however many there are and however they are nested, and an id
/// used twice is an error wherever the second one is.
@MainActor
@Suite struct SceneIdentifierTests {
    /// A root holding `groups` groups of `size` views, ids `g<i>` and `v<i>_<j>`, plus the
    /// extra children given.
    func document(groups: Int, size: Int, extra: [String] = []) -> [UInt8] {
        var children: [String] = []
        for group in 0..<groups {
            let views = (0..<size).map { #"{"id": "v\#(group)_\#($0)"}"# }
            children.append(
                #"{"id": "g\#(group)", "children": [\#(views.joined(separator: ", "))]}"#)
        }
        children += extra
        return Array(
            #"{"size": [100, 100], "root": {"id": "root", "children": [\#(children.joined(separator: ", "))]}}"#
                .utf8)
    }

    @Test func findsEveryViewByItsIdAcrossManyArrays() throws {
        let scene = try Scene(json: document(groups: 40, size: 150))
        #expect(scene.identifiedViews.count == 1 + 40 + 40 * 150)
        #expect(scene.identifiedViews.map(\.id).prefix(4) == ["root", "g0", "v0_0", "v0_1"])
        for (id, view) in scene.identifiedViews {
            #expect(scene.view(withID: id) === view, "\(id)")
            #expect(view.accessibilityIdentifier == id)
        }
        for missing in ["", "v40_0", "v0_150", "g", "root ", "Root"] {
            #expect(scene.view(withID: missing) == nil, "\(missing)")
        }
        let group = try #require(scene.view(withID: "g7"))
        #expect(scene.view(withID: "v7_149")?.superview === group)
    }

    @Test func aSecondUseOfAnIdIsAnErrorWhereverItComes() {
        for (extra, path) in [
            (#"{"id": "v0_0"}"#, "root.children[12]"), (#"{"id": "g3"}"#, "root.children[12]"),
            (#"{"id": "root"}"#, "root.children[12]"),
            // The same characters composed otherwise are the same id, as strings are equal.
            (#"{"id": "caf\u00e9"}, {"id": "cafe\u0301"}"#, "root.children[13]"),
        ] {
            do {
                _ = try Scene(json: document(groups: 12, size: 100, extra: [extra]))
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(error.description.hasPrefix("\(path).id: duplicate id"), "\(error)")
            }
        }
    }
}
