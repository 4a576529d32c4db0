import Foundation
import Testing
import TrellisGeometry
import TrellisLayout

@Test func scratch() throws {
    let name = ProcessInfo.processInfo.environment["FIXTURE"] ?? "width_smaller_then_content_with_flex_grow_unconstraint_size__border_box_ltr"
    let fixture = try TaffyFixture(url: TaffyConformanceTests.directory.appendingPathComponent(name + ".xml"))
    let root = try FixtureTree.build(fixture.input)
    try root.calculateLayout(availableWidth: fixture.availableWidth, availableHeight: fixture.availableHeight, rounding: .none)
    func dump(_ n: FlexNode, _ indent: String) {
        print(indent, n.layout.frame)
        for c in n.children { dump(c, indent + "  ") }
    }
    dump(root, "")
}
