import Foundation
import Glibc
import Testing
import TrellisCore
import TrellisRender
import TrellisTerminal
import TrellisTerminalRenderer
import _TrellisTestSupport

/// The terminal session: modes, raw mode, window size, input and the restore paths.
@Suite(.serialized) struct SessionTests {
    private static let enter =
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
    private static let exit =
        "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

    @Test func interactiveModesEnterAndExitInReverseOrder() {
        #expect(
            String(decoding: TerminalModes.interactive.enterSequence, as: UTF8.self)
                == SessionTests.enter)
        #expect(
            String(decoding: TerminalModes.interactive.exitSequence, as: UTF8.self)
                == SessionTests.exit)
        let focus = TerminalModes.focusEvents
        #expect(String(decoding: focus.enterSequence, as: UTF8.self) == "\u{1B}[?1004h")
        #expect(String(decoding: focus.exitSequence, as: UTF8.self) == "\u{1B}[0m\u{1B}[?1004l")
    }

    private func pipePair() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        return (ends[0], ends[1])
    }

    private func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }

    private func drain(_ descriptor: Int32) -> String {
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func startingUnblocksTheHandledSignalsAParentBlocked() throws {
        let output = pipePair()
        let input = pipePair()
        defer { closeAll([output.read, output.write, input.read, input.write]) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGWINCH, SIGTERM, SIGINT] { sigaddset(&blocked, signal) }
        var original = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &original)
        defer { pthread_sigmask(SIG_SETMASK, &original, nil) }
        let session = TerminalSession(input: input.read, output: output.write, usesRawMode: false)
        try session.start()
        defer { session.stop() }
        var current = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &current)
        for signal in [SIGWINCH, SIGTERM, SIGINT] {
            #expect(sigismember(&current, signal) == 0, "signal \(signal) is still blocked")
        }
    }

    @Test func sessionWritesTheEnterSequenceAndRestoresOnStopOnce() throws {
        let output = pipePair()
        let input = pipePair()
        defer { closeAll([output.read, output.write, input.read, input.write]) }
        let session = TerminalSession(input: input.read, output: output.write, usesRawMode: false)
        try session.start()
        #expect(TerminalSession.handlesSignal(SIGTERM))
        #expect(TerminalSession.handlesSignal(SIGWINCH))
        try session.write(Array("frame".utf8))
        session.stop()
        session.stop()
        #expect(drain(output.read) == SessionTests.enter + "frame" + SessionTests.exit)
        #expect(!TerminalSession.handlesSignal(SIGTERM))
        #expect(throws: TerminalError.self) { try session.write([1]) }
    }

    @Test func runRestoresWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let output = pipePair()
        let input = pipePair()
        defer { closeAll([output.read, output.write, input.read, input.write]) }
        #expect(throws: TerminalError.self) {
            // Raw mode on a pipe is refused, and nothing is written.
            try TerminalSession.run(input: input.read, output: output.write) { _ in }
        }
        #expect(drain(output.read) == "")
        let modes: TerminalModes = [.hiddenCursor]
        let session = TerminalSession(
            input: input.read, output: output.write, modes: modes, usesRawMode: false)
        #expect(throws: Boom.self) {
            try session.start()
            defer { session.stop() }
            throw Boom()
        }
        #expect(drain(output.read) == "\u{1B}[?25l\u{1B}[0m\u{1B}[?25h")
    }

    @Test func rawModeNeedsATerminalAndSaysSo() throws {
        let input = pipePair()
        defer { closeAll([input.read, input.write]) }
        let session = TerminalSession(input: input.read, output: input.write)
        #expect {
            try session.start()
        } throws: { error in
            (error as? TerminalError)?.code == .notATerminal
                && (error as? TerminalError)?.description.contains(
                    "run in a terminal or turn raw mode off") == true
        }
        #expect(!session.isActive)
    }

    @Test func onlyOneSessionAtATime() throws {
        let pair = pipePair()
        defer { closeAll([pair.read, pair.write]) }
        let first = TerminalSession(
            input: pair.read, output: pair.write, modes: [], usesRawMode: false)
        try first.start()
        let second = TerminalSession(
            input: pair.read, output: pair.write, modes: [], usesRawMode: false)
        #expect {
            try second.start()
        } throws: { error in
            (error as? TerminalError)?.code == .sessionActive
        }
        first.stop()
        try second.start()
        second.stop()
    }

    @Test func rawModeSizeAndRestoreOnAPseudoTerminal() throws {
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        #expect(session.size == TerminalSize(columns: 100, rows: 30))
        #expect(terminal.localFlags & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(terminal.readOutput() == SessionTests.enter)
        session.stop()
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
        #expect(terminal.localFlags & tcflag_t(ECHO) != 0)
        #expect(terminal.readOutput() == SessionTests.exit)
    }

    @Test func windowChangeSignalIsReportedAsAResize() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        terminal.resize(columns: 120, rows: 40)
        kill(getpid(), SIGWINCH)
        #expect(try session.read(timeout: 5) == .resized(TerminalSize(columns: 120, rows: 40)))
        terminal.type("q")
        #expect(try session.read(timeout: 5) == .bytes([UInt8(ascii: "q")]))
        #expect(try session.read(timeout: 0) == .timeout)
    }

    @Test func closedTerminalIsTheEndOfInput() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        terminal.closeController()
        #expect(try session.read(timeout: 5) == .endOfInput)
    }

    @Test func signalRestorePathRestoresTheTerminalAndTheHandlers() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        _ = terminal.readOutput()
        #expect(TerminalSession.handlesSignal(SIGINT))
        TerminalSession.restoreAsSignalHandlerDoes()
        #expect(terminal.localFlags & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
        #expect(terminal.readOutput() == SessionTests.exit)
        #expect(!TerminalSession.handlesSignal(SIGINT))
        // Stopping afterwards does not write the exit sequence twice.
        session.stop()
        #expect(terminal.readOutput() == "")
    }

    @Test func inputReaderTurnsALoneEscapeIntoTheEscapeKeyAfterTheTimeout() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        let backend = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .input],
            renderer: try TerminalRenderer(configuration: []))
        let reader = TerminalInputReader(session: session, backend: backend, escapeTimeout: 0.01)
        terminal.type("\u{1B}[1;5A")
        #expect(try reader.next(timeout: 5) == .events([.key(KeyEvent(.up, modifiers: .control))]))
        terminal.type("\u{1B}")
        #expect(try reader.next(timeout: 5) == .events([]))
        #expect(reader.isPending)
        #expect(try reader.next(timeout: 5) == .events([.key(KeyEvent(.escape))]))
        #expect(!reader.isPending)
        #expect(try reader.next(timeout: 0) == .timeout)
    }

    @Test func aWatchedDescriptorEndsTheWaitButNotAHalfReadSequence() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        let bus = pipePair()
        defer { closeAll([bus.read, bus.write]) }
        session.watchedDescriptors = [bus.read]
        _ = write(bus.write, "x", 1)
        // The watched pipe has input: the read ends at once, well before its 5 seconds.
        let start = ContinuousClock.now
        #expect(try session.read(timeout: 5) == .timeout)
        #expect(ContinuousClock.now - start < .seconds(2))
        // While the reader holds an Escape that may begin a sequence, the still readable pipe
        // does not cut the wait short: the rest of the sequence arrives and is read whole.
        let backend = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .input],
            renderer: try TerminalRenderer(configuration: []))
        let reader = TerminalInputReader(session: session, backend: backend, escapeTimeout: 0.5)
        terminal.type("\u{1B}")
        #expect(try reader.next(timeout: 5) == .events([]))
        #expect(reader.isPending)
        // The rest comes 100 ms later, while the pipe is readable all along.
        let controller = terminal.controller
        let typist = Thread {
            Thread.sleep(forTimeInterval: 0.1)
            let rest = Array("[1;5A".utf8)
            _ = rest.withUnsafeBytes { write(controller, $0.baseAddress, rest.count) }
        }
        typist.start()
        #expect(try reader.next(timeout: 5) == .events([.key(KeyEvent(.up, modifiers: .control))]))
        #expect(session.watchedDescriptors == [bus.read])
    }
}
