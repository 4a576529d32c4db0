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

/// The terminal's replies to the capability query, and frames bracketed as synchronized
/// updates where the terminal applies them.
@Suite struct CapabilityParsingTests {
    private func parse(_ text: String) -> (TerminalCapabilities, Bool, String) {
        var capabilities = TerminalCapabilities()
        let (done, rest) = TerminalCapabilities.parse(Array(text.utf8), into: &capabilities)
        return (capabilities, done, String(decoding: rest, as: UTF8.self))
    }

    @Test func repliesAreTakenOutAndKeysKept() {
        let (capabilities, done, rest) = parse("a\u{1B}[?2026;2$yb\u{1B}[?62;22c\u{1B}[Ac")
        #expect(capabilities.synchronizedOutput && capabilities.answered && done)
        #expect(rest == "ab\u{1B}[Ac")
    }

    @Test(arguments: [("0", false), ("1", true), ("2", true), ("3", true), ("4", false)])
    func theModeIsSupportedWhenTheTerminalKnowsIt(value: String, supported: Bool) {
        let (capabilities, _, _) = parse("\u{1B}[?2026;\(value)$y\u{1B}[?1;2c")
        #expect(capabilities.synchronizedOutput == supported)
    }

    @Test func theKittyKeyboardFlagsReplyMeansTheProtocolIsSpoken() {
        let (capabilities, done, rest) = parse("\u{1B}[?0u\u{1B}[?62c")
        #expect(capabilities.kittyKeyboard && done && rest.isEmpty)
        #expect(!parse("\u{1B}[?62c").0.kittyKeyboard)
    }

    @Test func aReleasedKeyIsNoKeyForTheWindow() {
        let press = InputEvent.key(KeyEvent(.left))
        let release = InputEvent.key(KeyEvent(.left, phase: .release))
        let repeated = InputEvent.key(KeyEvent(.left, phase: .repeat))
        #expect(press.keyInput == .left && repeated.keyInput == .left)
        #expect(release.keyInput == nil)
    }

    @Test func withoutTheAttributesReplyTheWaitGoesOn() {
        let (capabilities, done, rest) = parse("\u{1B}[?2026;1$y")
        #expect(capabilities.synchronizedOutput && !capabilities.answered && !done)
        #expect(rest.isEmpty)
    }
}

// In the serialized session suite: one terminal session may be active at a time.
extension SessionTests {
    @Test func theQueryReadsTheRepliesAndKeepsTypedKeysForTheNextRead() throws {
        let terminal = try PseudoTerminal(columns: 40, rows: 10)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        terminal.type("x\u{1B}[?2026;2$y\u{1B}[?62;c")
        let capabilities = try session.queryCapabilities(timeout: 2)
        #expect(capabilities == TerminalCapabilities(synchronizedOutput: true, answered: true))
        #expect(try session.read(timeout: 0) == .bytes(Array("x".utf8)))
        #expect(
            terminal.readOutput().contains(
                "\u{1B}[?2026$p\u{1B}[?u\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
                    + "\u{1B}[16t\u{1B}[c"))
    }

    @Test func aTerminalThatAnswersNothingCostsTheTimeoutAndSupportsNothing() throws {
        let terminal = try PseudoTerminal(columns: 40, rows: 10)
        let session = TerminalSession(input: terminal.subordinate, output: terminal.subordinate)
        try session.start()
        defer { session.stop() }
        terminal.type("q")
        let capabilities = try session.queryCapabilities(timeout: 0.05)
        #expect(capabilities == TerminalCapabilities())
        #expect(try session.read(timeout: 0) == .bytes(Array("q".utf8)))
    }

    @Test @MainActor func theKittyKeyboardIsTurnedOnWhereSpokenAndOffAtTheEnd() throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 4)
        let window = Window(size: Size(width: 10, height: 10))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        window.addSubview(field)
        _ = window.focus(field)
        // The terminal answers; then "x" pressed and released, Escape released, and q.
        terminal.type("\u{1B}[?0u\u{1B}[?62cx\u{1B}[120;1:3u\u{1B}[27;1:3u\u{1B}[99;5u")
        try TerminalApp.run(
            window: window, registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate))
        // The release typed nothing more; Control-C (as the protocol sends it) quit.
        #expect(field.text == "x")
        let output = terminal.readOutput()
        // Pushed after the query, popped at the end before the modes are turned off.
        let afterPush = output.split(separator: "\u{1B}[>3u", omittingEmptySubsequences: false)
        #expect(afterPush.count == 2)
        #expect(
            afterPush.last?.hasSuffix(
                "\u{1B}[<u"
                    + String(decoding: TerminalModes.interactive.exitSequence, as: UTF8.self))
                == true)
    }

    @Test(arguments: [true, false]) @MainActor
    func framesAreSynchronizedUpdatesWhereTheTerminalAppliesThem(supported: Bool) throws {
        let terminal = try PseudoTerminal(columns: 20, rows: 4)
        let window = Window(size: Size(width: 10, height: 10))
        let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        label.text = "Hello"
        window.addSubview(label)
        let mode = supported ? "2" : "0"
        terminal.type("\u{1B}[?2026;\(mode)$y\u{1B}[?62;cq")
        try TerminalApp.run(
            window: window, registry: registry(),
            configuration: TerminalConfiguration(colorMode: .palette16),
            session: TerminalSession(input: terminal.subordinate, output: terminal.subordinate))
        let output = terminal.readOutput()
        #expect(output.contains("Hello"))
        if supported {
            // The first frame is one synchronized update: begin, the frame, end.
            let parts = output.split(separator: "\u{1B}[?2026h", omittingEmptySubsequences: false)
            #expect(parts.count >= 2)
            let frame = parts.count >= 2 ? parts[1] : ""
            #expect(frame.contains("Hello"))
            #expect(frame.contains("\u{1B}[?2026l"))
        } else {
            #expect(!output.contains("\u{1B}[?2026h"))
        }
    }
}

/// The kitty graphics and sixel answers, the cell size in pixels, and how a live app picks its
/// graphics from them, the environment and the caller.
@Suite struct GraphicsCapabilityTests {
    private func parse(_ text: String) -> (TerminalCapabilities, Bool, String) {
        var capabilities = TerminalCapabilities()
        let (done, rest) = TerminalCapabilities.parse(Array(text.utf8), into: &capabilities)
        return (capabilities, done, String(decoding: rest, as: UTF8.self))
    }

    @Test func theKittyGraphicsAnswerOKMeansImagesAreShown() {
        let (capabilities, done, rest) = parse("\u{1B}_Gi=31;OK\u{1B}\\a\u{1B}[?62;22c")
        #expect(capabilities.kittyGraphics && !capabilities.sixel && done && rest == "a")
    }

    @Test func anErrorAnswerOrNoAnswerBeforeTheAttributesMeansNone() {
        let (refused, _, rest) = parse("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c")
        #expect(!refused.kittyGraphics && rest.isEmpty)
        let (silent, done, _) = parse("\u{1B}[?62;22c")
        #expect(!silent.kittyGraphics && done)
    }

    @Test(arguments: [("62;4;22", true), ("64;1;2;4", true), ("62;22", false), ("4;6", false)])
    func sixelIsDeviceAttributeFour(attributes: String, sixel: Bool) {
        #expect(parse("\u{1B}[?\(attributes)c").0.sixel == sixel)
    }

    @Test func theCellSizeInPixelsIsRead() {
        let (capabilities, _, rest) = parse("\u{1B}[6;20;10t\u{1B}[?62c")
        #expect(capabilities.cellPixelWidth == 10 && capabilities.cellPixelHeight == 20)
        #expect(rest.isEmpty)
    }

    @Test func theCallerThenTheEnvironmentThenTheTerminalDecide() throws {
        let both = TerminalCapabilities(answered: true, kittyGraphics: true, sixel: true)
        let size = TerminalSize(columns: 80, rows: 24)
        let base = TerminalConfiguration()
        let variable = TerminalGraphicsMode.environmentVariable
        #expect(
            try base.resolvingGraphics(nil, capabilities: both, size: size, environment: [:])
                .graphicsMode == .kitty)
        #expect(
            try base.resolvingGraphics(
                nil, capabilities: TerminalCapabilities(sixel: true), size: size,
                environment: [:]
            ).graphicsMode == .sixel)
        #expect(
            try base.resolvingGraphics(
                nil, capabilities: TerminalCapabilities(), size: size, environment: [:]
            ).graphicsMode == .halfBlocks)
        #expect(
            try base.resolvingGraphics(
                nil, capabilities: both, size: size, environment: [variable: "sixel"]
            ).graphicsMode == .sixel)
        #expect(
            try base.resolvingGraphics(
                nil, capabilities: both, size: size, environment: [variable: "auto"]
            ).graphicsMode == .kitty)
        #expect(
            try base.resolvingGraphics(
                .halfBlocks, capabilities: both, size: size, environment: [variable: "kitty"]
            ).graphicsMode == .halfBlocks)
        #expect(throws: TerminalError.self) {
            try base.resolvingGraphics(
                nil, capabilities: both, size: size, environment: [variable: "iterm"])
        }
    }

    @Test func theCellSizeComesFromTheWindowElseTheAnswerElseTheDefault() throws {
        let answered = TerminalCapabilities(cellPixelWidth: 9, cellPixelHeight: 18)
        let base = TerminalConfiguration()
        let withPixels = try base.resolvingGraphics(
            nil, capabilities: answered,
            size: TerminalSize(columns: 80, rows: 24, pixelWidth: 960, pixelHeight: 528),
            environment: [:])
        #expect(withPixels.cellPixelWidth == 12 && withPixels.cellPixelHeight == 22)
        let fromAnswer = try base.resolvingGraphics(
            nil, capabilities: answered, size: TerminalSize(columns: 80, rows: 24),
            environment: [:])
        #expect(fromAnswer.cellPixelWidth == 9 && fromAnswer.cellPixelHeight == 18)
        let byDefault = try base.resolvingGraphics(
            nil, capabilities: TerminalCapabilities(), size: TerminalSize(columns: 80, rows: 24),
            environment: [:])
        #expect(byDefault.cellPixelWidth == 10 && byDefault.cellPixelHeight == 20)
    }

    @Test func theConfigurationCarriesTheGraphicsAsJSON() throws {
        let configuration = TerminalConfiguration(
            graphicsMode: .sixel, cellPixelWidth: 9, cellPixelHeight: 18)
        #expect(try TerminalConfiguration(json: configuration.json) == configuration)
        let plain = String(decoding: TerminalConfiguration().json, as: UTF8.self)
        #expect(!plain.contains("graphics") && !plain.contains("Pixel"))
        #expect(throws: ConfigurationError.self) {
            try TerminalConfiguration(json: Array(#"{"graphics": "iterm"}"#.utf8))
        }
        #expect(throws: ConfigurationError.self) {
            try TerminalConfiguration(json: Array(#"{"cellPixelWidth": 2.5}"#.utf8))
        }
    }
}
