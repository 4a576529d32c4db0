/// The settings a host gives the terminal backend when it opens it, written as the backend's
/// JSON configuration.
///
/// ```swift
/// let options = TerminalBackendOptions(colors: .fromProcessEnvironment())
/// let backend = try PluginBackend(library: library, configuration: options.json)
/// ```
public struct TerminalBackendOptions: Sendable, Hashable {
    /// The width of a cell, in points (1 to 1000).
    public var cellWidth: Double
    /// The height of a cell, in points (1 to 1000).
    public var cellHeight: Double
    /// The colours the terminal shows.
    public var colors: TerminalColorDepth
    /// Whether every frame repaints the whole screen instead of writing the difference.
    public var repaintsEveryFrame: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - cellWidth: The width of a cell, in points; 8 by default.
    ///   - cellHeight: The height of a cell, in points; 16 by default.
    ///   - colors: The colours the terminal shows; 24-bit by default.
    ///   - repaintsEveryFrame: Whether every frame is a full repaint; no by default.
    public init(
        cellWidth: Double = 8, cellHeight: Double = 16, colors: TerminalColorDepth = .truecolor,
        repaintsEveryFrame: Bool = false
    ) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.colors = colors
        self.repaintsEveryFrame = repaintsEveryFrame
    }

    /// The backend's JSON configuration, such as
    /// `{"cellWidth":8,"cellHeight":16,"colors":"256","frames":"diff"}`.
    public var json: [UInt8] {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
        let text =
            "{\"cellWidth\":\(number(cellWidth)),\"cellHeight\":\(number(cellHeight)),"
            + "\"colors\":\"\(colors.rawValue)\",\"frames\":\""
            + (repaintsEveryFrame ? "full" : "diff") + "\"}"
        return Array(text.utf8)
    }
}
