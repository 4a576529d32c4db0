import TrellisCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A snapshot that failed and waits for review: the recorded reference and, beside it, the new
/// snapshot that a test made (`<name>.<extension>.new`).
///
/// Accepting moves the new snapshot over the reference; rejecting deletes it. Either way the
/// pending file is gone, and the next test run compares with the reference.
///
/// ```swift
/// for snapshot in try PendingSnapshot.find(under: "Tests") {
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

    /// The absolute path of the reference snapshot, which may not exist yet (a snapshot never
    /// recorded).
    public let reference: String
    /// The absolute path of the new snapshot waiting for review.
    public let pending: String

    /// Creates the pending snapshot of a pending file.
    ///
    /// Paths are file paths, as `URL.path` gives them: the module speaks paths rather than
    /// `URL` so that the `trellis` command, which reviews snapshots, loads no Foundation. A
    /// relative path is made absolute from the working directory now, as
    /// `URL(fileURLWithPath:)` does, so that the snapshot stays the same file wherever the
    /// process goes next.
    ///
    /// - Parameter pending: The path of a file whose name ends with ``pendingSuffix``.
    /// - Returns: nil when the name does not end with the suffix.
    public init?(pending: String) {
        let pending = FilePathText.absolute(pending)
        guard pending.hasSuffix(Self.pendingSuffix),
            FilePathText.lastComponent(of: pending).count > Self.pendingSuffix.count
        else { return nil }
        self.pending = pending
        reference = String(pending.dropLast(Self.pendingSuffix.count))
    }

    /// The snapshot's name: its test file's folder and its file name, as
    /// `SettingsTests/save-button.png`.
    public var name: String {
        FilePathText.lastComponent(of: FilePathText.directory(of: reference)) + "/"
            + FilePathText.lastComponent(of: reference)
    }

    /// What kind of snapshot it is.
    public var kind: Kind {
        let file = FilePathText.lastComponent(of: reference)
        if file.hasSuffix(".png") { return .image }
        if file.hasSuffix(".terminal.txt") { return .terminal }
        return .text
    }

    /// Whether a reference was recorded before.
    public var hasReference: Bool { access(reference, F_OK) == 0 }

    /// Makes the new snapshot the reference.
    ///
    /// - Throws: ``SnapshotReviewError`` when the file cannot be moved.
    public func accept() throws(SnapshotReviewError) {
        // One rename: the reference is replaced atomically, never left half written.
        guard rename(pending, reference) == 0 else {
            throw SnapshotReviewError("cannot accept \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes the new snapshot and keeps the reference.
    ///
    /// - Throws: ``SnapshotReviewError`` when the file cannot be deleted.
    public func reject() throws(SnapshotReviewError) {
        guard unlink(pending) == 0 else {
            throw SnapshotReviewError("cannot reject \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Finds every pending snapshot in the `__Snapshots__` folders under a folder, sorted by
    /// path. Symbolic links to folders are not followed, so a link cannot make the search loop.
    ///
    /// - Parameter directory: The path of where to look: a package, its `Tests` folder, or one
    ///   `__Snapshots__` folder or a folder inside one, relative to the working directory or
    ///   absolute.
    /// - Throws: ``SnapshotReviewError`` when the folder does not exist.
    /// - Complexity: O(*n*) in the files under the folder.
    public static func find(under folder: String) throws(SnapshotReviewError)
        -> [PendingSnapshot]
    {
        guard kind(of: folder) == .directory else {
            throw SnapshotReviewError("\(folder) is not a folder")
        }
        // Absolute, so that a search started inside a snapshot folder knows it is in one.
        let directory = FilePathText.absolute(folder)
        var found: [PendingSnapshot] = []
        var folders = [(path: directory, inSnapshots: isSnapshotFolder(directory))]
        while let folder = folders.popLast() {
            let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            for name in entries(of: folder.path) where name != ".build" && name != ".git" {
                let path = prefix + name
                switch kind(of: path) {
                case .directory:
                    folders.append((path, folder.inSnapshots || name == "__Snapshots__"))
                case .regularFile:
                    guard folder.inSnapshots,
                        let snapshot = PendingSnapshot(pending: path)
                    else { continue }
                    found.append(snapshot)
                case .other:
                    continue
                }
            }
        }
        return found.sorted { $0.pending < $1.pending }
    }

    /// What a path names, without following a symbolic link.
    private enum EntryKind { case directory, regularFile, other }

    private static func kind(of path: String) -> EntryKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// Whether a folder is, or is inside, a `__Snapshots__` folder.
    private static func isSnapshotFolder(_ path: String) -> Bool {
        path.split(separator: "/").contains("__Snapshots__")
    }

    /// The names in a folder, without `.` and `..`; none when it cannot be read.
    private static func entries(of path: String) -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
