import TrellisGeometry
public import TrellisRender
import TrellisViews

extension Scene {
    /// Renders the scene once through a backend and returns the backend's output.
    ///
    /// The backend becomes the scene's ``window``'s backend, so text is laid out with its
    /// metrics (a backend that measures text, such as raster, may place text differently from
    /// the proportional metrics a scene starts with); it stays set afterwards, so that
    /// ``frames()`` describes what was drawn.
    ///
    /// ```swift
    /// let scene = try Scene(contentsOfFile: "Examples/buttons.json")
    /// let registry = BackendRegistry()
    /// let png = try scene.render(with: registry.openForFile("raster"))
    /// ```
    ///
    /// - Parameter backend: An open backend that can render.
    /// - Returns: The output bytes: the text backend's listing, PNG data, terminal escapes, …
    /// - Throws: `PluginError` when the backend cannot render or fails.
    /// - Complexity: O(*n*) in the number of views and drawing commands.
    public func render(with backend: any Backend) throws(PluginError) -> [UInt8] {
        window.backend = backend
        return try window.render()
    }

    /// Opens a backend by name and renders the scene once through it.
    ///
    /// ```swift
    /// let listing = try scene.render(backend: "text")
    /// ```
    ///
    /// - Parameters:
    ///   - backend: The backend's name: `text`, `raster`, `terminal`, or any other installed.
    ///   - registry: Where backends are found.
    ///   - configuration: UTF-8 JSON for the backend; by default the configuration the
    ///     backend names for files (`BackendOutput.fileConfiguration`), so the raster backend
    ///     writes PNG.
    /// - Returns: The backend's output bytes.
    /// - Throws: `PluginError` when no backend has that name (code `unknownBackend`), it fails
    ///   to open, or it fails to render.
    public func render(
        backend: String, registry: BackendRegistry = BackendRegistry(),
        configuration: [UInt8]? = nil
    ) throws(PluginError) -> [UInt8] {
        let opened =
            if let configuration {
                try registry.open(backend, configuration: configuration)
            } else {
                try registry.openForFile(backend)
            }
        return try render(with: opened)
    }

    /// Returns the frame of every view with an id as one JSON object, in document order: the
    /// output of `trellis layout`.
    ///
    /// Frames are in root coordinates, `[x, y, width, height]`, numbers rounded to three
    /// decimals, and the object ends with a newline:
    ///
    /// ```swift
    /// let scene = try Scene(json: Array(#"{"size": [100, 50], "root": {"id": "root"}}"#.utf8))
    /// scene.layoutJSON()   // {"root": [0, 0, 100, 50]}\n
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of views, after a layout pass.
    public func layoutJSON() -> String {
        String(decoding: layoutJSONBytes(), as: UTF8.self)
    }

    /// ``layoutJSON()`` as UTF-8, for a caller that writes bytes (the `trellis` command).
    ///
    /// A long list of frames is written in two halves at once, the second on a thread of its
    /// own: the bytes are the same.
    package func layoutJSONBytes() -> [UInt8] {
        let frames = frames()
        let split =
            frames.count >= Scene.parallelOutputMinimum && SecondThread.isUseful
            ? frames.count / 2 : frames.count
        let (head, tail) = SecondThread.run(
            { () -> [UInt8] in
                var bytes: [UInt8] = [UInt8(ascii: "{")]
                bytes.reserveCapacity(frames.count * 40 + 3)
                Scene.appendLayoutJSON(of: frames, in: 0..<split, to: &bytes)
                return bytes
            },
            alongside: { () -> [UInt8] in
                var bytes: [UInt8] = []
                bytes.reserveCapacity((frames.count - split) * 40 + 2)
                Scene.appendLayoutJSON(of: frames, in: split..<frames.count, to: &bytes)
                bytes.append(contentsOf: "}\n".utf8)
                return bytes
            }, if: split < frames.count)
        var bytes = head
        bytes.append(contentsOf: tail)
        return bytes
    }

    /// The fewest frames that ``layoutJSONBytes()`` writes on two threads: below it, starting
    /// a thread costs more than it saves.
    package static var parallelOutputMinimum = 2048

    /// Appends members of ``layoutJSON()``'s object, between its `{` and `}\n`: each
    /// `"id": [x, y, width, height]`, separated by `, ` (also before the first written, unless
    /// it is the first of all).
    private nonisolated static func appendLayoutJSON(
        of frames: [(id: String, frame: Rect)], in range: Range<Int>, to bytes: inout [UInt8]
    ) {
        // Each member is written into a buffer on the stack and appended at once: appending
        // byte by byte checks the array's room for every byte.
        let idRoom = 64
        let capacity = 2 + idRoom + 4 + 4 * JSONOutput.numberCapacity + 3 * 2 + 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let out = buffer.baseAddress!
            for index in range {
                let entry = frames[index]
                var count = 0
                func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                if index > 0 {
                    put(UInt8(ascii: ","))
                    put(UInt8(ascii: " "))
                }
                if let written = JSONOutput.write(
                    plainString: entry.id, to: out + count, capacity: idRoom)
                {
                    count += written
                } else {
                    // A long id, or one that needs escapes, goes the general way.
                    bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: count))
                    count = 0
                    JSONOutput.append(string: entry.id, to: &bytes)
                }
                put(UInt8(ascii: ":"))
                put(UInt8(ascii: " "))
                put(UInt8(ascii: "["))
                let frame = entry.frame
                count += JSONOutput.write(number: frame.origin.x, to: out + count)
                put(UInt8(ascii: ","))
                put(UInt8(ascii: " "))
                count += JSONOutput.write(number: frame.origin.y, to: out + count)
                put(UInt8(ascii: ","))
                put(UInt8(ascii: " "))
                count += JSONOutput.write(number: frame.size.width, to: out + count)
                put(UInt8(ascii: ","))
                put(UInt8(ascii: " "))
                count += JSONOutput.write(number: frame.size.height, to: out + count)
                put(UInt8(ascii: "]"))
                bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: count))
            }
        }
    }
}

/// Renders a scene once through a backend found by name and returns the backend's output.
///
/// The same as ``Scene/render(backend:registry:configuration:)``:
///
/// ```swift
/// let scene = try Scene(contentsOfFile: "Examples/seed-001-overlay.json")
/// let png = try render(scene: scene, backend: "raster")
/// ```
///
/// - Parameters:
///   - scene: The scene to draw.
///   - backend: The backend's name, such as `text` or `raster`.
///   - registry: Where backends are found.
/// - Returns: The backend's output bytes.
/// - Throws: `PluginError` when the backend is missing, fails to open, or fails to render.
@MainActor
public func render(scene: Scene, backend: String, registry: BackendRegistry = BackendRegistry())
    throws(PluginError) -> [UInt8]
{
    try scene.render(backend: backend, registry: registry)
}
