import Testing

@testable import TrellisLayout

@Suite struct VariableNameTests {
    /// A layout item's variables read as `identifier.part`, or `item.part` without an
    /// identifier; a solver's own variables read as named, or `v<index>` without a name.
    @Test func variablesReadAsTheirItemsParts() throws {
        let root = LayoutItem(identifier: "root")
        let title = LayoutItem(identifier: "title")
        let anonymous = LayoutItem()
        root.addChild(title)
        root.addChild(anonymous)
        title.translatesFrameIntoConstraints = false
        anonymous.translatesFrameIntoConstraints = false
        try LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            anonymous.topAnchor.constraint(equalTo: title.bottomAnchor),
        ])
        let engine = try #require(root.ownedEngine)
        let titleSlot = try #require(title.slot)
        let anonymousSlot = try #require(anonymous.slot)
        #expect(engine.solver.name(of: titleSlot.left) == "title.left")
        #expect(engine.solver.name(of: titleSlot.height) == "title.height")
        #expect(engine.solver.name(of: anonymousSlot.top) == "item.top")
        #expect(engine.solver.name(of: anonymousSlot.width) == "item.width")
        let solver = ConstraintSolver()
        let named = solver.makeVariable("x")
        let unnamed = solver.makeVariable()
        #expect(solver.name(of: named) == "x")
        #expect(solver.name(of: unnamed) == "v\(unnamed.index)")
    }
}
