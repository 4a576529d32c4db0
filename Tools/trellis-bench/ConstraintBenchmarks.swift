import Foundation
import TrellisLayout

/// Constraint-solver workloads against Kiwi, twice: kiwisolver from Python, and Kiwi's C++
/// library natively (`peers/kiwi_native.cpp`, built by `make bench`).
///
/// All sides build the same system (the Python peer receives it as JSON, the native one as
/// text) and time only adding the constraints and one update of the variables; building the
/// variables and constraint objects is left out everywhere. A peer run that exceeds the limit
/// (`TRELLIS_BENCH_PEER_LIMIT` seconds, 30 by default) is stopped and reported as
/// "> limit (stopped)", with the ratios bounded by the limit. `TRELLIS_BENCH_VERBOSE=1` prints
/// each row as it is measured.
func runConstraintBenchmarks() throws {
    let environment = ProcessInfo.processInfo.environment
    let limit = Double(environment["TRELLIS_BENCH_PEER_LIMIT"] ?? "") ?? 30
    var table = ConstraintBenchTable(limit: limit)

    for inequality in [false, true] {
        let name = inequality ? "chain >= & == @250" : "chain =="
        for n in [100, 1000, 10_000] {
            let system = ConstraintWorkloads.chain(n, inequality: inequality)
            let trellis = try solveTime(system)
            table.add(
                "\(name), n=\(n)", trellis: trellis, system: system,
                goal: n == 10_000 ? "< 20 ms" : "", met: n == 10_000 ? trellis < 0.020 : nil)
        }
    }

    var perRow: [Double] = []
    for count in [10, 100, 1000] {
        let system = ConstraintWorkloads.rows(count)
        let trellis = try solveTime(system)
        perRow.append(trellis / Double(count))
        let ratio = perRow[perRow.count - 1] / perRow[0]
        table.add(
            "independent rows ×10 views, \(count) rows", trellis: trellis, system: system,
            goal: count == 1000 ? "per-row cost flat (≤ 2× of 10 rows)" : "",
            met: count == 1000 ? ratio <= 2 : nil,
            note: String(format: "%.2f µs/row", perRow[perRow.count - 1] * 1e6))
    }

    var perCell: [Double] = []
    for count in [10, 100, 1000, 10_000] {
        let system = ConstraintWorkloads.feedCells(count)
        let trellis = try solveTime(system)
        perCell.append(trellis / Double(count))
        let linear = perCell[perCell.count - 1] / perCell[0] <= 2
        table.add(
            "feed cells (18 views, \(system.rows.count) constraints), \(count) cells",
            trellis: trellis, system: system,
            goal: count == 10_000 ? "< 0.5 s, linear" : "",
            met: count == 10_000 ? trellis < 0.5 && linear : nil,
            note: String(format: "%.2f µs/cell", perCell[perCell.count - 1] * 1e6))
    }

    for n in [10, 100, 1000] {
        let system = ConstraintWorkloads.fillEqually(n)
        let trellis = try solveTime(system)
        table.add(
            "fill-equally row, n=\(n)", trellis: trellis, system: system,
            goal: n == 1000 ? "< 50 ms" : "", met: n == 1000 ? trellis < 0.050 : nil)
    }

    for n in [100, 1000] {
        let system = ConstraintWorkloads.conflictingPriorities(n)
        let trellis = try solveTime(system)
        table.add(
            "one width, \(n) preferences at distinct priorities", trellis: trellis,
            system: system, goal: n == 1000 ? "< 1 s (was 51 s)" : "",
            met: n == 1000 ? trellis < 1 : nil)
    }

    try table.addResize()
    printTable(table.rows, speedUp: true)
    print(
        "Peers: kiwisolver \(table.pythonVersion) through Python, whose times include Python's "
            + "per-call overhead (about 0.1-0.3 µs a call, which dominates the resize row); and "
            + "Kiwi \(table.nativeVersion) in C++ (peers/kiwi_native.cpp, g++ -O2, the headers of "
            + "the same kiwisolver release), which has none. Every peer run is stopped after "
            + "\(Int(limit)) s.")
}

/// The best time, over several runs, of adding every constraint of `system` to a fresh solver
/// and updating the variables once: at least five runs, more while they take under 3 s in all
/// (the machine is shared, and the best run is the one least disturbed).
private func solveTime(_ system: BenchSystem) throws -> Double {
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    while runs < 5 || (runs < 30 && total < 3) {
        let (solver, _, constraints) = system.make()
        let start = now()
        // Iterating the buffer, not the array, spares the timing a retain and a release of each
        // constraint object by the loop itself.
        try constraints.withUnsafeBufferPointer { buffer in
            for constraint in buffer { try solver.add(constraint) }
        }
        solver.updateVariables()
        let elapsed = now() - start
        best = min(best, elapsed)
        total += elapsed
        runs += 1
    }
    return best
}

/// What one peer run gave.
private enum PeerOutcome {
    case seconds(Double)
    case stopped
    case failed(String)
}

/// Collects rows, running both Kiwi peers (kiwisolver from Python, and Kiwi's C++ library
/// natively) on each system: one row per peer.
private struct ConstraintBenchTable {
    let limit: Double
    var rows: [BenchRow] = []
    var pythonVersion = "?"
    var nativeVersion = "?"
    /// The native peer built by `scripts/bench-venv.sh`, from `$TRELLIS_BENCH_KIWI_NATIVE`.
    let native: URL? = ProcessInfo.processInfo.environment["TRELLIS_BENCH_KIWI_NATIVE"].map {
        URL(fileURLWithPath: $0)
    }

    init(limit: Double) {
        self.limit = limit
    }

    mutating func add(
        _ workload: String, trellis: Double, system: BenchSystem, goal: String, met: Bool?,
        note: String = ""
    ) {
        let python: PeerOutcome
        do {
            let input = try system.json(extra: ["limit": limit, "runs": 5, "budget": 3.0])
            python = outcome(of: try runPeer(script: "kiwi_solve.py", input: input))
        } catch {
            python = .failed("\(error)")
        }
        append(
            workload, trellis: trellis, peerName: "kiwisolver (Python)", python, goal: goal,
            met: met, note: note)
        let nativeOutcome = runNative(
            system.nativeInput(mode: "solve", tail: [limit, 5, 3.0].map { "\($0)" }))
        append(workload, trellis: trellis, peerName: "Kiwi (C++)", nativeOutcome)
    }

    mutating func addResize() throws {
        let (system, widthIndex, heightIndex) = ConstraintWorkloads.resizableForm()
        let sizes: [(Double, Double)] = [
            (400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400),
        ]
        let editPriority: LayoutPriority = 999
        let (solver, variables, constraints) = system.make()
        let width = variables[widthIndex]
        let height = variables[heightIndex]
        try solver.addEditVariable(width, priority: editPriority)
        try solver.addEditVariable(height, priority: editPriority)
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        let loops = 2000
        var best = Double.infinity
        for _ in 0..<7 {
            let start = now()
            for _ in 0..<loops {
                for (w, h) in sizes {
                    try solver.suggestValue(w, for: width)
                    try solver.suggestValue(h, for: height)
                    solver.updateVariables()
                }
            }
            best = min(best, (now() - start) / Double(loops * sizes.count))
        }
        let workload =
            "resize: 2 suggestValue + update (\(constraints.count + 2) constraints, "
            + "\(system.variableCount) variables)"
        let python: PeerOutcome
        do {
            let input = try system.json(extra: [
                "width": widthIndex, "height": heightIndex,
                "edit_priority": editPriority.rawValue,
                "sizes": sizes.map { [$0.0, $0.1] }, "loops": 500, "runs": 5,
            ])
            let result = try runPeer(script: "kiwi_resize.py", input: input)
            python = outcome(of: result, key: "seconds_per_resize")
        } catch {
            python = .failed("\(error)")
        }
        append(
            workload, trellis: best, peerName: "kiwisolver (Python)", python,
            goal: "≤ 2 µs per resize", met: best <= 2e-6)
        let tail =
            ["\(widthIndex)", "\(heightIndex)", "\(editPriority.rawValue)", "2000", "7"]
            + ["\(sizes.count)"] + sizes.flatMap { ["\($0.0)", "\($0.1)"] }
        let nativeOutcome = runNative(
            system.nativeInput(mode: "resize", tail: tail), key: "seconds_per_resize")
        append(
            workload, trellis: best, peerName: "Kiwi (C++)", nativeOutcome,
            goal: "≤ Kiwi C++ per resize", met: nativeSeconds(nativeOutcome).map { best <= $0 })
        if let version = try? runPeer(script: "kiwi_version.py") as? [String: Any],
            let text = version["version"] as? String
        {
            pythonVersion = text
        }
    }

    private func nativeSeconds(_ outcome: PeerOutcome) -> Double? {
        if case .seconds(let seconds) = outcome { return seconds }
        return nil
    }

    /// Runs the native peer on its text input.
    private mutating func runNative(_ input: Data, key: String = "seconds") -> PeerOutcome {
        guard let native, FileManager.default.isExecutableFile(atPath: native.path) else {
            return .failed("not built (make bench builds .bench-venv/bin/kiwi-native)")
        }
        do {
            let result = try runJSONProcess(native, input: input, name: "kiwi-native")
            if let object = result as? [String: Any], let version = object["version"] as? String {
                nativeVersion = version
            }
            return outcome(of: result, key: key)
        } catch {
            return .failed("\(error)")
        }
    }

    private func outcome(of result: Any, key: String = "seconds") -> PeerOutcome {
        guard let object = result as? [String: Any] else { return .failed("no JSON object") }
        if let seconds = object[key] as? Double { return .seconds(seconds) }
        if object["timeout"] != nil { return .stopped }
        return .failed("unexpected output \(object)")
    }

    private mutating func append(
        _ workload: String, trellis: Double, peerName: String, _ outcome: PeerOutcome,
        goal: String = "", met: Bool? = nil, note: String = ""
    ) {
        var row = BenchRow(
            workload: workload, trellis: trellis, peer: nil, peerName: peerName, goal: goal,
            met: met, note: note)
        switch outcome {
        case .seconds(let seconds): row.peer = seconds
        case .stopped: row.peerStoppedAt = limit
        case .failed(let message): row.note = join(row.note, "\(peerName) failed: \(message)")
        }
        rows.append(row)
        if ProcessInfo.processInfo.environment["TRELLIS_BENCH_VERBOSE"] != nil {
            let peer =
                row.peer.map(formatSeconds) ?? (row.peerStoppedAt != nil ? "stopped" : "-")
            print(workload, peerName, formatSeconds(trellis), peer, row.note)
        }
    }

    private func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : a + "; " + b
    }
}
