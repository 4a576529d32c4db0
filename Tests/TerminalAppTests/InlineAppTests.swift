import Glibc
import Testing
import TrellisCore
import TrellisGeometry
import TrellisRender
import TrellisTerminal
import TrellisViews
import _TrellisTestSupport

// In the serialized session suite: one terminal session may be active at a time.
extension SessionTests {
    /// The terminal's replies: synchronized output supported or not, then the cursor on the
    /// third row, each followed by the attributes reply.
    private func replies(synchronized: Bool) -> String {
        "\u{1B}[?2026;\(synchronized ? "2" : "0")$y\u{1B}[?62;c\u{1B}[3;1R\u{1B}[?62;c"
    }

    /// What the app wrote from its modes on (the typed input may be echoed before them).
    private func appOutput(_ output: String) -> String {
        let enter = String(decoding: TerminalModes.inline.enterSequence, as: UTF8.self)
        guard let start = output.firstRange(of: enter) else { return output }
        return String(output[start.lowerBound...])
    }

    @MainActor private func labelWindow(_ text: String) -> Window {
        let window = Window(size: Size(width: 10, height: 10))
        let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        label.text = text
        window.addSubview(label)
        return window
    }

    @Test(arguments: [true, false]) @MainActor
    func anInlineAppDrawsBelowThePromptPrintsAboveAndLeavesItsLastFrame(synchronized: Bool)
        throws
    {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        let window = labelWindow("Hello")
        let printer = TerminalPrinter()
        printer.printAbove("first\nsecond")
        var sizes: [Size] = []
        terminal.type(replies(synchronized: synchronized) + "q")
        try TerminalApp.run(
            window: window, registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(
                input: terminal.subordinate, output: terminal.subordinate, modes: .inline),
            viewport: .inline(height: 2), printer: printer
        ) { window in
            sizes.append(window.size)
        }
        // The window is the terminal's width by the viewport's height.
        #expect(sizes == [Size(width: 160, height: 32)])
        let output = appOutput(terminal.readOutput())
        #expect(!output.contains("\u{1B}[?1049h"))
        #expect(!output.contains("\u{1B}[2J") && !output.contains("\u{1B}[H"))
        // The cursor was asked for, and the frame is bracketed where the terminal applies it.
        #expect(output.contains("\u{1B}[6n"))
        let begin = "\u{1B}[?2026h"
        let end = "\u{1B}[?2026l"
        if synchronized {
            let parts = output.split(separator: begin, omittingEmptySubsequences: false)
            #expect(parts.count == 2)
            let update = parts.count == 2 ? parts[1] : ""
            #expect(update.contains("Hello") && update.contains("first"))
            #expect(update.contains(end))
        } else {
            #expect(!output.contains(begin) && !output.contains(end))
        }
        // On a screen where the shell's prompt left the cursor on the third row: the printed
        // lines there, the frame below them, and the cursor on the row after it.
        var screen = VTScreen(columns: 20, rows: 6)
        screen.apply("$ one\r\n$ two\r\n")
        screen.apply(Array(output.utf8))
        #expect(screen.allLines == ["$ one", "$ two", "first", "second", "Hello"])
        #expect((screen.cursorRow, screen.cursorColumn) == (5, 0))
        #expect(screen.wholeScreenErases == 0 && screen.absoluteMoves == 0)
        #expect(
            output.hasSuffix(String(decoding: TerminalModes.inline.exitSequence, as: UTF8.self)))
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
    }

    @Test @MainActor func aSizeChangeNotSignalledYetIsFollowedBeforeTheNextFrame() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        let window = Window(size: Size(width: 10, height: 10))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        window.addSubview(field)
        var sizes: [Size] = []
        terminal.type(replies(synchronized: false))
        try TerminalApp.run(
            window: window, registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(
                input: terminal.subordinate, output: terminal.subordinate, modes: .inline),
            viewport: .inline(height: 2)
        ) { window in
            sizes.append(window.size)
            _ = field.becomeFirstResponder()
            if sizes.count == 1 {
                // The terminal becomes narrower without a signal (the test is not its
                // foreground process), and then a key changes the window.
                terminal.resize(columns: 12, rows: 6)
                terminal.type("x")
            } else {
                terminal.type("\u{3}")
            }
        }
        #expect(field.text == "x")
        #expect(sizes == [Size(width: 160, height: 32), Size(width: 96, height: 32)])
        var screen = VTScreen(columns: 12, rows: 6)
        screen.apply("$ one\r\n$ two\r\n")
        screen.apply(Array(appOutput(terminal.readOutput()).utf8))
        #expect(screen.wholeScreenErases == 0 && screen.absoluteMoves == 0)
    }

    @Test @MainActor func anInlineAppThatClearsOnExitLeavesTheCursorWhereItsRowsBegan() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        terminal.type(replies(synchronized: false) + "q")
        try TerminalApp.run(
            window: labelWindow("Bye"), registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(
                input: terminal.subordinate, output: terminal.subordinate, modes: .inline),
            viewport: .inline(height: 3, onExit: .clear))
        var screen = VTScreen(columns: 20, rows: 6)
        screen.apply("$ one\r\n$ two\r\n")
        screen.apply(Array(appOutput(terminal.readOutput()).utf8))
        #expect(screen.allLines == ["$ one", "$ two"])
        #expect((screen.cursorRow, screen.cursorColumn) == (2, 0))
    }

    @Test @MainActor func aFullScreenAppPrintsItsLinesAfterTheShellsScreenIsBack() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        let printer = TerminalPrinter()
        printer.printAbove("done")
        terminal.type("\u{1B}[?62;cq")
        try TerminalApp.run(
            window: labelWindow("Full"), registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate),
            printer: printer)
        let output = terminal.readOutput()
        let leave = "\u{1B}[?1049l"
        #expect(output.contains(leave))
        #expect(
            output.split(separator: leave, omittingEmptySubsequences: false).last?.contains("done")
                == true)
        #expect(printer.pendingLines.isEmpty)
    }

    @Test func aSignalLeavesTheInlineRowsBeforeTurningTheModesOff() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        let session = TerminalSession(
            input: terminal.subordinate, output: terminal.subordinate, modes: .inline)
        try session.start()
        _ = terminal.readOutput()
        let exit = String(decoding: TerminalModes.inline.exitSequence, as: UTF8.self)
        session.setBytesBeforeExit(Array("first".utf8))
        session.setBytesBeforeExit(Array("\u{1B}[2B\r\n".utf8))
        TerminalSession.restoreAsSignalHandlerDoes()
        // (Written after the terminal is back in its own mode, which sends "\n" as "\r\n".)
        #expect(terminal.readOutput() == "\u{1B}[2B\r\r\n" + exit)
        session.stop()
        #expect(terminal.readOutput() == "")
        // A new session starts with none.
        try session.start()
        _ = terminal.readOutput()
        session.stop()
        #expect(terminal.readOutput() == exit)
    }

    @Test @MainActor func anInlineViewportOfNoRowsOrWithTheAlternateScreenIsRefused() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 6)
        let cases: [(TerminalViewport, TerminalModes, String)] = [
            (.inline(height: 0), .inline, "at least 1 row"),
            (.inline(height: 3), .interactive, "the alternate screen"),
            (.inline(height: 3), [.hiddenCursor, .mouse], "the mouse"),
        ]
        for (viewport, modes, message) in cases {
            do {
                try TerminalApp.run(
                    window: labelWindow("x"), registry: registry(),
                    session: TerminalSession(
                        input: terminal.subordinate, output: terminal.subordinate, modes: modes),
                    viewport: viewport)
                Issue.record("ran \(viewport) with \(modes)")
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains(message))
            }
        }
        #expect(terminal.readOutput() == "")
    }
}
