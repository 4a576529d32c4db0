import Foundation
import Testing
public import Trellis

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
/// - A missing snapshot is recorded, and the test fails once, saying so.
/// - With the environment variable `TRELLIS_RECORD=1` every snapshot is re-recorded (and the
///   test fails, saying so).
/// - A mismatch fails with a readable explanation — a unified diff for text, the number of
///   differing pixels and the largest channel difference for PNG — and writes the new
///   snapshot (`<name>.actual.<extension>`) and for PNG a diff image (`<name>.diff.png`) beside
///   the reference, with differing pixels in red; when the image size changed, the diff covers
///   both sizes and marks the pixels only one image has.
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
/// - Throws: ``SnapshotError`` when the snapshot cannot be made or files cannot be written, and
///   ``SnapshotMismatch`` on a failure outside Swift Testing.
@MainActor
public func expectSnapshot(
    of view: View, as strategy: Snapshotting, named name: String, at time: Double? = nil,
    record: Bool? = nil, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
) throws {
    if let time { (view as? Window ?? view.window)?.advanceTime(to: time) }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let store = SnapshotStore(testFilePath: filePath)
    let actual = try strategy.snapshot(view)
    let recording = record ?? (SnapshotEnvironment.value("TRELLIS_RECORD") == "1")
    let reference = store.url(name: name, fileExtension: strategy.fileExtension)
    let message: String
    if recording || !FileManager.default.fileExists(atPath: reference.path) {
        let existed = FileManager.default.fileExists(atPath: reference.path)
        try store.write(actual, to: reference)
        message =
            (existed ? "re-recorded" : "recorded a new")
            + " snapshot \"\(name)\" at \(reference.path); run the test again to compare with it"
    } else {
        guard let data = FileManager.default.contents(atPath: reference.path) else {
            throw SnapshotError("cannot read the snapshot \(reference.path)")
        }
        guard let difference = strategy.compare(Array(data), actual) else {
            store.removeFailureFiles(name: name, fileExtension: strategy.fileExtension)
            return
        }
        let actualURL = store.url(name: name + ".actual", fileExtension: strategy.fileExtension)
        try store.write(actual, to: actualURL)
        for attachment in difference.attachments {
            try store.write(
                attachment.bytes, to: store.url(name: name, fileExtension: attachment.suffix))
        }
        message = "snapshot \"\(name)\" does not match \(reference.path)\n\(difference.message)"
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

    func removeFailureFiles(name: String, fileExtension: String) {
        for suffix in [name + ".actual." + fileExtension, name + ".diff.png"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(suffix))
        }
    }
}
