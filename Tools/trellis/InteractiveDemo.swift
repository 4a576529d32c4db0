import Foundation
import Trellis

/// `trellis demo --interactive`: the gallery as a live terminal application — mouse clicks,
/// drags and the wheel become touches and scrolling, keys go to the focused control, and `q`
/// (or Control-C) quits with the terminal restored.
@MainActor
enum InteractiveDemo {
    /// Runs the live gallery until the user quits; returns the exit status.
    static func run(registry: BackendRegistry) throws(CommandError) -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError("--interactive needs a terminal on standard input and output")
        }
        let options = TerminalBackendOptions(colors: .fromProcessEnvironment())
        let backend: any Backend
        do {
            backend = try registry.open("terminal", configuration: options.json)
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
        }
        let session = TerminalSession()
        do {
            try session.start()
        } catch {
            throw CommandError(error.description)
        }
        defer { session.stop() }
        do {
            try loop(session: session, backend: backend, options: options)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("the interactive demo stopped: \(error)")
        }
        return 0
    }

    private static func points(_ size: TerminalSize, _ options: TerminalBackendOptions) -> Size {
        Size(
            width: Double(max(size.columns, 1)) * options.cellWidth,
            height: Double(max(size.rows, 1)) * options.cellHeight)
    }

    private static func loop(
        session: TerminalSession, backend: any Backend, options: TerminalBackendOptions
    ) throws {
        let gallery = Gallery(size: points(session.size, options), backend: backend)
        let window = gallery.window
        gallery.statusLabel.text = "Click, drag, scroll or Tab; q quits"
        var mouse = MouseTranslator(cellWidth: options.cellWidth, cellHeight: options.cellHeight)
        let reader = TerminalInputReader(session: session, backend: backend)
        let clock = ContinuousClock()
        let start = clock.now
        func now() -> Double {
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                / 1e18
        }
        try session.write(window.render())
        while true {
            switch try reader.next(timeout: 0.1) {
            case .events(let events):
                for event in events {
                    if shouldQuit(event, window: window) { return }
                    handle(event, window: window, mouse: &mouse, time: now())
                }
            case .resized(let size):
                window.size = points(size, options)
                gallery.scrollView.frame = window.bounds
            case .timeout:
                window.advanceTime(to: now())
            case .endOfInput:
                return
            }
            if window.needsDisplay { try session.write(window.render()) }
        }
    }

    /// `q` quits unless a text field is being edited; Control-C always quits.
    private static func shouldQuit(_ event: InputEvent, window: Window) -> Bool {
        switch event {
        case .text(let text):
            return text == "q" && !(window.focusedView is TextField)
        case .key(let key):
            return key.key == .character("c") && key.modifiers.contains(.control)
        default:
            return false
        }
    }

    private static func handle(
        _ event: InputEvent, window: Window, mouse: inout MouseTranslator, time: Double
    ) {
        if case .mouse(let mouseEvent) = event {
            for action in mouse.translate(mouseEvent, timestamp: time) {
                switch action {
                case .touch(let touch): window.dispatch(touch)
                case .scroll(let delta, let location): window.dispatchScroll(delta, at: location)
                }
            }
            return
        }
        if let key = event.keyInput { window.dispatch(key: key) }
    }
}
