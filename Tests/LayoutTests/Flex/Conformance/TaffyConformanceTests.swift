import Foundation
import Testing
import TrellisGeometry
import TrellisLayout

/// Runs the Chrome-derived flexbox cases of the Taffy project (MIT, see the fixtures' LICENSE).
@Suite struct TaffyConformanceTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__/taffy-flex")

    /// Cases that fail for a documented reason. Empty: every case that runs passes.
    static let knownFailures: [String: String] = [:]

    @Test func everyFlexboxCaseMatchesChrome() throws {
        let files = try FileManager.default.contentsOfDirectory(
            at: Self.directory, includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "xml" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(files.count == 2636)
        var passed = 0
        var failures: [String] = []
        var knownFailed = 0
        var skips: [String: Int] = [:]
        for file in files {
            let fixture = try TaffyFixture(url: file)
            if let reason = fixture.skipReason {
                skips[reason, default: 0] += 1
                continue
            }
            let mismatch = try Self.run(fixture)
            if let mismatch {
                if Self.knownFailures[fixture.name] != nil {
                    knownFailed += 1
                } else {
                    failures.append("\(fixture.name): \(mismatch)")
                }
            } else {
                passed += 1
            }
        }
        let skipped = skips.values.reduce(0, +)
        print(
            "taffy-flex conformance: \(passed) passed, \(failures.count) failed, \(knownFailed) known failures, \(skipped) skipped"
        )
        for (reason, count) in skips.sorted(by: { $0.key < $1.key }) {
            print("  skipped \(count): \(reason)")
        }
        for failure in failures.prefix(60) { print("  FAIL \(failure)") }
        #expect(failures.isEmpty, "\(failures.count) conformance cases failed")
    }

    /// Lays out a fixture and returns a description of the first mismatch, if any.
    static func run(_ fixture: TaffyFixture) throws -> String? {
        let root = try FixtureTree.build(fixture.input)
        try root.calculateLayout(
            availableWidth: fixture.availableWidth, availableHeight: fixture.availableHeight,
            rounding: fixture.usesRounding ? .pixels(scale: 1) : .none)
        return compare(
            root, fixture.expectation, path: "root", tolerance: fixture.usesRounding ? 0 : 0.1)
    }

    static func compare(
        _ node: FlexNode, _ expected: TaffyFixture.Expectation, path: String, tolerance: Double
    )
        -> String?
    {
        let frame = node.layout.frame
        let pairs = [
            ("x", frame.minX, expected.frame.minX), ("y", frame.minY, expected.frame.minY),
            ("width", frame.width, expected.frame.width),
            ("height", frame.height, expected.frame.height),
        ]
        for (name, actual, wanted) in pairs where abs(actual - wanted) > tolerance + 1e-9 {
            return "\(path).\(name) is \(actual), expected \(wanted)"
        }
        guard node.children.count == expected.children.count else {
            return
                "\(path) has \(node.children.count) children, expected \(expected.children.count)"
        }
        for (index, child) in node.children.enumerated() {
            if let mismatch = compare(
                child, expected.children[index], path: "\(path)[\(index)]", tolerance: tolerance)
            {
                return mismatch
            }
        }
        return nil
    }
}
