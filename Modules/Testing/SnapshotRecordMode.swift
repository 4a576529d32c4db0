public import Testing

/// When snapshots are recorded rather than compared, as in swift-snapshot-testing.
///
/// Choose one for a test or a suite with the `.snapshots(record:)` trait, for a
/// run with the environment variable `TRELLIS_RECORD`, or for one call with the `record`
/// argument of ``expectSnapshot(of:as:named:at:record:fileID:filePath:line:column:)``; the
/// argument wins over the trait, the trait over the environment, and `missing` is the default.
///
/// ```swift
/// @Suite(.snapshots(record: .failed)) struct SettingsScreenTests { … }
/// ```
/// ```sh
/// TRELLIS_RECORD=never swift test   # in CI: a missing snapshot fails instead of recording
/// ```
public enum SnapshotRecordMode: String, Sendable, Hashable, CaseIterable {
    /// Every snapshot is recorded again, and every test that takes one fails, saying so.
    case all
    /// A snapshot that does not match is recorded again (the test fails, with the diff); a
    /// missing one is recorded.
    case failed
    /// Only a missing snapshot is recorded; a mismatch leaves the new snapshot pending beside
    /// the reference. The default.
    case missing
    /// Nothing is recorded: a missing snapshot fails like a mismatch, and both leave the new
    /// snapshot pending. For CI.
    case never

    /// The mode in effect: the trait's, else the environment's, else `missing`.
    ///
    /// - Throws: ``SnapshotError`` when `TRELLIS_RECORD` holds something else than a mode
    ///   (`1` means `all` and `0` means `missing`, as before modes existed).
    @MainActor
    static func current() throws -> SnapshotRecordMode {
        if let mode = SnapshotRecordTrait.current { return mode }
        guard let value = SnapshotEnvironment.value("TRELLIS_RECORD"), !value.isEmpty else {
            return .missing
        }
        switch value {
        case "1": return .all
        case "0": return .missing
        default:
            guard let mode = SnapshotRecordMode(rawValue: value) else {
                throw SnapshotError(
                    "TRELLIS_RECORD=\(value) is not a record mode; use all, failed, missing or never"
                )
            }
            return mode
        }
    }
}

/// The trait that sets the snapshot record mode of a test, or of every test in a suite.
///
/// Add it with `.snapshots(record:)`.
public struct SnapshotRecordTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode the tests run with.
    public let mode: SnapshotRecordMode

    /// The mode of the test running on this task, if a trait set one.
    @TaskLocal static var current: SnapshotRecordMode?

    /// Applies to every test in a suite.
    public var isRecursive: Bool { true }

    /// Runs a test with the mode in effect.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.$current.withValue(mode) { try await function() }
    }
}

extension Trait where Self == SnapshotRecordTrait {
    /// Sets the snapshot record mode of a test, or of every test in a suite.
    ///
    /// ```swift
    /// @Test(.snapshots(record: .never)) @MainActor func settingsScreen() throws { … }
    /// ```
    public static func snapshots(record mode: SnapshotRecordMode) -> Self {
        SnapshotRecordTrait(mode: mode)
    }
}
