import Foundation
import Trellis

/// `trellis demo`: the gallery of the seed components, drawn by a backend, and a scripted
/// interaction with it.
@MainActor
enum DemoCommand {
    /// The gallery drawn by the text backend as a character picture, followed by the events of
    /// scripted touches on seed 002's button.
    static func textGallery(registry: BackendRegistry) throws(CommandError) -> String {
        let gallery = Gallery()
        do {
            gallery.window.backend = try registry.open(
                "text", configuration: Array(#"{"preview": true, "commands": false}"#.utf8))
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
        }
        let picture: [UInt8]
        do {
            picture = try gallery.window.render()
        } catch {
            throw CommandError("rendering the gallery failed: \(error.description)")
        }
        var text = "Trellis — the seed components, drawn by the text backend "
        text += "(one character per 8 × 16 points)\n\n"
        text += String(decoding: picture, as: UTF8.self)
        text += "\n" + eventTrace(gallery)
        return text
    }

    /// Touches dispatched to seed 002's button in the gallery, with the events and states that
    /// result.
    static func eventTrace(_ gallery: Gallery) -> String {
        let window = gallery.window
        guard let button = window.view(withIdentifier: "mybutton-normal") as? Button else {
            return ""
        }
        var received: [String] = []
        for (event, name) in ControlEvents.namedEvents {
            button.addAction(
                ControlAction(identifier: "trace-\(name)") { _ in received.append(name) },
                for: event)
        }
        window.layoutIfNeeded()
        let origin = button.convert(Point.zero, to: window)
        let inside = Point(x: origin.x + 30, y: origin.y + 20)
        let script: [(String, TouchPhase, Point)] = [
            ("tap", .began, inside), ("tap", .ended, inside),
            ("drag out and back", .began, inside),
            ("drag out and back", .moved, Point(x: inside.x + 200, y: inside.y)),
            ("drag out and back", .moved, inside), ("drag out and back", .ended, inside),
            ("release outside", .began, inside),
            ("release outside", .moved, Point(x: inside.x, y: inside.y + 300)),
            ("release outside", .ended, Point(x: inside.x, y: inside.y + 300)),
        ]
        var lines = [
            "Touches on MyButton (seed 002), with UIKit's events and the title the state shows:"
        ]
        var section = ""
        for (name, phase, location) in script {
            if name != section {
                lines.append("\(name):")
                section = name
            }
            received.removeAll()
            window.dispatch(Touch(phase: phase, location: location))
            let touch = "  \(phase.rawValue) at \(location)"
            let padded = touch + String(repeating: " ", count: max(1, 28 - touch.count))
            let events = received.isEmpty ? "—" : received.joined(separator: ", ")
            lines.append(
                "\(padded)→ \(events)   [\(button.state)] \"\(button.currentTitle ?? "")\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The gallery rendered once by any backend, for `--backend` and `--out`: at scale 2 by a
    /// backend that renders pixels; with whether its output is binary (pixels).
    static func render(backend name: String, registry: BackendRegistry) throws(CommandError)
        -> (bytes: [UInt8], isBinary: Bool)
    {
        let backend = try SceneCommands.open(name, registry: registry)
        let pixels = backend.capabilities.contains(.renderPixels)
        let gallery = Gallery(scale: pixels ? 2 : 1)
        gallery.window.backend = backend
        do {
            return (try gallery.window.render(), pixels)
        } catch {
            throw CommandError("\(error.description)")
        }
    }
}
