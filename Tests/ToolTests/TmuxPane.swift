import Foundation

/// Drives a live `trellis` command (`demo --interactive`, `snapshots review`) in a real
/// terminal (a tmux pane) with SGR mouse sequences and keys, and reads the screen.
struct TmuxPane {
    let socket = "trellis-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let session = "demo"

    /// Runs a tmux command. Only commands that print (capture-pane, list-sessions) capture
    /// their output: the server that new-session starts would hold a pipe open for ever.
    @discardableResult
    func tmux(_ arguments: [String], capturing: Bool = false) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if capturing {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, "")
    }

    /// Starts the session. The tmux server outlives the call, so it is started from a shell
    /// that first closes every descriptor above 2: a server holding the test runner's pipes
    /// would keep the runner waiting for ever.
    func start(_ command: String) throws {
        let script = """
            for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
            exec tmux -L \(socket) new-session -d -s \(session) -x 100 -y 40 "$0"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, command]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    /// The screen's lines; with `colors`, each line keeps its SGR colour sequences.
    func screen(colors: Bool = false) throws -> [String] {
        try tmux(
            ["capture-pane", "-p"] + (colors ? ["-e"] : []) + ["-t", session], capturing: true
        )
        .output.components(separatedBy: "\n")
    }

    /// A row (1-based) of captured lines, or nil when the capture has no such row (the program
    /// in the pane ended, say).
    static func line(_ row: Int, of lines: [String]) -> String? {
        lines.indices.contains(row - 1) ? lines[row - 1] : nil
    }

    /// Waits until a text shows above a row (1-based), and returns where it is.
    func waitFor(_ text: String, above row: Int, timeout: Double = 5) throws -> (
        row: Int, column: Int
    )? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = try waitFor(text, timeout: 0.1), found.row < row { return found }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// Waits until the screen shows a text, and returns its row and column (1-based cells).
    func waitFor(_ text: String, timeout: Double = 10) throws -> (row: Int, column: Int)? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for (index, line) in try screen().enumerated() {
                if let column = TmuxPane.column(of: text, in: line) { return (index + 1, column) }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    func click(row: Int, column: Int) throws {
        try tmux(["send-keys", "-t", session, "-l", "\u{1B}[<0;\(column);\(row)M"])
        try tmux(["send-keys", "-t", session, "-l", "\u{1B}[<0;\(column);\(row)m"])
    }

    /// Turns the wheel one step at a cell: SGR button 65 scrolls down, 64 up.
    func wheel(down: Bool, row: Int, column: Int) throws {
        try tmux(["send-keys", "-t", session, "-l", "\u{1B}[<\(down ? 65 : 64);\(column);\(row)M"])
    }

    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    var isRunning: Bool {
        (try? tmux(["has-session", "-t", session]).status) == 0
    }

    /// Waits until a row shows a text a number of times.
    func waitFor(occurrences: Int, of text: String, row: Int, timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = try screen()
            if row - 1 < lines.count,
                lines[row - 1].components(separatedBy: text).count - 1 == occurrences
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// The background colours (the parameters of SGR 48 sequences) that a captured line uses.
    static func backgrounds(in line: String) -> Set<String> {
        Set(
            line.components(separatedBy: "\u{1B}[").compactMap { sequence in
                guard sequence.hasPrefix("48;"), let end = sequence.firstIndex(of: "m") else {
                    return nil
                }
                return String(sequence[..<end])
            })
    }

    /// The 1-based cell column where a text starts in a line, counting wide characters as two.
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return line[..<range.lowerBound].reduce(1) {
            $0 + ($1.unicodeScalars.first.map(isWide) == true ? 2 : 1)
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
            || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFE30...0xFE4F).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            || (0xFFE0...0xFFE6).contains(scalar.value)
    }

    /// A tmux format about the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func paneFormat(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format], capturing: true).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the pane's window; the program in it gets SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The file of the server's socket: `tmux-<uid>/<socket>` in `$TMUX_TMPDIR`, else in
    /// `/tmp`, where tmux makes it. tmux leaves it behind when its server ends.
    var socketPath: String {
        let variable = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? ""
        return "\(variable.isEmpty ? "/tmp" : variable)/tmux-\(getuid())/\(socket)"
    }

    /// Ends the server and what runs in it, and removes the server's socket file. `kill-server`
    /// makes the server send itself SIGTERM, which the mask it inherits from the test runner
    /// blocks; so the server is then killed outright, and the program in the pane gets the
    /// terminal's hangup.
    func stop() {
        let pid = try? tmux(["display-message", "-p", "#{pid}"], capturing: true).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? tmux(["kill-server"])
        if let pid = pid.flatMap({ Int32($0) }), pid > 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: socketPath)
    }
}
