public import TrellisText

extension View {
    /// The text measurer that sizes this view's text: the window's, which follows the window's
    /// backend, or the shared deterministic measurer for views outside a window.
    public var textMeasurer: TextMeasurer {
        View.textMeasurer(in: window)
    }

    /// The measurer of the views in `window`, or of views outside any window.
    static func textMeasurer(in window: Window?) -> TextMeasurer {
        window?.backendMeasurer ?? View.defaultTextMeasurer
    }

    /// The measurer of views outside a window: the deterministic proportional metrics.
    public static let defaultTextMeasurer = TextMeasurer(metrics: ProportionalMetrics())
}
