import Glibc
import Trellis
import TrellisGallery

/// `trellis demo`: the gallery of the seed components, drawn by a backend, and a scripted
/// interaction with it.
@MainActor
enum DemoCommand {
    /// The gallery drawn as the picture a backend draws for people to read (its preview, such
    /// as the text backend's characters), followed by the events of scripted touches on seed
    /// 002's button.
    ///
    /// - Parameters:
    ///   - name: The backend's name.
    ///   - configuration: The backend's preview configuration.
    ///   - rightToLeft: Whether to draw the right-to-left page instead, with no touches.
    static func previewGallery(
        backend name: String, configuration: [UInt8], registry: BackendRegistry,
        rightToLeft: Bool = false
    ) throws(CommandError) -> String {
        let backend = try SceneCommands.open(name, registry: registry, configuration: configuration)
        if rightToLeft {
            let page = RightToLeftGallery(backend: backend)
            do {
                let picture = try page.window.render()
                return "Trellis — the right-to-left page, drawn by the \(name.escapedForEcho) "
                    + "backend\n\n" + String(decoding: picture, as: UTF8.self)
            } catch {
                throw CommandError("rendering the right-to-left page failed: \(error.description)")
            }
        }
        let gallery = Gallery()
        gallery.window.backend = backend
        let picture: [UInt8]
        do {
            picture = try gallery.window.render()
        } catch {
            throw CommandError("rendering the gallery failed: \(error.description)")
        }
        var text = "Trellis — the seed components, drawn by the \(name.escapedForEcho) backend\n\n"
        text += String(decoding: picture, as: UTF8.self)
        text += "\n" + eventTrace(gallery)
        return text
    }

    /// The configuration a backend names for a preview, or `nil` when it draws none.
    static func previewConfiguration(of name: String, registry: BackendRegistry)
        throws(CommandError) -> [UInt8]?
    {
        do {
            return try registry.output(of: name).previewConfiguration
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
        }
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

    /// The gallery rendered once by any backend, for `--backend` and `--out`, opened as for a
    /// file: at scale 2 by a backend that renders pixels; with whether its output is binary.
    static func render(backend name: String, registry: BackendRegistry, rightToLeft: Bool = false)
        throws(CommandError) -> (bytes: [UInt8], isBinary: Bool)
    {
        let backend = try SceneCommands.open(name, registry: registry)
        let pixels = backend.capabilities.contains(.renderPixels)
        let window =
            rightToLeft
            ? RightToLeftGallery(scale: pixels ? 2 : 1).window
            : Gallery(scale: pixels ? 2 : 1).window
        window.backend = backend
        do {
            return (try window.render(), backend.output.isBinary)
        } catch {
            throw CommandError("\(error.description)")
        }
    }
}
