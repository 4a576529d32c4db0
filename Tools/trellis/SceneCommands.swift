import Foundation
import Trellis

/// `trellis render` and `trellis layout`.
@MainActor
enum SceneCommands {
    /// The scenes loaded by this process. They stay alive until it exits: the kernel takes
    /// their memory back at once, where freeing a large view tree object by object costs as
    /// much as a sixth of a run.
    private static var loaded: [Scene] = []

    /// Loads a scene, turning a failure into a command error naming the file.
    static func load(_ path: String) throws(CommandError) -> Scene {
        do {
            let scene = try Scene(contentsOfFile: path)
            loaded.append(scene)
            return scene
        } catch {
            throw CommandError("\(path): \(error.description)")
        }
    }

    /// The frame of every view with an id, as one JSON object in document order.
    static func layout(_ path: String) throws(CommandError) -> String {
        try load(path).layoutJSON()
    }

    /// Renders a scene once through a backend and returns the bytes.
    static func render(_ path: String, backend name: String, registry: BackendRegistry)
        throws(CommandError) -> [UInt8]
    {
        let scene = try load(path)
        let backend = try open(name, registry: registry)
        do {
            return try scene.render(with: backend)
        } catch {
            throw CommandError("rendering \(path) with \(name) failed: \(error.description)")
        }
    }

    /// Opens a backend with the configuration of a one-off render.
    static func open(_ name: String, registry: BackendRegistry) throws(CommandError)
        -> any Backend
    {
        do {
            return try registry.open(
                name, configuration: Scene.renderConfiguration(forBackend: name))
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
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
