import Glibc
import Trellis
import TrellisCore
import TrellisPNG

/// `trellis render` and `trellis layout`.
@MainActor
enum SceneCommands {
    /// The scenes loaded by this process. They stay alive until it exits: the kernel takes
    /// their memory back at once, where freeing a large view tree object by object costs as
    /// much as a sixth of a run.
    private static var loaded: [Scene] = []

    /// Loads a scene, turning a failure into a command error naming the file; with
    /// `keepsAlive` (one scene a process) it is kept until the process exits.
    static func load(_ path: String, keepsAlive: Bool = true) throws(CommandError) -> Scene {
        // One scene a process has both cores to itself: the second faults memory in ahead.
        if keepsAlive { HeapPrefault.start(forSceneAt: path) }
        do {
            let scene = try Scene(contentsOfFile: path)
            if keepsAlive { loaded.append(scene) }
            return scene
        } catch {
            throw CommandError("\(path): \(error.description)")
        }
    }

    /// The frame of every view with an id, as one JSON object in document order. With a
    /// backend, text is measured as that backend draws it (opened as `render` opens it), so
    /// that the frames are the ones `render --backend` draws; without one, with the built-in
    /// metrics the text backend, `render`'s default, also uses, and no plugin is needed.
    static func layout(_ path: String, backend name: String?, registry: BackendRegistry)
        throws(CommandError) -> [UInt8]
    {
        let scene = try load(path)
        if let name { scene.window.backend = try open(name, registry: registry) }
        return scene.layoutJSONBytes()
    }

    /// Renders a scene once through a backend and returns the bytes.
    ///
    /// Once the backend is open, each plugin file tried on the way to it that failed to load is
    /// named in a warning on standard error, so that a backend chosen in its place does not go
    /// unnoticed. No other plugin is opened.
    ///
    /// - Returns: The bytes, and whether they are binary (as the backend describes its output).
    static func render(
        _ path: String, backend name: String, registry: BackendRegistry, at time: Double = 0
    ) throws(CommandError) -> (bytes: [UInt8], isBinary: Bool) {
        let scene = try load(path)
        scene.window.advanceTime(to: time)
        let backend = try open(name, registry: registry)
        for line in PluginsCommand.skippedWarnings(registry.skipped) {
            TrellisCommand.writeError(line)
        }
        do {
            return (try scene.render(with: backend), backend.output.isBinary)
        } catch {
            throw CommandError("rendering \(path) with \(name) failed: \(error.description)")
        }
    }

    /// Renders a scene at each of the times, in order, into `DIR/<scene>-NNNN.<extension>`;
    /// returns the number of frames written.
    static func renderFrames(
        _ path: String, backend name: String, times: [Double], outDirectory: String
    ) throws(CommandError) -> Int {
        guard Files.isDirectory(outDirectory) else {
            throw CommandError("--out-dir \(outDirectory) is not an existing directory")
        }
        let base = BatchRender.sceneName(of: path)
        let digits = max(4, String(times.count - 1).count)
        try forEachFrame(path, backend: name, times: times) {
            index, bytes, backend throws(CommandError) in
            let number = String(index)
            let name =
                base + "-" + String(repeating: "0", count: digits - number.count) + number + "."
                + backend.output.fileExtension
            try writeFile(bytes, to: FilePathText.joining(outDirectory, name))
        }
        return times.count
    }

    /// Renders a scene at each of the times into one animated PNG at `out`, each frame shown
    /// for `1 / fps` seconds, through a backend whose output is PNG; returns the number of
    /// frames rendered.
    static func renderAnimation(
        _ path: String, backend name: String, times: [Double], fps: Double, out: String
    ) throws(CommandError) -> Int {
        var encoder: PNGAnimationEncoder?
        let delay = PNGFrameDelay(framesPerSecond: fps)
        try forEachFrame(path, backend: name, times: times) {
            index, bytes, backend throws(CommandError) in
            guard backend.output.fileExtension == "png" else {
                throw CommandError(
                    "--frames with --out FILE writes an animated PNG, but the \(name) backend "
                        + "writes \(backend.output.fileExtension) files; use --backend raster, or "
                        + "--out-dir DIR for a file per frame")
            }
            do throws(PNGError) {
                let image = try PNGDecoder.decode(bytes, maximumPixels: 1 << 28)
                if encoder == nil {
                    encoder = PNGAnimationEncoder(width: image.width, height: image.height)
                }
                try encoder?.append(image, delay: delay)
            } catch {
                throw CommandError(
                    "frame \(index) of \(path) from the \(name) backend: \(error.message)")
            }
        }
        let file: [UInt8]
        do throws(PNGError) {
            file = try encoder?.finish() ?? []
        } catch {
            throw CommandError("writing \(out): \(error.message)")
        }
        try writeFile(file, to: out)
        return times.count
    }

    /// Renders a scene at each of the times, in order, and hands each frame's bytes to `body`.
    private static func forEachFrame(
        _ path: String, backend name: String, times: [Double],
        _ body: (_ index: Int, _ bytes: [UInt8], _ backend: any Backend) throws(CommandError) ->
            Void
    ) throws(CommandError) {
        let scene = try load(path)
        let registry = BackendRegistry()
        let backend = try open(name, registry: registry)
        for (index, time) in times.enumerated() {
            scene.window.advanceTime(to: time)
            let bytes: [UInt8]
            do {
                bytes = index == 0 ? try scene.render(with: backend) : try scene.window.render()
            } catch {
                throw CommandError(
                    "rendering \(path) at \(time) s with \(name) failed: \(error.description)")
            }
            try body(index, bytes, backend)
        }
    }

    /// Opens a backend with the configuration it names for output written to a file, or with
    /// another configuration.
    static func open(_ name: String, registry: BackendRegistry, configuration: [UInt8]? = nil)
        throws(CommandError) -> any Backend
    {
        do {
            if let configuration { return try registry.open(name, configuration: configuration) }
            return try registry.openForFile(name)
        } catch {
            throw CommandError(
                "\(error.description); run 'trellis plugins' to see the backends found")
        }
    }

    /// Writes output to a file, or to standard output unless it is binary and the output is a
    /// terminal.
    static func write(_ bytes: [UInt8], to path: String?, binary: Bool) throws(CommandError) {
        if let path {
            try writeFile(bytes, to: path)
            return
        }
        if binary && isatty(STDOUT_FILENO) == 1 {
            throw CommandError(
                "refusing to write binary output to a terminal; use --out FILE or a pipe")
        }
        try StandardStreams.output(bytes)
    }

    /// Whether two paths name one existing file (through links and relative paths alike).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Writes a file atomically: into a temporary file beside it, then renamed over it, so
    /// that a failed write never leaves a broken file where a good one was.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(CommandError) {
        if path.hasSuffix("/") || Files.isDirectory(path) {
            throw CommandError("cannot write \(path): it names a directory; give a file name")
        }
        try Files.write(bytes, to: path)
    }
}
