import Testing
import TrellisLayout

@Suite struct SolverBehaviourTests {
    /// A higher priority strictly dominates any number of lower ones: with Kiwi's weights a
    /// thousand weak constraints would outweigh one stronger one.
    @Test func oneConstraintAt251BeatsAThousandAt250() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        for _ in 0..<1000 { try solver.add(Constraint(x, .equal, 0, priority: 250)) }
        try solver.add(Constraint(x, .equal, 100, priority: 251))
        solver.updateVariables()
        #expect(solver.value(of: x) == 100)
    }

    /// A third of the optional priorities from 1 to 999 in use, added in a shuffled order and
    /// removed again: each time the highest one left decides.
    @Test func hundredsOfDistinctPrioritiesKeepTheirOrder() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        var constraints: [Float: Constraint] = [:]
        var order = Array(stride(from: 1, through: 999, by: 3))
        var seed: UInt64 = 7
        for i in order.indices.reversed() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(i, Int(seed >> 33) % (i + 1))
        }
        for p in order {
            let constraint = Constraint(
                x, .equal, Double(p) * 2, priority: LayoutPriority(rawValue: Float(p)))
            constraints[Float(p)] = constraint
            try solver.add(constraint)
        }
        solver.updateVariables()
        #expect(solver.value(of: x) == 1994)
        for p in order where p > 500 {
            try solver.remove(try #require(constraints[Float(p)]))
        }
        solver.updateVariables()
        #expect(solver.value(of: x) == 998)
        try solver.add(Constraint(x, .equal, 7, priority: 750.5))
        solver.updateVariables()
        #expect(solver.value(of: x) == 7)
    }

    @Test func manyLowPriorityViolationsAcrossVariablesCannotOutweighAHigherOne() throws {
        let solver = ConstraintSolver()
        let width = solver.makeVariable("width")
        var parts: [Variable] = []
        for i in 0..<500 {
            let part = solver.makeVariable("part\(i)")
            parts.append(part)
            try solver.add(Constraint(part, .equal, width, priority: .required))
            try solver.add(Constraint(part, .lessThanOrEqual, 10, priority: .defaultLow))
        }
        try solver.add(Constraint(width, .equal, 300, priority: .defaultLow + 1))
        solver.updateVariables()
        #expect(solver.value(of: width) == 300)
        #expect(parts.allSatisfy { solver.value(of: $0) == 300 })
    }

    @Test func withinOnePriorityViolationsAddUp() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        for _ in 0..<3 { try solver.add(Constraint(x, .equal, 10, priority: 500)) }
        try solver.add(Constraint(x, .equal, 40, priority: 500))
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func editVariablesFollowSuggestionsWithinRequiredBounds() throws {
        let solver = ConstraintSolver()
        let width = solver.makeVariable("width")
        let half = solver.makeVariable("half")
        try solver.add(Constraint(2 * half, .equal, width))
        try solver.add(Constraint(width, .greaterThanOrEqual, 100))
        try solver.addEditVariable(width, priority: .defaultHigh)
        #expect(solver.hasEditVariable(width))
        try solver.suggestValue(300, for: width)
        solver.updateVariables()
        #expect(solver.value(of: width) == 300 && solver.value(of: half) == 150)
        try solver.suggestValue(50, for: width)
        solver.updateVariables()
        #expect(solver.value(of: width) == 100 && solver.value(of: half) == 50)
        try solver.removeEditVariable(width)
        #expect(!solver.hasEditVariable(width))
        #expect(throws: LayoutError.self) { try solver.suggestValue(10, for: width) }
    }

    @Test func constantChangesUpdateTheSolutionWithoutRebuilding() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        let gap = Constraint(y, .equal, x + 10)
        let floor = Constraint(x, .greaterThanOrEqual, 5)
        try solver.add(Constraint(x, .equal, 0, priority: .defaultLow))
        try solver.add(gap)
        try solver.add(floor)
        solver.updateVariables()
        #expect(solver.value(of: x) == 5 && solver.value(of: y) == 15)
        let before = solver.rowChanges
        #expect(before.insertions == 3 && before.removals == 0)
        try solver.setConstant(-20, of: gap)
        try solver.setConstant(-7, of: floor)
        solver.updateVariables()
        #expect(solver.value(of: x) == 7 && solver.value(of: y) == 27)
        // Updated in place: no row was taken out or put back.
        #expect(solver.rowChanges == before)
        #expect(solver.constraintCount == 3)
        // The counter does move on a rebuild, so the check above can fail.
        try solver.remove(gap)
        try solver.add(gap)
        #expect(solver.rowChanges == (insertions: 4, removals: 1))
        #expect(gap.constant == -20)
        #expect(solver.describe(gap) == "y == x + 20")
    }

    @Test func removingConstraintsRestoresThePreviousSolution() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        try solver.add(Constraint(x, .equal, 10, priority: .defaultLow))
        let high = Constraint(x, .greaterThanOrEqual, 50)
        try solver.add(high)
        solver.updateVariables()
        #expect(solver.value(of: x) == 50)
        try solver.remove(high)
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
        #expect(!solver.contains(high))
        #expect(solver.constraintCount == 1)
    }

    @Test func unsatisfiableConstraintIsRefusedNamingTheConflictAndTheSolverStillWorks() throws {
        let solver = ConstraintSolver()
        let left = solver.makeVariable("left")
        let width = solver.makeVariable("width")
        let right = solver.makeVariable("right")
        let sum = Constraint(right, .equal, left + width)
        let minimum = Constraint(width, .greaterThanOrEqual, 100)
        let anchor = Constraint(left, .equal, 0)
        try solver.add(sum)
        try solver.add(minimum)
        try solver.add(anchor)
        try solver.add(Constraint(right, .equal, 500, priority: .defaultLow))
        solver.updateVariables()
        let before = [left, width, right].map { solver.value(of: $0) }
        let tooNarrow = Constraint(right, .lessThanOrEqual, 50)
        do {
            try solver.add(tooNarrow)
            Issue.record("an unsatisfiable constraint was accepted")
        } catch {
            #expect(error.code == .unsatisfiable)
            #expect(error.involves(tooNarrow) && error.involves(minimum) && error.involves(sum))
            #expect(error.involves(anchor))
            #expect(error.description.contains("width >= 100"))
        }
        #expect(!solver.contains(tooNarrow))
        solver.updateVariables()
        #expect([left, width, right].map { solver.value(of: $0) } == before)
        // The solver keeps working: the same constraint fits once the minimum goes.
        try solver.remove(minimum)
        try solver.add(tooNarrow)
        solver.updateVariables()
        #expect(solver.value(of: right) == 50)
        // A constant change that breaks a required constraint is refused and undone.
        try solver.add(Constraint(width, .greaterThanOrEqual, 0))
        expectError(.unsatisfiable) { try solver.setConstant(-1000, of: anchor) }
        solver.updateVariables()
        #expect(solver.value(of: left) == 0 && solver.value(of: right) == 50)
    }

    /// kiwi #20: the solver was left inconsistent after a failed addition.
    @Test func kiwiIssue20SolverStaysConsistent() throws {
        let solver = ConstraintSolver()
        let xl = solver.makeVariable("xl")
        let xm = solver.makeVariable("xm")
        let xr = solver.makeVariable("xr")
        let constraints = [
            Constraint(2 * xm, .equal, xl + xr), Constraint(xl + 10, .lessThanOrEqual, xr),
            Constraint(xr, .lessThanOrEqual, 100), Constraint(xl, .greaterThanOrEqual, 0),
        ]
        for c in constraints { try solver.add(c) }
        func check() {
            solver.updateVariables()
            let (l, m, r) = (solver.value(of: xl), solver.value(of: xm), solver.value(of: xr))
            #expect(
                abs(2 * m - l - r) < 1e-9 && l + 10 <= r + 1e-9 && r <= 100 + 1e-9 && l >= -1e-9)
        }
        check()
        try solver.addEditVariable(xm, priority: .defaultHigh)
        for value in [70.0, 0, 95, 5, 60] {
            try solver.suggestValue(value, for: xm)
            check()
        }
        solver.updateVariables()
        #expect(solver.value(of: xm) == 60)
        #expect(throws: LayoutError.self) {
            try solver.add(Constraint(xl, .greaterThanOrEqual, 95))
        }
        check()
        try solver.suggestValue(30, for: xm)
        check()
        #expect(solver.value(of: xm) == 30)
    }

    /// kiwi.js #31: after a refused constraint, removing and re-adding an existing one failed.
    @Test func removingAndReaddingAfterARefusalWorks() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        try solver.addEditVariable(x, priority: .defaultHigh)
        let atLeastTwo = Constraint(x, .greaterThanOrEqual, 2)
        try solver.add(atLeastTwo)
        #expect(throws: LayoutError.self) { try solver.add(Constraint(x, .lessThanOrEqual, 1)) }
        try solver.remove(atLeastTwo)
        try solver.add(atLeastTwo)
        try solver.suggestValue(0, for: x)
        solver.updateVariables()
        #expect(solver.value(of: x) == 2)
    }

    /// kiwi #71: tying width to height (`width == aspect * height`) made Kiwi spin on a grid of
    /// boxes. Here it converges, with every required constraint holding, for every size.
    @Test(arguments: [1.0, 1.5])
    func aspectRatioGridConvergesForEverySize(aspect: Double) throws {
        let solver = ConstraintSolver()
        let figureWidth = solver.makeVariable("figureWidth")
        let figureHeight = solver.makeVariable("figureHeight")
        try solver.addEditVariable(figureWidth, priority: .defaultHigh)
        try solver.addEditVariable(figureHeight, priority: .defaultHigh)
        let n = 6
        var boxes: [(Variable, Variable, Variable, Variable)] = []
        for row in 0..<n {
            for column in 0..<n {
                let left = solver.makeVariable("l\(row)\(column)")
                let top = solver.makeVariable("t\(row)\(column)")
                let width = solver.makeVariable("w\(row)\(column)")
                let height = solver.makeVariable("h\(row)\(column)")
                try solver.add(Constraint(width, .greaterThanOrEqual, 10))
                try solver.add(Constraint(height, .greaterThanOrEqual, 10))
                try solver.add(Constraint(width, .equal, aspect * height, priority: .defaultHigh))
                if column == 0 {
                    try solver.add(Constraint(left, .equal, 0))
                } else {
                    try solver.add(
                        Constraint(
                            left, .greaterThanOrEqual,
                            boxes[boxes.count - 1].0 + boxes[boxes.count - 1].2 + 5))
                }
                if row == 0 {
                    try solver.add(Constraint(top, .equal, 0))
                } else {
                    let above = boxes[(row - 1) * n + column]
                    try solver.add(Constraint(top, .greaterThanOrEqual, above.1 + above.3 + 5))
                    try solver.add(Constraint(width, .equal, above.2, priority: 500))
                }
                if column == n - 1 {
                    try solver.add(Constraint(left + width, .lessThanOrEqual, figureWidth))
                    try solver.add(Constraint(left + width, .equal, figureWidth, priority: 400))
                }
                if row == n - 1 {
                    try solver.add(Constraint(top + height, .lessThanOrEqual, figureHeight))
                }
                boxes.append((left, top, width, height))
            }
        }
        for (w, h) in [(800.0, 600.0), (400, 900), (1200, 300), (300, 300), (900, 700)] {
            try solver.suggestValue(w, for: figureWidth)
            try solver.suggestValue(h, for: figureHeight)
            solver.updateVariables()
            for box in boxes {
                let (left, top, width, height) = (
                    solver.value(of: box.0), solver.value(of: box.1), solver.value(of: box.2),
                    solver.value(of: box.3)
                )
                #expect(width >= 10 - 1e-6 && height >= 10 - 1e-6)
                #expect(left >= -1e-6 && top >= -1e-6)
                #expect(left + width <= solver.value(of: figureWidth) + 1e-6)
                #expect(top + height <= solver.value(of: figureHeight) + 1e-6)
            }
        }
    }

    @Test func duplicateAndUnknownConstraintsAndEditsAreErrors() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let c = Constraint(x, .equal, 1)
        try solver.add(c)
        expectError(.duplicateConstraint) { try solver.add(c) }
        let other = ConstraintSolver()
        expectError(.duplicateConstraint) { try other.add(c) }
        expectError(.unknownConstraint) { try other.remove(c) }
        expectError(.unknownConstraint) { try solver.remove(Constraint(x, .equal, 1)) }
        try solver.addEditVariable(x, priority: 500)
        expectError(.duplicateEditVariable) { try solver.addEditVariable(x, priority: 500) }
        let y = solver.makeVariable("y")
        expectError(.unknownEditVariable) { try solver.removeEditVariable(y) }
        expectError(.invalidPriority) { try solver.addEditVariable(y, priority: .required) }
        let foreign = other.makeVariable("foreign")
        expectError(.unknownVariable) { try solver.add(Constraint(foreign, .equal, 1)) }
        #expect(solver.value(of: foreign).isNaN)
        expectError(.invalidNumber) { try solver.add(Constraint(y, .equal, Double.nan)) }
        expectError(.invalidNumber) { try solver.add(Constraint(y, .equal, 1e300)) }
        expectError(.invalidPriority) { try solver.add(Constraint(y, .equal, 1, priority: 0)) }
        expectError(.invalidNumber) { try solver.suggestValue(.infinity, for: x) }
        expectError(.duplicateConstraint) { try solver.releaseVariable(x) }
        try solver.releaseVariable(y)
        expectError(.unknownVariable) { try solver.add(Constraint(y, .equal, 1)) }
        solver.updateVariables()
        #expect(solver.value(of: x) == 1)
    }

    @Test func ambiguousVariablesAreReported() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        let z = solver.makeVariable("z")
        try solver.add(Constraint(x + y, .equal, 10))
        try solver.add(Constraint(z, .greaterThanOrEqual, 0))
        #expect(Set(solver.ambiguousVariables()) == [x, y, z])
        try solver.add(Constraint(x, .equal, 3))
        try solver.add(Constraint(z, .equal, 0, priority: .fittingSizeLevel))
        #expect(solver.ambiguousVariables().isEmpty)
    }

    @Test func independentSubsystemsArePartitionedMergedAndSplit() throws {
        let solver = ConstraintSolver()
        let a = (0..<3).map { solver.makeVariable("a\($0)") }
        let b = (0..<3).map { solver.makeVariable("b\($0)") }
        try solver.add(Constraint(a[0], .equal, 0))
        try solver.add(Constraint(a[1], .equal, a[0] + 10))
        try solver.add(Constraint(a[2], .greaterThanOrEqual, a[1] + 10))
        try solver.add(Constraint(b[0], .equal, 100))
        try solver.add(Constraint(b[1], .equal, b[0] + 5, priority: .defaultHigh))
        try solver.add(Constraint(b[2], .lessThanOrEqual, b[1]))
        try solver.add(Constraint(b[2], .equal, 200, priority: .defaultLow))
        solver.updateVariables()
        #expect(solver.partitionCount == 2)
        let bridge = Constraint(b[0], .equal, a[2] + 50, priority: 300)
        try solver.add(bridge)
        solver.updateVariables()
        #expect(solver.partitionCount == 1)
        #expect(solver.value(of: a[2]) == 50)
        try solver.remove(bridge)
        // Small partitions split as soon as they are evaluated after a removal.
        solver.updateVariables()
        #expect(solver.partitionCount == 2)
        #expect(solver.value(of: a[2]) == 20 && solver.value(of: b[2]) == 105)
    }
}

@Suite struct SolverBoundTests {
    /// Every simplex loop is bounded: reaching the bound is an error, and the solver stays
    /// usable.
    @Test func reachingThePivotBoundIsAnErrorNotAHang() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.add(Constraint(x, .equal, 0, priority: .defaultLow))
        try solver.add(Constraint(y, .equal, x + 10))
        solver.pivotLimit = 0
        let push = Constraint(x, .greaterThanOrEqual, 50)
        expectError(.iterationLimit) { try solver.add(push) }
        #expect(!solver.contains(push))
        solver.pivotLimit = nil
        try solver.add(push)
        solver.updateVariables()
        #expect(solver.value(of: x) == 50 && solver.value(of: y) == 60)
    }
}

@Suite struct SolverPartitionTests {
    /// Removing the constraint that joined two large subsystems splits them once enough has
    /// been removed to pay for the pass; values stay right either way.
    @Test func largePartitionsSplitLazilyAfterRemovals() throws {
        let solver = ConstraintSolver()
        let count = 20
        let a = (0..<count).map { solver.makeVariable("a\($0)") }
        let b = (0..<count).map { solver.makeVariable("b\($0)") }
        try solver.add(Constraint(a[0], .equal, 0))
        try solver.add(Constraint(b[0], .equal, 1000))
        for i in 1..<count {
            try solver.add(Constraint(a[i], .equal, a[i - 1] + 1))
            try solver.add(Constraint(b[i], .greaterThanOrEqual, b[i - 1] + 1))
            try solver.add(Constraint(b[i], .equal, b[i - 1], priority: .defaultLow))
        }
        var bridges: [Constraint] = []
        for i in 0..<10 {
            let bridge = Constraint(b[i * 2], .lessThanOrEqual, a[i] + 2000, priority: 400)
            bridges.append(bridge)
            try solver.add(bridge)
        }
        solver.updateVariables()
        #expect(solver.partitionCount == 1)
        try solver.remove(bridges[0])
        solver.updateVariables()
        #expect(solver.partitionCount == 1)  // one removal does not pay for splitting 70 rows
        for bridge in bridges.dropFirst() { try solver.remove(bridge) }
        solver.updateVariables()
        #expect(solver.partitionCount == 2)
        #expect(solver.value(of: a[count - 1]) == Double(count - 1))
        #expect(solver.value(of: b[count - 1]) == 1000 + Double(count - 1))
    }
}

@Suite struct SolverEmptiedPartitionTests {
    @Test func removingEveryConstraintAndVariableOfASubsystemLeavesNothingToSplit() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        let z = solver.makeVariable("z")
        let constraints = [
            Constraint(x, .equal, 10), Constraint(y, .equal, x + 5),
            Constraint(z, .greaterThanOrEqual, y, priority: .defaultLow),
        ]
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        #expect(solver.value(of: y) == 15)
        for constraint in constraints { try solver.remove(constraint) }
        for variable in [x, y, z] { try solver.releaseVariable(variable) }
        // The subsystem has no member left; evaluating it must free it, not trap.
        solver.updateVariables()
        #expect(solver.partitionCount == 0)
        let w = solver.makeVariable("w")
        try solver.add(Constraint(w, .equal, 3))
        solver.updateVariables()
        #expect(solver.value(of: w) == 3)
    }
}
