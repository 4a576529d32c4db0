import Foundation
import Testing

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
        let buttonLine = try #require(TmuxPane.line(button.row, of: try pane.screen()))
        #expect(buttonLine.contains("来点我啊") == false)
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
        let movedLine = try #require(TmuxPane.line(moved.row, of: try pane.screen()))
        #expect(movedLine == TmuxPane.line(heading.row, of: before))
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
            let app5Line = try #require(TmuxPane.line(app5.row, of: try pane.screen()))
            #expect(app5Line.contains("App 5"))
            let selectedLine = try #require(TmuxPane.line(app5.row, of: selected))
            let unselectedLine = try #require(TmuxPane.line(app5.row, of: unselected))
            let added = TmuxPane.backgrounds(in: selectedLine)
                .subtracting(TmuxPane.backgrounds(in: unselectedLine))
            #expect(!added.isEmpty, "App 5 does not look selected")
        }
        try pane.type("q")
        #expect(try pane.waitFor("demo-exit=0") != nil, "the demo did not exit with status 0")
    }
}
