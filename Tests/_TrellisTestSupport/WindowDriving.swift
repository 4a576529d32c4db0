import TrellisCore
import TrellisEvents
public import TrellisGeometry
import TrellisRender
import TrellisTextRenderer
public import TrellisViews

/// Renders a window's display list with the text backend's renderer, in process: the list
/// is encoded and rendered from its bytes through an `InProcessBackend`, as every real frame
/// crosses to a backend. The window's own backend, if it has one, is neither used nor changed.
///
/// - Returns: The text backend's listing: its header lines, then one line per command.
@MainActor
public func renderText(_ window: Window) throws -> String {
    let backend = InProcessBackend(
        name: "text", capabilities: .renderText, renderer: try TextRenderer(configuration: []))
    let bytes = try backend.render(encoded: window.makeDisplayList().encoded())
    return String(decoding: bytes, as: UTF8.self)
}

/// A tap at a point of the window: a touch that begins and ends there, both at `time`.
@MainActor
public func tap(_ window: Window, _ x: Double, _ y: Double, at time: Double = 0) {
    window.dispatch(Touch(phase: .began, location: Point(x: x, y: y), timestamp: time))
    window.dispatch(Touch(phase: .ended, location: Point(x: x, y: y), timestamp: time))
}

/// A drag across the window: a touch that begins at `start`, moves once to `end` and ends
/// there.
@MainActor
public func drag(_ window: Window, from start: Point, to end: Point) {
    window.dispatch(Touch(phase: .began, location: start))
    window.dispatch(Touch(phase: .moved, location: end))
    window.dispatch(Touch(phase: .ended, location: end))
}
