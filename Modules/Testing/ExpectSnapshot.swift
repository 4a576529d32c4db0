import Foundation
import Testing
public import Trellis
import TrellisSnapshots

/// A snapshot that did not match its reference, was missing, or was re-recorded.
///
/// Inside a Swift Testing test, ``expectSnapshot(of:as:named:at:record:fileID:filePath:line:column:)``
/// records an issue instead of throwing this; elsewhere (XCTest) it throws, which fails the
/// test.
public struct SnapshotMismatch: Error, Sendable, CustomStringConvertible {
    /// The explanation: a diff, pixel counts, or that the snapshot was recorded.
    public let description: String
}

/// Compares a view with its recorded snapshot, stored beside the test file in
/// `__Snapshots__/<TestFile>/<name>.<extension>`.
///
/// What happens depends on the record mode (``SnapshotRecordMode``): the `record` argument,
/// else the `.snapshots(record:)` trait of the test or its suite, else the environment variable
/// `TRELLIS_RECORD` (`all`, `failed`, `missing` or `never`), else `missing`.
///
/// - A missing snapshot is recorded and the test fails once, saying so — except in `never`
///   (for CI), where it fails and the new snapshot is left pending.
/// - A mismatch fails with a readable explanation — a unified diff for text, the number of
///   differing pixels and the largest channel difference for PNG — and leaves the reference
///   alone: the new snapshot is written beside it as `<name>.<extension>.new`, pending review
///   (`trellis snapshots review`, `accept`, `reject` or `report`). In `failed` the reference is
///   re-recorded instead. The reference, the new snapshot and for PNG a difference image (the
///   differing pixels red; when the size changed it covers both sizes) are attached to the
///   Swift Testing report.
/// - In `all` every snapshot is re-recorded, and the test fails, saying so.
/// - A match deletes a pending file left by an earlier failure.
///
/// ```swift
/// @Test @MainActor func saveButton() throws {
///     let button = Button(title: "Save")
///     button.sizeToFit()
///     try expectSnapshot(of: button, as: .text, named: "save-button")
/// }
/// ```
///
/// With `at`, the view's window is first advanced to that time on its clock, so the snapshot
/// shows its animations there (`Window/advanceTime(to:)`):
///
/// ```swift
/// View.animate(withDuration: 0.3) { overlay.alpha = 1 }
/// try expectSnapshot(of: window, as: .png(), named: "overlay-half-way", at: 0.15)
/// ```
///
/// - Throws: ``SnapshotError`` when the snapshot cannot be made, files cannot be written, or
///   `TRELLIS_RECORD` has a value that is not a mode; and ``SnapshotMismatch`` on a failure
///   outside Swift Testing.
@MainActor
public func expectSnapshot(
    of view: View, as strategy: Snapshotting, named name: String, at time: Double? = nil,
    record: SnapshotRecordMode? = nil, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
) throws {
    if let time { (view as? Window ?? view.window)?.advanceTime(to: time) }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let store = SnapshotStore(testFilePath: filePath)
    let actual = try strategy.snapshot(view)
    let mode = try record ?? SnapshotRecordMode.current()
    let reference = store.url(name: name, fileExtension: strategy.fileExtension)
    let pending = URL(fileURLWithPath: reference.path + PendingSnapshot.pendingSuffix)
    let exists = FileManager.default.fileExists(atPath: reference.path)
    let message: String
    if mode == .all || (!exists && mode != .never) {
        try store.write(actual, to: reference)
        store.remove(pending)
        message =
            (exists ? "re-recorded" : "recorded a new")
            + " snapshot \"\(name)\" at \(reference.path); run the test again to compare with it"
    } else if !exists {
        try store.write(actual, to: pending)
        message =
            "no snapshot \"\(name)\" is recorded at \(reference.path), and the record mode is "
            + "never; the new snapshot is pending at \(pending.path) (accept it with "
            + "`trellis snapshots accept`)"
    } else {
        guard let data = FileManager.default.contents(atPath: reference.path) else {
            throw SnapshotError("cannot read the snapshot \(reference.path)")
        }
        let expected = Array(data)
        guard let difference = strategy.compare(expected, actual) else {
            store.remove(pending)
            return
        }
        if Test.current != nil {
            let ext = strategy.fileExtension
            Attachment.record(expected, named: "\(name).expected.\(ext)", sourceLocation: location)
            Attachment.record(actual, named: "\(name).actual.\(ext)", sourceLocation: location)
            for attachment in difference.attachments {
                Attachment.record(
                    attachment.bytes, named: "\(name).\(attachment.suffix)",
                    sourceLocation: location)
            }
        }
        if mode == .failed {
            try store.write(actual, to: reference)
            store.remove(pending)
            message =
                "re-recorded snapshot \"\(name)\" at \(reference.path), which did not match\n"
                + difference.message
        } else {
            try store.write(actual, to: pending)
            message =
                "snapshot \"\(name)\" does not match \(reference.path)\n\(difference.message)\n"
                + "the new snapshot is pending at \(pending.path): review it with "
                + "`trellis snapshots review`, or accept it with `trellis snapshots accept`"
        }
    }
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
        throw SnapshotMismatch(description: message)
    }
}

/// The environment variables snapshots read; tests of the library replace the lookup rather
/// than change the process environment, which other threads may be reading.
@MainActor
enum SnapshotEnvironment {
    /// Returns the value of a variable, `nil` when it is not set.
    static var lookup: (String) -> String? = { ProcessInfo.processInfo.environment[$0] }

    static func value(_ name: String) -> String? { lookup(name) }

    /// Runs `body` with variables replaced, then restores the lookup.
    static func with<T>(_ variables: [String: String], _ body: () throws -> T) rethrows -> T {
        let previous = lookup
        lookup = { variables[$0] ?? previous($0) }
        defer { lookup = previous }
        return try body()
    }
}

/// Where snapshots of one test file live.
struct SnapshotStore {
    let directory: URL

    init(testFilePath: String) {
        let file = URL(fileURLWithPath: testFilePath)
        let testName = file.deletingPathExtension().lastPathComponent
        directory = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testName)
    }

    func url(name: String, fileExtension: String) -> URL {
        directory.appendingPathComponent("\(name).\(fileExtension)")
    }

    func write(_ bytes: [UInt8], to url: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw SnapshotError("cannot write \(url.path): \(error)")
        }
    }

    /// Deletes a file if it is there.
    func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
