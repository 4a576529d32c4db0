import Foundation
import Trellis

/// `trellis render` and `trellis layout`.
@MainActor
enum SceneCommands {
    /// Loads a scene, turning a failure into a command error naming the file.
    static func load(_ path: String) throws(CommandError) -> Scene {
        do {
            return try Scene(contentsOfFile: path)
        } catch {
            throw CommandError("\(path): \(error.description)")
        }
    }

    /// The frame of every view with an id, as one JSON object in document order.
    static func layout(_ path: String) throws(CommandError) -> String {
        let scene = try load(path)
        let members = scene.frames().map { id, frame in
            let numbers = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                .map(JSONOutput.number).joined(separator: ", ")
            return "\(JSONOutput.string(id)): [\(numbers)]"
        }
        return "{" + members.joined(separator: ", ") + "}\n"
    }

    /// The configuration each backend is opened with for a one-off render.
    static func configuration(for backend: String) -> String {
        switch backend {
        case "raster": #"{"format": "png"}"#
        case "terminal": #"{"frames": "full", "colors": "truecolor"}"#
        default: ""
        }
    }

    /// Renders a scene once through a backend and returns the bytes.
    static func render(_ path: String, backend name: String, registry: BackendRegistry)
        throws(CommandError) -> [UInt8]
    {
        let scene = try load(path)
        let backend: any Backend
        do {
            backend = try registry.open(name, configuration: Array(configuration(for: name).utf8))
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
        }
        scene.window.backend = backend
        do {
            return try scene.window.render()
        } catch {
            throw CommandError("rendering \(path) with \(name) failed: \(error.description)")
        }
    }

    /// Writes output to a file, or to standard output unless it is binary and the output is a
    /// terminal.
    static func write(_ bytes: [UInt8], to path: String?, binary: Bool) throws(CommandError) {
        if let path {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } catch {
                throw CommandError("cannot write \(path): \(error.localizedDescription)")
            }
            return
        }
        if binary && isatty(STDOUT_FILENO) == 1 {
            throw CommandError("refusing to write PNG data to a terminal; use --out FILE or a pipe")
        }
        FileHandle.standardOutput.write(Data(bytes))
    }
}
