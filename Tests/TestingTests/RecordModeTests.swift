import Foundation
import Testing
import Trellis

@testable import TrellisTesting

@MainActor
private func swatch(_ color: Color) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    view.backgroundColor = color
    return view
}

private func exists(_ file: String, _ name: String) -> Bool {
    FileManager.default.fileExists(atPath: snapshotPath(file, name))
}

private func contents(_ file: String, _ name: String) throws -> String {
    try String(contentsOfFile: snapshotPath(file, name), encoding: .utf8)
}

/// The record modes — by argument, trait and environment — and the pending files a failure
/// leaves for review. Serialized because tests replace the environment lookup.
@MainActor
@Suite(.serialized) struct RecordModeTests {
    /// A file with a recorded red swatch. The test that makes it removes its directory with
    /// `removeTemporaryTestFile(_:)` when it is done.
    private func recordedFile() throws -> String {
        let file = try temporaryTestFile()
        _ = failureMessage {
            try expectSnapshot(of: swatch(.red), as: .text, named: "s", filePath: file)
        }
        #expect(exists(file, "s.txt"))
        return file
    }

    @Test func missingRecordsWhatIsMissingAndLeavesAMismatchPending() throws {
        let file = try recordedFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(
                of: swatch(.blue), as: .text, named: "s", record: .missing, filePath: file)
        }
        #expect(message.contains("does not match"))
        #expect(
            message.contains("the new snapshot is pending at \(snapshotPath(file, "s.txt.new"))"))
        #expect(try contents(file, "s.txt").contains("#FF0000"))
        #expect(try contents(file, "s.txt.new").contains("#0000FF"))
    }

    @Test func failedReRecordsAMismatchAndLeavesNothingPending() throws {
        let file = try recordedFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(
                of: swatch(.blue), as: .text, named: "s", record: .failed, filePath: file)
        }
        #expect(message.hasPrefix("re-recorded snapshot \"s\""), "\(message)")
        #expect(message.contains("+  fill-rect 0 0 20 10 #0000FF"))
        #expect(try contents(file, "s.txt").contains("#0000FF"))
        #expect(!exists(file, "s.txt.new"))
        // A match in failed mode records nothing and passes.
        try expectSnapshot(
            of: swatch(.blue), as: .text, named: "s", record: .failed, filePath: file)
    }

    @Test func allReRecordsEvenAMatch() throws {
        let file = try recordedFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(
                of: swatch(.red), as: .text, named: "s", record: .all, filePath: file)
        }
        #expect(message.hasPrefix("re-recorded snapshot \"s\""), "\(message)")
    }

    @Test func neverRecordsNothingAndLeavesAMissingSnapshotPending() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(
                of: swatch(.red), as: .text, named: "s", record: .never, filePath: file)
        }
        #expect(message.contains("no snapshot \"s\" is recorded"), "\(message)")
        #expect(message.contains("the record mode is never"))
        #expect(!exists(file, "s.txt"))
        #expect(try contents(file, "s.txt.new").contains("#FF0000"))
    }

    @Test(.snapshots(record: .failed))
    func aTraitSetsTheModeAndTheArgumentWins() throws {
        let file = try recordedFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: swatch(.green), as: .text, named: "s", filePath: file)
        }
        #expect(try contents(file, "s.txt").contains("#00FF00"), "the trait's failed mode")
        _ = failureMessage {
            try expectSnapshot(
                of: swatch(.blue), as: .text, named: "s", record: .missing, filePath: file)
        }
        #expect(try contents(file, "s.txt").contains("#00FF00"), "the argument's missing mode")
        #expect(exists(file, "s.txt.new"))
    }

    @Test(.snapshots(record: .never))
    func theTraitWinsOverTheEnvironment() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let message = SnapshotEnvironment.with(["TRELLIS_RECORD": "all"]) {
            failureMessage {
                try expectSnapshot(of: swatch(.red), as: .text, named: "s", filePath: file)
            }
        }
        #expect(message.contains("the record mode is never"), "\(message)")
    }

    @Test(arguments: [("never", false), ("missing", true), ("failed", true), ("all", true)])
    func theEnvironmentSetsTheMode(value: String, records: Bool) throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = SnapshotEnvironment.with(["TRELLIS_RECORD": value]) {
            failureMessage {
                try expectSnapshot(of: swatch(.red), as: .text, named: "s", filePath: file)
            }
        }
        #expect(exists(file, "s.txt") == records, "TRELLIS_RECORD=\(value)")
    }

    @Test func anUnknownModeInTheEnvironmentIsAnError() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let thrown = SnapshotEnvironment.with(["TRELLIS_RECORD": "yes"]) { () -> String? in
            do {
                try expectSnapshot(of: swatch(.red), as: .text, named: "s", filePath: file)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(
            thrown == "TRELLIS_RECORD=yes is not a record mode; use all, failed, missing or never")
        #expect(!exists(file, "s.txt") && !exists(file, "s.txt.new"))
    }
}
