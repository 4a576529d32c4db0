import Glibc
import Testing
import TrellisCore
import TrellisEvents
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTerminal
import TrellisTerminalRenderer
import TrellisViews
import _TrellisTestSupport

// In the serialized session suite: one terminal session may be active at a time.
extension SessionTests {
    /// A registry whose terminal backend runs in process.
    func registry() -> BackendRegistry {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        registry.register(name: "terminal", capabilities: [.renderTerminal, .input, .measureText]) {
            (configuration: [UInt8]) throws(RendererError) -> TerminalRenderer in
            try TerminalRenderer(configuration: configuration)
        }
        return registry
    }

    @Test @MainActor func aWindowRunsAsATerminalAppUntilQ() throws {
        let terminal = try PseudoTerminal(columns: 40, rows: 10)
        let window = Window(size: Size(width: 10, height: 10))
        let button = Button()
        button.setTitle("Go", for: .normal)
        window.addSubview(button)
        var taps = 0
        button.addAction(ControlAction { _ in taps += 1 }, for: .touchUpInside)
        var sizes: [Size] = []
        // A click on the cell at column 5, row 2 (1-based), inside the button, then q.
        terminal.type("\u{1B}[<0;5;2M\u{1B}[<0;5;2mq")
        try TerminalApp.run(
            window: window, registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        ) { window in
            sizes.append(window.size)
            button.frame = Rect(x: 0, y: 0, width: 80, height: 48)
        }
        #expect(sizes == [Size(width: 320, height: 160)])
        #expect(taps == 1)
        #expect(window.backend?.name == "terminal")
        // (The input typed before the session started may be echoed ahead of it.)
        let screen = terminal.readOutput()
        #expect(screen.contains("\u{1B}[?1049h"))
        #expect(screen.contains("Go"))
        #expect(screen.hasSuffix("\u{1B}[?1049l"))
        // The terminal is out of raw mode again.
        #expect(terminal.localFlags & tcflag_t(ICANON) != 0)
    }

    @Test @MainActor func aBackendThatCannotDriveATerminalIsRefusedBeforeTheSessionStarts()
        throws
    {
        let terminal = try PseudoTerminal(columns: 40, rows: 10)
        let registry = registry()
        registry.register(name: "text", capabilities: .renderText) {
            (configuration: [UInt8]) throws(RendererError) -> TerminalRenderer in
            try TerminalRenderer(configuration: configuration)
        }
        do {
            try TerminalApp.run(
                window: Window(size: Size(width: 10, height: 10)), backend: "text",
                registry: registry,
                session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate))
            Issue.record("ran with a backend that reads no input")
        } catch {
            #expect(error.code == .backend)
            #expect(error.message.contains("cannot drive a terminal"))
        }
        #expect(terminal.readOutput() == "")
        do {
            try TerminalApp.run(
                window: Window(size: Size(width: 10, height: 10)), backend: "plotter",
                registry: registry,
                session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate))
            Issue.record("ran with a backend that does not exist")
        } catch {
            #expect(error.code == .backend)
            #expect(error.message.contains("\"plotter\""))
        }
    }

    @Test @MainActor func qTypedIntoATextFieldIsTextAndControlCQuits() {
        let window = Window(size: Size(width: 100, height: 100))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 80, height: 20))
        window.addSubview(field)
        #expect(TerminalApp.isQuit(.text("q"), in: window))
        window.focus(field)
        #expect(!TerminalApp.isQuit(.text("q"), in: window))
        #expect(
            TerminalApp.isQuit(.key(KeyEvent(.character("c"), modifiers: .control)), in: window))
        #expect(!TerminalApp.isQuit(.key(KeyEvent(.character("c"))), in: window))
    }
}
