// trellis-bench: every workload timed against a peer engine in the same run.
//
// Usage: trellis-bench [SUITE ...]   (no argument runs every suite)

let suites: [(name: String, run: () throws -> Void)] = [
    ("constraints", runConstraintBenchmarks),
    ("flex", runFlexBenchmarks),
    ("text", runTextBenchmarks),
    ("richtext", runRichTextBenchmarks),
    ("render", runRenderBenchmarks),
    ("raster", runRasterBenchmarks),
    ("terminal", runTerminalBenchmarks),
    ("grid", runGridBenchmarks),
    ("e2e", runEndToEndBenchmarks),
    ("a11y", runAccessibilityBenchmarks),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--probe-view-memory", arguments.count == 2, let count = Int(arguments[1]) {
    MainActor.assumeIsolated { probeViewMemory(count: count) }
    exitProcess(0)
}
let requested = Set(arguments)
let unknown = requested.subtracting(suites.map(\.name))
if !unknown.isEmpty {
    printError("unknown suite(s): \(unknown.sorted().joined(separator: ", "))")
    printError("suites: \(suites.map(\.name).joined(separator: " "))")
    exitProcess(2)
}
var failed = false
for suite in suites where requested.isEmpty || requested.contains(suite.name) {
    print("== \(suite.name) ==")
    do {
        try suite.run()
    } catch {
        printError("\(suite.name): \(error)")
        failed = true
    }
    print("")
}
exitProcess(failed ? 1 : 0)
