public import Foundation

/// A snapshot that failed and waits for review: the recorded reference and, beside it, the new
/// snapshot that a test made (`<name>.<extension>.new`).
///
/// Accepting moves the new snapshot over the reference; rejecting deletes it. Either way the
/// pending file is gone, and the next test run compares with the reference.
///
/// ```swift
/// for snapshot in try PendingSnapshot.find(under: URL(fileURLWithPath: "Tests")) {
///     print(snapshot.name)                 // SettingsTests/save-button.png
///     try snapshot.accept()
/// }
/// ```
public struct PendingSnapshot: Sendable, Hashable {
    /// What a pending file's name ends with.
    public static let pendingSuffix = ".new"

    /// The kinds of snapshot, from the reference's extension.
    public enum Kind: Sendable, Hashable {
        /// A PNG image (`.png`).
        case image
        /// A terminal screen stored as text with its escapes shown (`.terminal.txt`).
        case terminal
        /// Any other text (`.txt`, `.hierarchy.txt`, `.accessibility.txt`, …).
        case text
    }

    /// The reference snapshot, which may not exist yet (a snapshot never recorded).
    public let reference: URL
    /// The new snapshot waiting for review.
    public let pending: URL

    /// Creates the pending snapshot of a pending file.
    ///
    /// - Parameter pending: A file whose name ends with ``pendingSuffix``.
    /// - Returns: nil when the name does not end with the suffix.
    public init?(pending: URL) {
        let path = pending.path
        guard path.hasSuffix(Self.pendingSuffix), path.count > Self.pendingSuffix.count else {
            return nil
        }
        self.pending = pending
        reference = URL(fileURLWithPath: String(path.dropLast(Self.pendingSuffix.count)))
    }

    /// The snapshot's name: its test file's folder and its file name, as
    /// `SettingsTests/save-button.png`.
    public var name: String {
        reference.deletingLastPathComponent().lastPathComponent + "/"
            + reference.lastPathComponent
    }

    /// What kind of snapshot it is.
    public var kind: Kind {
        let file = reference.lastPathComponent
        if file.hasSuffix(".png") { return .image }
        if file.hasSuffix(".terminal.txt") { return .terminal }
        return .text
    }

    /// Whether a reference was recorded before.
    public var hasReference: Bool { FileManager.default.fileExists(atPath: reference.path) }

    /// Makes the new snapshot the reference.
    ///
    /// - Throws: ``SnapshotReviewError`` when the file cannot be moved.
    public func accept() throws(SnapshotReviewError) {
        // One rename: the reference is replaced atomically, never left half written.
        guard rename(pending.path, reference.path) == 0 else {
            throw SnapshotReviewError("cannot accept \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes the new snapshot and keeps the reference.
    ///
    /// - Throws: ``SnapshotReviewError`` when the file cannot be deleted.
    public func reject() throws(SnapshotReviewError) {
        do {
            try FileManager.default.removeItem(at: pending)
        } catch {
            throw SnapshotReviewError("cannot reject \(name): \(error.localizedDescription)")
        }
    }

    /// Finds every pending snapshot in the `__Snapshots__` folders under a folder, sorted by
    /// path. Symbolic links to folders are not followed, so a link cannot make the search loop.
    ///
    /// - Parameter directory: Where to look: a package, its `Tests` folder, or one
    ///   `__Snapshots__` folder.
    /// - Throws: ``SnapshotReviewError`` when the folder does not exist.
    /// - Complexity: O(*n*) in the files under the folder.
    public static func find(under directory: URL) throws(SnapshotReviewError) -> [PendingSnapshot] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw SnapshotReviewError("\(directory.path) is not a folder")
        }
        guard
            let walker = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsPackageDescendants])
        else { return [] }
        var found: [PendingSnapshot] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name == ".git" {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(pendingSuffix),
                url.pathComponents.contains("__Snapshots__"),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let snapshot = PendingSnapshot(pending: url)
            else { continue }
            found.append(snapshot)
        }
        return found.sorted { $0.pending.path < $1.pending.path }
    }
}
