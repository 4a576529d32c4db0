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

    /// Errors about edits name the variable as it reads, not its internal form.
    @Test func editErrorsNameTheVariable() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.addEditVariable(x, priority: 500)
        do {
            try solver.addEditVariable(x, priority: 500)
            Issue.record("a second edit of x was accepted")
        } catch {
            #expect(error.code == .duplicateEditVariable)
            #expect(error.message.hasPrefix("variable x already has an edit"), "\(error.message)")
        }
        do {
            try solver.suggestValue(3, for: y)
            Issue.record("a value was suggested for y, which has no edit")
        } catch {
            #expect(error.message.hasPrefix("variable y has no edit"), "\(error.message)")
        }
        do {
            try solver.releaseVariable(x)
            Issue.record("x was released while its edit uses it")
        } catch {
            #expect(error.message.hasPrefix("variable x is still used"), "\(error.message)")
        }
    }

    /// A symbol released and given to a new variable takes the new name, and the old handle
    /// stays unknown; symbols the tableau makes for itself in between have no names.
    @Test func aReusedSymbolTakesTheNewName() throws {
        let solver = ConstraintSolver()
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        // Inequalities give the tableau slack symbols between the variables' symbols.
        try solver.add(Constraint(b, .greaterThanOrEqual, 1))
        try solver.add(Constraint(b, .lessThanOrEqual, 9))
        try solver.releaseVariable(a)
        let c = solver.makeVariable("c")
        let d = solver.makeVariable("d")
        #expect(c.index == a.index)
        #expect(solver.name(of: c) == "c")
        #expect(solver.name(of: d) == "d")
        #expect(solver.name(of: b) == "b")
        #expect(solver.name(of: a) == "?")
        try solver.add(Constraint(d, .equal, c + 2))
        try solver.add(Constraint(c, .equal, 5))
        solver.updateVariables()
        #expect(solver.value(of: d) == 7)
        #expect(solver.value(of: a).isNaN)
    }
}
