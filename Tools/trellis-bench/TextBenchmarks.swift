/// Text workloads: line breaking and layout against ICU.
func runTextBenchmarks() throws {
    print("(no text workloads yet)")
}
