import Foundation

/// Runs the built `trellis` command and captures what it prints.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
}

enum Trellis {
    /// The `trellis` executable beside the test bundle.
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("trellis").path
    }

    /// Runs `trellis` (or `program`, such as a shell that runs it with more descriptors open)
    /// with arguments and optional standard input, in the test's working directory or in
    /// `directory`.
    static func run(
        _ arguments: [String], input: String? = nil, inputBytes: [UInt8]? = nil,
        environment: [String: String] = [:], directory: URL? = nil,
        executable program: String = Trellis.executable
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        let bytes = Array((input ?? "").utf8) + (inputBytes ?? [])
        let fed = feed(bytes, to: stdin.fileHandleForWriting)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        fed.wait()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `bytes` to the command's standard input on a thread of its own, then closes it.
    ///
    /// The thread blocks `SIGPIPE`, so a command that exits before reading all of its input (as
    /// it does for bad arguments) makes the write fail with `EPIPE` instead of ending the whole
    /// test process; and because the output is read meanwhile, a command that writes much before
    /// reading its input cannot deadlock the test. Wait on the result before returning.
    private static func feed(_ bytes: [UInt8], to handle: FileHandle) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var brokenPipe = sigset_t()
            sigemptyset(&brokenPipe)
            sigaddset(&brokenPipe, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &brokenPipe, nil)
            var failed = false
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = write(
                        handle.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count > 0 {
                        offset += count
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        failed = true
                        break
                    }
                }
            }
            try? handle.close()
            if failed {
                // Take the SIGPIPE the failed write left pending, so the thread ends clean.
                var now = timespec()
                _ = sigtimedwait(&brokenPipe, nil, &now)
            }
            done.signal()
        }
        thread.start()
        return done
    }
}
