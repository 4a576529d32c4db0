/// Constraint-solver workloads against Kiwi (kiwisolver).
func runConstraintBenchmarks() throws {
    print("(no constraint workloads yet)")
}
