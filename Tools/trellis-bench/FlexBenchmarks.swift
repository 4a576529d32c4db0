/// Flexbox workloads against Taffy (stretchable) and Yoga (pyyoga).
func runFlexBenchmarks() throws {
    print("(no flexbox workloads yet)")
}
