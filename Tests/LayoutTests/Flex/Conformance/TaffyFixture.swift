import Foundation
import TrellisGeometry
import TrellisLayout

/// One conformance case: a node tree to lay out, the space to lay it out in, and the expected
/// frames.
struct TaffyFixture {
    /// An expected frame and the expectations of the children.
    struct Expectation {
        var frame: Rect
        var children: [Expectation]
    }

    var name: String
    var usesRounding: Bool
    var availableWidth: FlexAvailableSpace
    var availableHeight: FlexAvailableSpace
    var input: FixtureElement
    var expectation: Expectation

    /// Why the case cannot run, when it uses layout modes other than flexbox.
    var skipReason: String? { Self.skipReason(input) }

    private static func skipReason(_ element: FixtureElement) -> String? {
        if let display = element.attributes["display"], display == "grid" || display == "block" {
            return "display: \(display) (CSS \(display == "grid" ? "Grid" : "block") layout)"
        }
        if element.attributes.keys.contains(where: { $0.hasPrefix("grid-") }) {
            return "CSS Grid placement properties"
        }
        for child in element.children {
            if let reason = skipReason(child) { return reason }
        }
        return nil
    }

    init(url: URL) throws {
        let root = try FixtureXMLReader.parse(Data(contentsOf: url), file: url.lastPathComponent)
        guard root.name == "test", let viewport = root.child(named: "viewport"),
            let input = root.child(named: "input")?.children.first,
            let expected = root.child(named: "expectations")?.children.first
        else {
            throw FixtureError(
                "\(url.lastPathComponent): missing test, viewport, input or expectations")
        }
        name = root.attributes["name"] ?? url.lastPathComponent
        usesRounding = root.attributes["use-rounding"] != "false"
        availableWidth = try Self.space(viewport.attributes["width"])
        availableHeight = try Self.space(viewport.attributes["height"])
        self.input = input
        expectation = try Self.expectation(expected)
    }

    private static func space(_ value: String?) throws -> FlexAvailableSpace {
        switch value {
        case nil, "max-content": return .maxContent
        case "min-content": return .minContent
        case let text?:
            guard case .points(let points) = try FlexLength(css: text) else {
                throw FixtureError("unsupported viewport size \(text)")
            }
            return .definite(points)
        }
    }

    private static func expectation(_ element: FixtureElement) throws -> Expectation {
        func number(_ key: String) throws -> Double {
            guard let text = element.attributes[key], let value = Double(text) else {
                throw FixtureError("expectation without a numeric \(key)")
            }
            return value
        }
        return Expectation(
            frame: Rect(
                x: try number("x"), y: try number("y"), width: try number("width"),
                height: try number("height")),
            children: try element.children.map(expectation))
    }
}
