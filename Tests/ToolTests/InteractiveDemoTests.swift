import Foundation
import Testing

/// Drives `trellis demo --interactive` in a real terminal (a tmux pane), with SGR mouse
/// sequences and keys, and reads the screen.
private struct TmuxPane {
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

    func stop() {
        _ = try? tmux(["kill-server"])
    }
}

@Suite(.serialized) struct InteractiveDemoTests {
    @Test func clicksToggleTheSwitchAndSelectTheButtonThenQQuitsAndRestoresTheTerminal() throws {
        let pane = TmuxPane()
        defer { pane.stop() }
        // A shell prints a line before the demo and its exit status after, then waits, so the
        // screen the demo returns to can be read. The printed words are split in the command
        // so that only the output, never the command, shows them whole.
        try pane.start(
            "printf '%s-%s\\n' shell before; \(Trellis.executable) demo --interactive; "
                + "printf '%s-%s\\n' demo exit=$?; sleep 60")
        let heading = try #require(
            try pane.waitFor("UIControl subclasses"), "the gallery never appeared")
        #expect(try pane.paneFormat("#{alternate_on}") == "1")
        #expect(try pane.paneFormat("#{cursor_flag}") == "0")
        #expect(try pane.screen().contains { $0.contains("shell-before") } == false)
        // The switch sits at the section's left edge, on the row below the heading.
        try pane.click(row: heading.row + 2, column: 5)
        #expect(try pane.waitFor("switch: on") != nil)
        // Seed 002's button toggles its selection on each tap: its title becomes 选中了.
        let button = try #require(try pane.waitFor("来点我啊"))
        try pane.click(row: button.row, column: button.column)
        // The gallery already shows one selected button on that row; now there are two.
        #expect(try pane.waitFor(occurrences: 2, of: "选中了", row: button.row))
        #expect(try pane.screen()[button.row - 1].contains("来点我啊") == false)
        try pane.type("q")
        #expect(try pane.waitFor("demo-exit=0") != nil, "the demo did not exit with status 0")
        // The alternate screen is left: the shell's screen from before is back, the cursor
        // shows again, and nothing of the gallery remains.
        #expect(try pane.paneFormat("#{alternate_on}") == "0")
        #expect(try pane.paneFormat("#{cursor_flag}") == "1")
        let screen = try pane.screen()
        #expect(screen.contains { $0.contains("shell-before") })
        #expect(!screen.contains { $0.contains("UIControl subclasses") })
    }

    @Test func resizingTheTerminalLaysTheGalleryOutAgainAtTheNewSize() throws {
        let pane = TmuxPane()
        defer { pane.stop() }
        try pane.start("\(Trellis.executable) demo --interactive")
        #expect(try pane.waitFor("MJAppView grid") != nil, "the gallery never appeared")
        // At 40 rows the app grid's last row, near the gallery's bottom, is out of sight.
        // (The test runner blocks SIGWINCH, and tmux passes the mask on to the demo: the
        // session must unblock it to see the resize at all.)
        #expect(try pane.screen().contains { $0.contains("App 10") } == false)
        try pane.resize(columns: 100, rows: 70)
        // The window now spans 70 rows and the scroll view with it: the whole gallery shows.
        let found = try pane.waitFor("App 10")
        let height = try pane.paneFormat("#{pane_height}")
        let shown = try pane.screen().joined(separator: "\n")
        let lastRow = try #require(
            found, "the gallery was not laid out for \(height) rows:\n\(shown)")
        #expect(lastRow.row > 40)
        // Back to 30 rows: the grid's first row, below row 30, is out of sight again.
        try pane.resize(columns: 100, rows: 30)
        let deadline = Date().addingTimeInterval(5)
        while try pane.screen().contains(where: { $0.contains("App 1 ") }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let screen = try pane.screen()
        #expect(!screen.contains { $0.contains("App 1 ") })
        #expect(screen.contains { $0.contains("UIControl subclasses") })
        try pane.type("q")
    }

    @Test func theWheelOverTheAppGridScrollsTheGalleryAndAClickSelectsAnApp() throws {
        let pane = TmuxPane()
        defer { pane.stop() }
        try pane.start(
            "\(Trellis.executable) demo --interactive; printf '%s-%s\\n' demo exit=$?; sleep 60")
        let heading = try #require(try pane.waitFor("MJAppView grid"), "the gallery never appeared")
        #expect(try pane.screen().contains { $0.contains("App 10") } == false)
        // Two rows below its heading is the grid, whose twelve apps fit its frame: the wheel
        // there scrolls the gallery, one step three rows, and the heading's line moves up.
        let before = try pane.screen()
        try pane.wheel(down: true, row: heading.row + 2, column: 5)
        let moved = try #require(
            try pane.waitFor("MJAppView grid", above: heading.row), "the wheel scrolled nothing")
        #expect(moved.row == heading.row - 3)
        #expect(try pane.screen()[moved.row - 1] == before[heading.row - 1])
        // Step on, always over the grid, until its last row shows.
        var current = moved
        var steps = 1
        while try pane.waitFor("App 10", timeout: 0.3) == nil {
            steps += 1
            guard steps <= 15 else {
                let shown = try pane.screen().joined(separator: "\n")
                Issue.record("App 10 never showed:\n\(shown)")
                return
            }
            try pane.wheel(down: true, row: current.row + 2, column: 5)
            if let next = try pane.waitFor("MJAppView grid", above: current.row, timeout: 2) {
                current = next
            }
        }
        // A click on App 5's name selects it: the name stays, its colours change.
        let app5 = try #require(try pane.waitFor("App 5"))
        let unselected = try pane.screen(colors: true)
        try pane.click(row: app5.row, column: app5.column + 2)
        var status = try pane.waitFor("selected App 5", timeout: 3)
        // Should the status line be out of sight, wheel back up until it shows.
        var upSteps = 0
        while status == nil, upSteps < 12 {
            try pane.wheel(down: false, row: app5.row, column: 5)
            status = try pane.waitFor("selected App 5", timeout: 1)
            upSteps += 1
        }
        #expect(status != nil, "the selection was not reported")
        if upSteps == 0 {
            // The selected cell's light background is a colour that the row did not show.
            let selected = try pane.screen(colors: true)
            #expect(try pane.screen()[app5.row - 1].contains("App 5"))
            let added = TmuxPane.backgrounds(in: selected[app5.row - 1])
                .subtracting(TmuxPane.backgrounds(in: unselected[app5.row - 1]))
            #expect(!added.isEmpty, "App 5 does not look selected")
        }
        try pane.type("q")
        #expect(try pane.waitFor("demo-exit=0") != nil, "the demo did not exit with status 0")
    }
}
