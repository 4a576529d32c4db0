public import TrellisCore

/// A backend that answers terminal control requests: the statistics of its last frame, changed
/// settings, and a full repaint on request.
///
/// A live terminal app asks for a full repaint after it has written to the terminal itself,
/// such as lines printed above an inline app, so that the next frame draws every cell again.
/// ``PluginBackend`` conforms through the plugin's `control` entry, and ``InProcessBackend``
/// when its renderer is a `ControllableRenderer`.
///
/// ```swift
/// if let backend = window.backend as? any TerminalControllable {
///     _ = try backend.terminalControl(#"{"full": true}"#)
/// }
/// ```
public protocol TerminalControllable: Backend {
    /// Sends a control request and returns the statistics of the last frame.
    ///
    /// - Parameter json: A JSON object: settings to change (the keys of the terminal backend's
    ///   configuration) and `"full": true` for a full repaint; empty for neither.
    /// - Returns: The statistics of the last frame.
    /// - Throws: ``PluginError`` when the backend has no control entry, rejects the request,
    ///   or answers with malformed statistics.
    func terminalControl(_ json: String) throws(PluginError) -> FrameStatistics
}

extension PluginBackend: TerminalControllable {}

extension InProcessBackend: TerminalControllable {}
