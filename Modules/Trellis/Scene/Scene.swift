package import TrellisCore
public import TrellisGeometry
public import TrellisViews

/// A view tree described in JSON, decoded into real views, as `SCENE.md` in the repository's
/// `docs/` specifies.
///
/// The scene owns the ``window`` its root view is shown in; render it through any backend,
/// or read the frames that layout gives the views with an id:
///
/// ```swift
/// let scene = try Scene(contentsOfFile: "Examples/buttons.json")
/// let frames = scene.frames()              // [("save", Rect(...)), ...]
/// let json = scene.layoutJSON()            // {"save": [20, 100, 120, 40], ...}
/// let png = try scene.render(backend: "raster")
/// scene.window.dispatch(Touch(phase: .began, location: Point(x: 30, y: 110)))
/// ```
@MainActor
public final class Scene {
    /// The canvas size in points.
    public let size: Size
    /// Device pixels per point for pixel output.
    public let scale: Double
    /// The layout direction.
    public let direction: LayoutDirection
    /// The root view.
    public let root: View
    /// The views that have an id, in document order.
    public var identifiedViews: [(id: String, view: View)] { identified.entries }
    /// The window the scene is shown in.
    public let window: Window
    /// The views that have an id, in document order and by id.
    private let identified: IdentifiedViews

    /// The largest scene document, in bytes (256 MiB).
    public nonisolated static let maximumDocumentBytes = 256 * 1024 * 1024
    /// The most views a scene document may describe.
    public nonisolated static let maximumViews = 1_000_000
    /// The most pixels all of a scene's distinct images may hold together: 64 Mi pixels, 256
    /// MiB of RGBA. A file or a synthetic image used many times is made once and counted once;
    /// one image may have at most `Image.maximumPixels`.
    public nonisolated static let maximumImagePixels = 64 * 1024 * 1024

    /// Decodes a scene from JSON bytes.
    ///
    /// - Parameters:
    ///   - json: The document.
    ///   - baseDirectory: The directory that image paths are relative to.
    /// - Throws: ``SceneError`` naming the key path of the first problem.
    public convenience init(json: [UInt8], baseDirectory: String = ".") throws(SceneError) {
        guard json.count <= Scene.maximumDocumentBytes else {
            throw SceneError(
                keyPath: "scene",
                message:
                    "the document is \(json.count) bytes, over the limit of \(Scene.maximumDocumentBytes)"
            )
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: json)
        } catch {
            throw Scene.invalidJSON(error)
        }
        try self.init(document: document, baseDirectory: baseDirectory)
    }

    /// The error for a document that is not JSON.
    private nonisolated static func invalidJSON(_ error: JSONParseError) -> SceneError {
        SceneError(keyPath: "scene", message: "not valid JSON: \(error.description)")
    }

    /// The fewest constraints a scene has for them to be activated on a second thread while
    /// they are parsed: below it, starting the thread costs more than it saves (a thousand
    /// constraints take about a millisecond to activate). Tests lower it to compare the two.
    package static var concurrentActivationMinimum = 1024
    /// How many scenes had their constraints activated on a second thread (for tests).
    package static var concurrentActivationCount = 0

    /// Decodes a scene from a parsed document; `didDecode` runs once the views exist, before
    /// constraints are activated (benchmarks time the two apart; a scene with many constraints
    /// has activated some of them by then, on a second thread).
    package init(
        document: JSONDocument, baseDirectory: String, didDecode: () -> Void = {}
    ) throws(SceneError) {
        var decoder = SceneDecoder(baseDirectory: baseDirectory)
        let decoded = try decoder.decodeDocument(document)
        size = decoded.size
        scale = decoded.scale
        direction = decoded.direction
        root = decoded.root
        identified = decoder.identified
        window = decoded.window
        didDecode()
        try decoder.applyConstraints()
        if let animations = decoded.animations {
            try decoder.startAnimations(animations)
        }
    }

    /// Decodes a scene file; image paths are relative to its directory.
    ///
    /// - Throws: ``SceneError`` for a missing file or a malformed scene.
    public convenience init(contentsOfFile path: String) throws(SceneError) {
        let data: UnsafeMutableBufferPointer<UInt8>
        switch FileContents.readBuffer(path, limit: Scene.maximumDocumentBytes) {
        case .success(let bytes): data = bytes
        case .failure(let error):
            throw SceneError(
                keyPath: "scene",
                message: error.isUnreadable ? "cannot read \(path)" : "\(path): \(error.reason)")
        }
        let directory = FilePathText.directory(of: path)
        // The document is parsed where the file was read, and owns the bytes from here on.
        let document: JSONDocument
        do {
            document = try JSONDocument(adopting: data)
        } catch {
            throw Scene.invalidJSON(error)
        }
        try self.init(document: document, baseDirectory: directory.isEmpty ? "." : directory)
    }

    /// The view with an id.
    public func view(withID id: String) -> View? {
        identified.view(withID: id)
    }

    /// Lays the scene out and returns the frame of every view with an id, in root coordinates,
    /// in document order.
    ///
    /// - Complexity: O(*n*) in the number of views: each view's transform to the root is
    ///   computed once, from its superview's.
    public func frames() -> [(id: String, frame: Rect)] {
        window.layoutIfNeeded()
        var transforms = RootTransforms(root: root)
        var frames: [(id: String, frame: Rect)] = []
        frames.reserveCapacity(identifiedViews.count)
        for entry in identifiedViews {
            // A view moved out of the root's tree is converted the slow way. (No closure: one
            // made here would check the main actor's executor for each view.)
            let frame: Rect
            if let transform = transforms.transform(of: entry.view) {
                frame = entry.view.bounds.applying(transform)
            } else {
                frame = entry.view.convert(entry.view.bounds, to: root)
            }
            frames.append((entry.id, frame))
        }
        return frames
    }
}

/// The transforms from views to the root, each computed once from its superview's.
///
/// A value with a mutating method rather than a nested function over local variables: the
/// locals a nested function changes live in a box whose every access is checked at run time.
@MainActor private struct RootTransforms {
    private var toRoot = TransformTable()
    // Siblings follow each other in document order: their superview's transform is kept at
    // hand rather than looked up for each.
    private var lastSuperview: ObjectIdentifier?
    private var lastSuperviewTransform = TrellisGeometry.AffineTransform.identity

    init(root: View) {
        toRoot.set(.identity, for: ObjectIdentifier(root))
    }

    /// The transform from a view to the root, or `nil` for a view outside the root's tree.
    mutating func transform(of view: View) -> TrellisGeometry.AffineTransform? {
        let superview = view.superview
        if let superview, ObjectIdentifier(superview) == lastSuperview {
            let result = view.transformToSuperview.concatenating(lastSuperviewTransform)
            // A view without subviews is nobody's superview: only the others are kept.
            if view.hasSubviews { toRoot.set(result, for: ObjectIdentifier(view)) }
            return result
        }
        if let known = toRoot[ObjectIdentifier(view)] { return known }
        guard let superview, let above = transform(of: superview) else { return nil }
        lastSuperview = ObjectIdentifier(superview)
        lastSuperviewTransform = above
        let result = view.transformToSuperview.concatenating(above)
        if view.hasSubviews { toRoot.set(result, for: ObjectIdentifier(view)) }
        return result
    }
}

/// Transforms keyed by the identity of a view, in an open-addressed table over two arrays.
///
/// A `Dictionary` keyed by `ObjectIdentifier` would do, but making its type the first time has
/// the runtime look for `ObjectIdentifier`'s conformance to `Hashable` among every conformance
/// record of the program: 190,000 instructions, a seventh of `trellis layout` of an empty scene.
private struct TransformTable {
    /// The keys' bit patterns; 0 marks an empty slot (no object lives at address 0).
    private var keys = [UInt](repeating: 0, count: 16)
    private var values = [TrellisGeometry.AffineTransform](repeating: .identity, count: 16)
    private var count = 0

    /// The slot of a key, or of the empty slot where it would go.
    private func slot(of key: UInt) -> Int {
        let mask = keys.count - 1
        // Objects are 16-byte aligned: the low bits say nothing; the multiplier spreads the rest.
        var index = Int(truncatingIfNeeded: (key >> 4) &* 0x9E37_79B9_7F4A_7C15 >> 20) & mask
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    subscript(key: ObjectIdentifier) -> TrellisGeometry.AffineTransform? {
        let index = slot(of: UInt(bitPattern: key))
        return keys[index] == 0 ? nil : values[index]
    }

    /// Sets the transform of a key, adding the key if it is new.
    mutating func set(_ transform: TrellisGeometry.AffineTransform, for key: ObjectIdentifier) {
        let bits = UInt(bitPattern: key)
        var index = slot(of: bits)
        if keys[index] == 0 {
            if 2 * (count + 1) > keys.count {
                grow()
                index = slot(of: bits)
            }
            keys[index] = bits
            count += 1
        }
        values[index] = transform
    }

    /// Doubles the table and places every entry again.
    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = [UInt](repeating: 0, count: 2 * oldKeys.count)
        values = [TrellisGeometry.AffineTransform](repeating: .identity, count: 2 * oldKeys.count)
        for (index, key) in oldKeys.enumerated() where key != 0 {
            let target = slot(of: key)
            keys[target] = key
            values[target] = oldValues[index]
        }
    }
}
