import Foundation
import TrellisGeometry

/// What one run of a child process cost: wall time and the peak resident memory of the child.
struct ChildProcessRun {
    var seconds: Double
    /// The child's own peak resident memory, when the measuring launcher ran it (`nil` otherwise).
    var peakBytes: Int?
    var status: Int32
    /// Whether the run was stopped at its time limit.
    var wasStopped: Bool
}

/// The launcher that runs each child and reports its own peak memory
/// (`launcher/run_measured.c`, built by `scripts/bench-venv.sh`), from
/// `$TRELLIS_BENCH_LAUNCHER`.
///
/// Without it, children are spawned from this process and their peak memory is not reported:
/// Linux carries a process's peak resident set across `exec`, so a child spawned from the
/// benchmark reports the benchmark's own peak (tens of megabytes) whenever its own is smaller.
let childProcessLauncher: String? = {
    guard let path = ProcessInfo.processInfo.environment["TRELLIS_BENCH_LAUNCHER"],
        !path.isEmpty, access(path, X_OK) == 0
    else { return nil }
    return path
}()

/// Runs an executable to completion with standard output sent to a file (or `/dev/null`) and
/// standard error kept in a file, timing the whole process from spawn to exit. Through
/// ``childProcessLauncher`` the time and the child's own peak resident memory come from the
/// launcher's `wait4`; without it, from this process's.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments, without the program name.
///   - outputPath: Where standard output goes.
///   - limit: Seconds after which the child is killed and the run reported as stopped.
///   - environment: Extra variables for the child.
func runChildProcess(
    _ executable: String, _ arguments: [String], outputPath: String = "/dev/null",
    limit: Double = 120, environment: [String: String] = [:]
) throws -> ChildProcessRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let errorPath = NSTemporaryDirectory() + "trellis-bench-stderr-\(getpid())"
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    let reportPath = NSTemporaryDirectory() + "trellis-bench-report-\(getpid())"
    let command =
        childProcessLauncher.map { [$0, reportPath, String(limit), executable] } ?? [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let start = now()
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
    guard spawned == 0 else {
        throw BenchError("cannot start \(command[0]): \(SystemCall.errorMessage(spawned))")
    }
    var status: Int32 = 0
    var usage = rusage()
    var stopped = false
    while true {
        let waited = SystemCall.retryingInterrupts { wait4(pid, &status, WNOHANG, &usage) }
        if waited == pid { break }
        if waited < 0 {
            throw BenchError("waiting for \(executable) failed: \(SystemCall.errorMessage(errno))")
        }
        // The launcher keeps the limit itself and is given a few seconds more to report.
        if now() - start > limit + (childProcessLauncher == nil ? 0 : 10) && !stopped {
            kill(pid, SIGKILL)
            stopped = true
        }
        usleep(200)
    }
    var seconds = now() - start
    var peakBytes: Int?
    if childProcessLauncher != nil && !stopped {
        defer { unlink(reportPath) }
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        let fields = report.split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard status == 0, fields.count == 4, let childSeconds = Double(fields[0]),
            let kilobytes = Int(fields[1]), let childStatus = Int32(fields[2])
        else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw BenchError(
                "the launcher \(command[0]) did not report on \(executable): "
                    + message.prefix(2000))
        }
        seconds = childSeconds
        peakBytes = kilobytes * 1024
        status = childStatus
        stopped = fields[3] == "1"
    }
    let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    if exitStatus != 0 && !stopped {
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        throw BenchError(
            "\(([executable] + arguments).joined(separator: " ")) exited with \(exitStatus): "
                + message.prefix(2000))
    }
    unlink(errorPath)
    return ChildProcessRun(
        seconds: seconds, peakBytes: peakBytes, status: exitStatus,
        wasStopped: stopped)
}

/// The best of `runs` runs of a child process (the fastest, with its peak memory); a run that
/// hits the limit ends the series.
func bestChildProcessRun(
    _ executable: String, _ arguments: [String], runs: Int, outputPath: String = "/dev/null",
    limit: Double = 120
) throws -> ChildProcessRun {
    var best: ChildProcessRun?
    for _ in 0..<max(runs, 1) {
        let run = try runChildProcess(executable, arguments, outputPath: outputPath, limit: limit)
        if run.wasStopped { return run }
        if best == nil || run.seconds < best?.seconds ?? .infinity { best = run }
    }
    return best
        ?? ChildProcessRun(seconds: .infinity, peakBytes: nil, status: -1, wasStopped: true)
}

/// The resident memory of this process now, in bytes, from `/proc/self/statm`.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
        return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
