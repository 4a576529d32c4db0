import Foundation
import TrellisGeometry

/// What one run of a child process cost: wall time and the peak resident memory of the child.
struct ChildProcessRun {
    var seconds: Double
    var peakBytes: Int
    var status: Int32
    /// Whether the run was stopped at its time limit.
    var wasStopped: Bool
}

/// Runs an executable to completion with standard output sent to a file (or `/dev/null`) and
/// standard error kept in a file, timing the whole process from spawn to exit and reading its
/// peak resident set from `wait4`.
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
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let start = now()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
        throw BenchError("cannot start \(executable): \(SystemCall.errorMessage(spawned))")
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
        if now() - start > limit && !stopped {
            kill(pid, SIGKILL)
            stopped = true
        }
        usleep(200)
    }
    let seconds = now() - start
    let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    if exitStatus != 0 && !stopped {
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        throw BenchError(
            "\(([executable] + arguments).joined(separator: " ")) exited with \(exitStatus): "
                + message.prefix(2000))
    }
    unlink(errorPath)
    return ChildProcessRun(
        seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: exitStatus,
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
    return best ?? ChildProcessRun(seconds: .infinity, peakBytes: 0, status: -1, wasStopped: true)
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
