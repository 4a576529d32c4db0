import TrellisEvents
import TrellisGeometry

/// The demo: scripted touches on a control, printed as the events UIKit would send.
enum DemoCommand {
    /// A control for the demo: it owns a core and traces what its targets receive.
    @MainActor
    final class TracedControl {
        let bounds = Rect(x: 0, y: 0, width: 120, height: 44)
        var core: ControlCore<TracedControl>?
        var received: [String] = []

        init() {
            let core = ControlCore(sender: self)
            core.sendsPrimaryActionOnTouchUpInside = true
            for (event, name) in ControlEvents.namedEvents {
                core.actions.addAction(
                    ControlAction(identifier: name) { [unowned self] _ in received.append(name) },
                    for: event)
            }
            self.core = core
        }
    }

    /// The trace of a tap, a drag out and back in, and a drag out with a release outside.
    @MainActor
    static func eventTrace() -> String {
        let control = TracedControl()
        guard let core = control.core else { return "" }
        var lines = [
            "Trellis — control-event trace",
            "control bounds \(control.bounds), touch slop \(Int(core.touchSlop)) pt",
            "",
        ]
        let script: [(String, TouchPhase, Point)] = [
            ("tap", .began, Point(x: 60, y: 22)),
            ("tap", .ended, Point(x: 60, y: 22)),
            ("drag out and back", .began, Point(x: 20, y: 20)),
            ("drag out and back", .moved, Point(x: 100, y: 30)),
            ("drag out and back", .moved, Point(x: 240, y: 30)),
            ("drag out and back", .moved, Point(x: 110, y: 40)),
            ("drag out and back", .ended, Point(x: 110, y: 40)),
            ("release outside", .began, Point(x: 60, y: 22)),
            ("release outside", .moved, Point(x: 60, y: 150)),
            ("release outside", .ended, Point(x: 60, y: 150)),
        ]
        var scene = ""
        for (name, phase, location) in script {
            if name != scene {
                if !scene.isEmpty { lines.append("") }
                lines.append("\(name):")
                scene = name
            }
            control.received.removeAll()
            core.handle(Touch(phase: phase, location: location), bounds: control.bounds)
            let touch = "  \(phase.rawValue) at \(location)"
            let padded = touch + String(repeating: " ", count: max(1, 26 - touch.count))
            let events = control.received.isEmpty ? "—" : control.received.joined(separator: ", ")
            lines.append("\(padded)→ \(events)   [\(core.state)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
