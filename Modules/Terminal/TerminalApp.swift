import Glibc
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
@MainActor
public enum TerminalApp {
    /// Runs a window in the terminal until the user quits.
    ///
    /// - Parameters:
    ///   - window: The window to show; its backend becomes the one opened here.
    ///   - backend: The backend's name; `terminal` by default. It must render terminal frames
    ///     and decode input.
    ///   - registry: Where backends are found.
    ///   - configuration: The backend's settings; by default 8 × 16-point cells and the colours
    ///     the environment announces (`TerminalColorMode.fromProcessEnvironment()`).
    ///   - session: The terminal; standard input and output in raw mode by default.
    ///   - frameInterval: How often, in seconds, the window's clock advances with no input and
    ///     nothing animating; while an animation runs, it advances up to 60 times a second.
    ///   - graphics: How image views' images are drawn: `nil` (the default) decides from the
    ///     `TRELLIS_TERMINAL_GRAPHICS` environment variable, else from what the terminal
    ///     answers (kitty graphics, else sixel, else half blocks); a mode given here is used
    ///     as it is (see ``TrellisCore/TerminalConfiguration/resolvingGraphics(_:capabilities:size:environment:)``).
    ///   - layout: Called with the window when its size is set, before it is drawn.
    /// - Throws: ``TerminalError``: the session cannot start (`notATerminal` when standard
    ///   input is not a terminal), the backend cannot be opened or cannot drive a terminal,
    ///   the graphics environment variable has a bad value, or drawing or reading fails. The
    ///   terminal is restored first.
    public static func run(
        window: Window, backend: String = "terminal", registry: BackendRegistry = BackendRegistry(),
        configuration: TerminalConfiguration = TerminalConfiguration(
            colorMode: .fromProcessEnvironment()),
        session: TerminalSession = TerminalSession(), frameInterval: Double = 0.1,
        graphics: TerminalGraphicsMode? = nil,
        layout: @escaping (Window) -> Void = { _ in }
    ) throws(TerminalError) {
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
        try session.start()
        defer { session.stop() }
        // What the terminal supports decides the frames' brackets, the keyboard protocol and
        // the graphics; the backend is opened again if the graphics change its settings.
        let capabilities =
            session.usesRawMode ? try session.queryCapabilities() : TerminalCapabilities()
        let resolved = try configuration.resolvingGraphics(
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
            capabilities: capabilities, layout: layout)
        do {
            try loop.run(frameInterval: frameInterval)
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

    /// One run: the window, its input and its clock.
    @MainActor
    private struct Loop {
        let window: Window
        let session: TerminalSession
        let backend: any Backend
        let configuration: TerminalConfiguration
        let capabilities: TerminalCapabilities
        let layout: (Window) -> Void
        let clock = ContinuousClock()
        let start: ContinuousClock.Instant

        init(
            window: Window, session: TerminalSession, backend: any Backend,
            configuration: TerminalConfiguration, capabilities: TerminalCapabilities,
            layout: @escaping (Window) -> Void
        ) {
            self.window = window
            self.session = session
            self.backend = backend
            self.configuration = configuration
            self.capabilities = capabilities
            self.layout = layout
            start = clock.now
        }

        private var now: Double {
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                / 1e18
        }

        mutating func run(frameInterval: Double) throws {
            resize(to: session.size)
            var mouse = MouseTranslator(
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
            let reader = TerminalInputReader(session: session, backend: backend)
            // Frames are bracketed as synchronized updates where the terminal applies them,
            // so that none is shown half drawn.
            // Where the terminal speaks the kitty keyboard protocol, Escape and keys with
            // modifiers arrive unambiguously, and their releases are reported.
            if capabilities.kittyKeyboard { try session.enableKittyKeyboard() }
            func draw(_ frame: [UInt8]) throws {
                guard capabilities.synchronizedOutput, !frame.isEmpty else {
                    try session.write(frame)
                    return
                }
                try session.write(
                    TerminalCapabilities.beginSynchronizedUpdate + frame
                        + TerminalCapabilities.endSynchronizedUpdate)
            }
            try draw(window.render())
            while true {
                // At most 60 frames a second while something moves, and none while nothing
                // does: the window is drawn only when it needs display.
                let wait =
                    window.hasRunningAnimations ? min(frameInterval, 1.0 / 60) : frameInterval
                switch try reader.next(timeout: wait) {
                case .events(let events):
                    for event in events {
                        if TerminalApp.isQuit(event, in: window) { return }
                        handle(event, mouse: &mouse)
                    }
                case .resized(let size):
                    resize(to: size)
                case .timeout:
                    break
                case .endOfInput:
                    return
                }
                window.advanceTime(to: now)
                if window.needsDisplay { try draw(window.render()) }
            }
        }

        private func resize(to size: TerminalSize) {
            window.size = TerminalApp.points(of: size, configuration: configuration)
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
