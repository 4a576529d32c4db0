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
    ///     and decode input.
    ///   - registry: Where backends are found.
    ///   - configuration: The backend's settings; by default 8 × 16-point cells and the colours
    ///     the environment announces (`TerminalColorMode.fromProcessEnvironment()`).
    ///   - session: The terminal; standard input and output in raw mode by default.
    ///   - frameInterval: How often, in seconds, the window's clock advances with no input and
    ///     nothing animating; while an animation runs, it advances up to 60 times a second.
    ///   - accessibilityBus: Whether to publish the window's accessibility tree on the AT-SPI
    ///     bus when there is one (and `TRELLIS_ACCESSIBILITY_BUS` does not turn it off); yes by
    ///     default. A bus that cannot be reached is skipped without an error.
    ///   - layout: Called with the window when its size is set, before it is drawn.
    /// - Throws: ``TerminalError``: the session cannot start (`notATerminal` when standard
    ///   input is not a terminal), the backend cannot be opened or cannot drive a terminal, or
    ///   drawing or reading fails. The terminal is restored first.
    public static func run(
        window: Window, backend: String = "terminal", registry: BackendRegistry = BackendRegistry(),
        configuration: TerminalConfiguration = TerminalConfiguration(
            colorMode: .fromProcessEnvironment()),
        session: TerminalSession = TerminalSession(), frameInterval: Double = 0.1,
        accessibilityBus: Bool = true, layout: @escaping (Window) -> Void = { _ in }
    ) throws(TerminalError) {
        let opened: any Backend
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
        window.backend = opened
        var loop = Loop(
            window: window, session: session, backend: opened, configuration: configuration,
            layout: layout)
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

    /// One run: the window, its input and its clock.
    @MainActor
    private struct Loop {
        let window: Window
        let session: TerminalSession
        let backend: any Backend
        let configuration: TerminalConfiguration
        let layout: (Window) -> Void
        let clock = ContinuousClock()
        let start: ContinuousClock.Instant

        init(
            window: Window, session: TerminalSession, backend: any Backend,
            configuration: TerminalConfiguration, layout: @escaping (Window) -> Void
        ) {
            self.window = window
            self.session = session
            self.backend = backend
            self.configuration = configuration
            self.layout = layout
            start = clock.now
        }

        private var now: Double {
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                / 1e18
        }

        mutating func run(frameInterval: Double, accessibilityBus: Bool) throws {
            resize(to: session.size)
            var mouse = MouseTranslator(
                cellWidth: configuration.cellWidth, cellHeight: configuration.cellHeight)
            let reader = TerminalInputReader(session: session, backend: backend)
            // Frames are bracketed as synchronized updates where the terminal applies them,
            // so that none is shown half drawn.
            let capabilities =
                session.usesRawMode ? try session.queryCapabilities() : TerminalCapabilities()
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
            // The accessibility bus, when there is one: its socket is polled with the
            // terminal, its requests answered and the tree's changes sent after each turn.
            var bridge =
                accessibilityBus ? try? AccessibilityBridge.fromEnvironment(window: window) : nil
            defer {
                bridge?.close()
                session.watchedDescriptors = []
            }
            if let bridge { session.watchedDescriptors = [bridge.descriptor] }
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
                        if TerminalApp.isQuit(event, in: window) { return }
                        handle(event, mouse: &mouse)
                    }
                case .resized(let size):
                    resize(to: size)
                    changed = true
                case .timeout:
                    break
                case .endOfInput:
                    return
                }
                if let active = bridge {
                    do {
                        if try active.service() { changed = true }
                    } catch {
                        active.close()
                        bridge = nil
                        session.watchedDescriptors = []
                    }
                }
                window.advanceTime(to: now)
                if window.needsDisplay {
                    try draw(window.render())
                    changed = true
                }
                if changed, let active = bridge {
                    do {
                        try active.update()
                    } catch {
                        active.close()
                        bridge = nil
                        session.watchedDescriptors = []
                    }
                }
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
