import Testing
import TrellisLayout

@Suite struct SolverBasicsTests {
    @Test func requiredEqualitiesChainValues() throws {
        let solver = ConstraintSolver()
        let x = (0..<5).map { solver.makeVariable("x\($0)") }
        try solver.add(Constraint(x[0], .equal, 3))
        for i in 1..<5 { try solver.add(Constraint(x[i], .equal, x[i - 1] + 10)) }
        solver.updateVariables()
        #expect(x.map { solver.value(of: $0) } == [3, 13, 23, 33, 43])
    }

    @Test func chainDeclaredBackwardsHasTheSameValues() throws {
        let solver = ConstraintSolver()
        let x = (0..<5).map { solver.makeVariable("x\($0)") }
        for i in (1..<5).reversed() { try solver.add(Constraint(x[i], .equal, x[i - 1] + 10)) }
        try solver.add(Constraint(x[0], .equal, 3))
        solver.updateVariables()
        #expect(x.map { solver.value(of: $0) } == [3, 13, 23, 33, 43])
    }

    @Test func inequalityWithWeakPreference() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        try solver.add(Constraint(x, .equal, 0, priority: .defaultLow))
        solver.updateVariables()
        #expect(abs(solver.value(of: x) - 10) < 1e-9)
        try solver.add(Constraint(x, .equal, 50, priority: .defaultHigh))
        solver.updateVariables()
        #expect(abs(solver.value(of: x) - 50) < 1e-9)
    }

    @Test func midpointOfTwoEdges() throws {
        let solver = ConstraintSolver()
        let left = solver.makeVariable("left")
        let mid = solver.makeVariable("mid")
        let right = solver.makeVariable("right")
        try solver.add(Constraint(2 * mid, .equal, left + right))
        try solver.add(Constraint(left + 10, .lessThanOrEqual, right))
        try solver.add(Constraint(right, .lessThanOrEqual, 100))
        try solver.add(Constraint(left, .greaterThanOrEqual, 0))
        try solver.addEditVariable(mid, priority: .defaultHigh)
        try solver.suggestValue(70, for: mid)
        solver.updateVariables()
        let l = solver.value(of: left)
        let m = solver.value(of: mid)
        let r = solver.value(of: right)
        #expect(abs(m - 70) < 1e-9)
        #expect(abs(2 * m - l - r) < 1e-9)
        #expect(l + 10 <= r + 1e-9 && r <= 100 + 1e-9 && l >= -1e-9)
    }
}

@Suite struct SolverMemoryTests {
    /// A solver built on the memory another one left behind starts clean.
    @Test func solversReuseReleasedMemoryCorrectly() throws {
        for round in 0..<3 {
            let solver = ConstraintSolver()
            let x = (0..<200).map { solver.makeVariable("x\($0)") }
            try solver.add(Constraint(x[0], .equal, Double(round)))
            for i in 1..<200 {
                try solver.add(Constraint(x[i], .greaterThanOrEqual, x[i - 1] + 1))
                try solver.add(Constraint(x[i], .equal, 0, priority: .defaultLow))
            }
            solver.updateVariables()
            #expect(solver.value(of: x[199]) == Double(round + 199))
            if round == 1 { ConstraintSolver.releaseCachedMemory() }
        }
    }
}
