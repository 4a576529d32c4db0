import Foundation
public import Trellis
import TrellisSnapshots
import TrellisTextRenderer

/// How a view becomes a snapshot: the file extension, the bytes, and how two snapshots compare.
///
/// Built-in strategies: ``text`` (the text backend's display-list listing), ``png(scale:tolerance:layout:)``
/// (pixels from the raster backend), ``terminal(width:)`` (the terminal backend's screen),
/// ``hierarchy`` (the view tree described) and ``accessibility`` (what assistive technologies
/// read).
public struct Snapshotting: Sendable {
    /// The snapshot file's extension, without the dot.
    public let fileExtension: String
    /// Produces the snapshot of a view.
    public let snapshot: @MainActor @Sendable (View) throws -> [UInt8]
    /// Compares a reference with a new snapshot: `nil` when they match, otherwise the failure's
    /// explanation and any files to write beside the snapshot (by extension suffix).
    public let compare: @Sendable (_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference?

    /// Creates a strategy.
    public init(
        fileExtension: String, snapshot: @escaping @MainActor @Sendable (View) throws -> [UInt8],
        compare: @escaping @Sendable ([UInt8], [UInt8]) -> SnapshotDifference?
    ) {
        self.fileExtension = fileExtension
        self.snapshot = snapshot
        self.compare = compare
    }
}

/// Why a snapshot did not match, and the files that show it.
public struct SnapshotDifference: Sendable {
    /// A readable explanation: a diff for text, counts for images.
    public var message: String
    /// Extra files to write beside the reference: a suffix (such as `diff.png`) and contents.
    public var attachments: [(suffix: String, bytes: [UInt8])]

    /// Creates a difference.
    public init(message: String, attachments: [(suffix: String, bytes: [UInt8])] = []) {
        self.message = message
        self.attachments = attachments
    }
}

/// A failure while making a snapshot (not a mismatch): a backend that is missing or failed.
public struct SnapshotError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Snapshotting {
    /// Compares texts line by line and reports a unified diff.
    static func textComparison(_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference? {
        let a = String(decoding: reference, as: UTF8.self)
        let b = String(decoding: actual, as: UTF8.self)
        guard let diff = LineDiff.diff(reference: a, actual: b) else { return nil }
        return SnapshotDifference(message: diff)
    }

    /// The display list of a view as the text backend writes it: one line per drawing command,
    /// numbers normalised, deterministic on any machine. The list goes to the backend as the
    /// encoded bytes every frame crosses the plugin boundary as, in process.
    public static let text = Snapshotting(
        fileExtension: "txt",
        snapshot: { view in
            let backend = InProcessBackend(
                name: "text", capabilities: .renderText,
                renderer: try TextRenderer(configuration: []))
            return try backend.render(encoded: SnapshotHost.displayList(of: view).encoded())
        },
        compare: textComparison)

    /// The view tree described, one view per line, indented by depth: type, frame, and the
    /// view's own attributes (state, title, text, accessibility label).
    public static let hierarchy = Snapshotting(
        fileExtension: "hierarchy.txt",
        snapshot: { view in
            SnapshotHost.prepare(view)
            return Array(HierarchyDescription.describe(view).utf8)
        },
        compare: textComparison)
}
