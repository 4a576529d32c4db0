import Glibc
import TrellisAccessibilityBus
public import TrellisCore
import TrellisEvents
public import TrellisGeometry
public import TrellisRender
public import TrellisViews

/// A window run as a live terminal application: drawn by a backend that renders terminal frames,
/// with mouse clicks, drags and the wheel turned into touches and scrolling, keys sent to the
/// focused control, and the terminal restored however the application ends.
///
/// A user's terminal app is a window and one call:
///
/// ```swift
/// let window = Window(size: Size(width: 640, height: 384))
/// let button = Button(title: "Quit")
/// window.addSubview(button)
/// try TerminalApp.run(window: window) { window in
///     button.frame = Rect(x: 8, y: 16, width: 80, height: 32)
/// }
/// ```
///
/// The window takes the terminal's size (columns × cell width by rows × cell height, in points)
/// before the first frame and after every resize, and `layout` is then called to place what
/// depends on it. `q` quits unless a text field is being edited; Control-C always quits, as
/// does the end of input.
///
/// When the session has an accessibility bus (AT-SPI, as a Linux desktop with Orca has), the
/// window's accessibility tree is published on it through an `AccessibilityBridge`, so that
/// screen readers read the app and hear focus and value changes; without a bus nothing is
/// opened. Set `TRELLIS_ACCESSIBILITY_BUS=0` in the environment, or pass
/// `accessibilityBus: false`, to turn it off.
@MainActor
public enum TerminalApp {
    /// Runs a window in the terminal until the user quits.
    ///
    /// - Parameters:
    ///   - window: The window to show; its backend becomes the one opened here.
    ///   - backend: The backend's name; `terminal` by default. It must render terminal frames
    ///     and decode input; inline, it must also draw inline frames and repaint in full on
    ///     request (`TerminalControllable`).
    ///   - registry: Where backends are found.
    ///   - configuration: The backend's settings; by default 8 × 16-point cells and the colours
    ///     the environment announces (`TerminalColorMode.fromProcessEnvironment()`).
    ///     ``TerminalViewport/inline(height:onExit:)`` turns on its `drawsInline`.
    ///   - session: The terminal; by default standard input and output in raw mode, with
    ///     ``TerminalModes/interactive`` for the full screen and ``TerminalModes/inline``
    ///     inline. An inline app's session may turn on neither the alternate screen nor the
    ///     mouse (whose reports count rows from the screen's top, not the app's).
    ///   - viewport: The whole screen (the alternate screen; the default), or rows below the
    ///     prompt (see ``InlineViewport``). Inline, the window is the terminal's width by the
    ///     viewport's height.
    ///   - printer: Lines to print into the scrollback: above an inline app, before its next
    ///     frame; after a full-screen app ends, once the shell's screen is back.
    ///   - frameInterval: How often, in seconds, the window's clock advances with no input and
    ///     nothing animating; while an animation runs, it advances up to 60 times a second.
    ///   - graphics: How image views' images are drawn: `nil` (the default) decides from the
    ///     `TRELLIS_TERMINAL_GRAPHICS` environment variable, else from what the terminal
    ///     answers (kitty graphics, else sixel, else half blocks); a mode given here is used
    ///     as it is (see `TerminalConfiguration.resolvingGraphics(_:capabilities:size:environment:)`).
    ///     Inline apps draw images as half blocks.
    ///   - accessibilityBus: Whether to publish the window's accessibility tree on the AT-SPI
    ///     bus when there is one (and `TRELLIS_ACCESSIBILITY_BUS` does not turn it off); yes by
    ///     default. A bus that cannot be reached is skipped without an error.
    ///   - layout: Called with the window when its size is set, before it is drawn.
    /// - Throws: ``TerminalError``: the session cannot start (`notATerminal` when standard
    ///   input is not a terminal), the backend cannot be opened or cannot drive a terminal, an
    ///   inline viewport has no rows or its session turns on the alternate screen or the mouse
    ///   (`invalidArgument`), the graphics environment variable has a bad value
    ///   (`configuration`), or drawing or reading fails. The terminal is restored first.
    public static func run(
        window: Window, backend: String = "terminal", registry: BackendRegistry = BackendRegistry(),
        configuration: TerminalConfiguration = TerminalConfiguration(
            colorMode: .fromProcessEnvironment()),
        session: TerminalSession? = nil, viewport: TerminalViewport = .fullScreen,
        printer: TerminalPrinter? = nil, frameInterval: Double = 0.1,
        graphics: TerminalGraphicsMode? = nil, accessibilityBus: Bool = true,
        layout: @escaping (Window) -> Void = { _ in }
    ) throws(TerminalError) {
        var configuration = configuration
        let session = session ?? TerminalSession(modes: viewport.isInline ? .inline : .interactive)
        if case .inline(let height, _) = viewport {
            guard height >= 1 else {
                throw TerminalError(
                    .invalidArgument, "an inline viewport needs at least 1 row, not \(height)")
            }
            let refused = session.modes.intersection([.alternateScreen, .mouse])
            guard refused.isEmpty else {
                throw TerminalError(
                    .invalidArgument,
                    "an inline app's session cannot turn on "
                        + (refused.contains(.alternateScreen)
                            ? "the alternate screen" : "the mouse")
                        + "; use TerminalModes.inline")
            }
            configuration.drawsInline = true
        }
        var opened: any Backend
        do {
            opened = try registry.open(backend, configuration: configuration.json)
        } catch {
            throw TerminalError(.backend, error.description)
        }
        let needed: BackendCapabilities = [.renderTerminal, .input]
        guard opened.capabilities.isSuperset(of: needed) else {
            throw TerminalError(
                .backend,
                "backend \"\(backend)\" cannot drive a terminal: it has \(opened.capabilities), "
                    + "and a terminal app needs \(needed)")
        }
        var inline: InlineApp? = nil
        if case .inline(let height, let onExit) = viewport {
            guard let controllable = opened as? any TerminalControllable else {
                throw TerminalError(
                    .backend,
                    "backend \"\(backend)\" cannot repaint on request, which an inline app needs")
            }
            do {
                _ = try controllable.terminalControl("")
            } catch {
                throw TerminalError(
                    .backend, "an inline app needs a backend that repaints on request: \(error)")
            }
            inline = InlineApp(
                viewport: InlineViewport(height: height, size: session.size), onExit: onExit,
                backend: controllable)
        }
        try session.start()
        defer {
            session.stop()
            if !viewport.isInline, let lines = printer?.takeLines(), !lines.isEmpty {
                // The shell's screen is back: the lines go into its scrollback.
                let text = lines.map { $0 + "\n" }.joined()
                try? TerminalDevice.writeAll(Array(text.utf8), to: session.output)
            }
        }
        // What the terminal supports decides the frames' brackets, the keyboard protocol and
        // the graphics of a full-screen app; its backend is opened again if the graphics change
        // its settings.
        let capabilities =
            session.usesRawMode ? try session.queryCapabilities() : TerminalCapabilities()
        let resolved =
            viewport.isInline
            ? configuration
            : try configuration.resolvingGraphics(
                graphics, capabilities: capabilities, size: session.size,
                environment: TerminalConfiguration.graphicsEnvironment())
        if resolved != configuration {
            do {
                opened = try registry.open(backend, configuration: resolved.json)
            } catch {
                throw TerminalError(.backend, error.description)
            }
        }
        window.backend = opened
        var loop = Loop(
            window: window, session: session, backend: opened, configuration: resolved,
            capabilities: capabilities, inline: inline, printer: printer, layout: layout)
        do {
            try loop.run(frameInterval: frameInterval, accessibilityBus: accessibilityBus)
        } catch let error as TerminalError {
            throw error
        } catch {
            throw TerminalError(.backend, "\(error)")
        }
    }

    /// Whether an event quits: `q` unless a text field is being edited, and Control-C.
    ///
    /// - Parameters:
    ///   - event: The input event.
    ///   - window: The window, whose focused view decides whether `q` is text.
    /// - Returns: Whether the application should end.
    public static func isQuit(_ event: InputEvent, in window: Window) -> Bool {
        switch event {
        case .text(let text):
            return text == "q" && !(window.focusedView is TextField)
        case .key(let key):
            return key.key == .character("c") && key.modifiers.contains(.control)
        default:
            return false
        }
    }

    /// The size in points of a terminal of `size` cells.
    ///
    /// - Parameters:
    ///   - size: The terminal's size in cells.
    ///   - configuration: The cell size in points.
    /// - Returns: Columns × cell width by rows × cell height, at least one cell.
    public static func points(of size: TerminalSize, configuration: TerminalConfiguration)
        -> Size
    {
        Size(
            width: Double(max(size.columns, 1)) * configuration.cellWidth,
            height: Double(max(size.rows, 1)) * configuration.cellHeight)
    }

    /// An inline app's rows, what it leaves behind, and the backend that repaints them.
    private struct InlineApp {
        var viewport: InlineViewport
        let onExit: InlineExitBehavior
        let backend: any TerminalControllable
    }

    /// One run: the window, its input and its clock.
    @MainActor
    private struct Loop {
        let window: Window
        let session: TerminalSession
        let backend: any Backend
        let configuration: TerminalConfiguration
        let capabilities: TerminalCapabilities
        var inline: InlineApp?
        let printer: TerminalPrinter?
        let layout: (Window) -> Void
        let clock = ContinuousClock()
        let start: ContinuousClock.Instant
        /// Bytes the inline viewport needs written before the next frame.
        private var pending: [UInt8] = []

        init(
            window: Window, session: TerminalSession, backend: any Backend,
            configuration: TerminalConfiguration, capabilities: TerminalCapabilities,
            inline: InlineApp?, printer: TerminalPrinter?,
            layout: @escaping (Window) -> Void
        ) {
            self.window = window
            self.session = session
            self.backend = backend
            self.configuration = configuration
            self.capabilities = capabilities
            self.inline = inline
            self.printer = printer
            self.layout = layout
            start = clock.now
        }

        private var now: Double {
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                / 1e18
        }

        mutating func run(frameInterval: Double, accessibilityBus: Bool) throws {
            var mouse = MouseTranslator(
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
            let reader = TerminalInputReader(session: session, backend: backend)
            // Frames are bracketed as synchronized updates where the terminal applies them,
            // so that none is shown half drawn.
            // Where the terminal speaks the kitty keyboard protocol, Escape and keys with
            // modifiers arrive unambiguously, and their releases are reported.
            if capabilities.kittyKeyboard { try session.enableKittyKeyboard() }
            if let app = inline {
                // The rows begin below the prompt: on the cursor's row if it is at its start.
                let column = session.usesRawMode ? try session.cursorPosition()?.column : nil
                let viewport = InlineViewport(
                    height: app.viewport.requestedHeight, size: session.size)
                inline?.viewport = viewport
                pending = viewport.begin(cursorColumn: column)
                if let lines = printer?.takeLines(), !lines.isEmpty {
                    pending += viewport.printAbove(lines)
                }
                session.setBytesBeforeExit(viewport.exit(app.onExit))
            }
            resize(to: session.size)
            func draw(_ bytes: [UInt8]) throws {
                guard capabilities.synchronizedOutput, !bytes.isEmpty else {
                    try session.write(bytes)
                    return
                }
                try session.write(
                    TerminalCapabilities.beginSynchronizedUpdate + bytes
                        + TerminalCapabilities.endSynchronizedUpdate)
            }
            try draw(takePending() + frame())
            // The accessibility bus, when there is one: its socket is polled with the
            // terminal, its requests answered and the tree's changes sent after each turn.
            var bridge =
                accessibilityBus ? try? AccessibilityBridge.fromEnvironment(window: window) : nil
            defer {
                bridge?.close()
                session.watchedDescriptors = []
            }
            if let bridge { session.watchedDescriptors = [bridge.descriptor] }
            func dropBridge() {
                bridge?.close()
                bridge = nil
                session.watchedDescriptors = []
            }
            while true {
                // At most 60 frames a second while something moves, and none while nothing
                // does: the window is drawn only when it needs display.
                let wait =
                    window.hasRunningAnimations ? min(frameInterval, 1.0 / 60) : frameInterval
                // Whether the window may have changed, which the accessibility bus then hears.
                var changed = false
                switch try reader.next(timeout: wait) {
                case .events(let events):
                    changed = !events.isEmpty
                    for event in events {
                        if TerminalApp.isQuit(event, in: window) {
                            // Lines printed by the events before are printed all the same.
                            if try printLines() { try draw(takePending() + frame()) }
                            return
                        }
                        handle(event, mouse: &mouse)
                    }
                case .resized(let size):
                    try follow(size)
                    changed = true
                case .timeout:
                    break
                case .endOfInput:
                    return
                }
                _ = try printLines()
                if let active = bridge {
                    do {
                        if try active.service() { changed = true }
                    } catch {
                        dropBridge()
                    }
                }
                window.advanceTime(to: now)
                if window.needsDisplay || !pending.isEmpty {
                    // Inline rows are drawn from the anchor with relative moves, which must not
                    // assume a size the terminal no longer has: a change that is not signalled
                    // yet is followed first.
                    if let viewport = inline?.viewport, let current = session.currentSize(),
                        current.columns != viewport.size.columns
                            || current.rows != viewport.size.rows
                    {
                        try follow(current)
                    }
                    try draw(takePending() + frame())
                    changed = true
                }
                if changed, let active = bridge {
                    do {
                        try active.update()
                    } catch {
                        dropBridge()
                    }
                }
            }
        }

        /// Prints the printer's lines above an inline app, before its next frame; returns
        /// whether there were any. A full-screen app's lines wait for the end.
        private mutating func printLines() throws -> Bool {
            guard let inline, let lines = printer?.takeLines(), !lines.isEmpty else {
                return false
            }
            pending += inline.viewport.printAbove(lines)
            try repaintInFull()
            return true
        }

        /// The window's next frame; none while an inline app has no rows.
        private func frame() throws -> [UInt8] {
            if let inline, inline.viewport.height == 0 { return [] }
            return try window.render()
        }

        private mutating func takePending() -> [UInt8] {
            defer { pending = [] }
            return pending
        }

        /// Asks the backend to draw the next frame whole: the inline viewport was cleared, and
        /// the way out of it changed with it.
        private func repaintInFull() throws {
            guard let inline else { return }
            session.setBytesBeforeExit(inline.viewport.exit(inline.onExit))
            _ = try inline.backend.terminalControl(#"{"full":true}"#)
        }

        /// Follows a new size of the terminal: an inline viewport is cleared and reserved again
        /// at its new height, and the window takes the new size.
        private mutating func follow(_ size: TerminalSize) throws {
            if inline != nil {
                pending += inline?.viewport.resize(to: size) ?? []
                try repaintInFull()
            }
            resize(to: size)
        }

        private func resize(to size: TerminalSize) {
            var shown = size
            if let inline {
                shown = TerminalSize(
                    columns: inline.viewport.columns, rows: inline.viewport.height)
            }
            window.size = TerminalApp.points(of: shown, configuration: configuration)
            layout(window)
        }

        private func handle(_ event: InputEvent, mouse: inout MouseTranslator) {
            if case .mouse(let mouseEvent) = event {
                for action in mouse.translate(mouseEvent, timestamp: now) {
                    switch action {
                    case .touch(let touch): window.dispatch(touch)
                    case .scroll(let delta, let location):
                        _ = window.dispatchScroll(delta, at: location)
                    }
                }
                return
            }
            if let key = event.keyInput { _ = window.dispatch(key: key) }
        }
    }
}
