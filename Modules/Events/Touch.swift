public import TrellisGeometry

/// The phase of a touch: where it is in its life from going down to going up.
public enum TouchPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// The touch went down.
    case began
    /// The touch moved.
    case moved
    /// The touch went up.
    case ended
    /// The system cancelled the touch.
    case cancelled
}

/// One touch (a finger, or a mouse button held down) at one moment.
///
/// A window receives touches in window coordinates and hands each to the control under it; a
/// second tap in quick succession has a ``tapCount`` of 2.
public struct Touch: Sendable, Hashable {
    /// The phase.
    public var phase: TouchPhase
    /// The location, in the coordinates of whoever holds the touch: the window when it is
    /// dispatched, a control's own coordinates when the control tracks it.
    public var location: Point
    /// The number of taps in quick succession at this location; 1 for a single tap.
    public var tapCount: Int
    /// The time of the touch in seconds, from any fixed origin.
    public var timestamp: Double

    /// Creates a touch.
    public init(phase: TouchPhase, location: Point, tapCount: Int = 1, timestamp: Double = 0) {
        self.phase = phase
        self.location = location
        self.tapCount = tapCount
        self.timestamp = timestamp
    }
}
