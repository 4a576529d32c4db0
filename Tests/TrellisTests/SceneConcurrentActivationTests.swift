import Testing
import Trellis

/// A scene's constraints are activated on a second thread while the rest are parsed once there
/// are enough of them; these tests decode each scene both ways and compare.
@MainActor
@Suite struct SceneConcurrentActivationTests {
    /// The scene decoded with its constraints activated as one batch after parsing, and
    /// decoded again with them handed to a second thread container by container; how many
    /// scenes took the second way for the second.
    static func bothWays(_ json: String) -> (
        batch: Result<Scene, SceneError>, concurrent: Result<Scene, SceneError>, threads: Int
    ) {
        let minimum = Scene.concurrentActivationMinimum
        defer { Scene.concurrentActivationMinimum = minimum }
        Scene.concurrentActivationMinimum = .max
        let batch = Result { () throws(SceneError) in try Scene(json: Array(json.utf8)) }
        Scene.concurrentActivationMinimum = 0
        let before = Scene.concurrentActivationCount
        let concurrent = Result { () throws(SceneError) in try Scene(json: Array(json.utf8)) }
        return (batch, concurrent, Scene.concurrentActivationCount - before)
    }

    /// `count` framed rows of `cells` views, each row's views laid out by its constraints.
    nonisolated static func rows(_ count: Int, cells: Int) -> String {
        let rows = (0..<count).map { row in
            let ids = (0..<cells).map { "r\(row)c\($0)" }
            var constraints: [String] = []
            for (index, id) in ids.enumerated() {
                let leading = index == 0 ? "super.leading" : "\(ids[index - 1]).trailing"
                constraints += ["\(id).leading == \(leading)", "\(id).top == super.top"]
                constraints.append(
                    index == 0 ? "\(id).height == 8" : "\(id).width == \(ids[0]).width")
                if index > 0 { constraints.append("\(id).height == \(ids[0]).height") }
            }
            constraints.append("\(ids[cells - 1]).trailing == super.trailing")
            let children = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
            let texts = constraints.map { #""\#($0)""# }.joined(separator: ", ")
            return
                #"{"id": "row\#(row)", "frame": [0, \#(row * 8), 600, 8], "children": [\#(children)], "constraints": [\#(texts)]}"#
        }
        return
            #"{"size": [600, \#(count * 8)], "root": {"id": "root", "children": [\#(rows.joined(separator: ", "))]}}"#
    }

    /// Cards placed by their container's constraints, each placing its own title and badge:
    /// a card's constraints wait for the container's, which mark the card as placed by
    /// constraints, before they are activated. The cards are in framed bands side by side.
    nonisolated static func cards(_ count: Int, bands: Int, direction: String = "ltr") -> String {
        let band = (0..<bands).map { b in
            let cards = (0..<count).map { k in
                let id = "b\(b)k\(k)"
                let title = "\(id)t"
                let badge = "\(id)g"
                let texts = [
                    "\(title).leading == super.leading + 4", "\(title).top == super.top + 2",
                    "\(title).trailing == \(badge).leading - 2", "\(title).height == 10",
                    "\(badge).trailing == super.trailing - 4", "\(badge).width == 12",
                    "\(badge).height == \(badge).width", "\(badge).centerY == \(title).centerY",
                ].map { #""\#($0)""# }.joined(separator: ", ")
                return
                    #"{"id": "\#(id)", "children": [{"id": "\#(title)"}, {"id": "\#(badge)"}], "constraints": [\#(texts)]}"#
            }
            var constraints: [String] = []
            for k in 0..<count {
                let id = "b\(b)k\(k)"
                let top = k == 0 ? "super.top" : "b\(b)k\(k - 1).bottom"
                constraints += [
                    "\(id).top == \(top) + 3", "\(id).leading == super.leading + 5",
                    "\(id).trailing == super.trailing - 5", "\(id).height == 20",
                ]
            }
            let texts = constraints.map { #""\#($0)""# }.joined(separator: ", ")
            return
                #"{"id": "band\#(b)", "frame": [\#(b * 200), 0, 200, 2000], "children": [\#(cards.joined(separator: ", "))], "constraints": [\#(texts)]}"#
        }
        return
            #"{"size": [800, 2000], "direction": "\#(direction)", "root": {"id": "root", "children": [\#(band.joined(separator: ", "))]}}"#
    }

    /// A collection whose item templates have constraints of their own, before framed rows:
    /// each template is a tree of its own until a cell hosts it, with an engine of its own.
    nonisolated static func templatesAndRows() -> String {
        let templates = (0..<4).map { k in
            let a = "t\(k)a"
            let b = "t\(k)b"
            let texts = [
                "\(a).leading == super.leading + 2", "\(a).top == super.top", "\(a).width == 20",
                "\(a).height == super.height", "\(b).leading == \(a).trailing + 4",
                "\(b).trailing == super.trailing", "\(b).top == super.top + 1",
                "\(b).bottom == super.bottom - 1",
            ].map { #""\#($0)""# }.joined(separator: ", ")
            return
                #"{"type": "view", "id": "t\#(k)", "children": [{"id": "\#(a)"}, {"id": "\#(b)"}], "constraints": [\#(texts)]}"#
        }
        let grid =
            #"{"id": "grid", "type": "collection", "frame": [0, 0, 600, 100], "layout": {"columns": 2, "itemSize": [120, 30]}, "items": [\#(templates.joined(separator: ", "))]}"#
        let rows = Self.rows(20, cells: 6)
        return rows.replacing(#""root", "children": ["#, with: #""root", "children": [\#(grid), "#)
    }

    nonisolated static let scenes: [String] = [
        templatesAndRows(),
        rows(40, cells: 6),
        rows(3, cells: 30),
        cards(12, bands: 3),
        cards(7, bands: 2, direction: "rtl"),
        // The root's own constraints come last and hold back every container below it.
        #"{"size": [400, 300], "root": {"id": "root", "constraints": ["a.leading == super.leading + 10", "a.top == super.top", "a.width == 100", "a.height == 50", "b.leading == a.trailing", "b.top == a.bottom", "b.width == a.width", "b.height == a.height"], "children": [{"id": "a", "children": [{"id": "x"}], "constraints": ["x.leading == super.leading", "x.trailing == super.trailing", "x.top == super.top", "x.height == 5"]}, {"id": "b", "children": [{"id": "y"}], "constraints": ["y.width == super.width * 0.5", "y.height == super.height", "y.top == super.top", "y.trailing == super.trailing"]}]}}"#,
    ]

    @Test(arguments: scenes.indices)
    func framesMatchOneBatch(_ index: Int) throws {
        let both = Self.bothWays(Self.scenes[index])
        let batch = try both.batch.get()
        let concurrent = try both.concurrent.get()
        #expect(both.threads == 1)
        #expect(concurrent.layoutJSON() == batch.layoutJSON())
        for (id, view) in batch.identifiedViews {
            let other = try #require(concurrent.view(withID: id))
            #expect(
                other.translatesAutoresizingMaskIntoConstraints
                    == view.translatesAutoresizingMaskIntoConstraints, "\(id)")
            #expect(other.constraints.count == view.constraints.count, "\(id)")
            #expect(other.constraints.allSatisfy { $0.isActive }, "\(id)")
        }
        // Changing a constraint afterwards works the same way in both.
        for scene in [batch, concurrent] {
            let row = try #require(scene.identifiedViews.last?.view.superview)
            let constraint = try #require(row.constraints.first)
            constraint.constant += 3
        }
        #expect(concurrent.layoutJSON() == batch.layoutJSON())
    }

    /// A failure is reported the same way: the first constraint in document order that
    /// cannot join those before it, or the parse error that comes before any activation,
    /// whichever container it is in.
    @Test(arguments: [
        (
            rows(30, cells: 5).replacing(
                "\"r0c1.height == r0c0.height\"", with: "\"r0c0.height == 7\""),
            "root.children[0].constraints[6]: unsatisfiable constraint"
        ),
        (
            rows(30, cells: 5).replacing(
                "\"r25c2.height == r25c0.height\"", with: "\"r25c0.height == 9\""),
            "root.children[25].constraints[10]: unsatisfiable constraint"
        ),
        (
            rows(30, cells: 5).replacing("r27c3.top == super.top", with: "r27c3.top == super.tip"),
            "root.children[27].constraints[12]: column 20 of \"r27c3.top == super.tip\": "
                + "unknown attribute 'tip'"
        ),
        (
            // A parse error comes before any activation, even after a conflict.
            rows(30, cells: 5).replacing(
                "\"r25c2.height == r25c0.height\"", with: "\"r25c0.height == 9\""
            ).replacing("r29c1.top", with: "r29c1.tap"),
            "root.children[29].constraints[4]: column 7 of \"r29c1.tap == super.top\": "
                + "unknown attribute 'tap'"
        ),
        (
            // An error in a view decoded after many containers' constraints went to the thread
            // comes first; the thread stops before the views it works on go away.
            rows(30, cells: 5).replacing(
                #""id": "row28", "#, with: #""id": "row28", "colour": 1, "#),
            "root.children[28].colour: unknown key"
        ),
    ])
    func failuresMatchOneBatch(_ json: String, _ message: String) throws {
        let both = Self.bothWays(json)
        let batch = try #require(both.batch.failure).description
        let concurrent = try #require(both.concurrent.failure).description
        #expect(batch.hasPrefix(message), "\(batch)")
        #expect(concurrent == batch)
    }

    /// A scene with few constraints, or all in one container, activates them where it parses.
    @Test func smallScenesStayOnOneThread() throws {
        let before = Scene.concurrentActivationCount
        _ = try Scene(json: Array(Self.rows(5, cells: 5).utf8))
        #expect(Scene.concurrentActivationCount == before)
        let minimum = Scene.concurrentActivationMinimum
        defer { Scene.concurrentActivationMinimum = minimum }
        Scene.concurrentActivationMinimum = 0
        _ = try Scene(json: Array(Self.rows(1, cells: 50).utf8))
        #expect(Scene.concurrentActivationCount == before)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
