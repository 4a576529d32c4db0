import Foundation

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Exits the process with a status.
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// The monotonic clock in seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` repeatedly and returns the best time of one run in seconds: at least
/// `minimumRuns` runs and, while the total stays under `budget` seconds, up to `maximumRuns`.
func bestTime(
    minimumRuns: Int = 3, maximumRuns: Int = 50, budget: Double = 1.0, _ body: () throws -> Void
) rethrows -> Double {
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    while runs < minimumRuns || (runs < maximumRuns && total < budget) {
        let start = now()
        try body()
        let elapsed = now() - start
        best = min(best, elapsed)
        total += elapsed
        runs += 1
    }
    return best
}

/// Formats seconds with a unit that keeps three significant digits.
func formatSeconds(_ seconds: Double) -> String {
    if !seconds.isFinite { return "—" }
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
    if seconds >= 1e-6 { return String(format: "%.2f µs", seconds * 1e6) }
    return String(format: "%.1f ns", seconds * 1e9)
}

/// A ratio with three significant digits ("0.00125", "0.512", "1.20").
func formatRatio(_ ratio: Double) -> String {
    if !ratio.isFinite { return "—" }
    if ratio >= 1 || ratio == 0 { return String(format: "%.3f", ratio) }
    let digits = max(3, 2 - Int(log10(ratio).rounded(.down)))
    return String(format: "%.\(digits)f", ratio)
}

/// A factor such as "1500x", "12.5x" or "0.82x".
func formatFactor(_ factor: Double) -> String {
    if !factor.isFinite { return "—" }
    if factor >= 100 { return String(format: "%.0fx", factor) }
    if factor >= 10 { return String(format: "%.1fx", factor) }
    return String(format: "%.2fx", factor)
}

/// One row of a benchmark report: a workload timed for Trellis and for a peer.
struct BenchRow {
    var workload: String
    var trellis: Double
    var peer: Double?
    var peerName: String
    /// The time limit, in seconds, at which the peer was stopped before it finished; `peer` is
    /// then nil and the row reports the limit as a lower bound of the peer's time.
    var peerStoppedAt: Double? = nil
    /// The goal in words, and whether it was met.
    var goal: String = ""
    var met: Bool? = nil
    /// Extra figures for the row (counts, bytes, calls).
    var note: String = ""
}

/// Prints rows as an aligned table with the peer ratio (Trellis time / peer time; below 1 is
/// faster than the peer) and, with `speedUp`, a column with the inverse ratio written as a
/// factor ("150x": the peer takes 150 times as long). A peer stopped at its time limit shows
/// "> limit (stopped)" and bounds the ratios by the limit.
func printTable(_ rows: [BenchRow], speedUp: Bool = false) {
    var header = ["workload", "trellis", "peer", "peer time", "ratio", "goal", "met", "note"]
    if speedUp { header.insert("peer/trellis", at: 5) }
    var lines = [header]
    for row in rows {
        var peerTime = row.peer.map(formatSeconds) ?? "—"
        var ratio = row.peer.map { $0 > 0 ? formatRatio(row.trellis / $0) : "—" } ?? "—"
        var factor = row.peer.map { row.trellis > 0 ? formatFactor($0 / row.trellis) : "—" } ?? "—"
        if let limit = row.peerStoppedAt {
            peerTime = "> \(formatSeconds(limit)) (stopped)"
            ratio = "< " + formatRatio(row.trellis / limit)
            factor = row.trellis > 0 ? "> " + formatFactor(limit / row.trellis) : "—"
        }
        var line = [
            row.workload, formatSeconds(row.trellis), row.peerName, peerTime, ratio, row.goal,
            row.met.map { $0 ? "yes" : "NO" } ?? "", row.note,
        ]
        if speedUp { line.insert(factor, at: 5) }
        lines.append(line)
    }
    var widths = [Int](repeating: 0, count: header.count)
    for line in lines {
        for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    for (n, line) in lines.enumerated() {
        let cells = line.enumerated().map { i, cell in
            cell + String(repeating: " ", count: widths[i] - cell.count)
        }
        print("| " + cells.joined(separator: " | ") + " |")
        if n == 0 {
            print(
                "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|")
                    + "|")
        }
    }
}

/// Runs a peer script under the benchmark Python environment and decodes its JSON output.
///
/// The environment is `$TRELLIS_BENCH_PYTHON` (set by `make bench`), falling back to
/// `python3`. Scripts live in `Tools/trellis-bench/peers/` and print one JSON object.
func runPeer(script: String, arguments: [String] = [], input: Data? = nil) throws -> Any {
    let python = ProcessInfo.processInfo.environment["TRELLIS_BENCH_PYTHON"] ?? "python3"
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("peers")
    return try runJSONProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        arguments: [python, directory.appendingPathComponent(script).path] + arguments,
        input: input, name: "peer script \(script)")
}

/// Runs an executable with `input` on its standard input and decodes the one JSON object it
/// prints; a non-zero exit status is an error named after `name`.
func runJSONProcess(
    _ executable: URL, arguments: [String] = [], input: Data? = nil, name: String
) throws -> Any {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(input) }
    try inputPipe.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        let text = String(decoding: data, as: UTF8.self)
        throw BenchError("\(name) exited with \(process.terminationStatus): \(text)")
    }
    return try JSONSerialization.jsonObject(with: data)
}

/// A benchmark failure with a message.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
