/// Where a terminal app draws: on a screen of its own, or in rows below the shell's prompt.
///
/// ```swift
/// try TerminalApp.run(window: window, viewport: .inline(height: 6))
/// ```
public enum TerminalViewport: Sendable, Hashable {
    /// The alternate screen, whole: the shell's screen comes back unchanged when the app ends.
    case fullScreen
    /// The rows below the prompt, on the shell's own screen, whose scrollback the app keeps:
    /// `height` rows (the terminal's height when it is shorter), and lines the app prints go
    /// into the scrollback above them (``TerminalPrinter``). When the app ends, `onExit`
    /// decides whether its last frame stays.
    case inline(height: Int, onExit: InlineExitBehavior = .keepLastFrame)

    /// Whether the viewport is rows below the prompt.
    public var isInline: Bool {
        if case .inline = self { return true }
        return false
    }
}

/// What an inline app leaves behind when it ends.
public enum InlineExitBehavior: Sendable, Hashable {
    /// The last frame stays in the scrollback, and the shell goes on below it.
    case keepLastFrame
    /// The app's rows are cleared, and the shell goes on where they began.
    case clear
}
