public import TrellisRender
public import TrellisText

extension Window {
    /// Renders the window through its backend: lays out, records the display list, and makes
    /// one call to the backend.
    ///
    /// A backend that retains frames (`BackendCapabilities.retainedFrames`) gets only the
    /// drawing of the views that changed since the last frame and the areas to repaint.
    ///
    /// - Throws: `PluginError` when the window has no backend or the backend fails.
    public func render() throws(PluginError) -> [UInt8] {
        guard let backend else {
            throw PluginError(.missingCapability, "the window has no backend; set Window.backend")
        }
        try backend.requireRendering()
        if backend.capabilities.contains(.retainedFrames) {
            return try renderRetained(with: backend)
        }
        let list = makeDisplayList()
        guard list.commands.count <= maximumDrawingCommands else {
            throw overBudget(list.commands.count)
        }
        return try backend.render(encoded: list.encoded())
    }

    /// The metrics that suit a backend: its own when it measures text (raster, terminal), the
    /// deterministic proportional metrics otherwise (the text backend's).
    public static func metrics(for backend: (any Backend)?) -> any FontMetrics {
        if let backend, backend.capabilities.contains(.measureText) {
            return BackendFontMetrics(backend: backend)
        }
        return ProportionalMetrics()
    }

    /// The default of ``maximumDrawingCommands``: 16 Mi.
    public nonisolated static let defaultMaximumDrawingCommands = 16 * 1024 * 1024

    /// The error for a frame of `count` commands.
    func overBudget(_ count: Int) -> PluginError {
        PluginError(
            .overBudget,
            "the frame holds \(count) drawing commands, over the limit of "
                + "\(maximumDrawingCommands); draw fewer views")
    }

    /// Measures every run of text the views will lay out (each view's ``View/textRunsToMeasure``,
    /// which names the runs its text layouts ask for) in one batch, so that a backend that
    /// measures crosses its boundary once per layout pass.
    ///
    /// Only the subtrees that will lay out are visited: the whole subtree of a view that needs
    /// layout (its layout may measure any view below it), and nothing of a branch that does not.
    /// Nothing is measured ahead for metrics that do not keep what they measure
    /// (``FontMetrics/measuresAhead``).
    func prefetchTextMeasurements() {
        // Metrics that compute each run as cheaply on demand would measure every run twice.
        guard textMeasurer.metrics.measuresAhead else { return }
        var runs: [TextRun] = []
        collectTextRuns(from: self, into: &runs)
        guard !runs.isEmpty else { return }
        _ = textMeasurer.metrics.measure(runs: runs)
    }

    private func collectTextRuns(from view: View, into runs: inout [TextRun]) {
        guard !view.isHidden else { return }
        if view.needsLayout {
            collectAllTextRuns(from: view, into: &runs)
            return
        }
        for subview in view.subviewsNeedingLayout where subview.superview === view {
            collectTextRuns(from: subview, into: &runs)
        }
    }

    private func collectAllTextRuns(from view: View, into runs: inout [TextRun]) {
        guard !view.isHidden else { return }
        runs += view.textRunsToMeasure
        for subview in view.subviews { collectAllTextRuns(from: subview, into: &runs) }
    }
}
