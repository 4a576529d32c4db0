import Foundation
import Testing
import _TrellisTestSupport

/// `trellis demo --interactive --inline ROWS` in tmux, a terminal emulator that rewraps its
/// lines on every resize: the hostile case for an app that lives below the prompt.
@Suite(.serialized) struct InlineDemoTests {
    /// The app's rows.
    static let rows = 6
    /// The lines the shell prints before the app starts.
    static let shellLines = (1...10).map { String(format: "shell-before %02d", $0) }

    /// One step of the script: the terminal's new size, and whether a line is printed first.
    struct Step {
        var columns: Int
        var rows: Int
        var printsLine: Bool
    }

    /// A hundred resizes, growing and shrinking both ways, from a seed. Widths stay in 56...110
    /// and heights in 14...44: a full-width row of the app never rewraps into more than two,
    /// and the app's six rows, rewrapped, always fit below the anchor (see `InlineViewport`).
    static func script(seed: UInt64) -> [Step] {
        var random = SeededGenerator(seed: seed)
        return (0..<100).map { index in
            Step(
                columns: Int.random(in: 56...110, using: &random),
                rows: Int.random(in: 14...44, using: &random),
                printsLine: index % 3 == 0 || Int.random(in: 0..<4, using: &random) == 0)
        }
    }

    /// The text of the `number`th line typed (from 1): every fifth is wider than any
    /// terminal of the script, so that the terminal wraps it and rewraps it on each resize.
    static func typedLine(_ number: Int) -> String {
        let line = String(format: "line %03d", number)
        guard number % 5 == 0 else { return line }
        return ([line] + Array(repeating: "wide-\(number)", count: 16)).joined(separator: " ")
    }

    @Test func aHundredResizesLeaveEveryPrintedLineOnceInOrderAndNoGhostOfTheApp() throws {
        let script = InlineDemoTests.script(seed: 2666)
        // The script grows and shrinks both the width and the height, many times each.
        var previous = (columns: 100, rows: 40)
        var changes = (wider: 0, narrower: 0, taller: 0, shorter: 0)
        for step in script {
            if step.columns > previous.columns { changes.wider += 1 }
            if step.columns < previous.columns { changes.narrower += 1 }
            if step.rows > previous.rows { changes.taller += 1 }
            if step.rows < previous.rows { changes.shorter += 1 }
            previous = (step.columns, step.rows)
        }
        #expect(script.count == 100)
        #expect(
            min(changes.wider, changes.narrower, changes.taller, changes.shorter) >= 30,
            "\(changes)")

        let pane = TmuxPane()
        defer { pane.stop() }
        let shell = InlineDemoTests.shellLines.map { "printf '%s\\n' '\($0)'" }.joined(
            separator: "; ")
        try pane.start(
            "\(shell); \(Trellis.executable) demo --interactive --inline \(InlineDemoTests.rows); "
                + "printf '%s-%s\\n' demo exit=$?; sleep 120")
        guard try pane.waitForFrame(columns: 100, rows: 40) else {
            let screen = try pane.history().joined(separator: "\n")
            Issue.record("the inline app never appeared; the pane shows:\n\(screen)")
            return
        }
        // Inline: the shell's screen, not the alternate one.
        #expect(try pane.paneFormat("#{alternate_on}") == "0")

        var printed: [String] = []
        for (index, step) in script.enumerated() {
            if step.printsLine {
                let line = InlineDemoTests.typedLine(printed.count + 1)
                try pane.type(line)
                try pane.tmux(["send-keys", "-t", pane.session, "Enter"])
                printed.append("> " + line)
                let shown = try pane.waitFor("\(printed.count) printed above", timeout: 5)
                #expect(shown != nil, "step \(index): line \(printed.count) was not printed")
            }
            try pane.resize(columns: step.columns, rows: step.rows)
            let drawn = try pane.waitForFrame(columns: step.columns, rows: step.rows)
            #expect(drawn, "step \(index): no frame at \(step.columns)×\(step.rows)")
            let history = try pane.history()
            let problems = InlineDemoTests.problems(in: history, printed: printed, exited: false)
            #expect(
                problems.isEmpty,
                "step \(index) (\(step.columns)×\(step.rows)): \(problems)\n\(history.joined(separator: "\n"))"
            )
            if !problems.isEmpty || !drawn { return }
        }
        #expect(printed.count >= 40)

        // Control-C quits; the last frame stays, and the shell goes on below it.
        try pane.tmux(["send-keys", "-t", pane.session, "C-c"])
        #expect(try pane.waitFor("demo-exit=0") != nil, "the demo did not exit with status 0")
        #expect(try pane.paneFormat("#{cursor_flag}") == "1")
        let history = try pane.history()
        let problems = InlineDemoTests.problems(in: history, printed: printed, exited: true)
        #expect(problems.isEmpty, "\(problems)\n\(history.joined(separator: "\n"))")
        let last = try #require(script.last)
        #expect(history.contains { $0.contains("end of app \(last.columns)×\(last.rows)") })
    }

    /// A pane whose app never appeared, or is cut short, is described, not a crash of the
    /// test run.
    @Test func aHistoryWithoutTheWholeAppIsAListOfProblems() {
        let shellOnly = InlineDemoTests.problems(
            in: InlineDemoTests.shellLines, printed: [], exited: false)
        #expect(shellOnly.contains("the app's first row is at [], not 10"))
        let cut = InlineDemoTests.shellLines + ["Trellis inline 100×40"]
        #expect(
            InlineDemoTests.problems(in: cut, printed: [], exited: true).contains(
                "the shell does not go on right below the app"))
        #expect(
            InlineDemoTests.problems(in: [], printed: [], exited: false) == [
                "the shell's first line is missing"
            ])
    }

    @Test func withClearTheAppLeavesNothingButTheLinesItPrinted() throws {
        let pane = TmuxPane()
        defer { pane.stop() }
        try pane.start(
            "printf '%s\\n' shell-line; \(Trellis.executable) demo --interactive --inline 4 --clear; "
                + "printf '%s-%s\\n' demo exit=$?; sleep 60")
        #expect(try pane.waitForFrame(columns: 100, rows: 40), "the inline app never appeared")
        try pane.type("kept")
        try pane.tmux(["send-keys", "-t", pane.session, "Enter"])
        #expect(try pane.waitFor("1 printed above") != nil)
        try pane.resize(columns: 60, rows: 20)
        #expect(try pane.waitForFrame(columns: 60, rows: 20))
        try pane.tmux(["send-keys", "-t", pane.session, "C-c"])
        #expect(try pane.waitFor("demo-exit=0") != nil, "the demo did not exit with status 0")
        #expect(
            try pane.history().map(VTScreen.trimmed) == ["shell-line", "> kept", "demo-exit=0"])
    }

    @Test(arguments: [
        (["demo", "--inline", "6"], "--inline and --clear go with --interactive"),
        (["demo", "--interactive", "--inline", "0"], "1...1000, not '0'"),
        (["demo", "--interactive", "--inline", "six"], "1...1000, not 'six'"),
        (["demo", "--interactive", "--clear"], "--clear goes with --inline ROWS"),
        (["demo", "--interactive", "--rtl", "--inline", "6"], "without --rtl"),
    ])
    func inlineOptionsThatCannotWorkAreUsageErrors(arguments: [String], message: String) throws {
        let result = try Trellis.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func theInlineDemoNeedsATerminal() throws {
        let result = try Trellis.run(["demo", "--interactive", "--inline", "6"])
        #expect(result.status == 1)
        #expect(result.errors.contains("needs a terminal"))
    }

    /// What is wrong with the scrollback and screen of the pane: the shell's lines, then the
    /// printed lines, each once and in order with nothing between them, then the app's one
    /// frame (its first row, four more, its last row) and, once it has exited, the shell's
    /// line after it; nothing of the app anywhere else.
    static func problems(in history: [String], printed: [String], exited: Bool) -> [String] {
        var problems: [String] = []
        let lines = history.map(VTScreen.trimmed)
        let expected = shellLines + printed
        guard let first = lines.firstIndex(of: shellLines[0]) else {
            return ["the shell's first line is missing"]
        }
        if first != 0 { problems.append("lines before the shell's: \(lines[..<first])") }
        for (offset, line) in expected.enumerated() {
            let index = first + offset
            guard index < lines.count, lines[index] == line else {
                let found = index < lines.count ? lines[index] : "the end"
                problems.append("line \(offset + 1) should be \"\(line)\", not \"\(found)\"")
                break
            }
        }
        for line in expected where lines.filter({ $0 == line }).count != 1 {
            problems.append("\"\(line)\" shows \(lines.filter { $0 == line }.count) times")
        }
        let frameTop = first + expected.count
        let tops = lines.indices.filter { lines[$0].contains("Trellis inline") }
        let bottoms = lines.indices.filter { lines[$0].contains("end of app") }
        let counts = lines.indices.filter { lines[$0].contains("printed above") }
        if tops != [frameTop] {
            problems.append("the app's first row is at \(tops), not \(frameTop)")
        }
        if counts != [frameTop + 2] {
            problems.append("the app's third row is at \(counts), not \(frameTop + 2)")
        }
        if bottoms != [frameTop + rows - 1] {
            problems.append("the app's last row is at \(bottoms), not \(frameTop + rows - 1)")
        }
        for index in (frameTop + 3)..<(frameTop + rows - 1) where index < lines.count {
            if !lines[index].isEmpty { problems.append("row \(index) of the app is not blank") }
        }
        // A history too short to hold the app (it never appeared) has nothing below it.
        let after = min(frameTop + rows, lines.count)..<lines.count
        if exited {
            if !lines.indices.contains(frameTop + rows) || lines[frameTop + rows] != "demo-exit=0" {
                problems.append("the shell does not go on right below the app")
            }
        }
        let rest = after.dropFirst(exited ? 1 : 0).filter { !lines[$0].isEmpty }
        if !rest.isEmpty { problems.append("lines below the app: \(rest.map { lines[$0] })") }
        return problems
    }
}

extension TmuxPane {
    /// The pane's scrollback and screen, with the lines the terminal wrapped joined again.
    func history() throws -> [String] {
        var lines = try tmux(
            ["capture-pane", "-p", "-J", "-S", "-", "-t", session], capturing: true
        ).output.components(separatedBy: "\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Waits until the inline app's first and last rows both show a terminal size.
    func waitForFrame(columns: Int, rows: Int, timeout: Double = 10) throws -> Bool {
        let size = "\(columns)×\(rows)"
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let screen = try self.screen()
            if screen.contains(where: { $0.contains("Trellis inline \(size)") }),
                screen.contains(where: { $0.contains("end of app \(size)") })
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.03)
        }
        return false
    }
}
