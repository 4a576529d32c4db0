import Glibc
import Trellis
import TrellisGallery

/// `trellis demo --interactive`: the gallery as a live terminal application — mouse clicks,
/// drags and the wheel become touches and scrolling, keys go to the focused control, and `q`
/// (or Control-C) quits with the terminal restored.
@MainActor
enum InteractiveDemo {
    /// Runs the live gallery until the user quits; returns the exit status.
    static func run(
        registry: BackendRegistry, backend: String?, rightToLeft: Bool = false,
        graphics: TerminalGraphicsMode? = nil
    ) throws(CommandError) -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError("--interactive needs a terminal on standard input and output")
        }
        let gallery = Gallery()
        gallery.statusLabel.text = "Click, drag, scroll or Tab; q quits"
        let page = rightToLeft ? RightToLeftGallery() : nil
        do {
            try TerminalApp.run(
                window: page?.window ?? gallery.window, backend: backend ?? "terminal",
                registry: registry, graphics: graphics
            ) { window in
                gallery.scrollView.frame = window.bounds
                window.subviews.first?.frame = window.bounds
            }
        } catch {
            throw CommandError(error)
        }
        return 0
    }
}
