import Testing
import TrellisGeometry
import _TrellisTestSupport

@testable import TrellisLayout

@Suite struct LayoutRecordTests {
    /// A tree of a root and a box, and a solver with a variable for the box's width and the
    /// terms of `width` alone.
    static func boxWidth() -> (
        root: LayoutItem, box: LayoutItem, solver: ConstraintSolver, width: Variable,
        terms: TermBuffer
    ) {
        let root = LayoutItem(identifier: "root")
        let box = LayoutItem(identifier: "box")
        root.addChild(box)
        let solver = ConstraintSolver()
        let width = solver.makeVariable("box.width")
        var terms = TermBuffer()
        terms.add(1, of: width)
        return (root, box, solver, width, terms)
    }

    /// A large batch makes room in its engine's solver once, for all its constraints, where
    /// one at a time the storage doubles (and is copied) as it fills; either way the items are
    /// laid out alike.
    @Test func aLargeBatchMakesRoomInTheSolverOnce() throws {
        func chain(_ count: Int) -> (root: LayoutItem, items: [LayoutItem], [LayoutConstraint]) {
            let root = LayoutItem(identifier: "root")
            root.frame = Rect(x: 0, y: 0, width: 1000, height: 10)
            let (items, constraints) = constrainedRow(
                count, in: root, height: 10, firstWidth: 10, named: { "i\($0)" })
            return (root, items, constraints)
        }
        let batch = chain(75)
        try LayoutConstraint.activate(batch.2)
        // The first constraint opens the engine; it makes room for the other 299.
        let state = try #require(batch.root.ownedEngine).solver.state
        #expect(state.reservedConstraints == 299)
        #expect(state.tableau.records.count >= 300)
        let single = chain(75)
        for constraint in single.2 { try LayoutConstraint.activate([constraint]) }
        #expect(try #require(single.root.ownedEngine).solver.state.reservedConstraints == 0)
        // A small batch grows as it goes.
        let small = chain(10)
        try LayoutConstraint.activate(small.2)
        #expect(try #require(small.root.ownedEngine).solver.state.reservedConstraints == 0)
        // A large batch of constraints already active, and a few new ones, makes room for
        // the new ones only: here too few to make room for.
        let more = (0..<3).map {
            batch.items[$0].widthAnchor.constraint(lessThanOrEqualToConstant: 500)
        }
        try LayoutConstraint.activate(batch.2 + more)
        #expect(try #require(batch.root.ownedEngine).solver.state.reservedConstraints == 299)
        #expect(more.allSatisfy { $0.isActive })
        batch.root.layoutIfNeeded()
        single.root.layoutIfNeeded()
        #expect(batch.items.map(\.frame) == single.items.map(\.frame))
        #expect(batch.items[74].frame == Rect(x: 740, y: 0, width: 10, height: 10))
    }

    /// Making room for a number of constraints gives the solver's storage at least what a
    /// layout scene's constraints take: 1.1 records and rows, 3.5 terms and 1.6 symbols each.
    @Test func roomForConstraintsCoversWhatTheyTake() {
        let solver = ConstraintSolver()
        solver.state.reserveCapacity(forConstraints: 1000)
        let tableau = solver.state.tableau
        #expect(tableau.records.capacity >= 1100)
        #expect(tableau.rows.capacity >= 1100)
        #expect(tableau.terms.capacity >= 3500)
        #expect(tableau.symbols.capacity >= 1600)
        #expect(tableau.partitions.capacity >= 333)
        #expect(solver.state.variables.capacity >= 1600)
        #expect(solver.state.owners.capacity >= 1100)
    }

    /// The engine adds an active layout constraint to its solver as terms, without a solver
    /// constraint object: an error about its record names the layout constraint, and, should
    /// the layout constraint go away while the record stays, what it read as.
    @Test func aRecordNamesItsLayoutConstraintAndWhatItReadAsOnceGone() throws {
        let (root, box, solver, width, terms) = Self.boxWidth()
        defer { withExtendedLifetime(root) {} }
        var record: Int32 = -1
        do {
            // Never activated: its engine is nil, and it goes away without telling the solver.
            let constraint = box.widthAnchor.constraint(equalToConstant: 100)
            record = try solver.add(terms: terms, constant: -100, implementing: constraint)
            do {
                try solver.add(Constraint(width, .equal, 50))
                Issue.record("a second required width was accepted")
            } catch {
                #expect(error.code == .unsatisfiable)
                #expect(error.conflicts.contains { $0.id == ObjectIdentifier(constraint) })
                #expect(error.description.contains("box.width == 100"))
            }
            // Another constraint's going leaves the record alone; its own replaces it.
            let other = box.heightAnchor.constraint(equalToConstant: 5)
            solver.layoutConstraintWillGo(other, record: record)
            #expect(
                solver.state.owners[Int(record)]?.isSame(as: .layout(.passUnretained(constraint)))
                    == true)
            solver.layoutConstraintWillGo(constraint, record: record)
        }
        do {
            try solver.add(Constraint(width, .equal, 60))
            Issue.record("a second required width was accepted")
        } catch {
            #expect(error.code == .unsatisfiable)
            #expect(error.conflicts.contains { $0.description == "box.width == 100" })
        }
        solver.updateVariables()
        #expect(solver.value(of: width) == 100)
        try solver.setConstant(-80, ofLayoutRecord: record)
        solver.updateVariables()
        #expect(solver.value(of: width) == 80)
        try solver.removeLayoutConstraint(record: record)
        try solver.add(Constraint(width, .equal, 60))
        solver.updateVariables()
        #expect(solver.value(of: width) == 60)
    }

    /// A record's terms are checked as a solver constraint's are: a number out of range is
    /// refused, naming the layout constraint, and the solver is unchanged.
    @Test func aRecordWithAnUnusableNumberIsRefused() throws {
        let (root, box, solver, _, terms) = Self.boxWidth()
        defer { withExtendedLifetime(root) {} }
        let constraint = box.widthAnchor.constraint(equalToConstant: 100)
        do {
            _ = try solver.add(terms: terms, constant: .infinity, implementing: constraint)
            Issue.record("an infinite constant was accepted")
        } catch {
            #expect(error.code == .invalidNumber)
            #expect(error.conflicts.map(\.id) == [ObjectIdentifier(constraint)])
        }
        #expect(solver.constraintCount == 0)
    }

    /// An item's active constraints are those that name it and are installed: first those
    /// whose first item it is, then the others, each in the order they were installed.
    @Test func anItemsReferencingConstraintsAreItsActiveOnesInOrder() throws {
        let root = LayoutItem(identifier: "root")
        root.frame.size.width = 100
        let a = LayoutItem(identifier: "a")
        let b = LayoutItem(identifier: "b")
        for item in [a, b] {
            root.addChild(item)
            item.translatesFrameIntoConstraints = false
        }
        let aWidth = a.widthAnchor.constraint(equalToConstant: 10)
        let aLeft = a.leftAnchor.constraint(equalTo: root.leftAnchor)
        let bAfterA = b.leftAnchor.constraint(equalTo: a.rightAnchor)
        let unused = a.heightAnchor.constraint(equalToConstant: 3)
        try LayoutConstraint.activate([aWidth, bAfterA, aLeft])
        #expect(
            a.referencingConstraints.map(ObjectIdentifier.init)
                == [aWidth, aLeft, bAfterA].map(ObjectIdentifier.init))
        aWidth.isActive = false
        aWidth.isActive = true
        #expect(
            a.referencingConstraints.map(ObjectIdentifier.init)
                == [aLeft, aWidth, bAfterA].map(ObjectIdentifier.init))
        bAfterA.isActive = false
        #expect(
            a.referencingConstraints.map(ObjectIdentifier.init)
                == [aLeft, aWidth].map(ObjectIdentifier.init))
        #expect(!unused.isActive && a.hasReferencingConstraints && !b.hasReferencingConstraints)
    }

    /// The constraints that name an item are a list through the constraints themselves: made
    /// and dropped in any order, naming the item first, second or both, the item finds exactly
    /// the active ones, and the constraints left forget the item once it goes.
    @Test func itemsFindTheirConstraintsThroughAnyChurn() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var survivors: [LayoutConstraint] = []
        do {
            let root = LayoutItem(identifier: "root")
            let items = (0..<4).map { LayoutItem(identifier: "i\($0)") }
            for item in items {
                root.addChild(item)
                item.translatesFrameIntoConstraints = false
            }
            var made: [LayoutConstraint] = []
            var kept: [LayoutConstraint] = []
            for round in 0..<400 {
                let a = items[Int(generator.next() % 4)]
                let b = items[Int(generator.next() % 4)]
                switch generator.next() % 4 {
                case 0: made.append(a.widthAnchor.constraint(equalTo: b.widthAnchor))
                case 1: made.append(a.heightAnchor.constraint(equalTo: a.widthAnchor))
                case 2: made.append(a.leftAnchor.constraint(equalTo: root.leftAnchor))
                default:
                    made.append(a.widthAnchor.constraint(lessThanOrEqualToConstant: Double(round)))
                }
                // Drop one at random now and then, from anywhere in the lists: an active one
                // lives on in its engine.
                if generator.next() % 3 == 0 {
                    let dropped = made.remove(at: Int(generator.next() % UInt64(made.count)))
                    if dropped.isActive { kept.append(dropped) }
                }
                if generator.next() % 5 == 0, let pick = made.randomElement(using: &generator) {
                    pick.isActive.toggle()
                }
            }
            for item in items + [root] {
                let expected = (made + kept).filter { constraint in
                    constraint.isActive
                        && (constraint.firstItem === item || constraint.secondItem === item)
                }
                let found = item.referencingConstraints
                #expect(
                    Set(found.map(ObjectIdentifier.init))
                        == Set(expected.map(ObjectIdentifier.init)))
                #expect(found.count == expected.count)
                #expect(item.hasReferencingConstraints == !expected.isEmpty)
            }
            survivors = Array(made.prefix(50))
        }
        for constraint in survivors {
            #expect(constraint.firstItem == nil && constraint.secondItem == nil)
        }
    }
}
