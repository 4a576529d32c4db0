public import TrellisRender
public import TrellisText

extension Window {
    /// Renders the window through its backend: lays out, records the display list, and makes
    /// one call to the backend.
    ///
    /// - Throws: `PluginError` when the window has no backend or the backend fails.
    public func render() throws(PluginError) -> [UInt8] {
        guard let backend else {
            throw PluginError(.missingCapability, "the window has no backend; set Window.backend")
        }
        try backend.requireRendering()
        return try backend.render(encoded: makeDisplayList().encoded())
    }

    /// The metrics that suit a backend: its own when it measures text (raster, terminal), the
    /// deterministic proportional metrics otherwise (the text backend's).
    public static func metrics(for backend: (any Backend)?) -> any FontMetrics {
        if let backend, backend.capabilities.contains(.measureText) {
            return BackendFontMetrics(backend: backend)
        }
        return ProportionalMetrics()
    }

    /// The ellipsis the text layout measures in every font it lays out, for truncated lines.
    private static let truncationEllipsis = "\u{2026}"

    /// Measures every run of text the views will lay out, and the ellipsis in each of their
    /// fonts, in one batch, so that a backend that measures crosses its boundary once per
    /// layout pass.
    func prefetchTextMeasurements() {
        var runs: [TextRun] = []
        collectTextRuns(from: self, into: &runs)
        guard !runs.isEmpty else { return }
        var fonts = Set<Font>()
        var ellipses: [TextRun] = []
        for run in runs where fonts.insert(run.font).inserted {
            ellipses.append(TextRun(Window.truncationEllipsis, font: run.font))
        }
        _ = textMeasurer.metrics.measure(runs: runs + ellipses)
    }

    private func collectTextRuns(from view: View, into runs: inout [TextRun]) {
        guard !view.isHidden else { return }
        runs += view.textRunsToMeasure
        for subview in view.subviews { collectTextRuns(from: subview, into: &runs) }
    }
}
