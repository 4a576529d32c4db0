/// Lines a terminal app prints into the terminal's scrollback: above an inline app, which
/// moves down to make room, or, for a full-screen app, after it ends.
///
/// Lines are printed before the next frame. Give the printer to ``TerminalApp/run(window:backend:registry:configuration:session:viewport:printer:frameInterval:graphics:accessibilityBus:layout:)``
/// and print from actions:
///
/// ```swift
/// let printer = TerminalPrinter()
/// button.addAction(ControlAction { _ in printer.printAbove("Built in 1.2 s") }, for: .primaryActionTriggered)
/// try TerminalApp.run(window: window, viewport: .inline(height: 4), printer: printer)
/// ```
///
/// A line wider than the terminal wraps as the terminal wraps it (and rewraps it on a resize);
/// control characters in it are shown as their pictures (`␛` for ESC), never sent.
@MainActor
public final class TerminalPrinter {
    /// The lines printed and not yet written, in order.
    public private(set) var pendingLines: [String] = []

    /// Creates a printer with no lines.
    public init() {}

    /// Prints text above the app: one line, or one for each line of a text with line breaks.
    ///
    /// - Parameter text: The text; `"\n"` and `"\r\n"` separate its lines.
    public func printAbove(_ text: String) {
        pendingLines += InlineViewport.lines(of: text)
    }

    /// Takes the lines printed so far.
    func takeLines() -> [String] {
        defer { pendingLines = [] }
        return pendingLines
    }
}
