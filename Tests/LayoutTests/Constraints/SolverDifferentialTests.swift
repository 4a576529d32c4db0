import Testing
import TrellisLayout
import _TrellisTestSupport

/// Incremental operations must end where a fresh solver given the same constraints starts, and
/// the order in which constraints are added must not matter when the solution is unique.
@Suite struct SolverDifferentialTests {
    @Test(arguments: 1...40)
    func insertionOrderDoesNotChangeTheSolution(seed: UInt64) throws {
        var generator = RandomSystemGenerator(seed: seed, count: 8)
        var specs = generator.anchors()
        for _ in 0..<14 { specs.append(generator.constraint(required: true, consistent: true)) }
        for _ in 0..<10 { specs.append(generator.constraint(required: false, consistent: false)) }
        let expected = try #require(solveFresh(specs, count: 8))
        for spec in specs where spec.priority.isRequired { #expect(spec.holds(expected)) }
        var rng = SeededGenerator(seed: seed &* 7919)
        for _ in 0..<4 {
            let order = Array(specs.indices).shuffled(using: &rng)
            let values = try #require(solveFresh(specs, count: 8, order: order))
            for (a, b) in zip(values, expected) { #expect(abs(a - b) < 1e-6, "seed \(seed)") }
        }
    }

    @Test(arguments: 1...50)
    func incrementalEditsMatchAFreshSolver(seed: UInt64) throws {
        let count = 12
        var generator = RandomSystemGenerator(seed: seed, count: count)
        var rng = SeededGenerator(seed: seed &+ 1000)
        let solver = ConstraintSolver()
        let variables = (0..<count).map { solver.makeVariable("x\($0)") }
        var live: [(spec: ConstraintSpec, constraint: Constraint)] = []
        for spec in generator.anchors() {
            let c = spec.make(variables)
            try solver.add(c)
            live.append((spec, c))
        }
        let anchorCount = live.count
        for step in 0..<80 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let required = Bool.random(using: &rng)
                let spec = generator.constraint(
                    required: required, consistent: Int.random(in: 0..<4, using: &rng) != 0)
                let c = spec.make(variables)
                let freshAccepts = solveFresh(live.map(\.spec) + [spec], count: count) != nil
                do {
                    try solver.add(c)
                    live.append((spec, c))
                    #expect(freshAccepts, "seed \(seed) step \(step): accepted an infeasible set")
                } catch {
                    #expect(!freshAccepts, "seed \(seed) step \(step): refused \(error)")
                    #expect(error.code == .unsatisfiable)
                }
            case 4..<7 where live.count > anchorCount:
                let i = Int.random(in: anchorCount..<live.count, using: &rng)
                try solver.remove(live[i].constraint)
                live.remove(at: i)
            case 7..<10 where live.count > anchorCount:
                let i = Int.random(in: anchorCount..<live.count, using: &rng)
                var spec = live[i].spec
                spec.constant += Double(Int.random(in: -20...20, using: &rng))
                let freshAccepts =
                    solveFresh(
                        live.enumerated().map { $0.offset == i ? spec : $0.element.spec },
                        count: count) != nil
                do {
                    try solver.setConstant(spec.constant, of: live[i].constraint)
                    live[i].spec = spec
                    #expect(freshAccepts, "seed \(seed) step \(step): accepted an infeasible set")
                } catch {
                    #expect(!freshAccepts, "seed \(seed) step \(step): refused \(error)")
                }
            default:
                continue
            }
            if step % 7 == 6 { solver.compactStorage() }
            solver.updateVariables()
            let values = variables.map { solver.value(of: $0) }
            let expected = try #require(solveFresh(live.map(\.spec), count: count))
            for spec in live.map(\.spec) where spec.priority.isRequired {
                #expect(spec.holds(values), "seed \(seed) step \(step)")
            }
            for (a, b) in zip(values, expected) {
                #expect(abs(a - b) < 1e-5, "seed \(seed) step \(step): \(values) vs \(expected)")
            }
        }
        solver.splitPartitions()
        #expect(solver.partitionCount == componentCount(live.map(\.spec), count: count))
    }

    /// The number of connected components of the graph whose edges are the constraints.
    private func componentCount(_ specs: [ConstraintSpec], count: Int) -> Int {
        var parent = Array(0..<count)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { x = parent[x] }
            return x
        }
        var used = Set<Int>()
        for spec in specs {
            let indices = spec.terms.map(\.index)
            used.formUnion(indices)
            for i in indices.dropFirst() { parent[find(i)] = find(indices[0]) }
        }
        return Set(used.map(find)).count
    }
}
