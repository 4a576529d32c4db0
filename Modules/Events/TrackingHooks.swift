/// The tracking hooks a control overrides to customise how it follows a touch, as UIKit's
/// `beginTracking(_:with:)`, `continueTracking(_:with:)`, `endTracking(_:with:)` and
/// `cancelTracking(with:)`.
///
/// Touches passed to the hooks carry locations in the control's own coordinates.
@MainActor
public protocol TrackingHooks: AnyObject {
    /// Called when a touch goes down in the control; return `false` not to track it, and the
    /// control then sends no events for it.
    func beginTracking(_ touch: Touch) -> Bool
    /// Called when a tracked touch moves; return `false` to stop tracking, which stops the drag
    /// and release events of this touch.
    func continueTracking(_ touch: Touch) -> Bool
    /// Called when a tracked touch ends, before the touch-up event is sent.
    func endTracking(_ touch: Touch?)
    /// Called when a tracked touch is cancelled, before the cancel event is sent.
    func cancelTracking(_ touch: Touch?)
}
