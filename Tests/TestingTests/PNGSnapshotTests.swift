import Foundation
import Testing
import Trellis

@testable import TrellisTesting

/// A 40 × 20 red view; `marked` adds a blue 10 × 10 square at (5, 5).
@MainActor
private func card(marked: Bool = false, width: Double = 40) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: width, height: 20))
    view.backgroundColor = .red
    if marked {
        let square = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        square.backgroundColor = .blue
        view.addSubview(square)
    }
    return view
}

/// The difference image the PNG strategy attaches for two snapshot files.
@MainActor
private func diffImage(_ file: String, _ reference: String, _ actual: String) throws -> Image {
    let a = try #require(FileManager.default.contents(atPath: snapshotPath(file, reference)))
    let b = try #require(FileManager.default.contents(atPath: snapshotPath(file, actual)))
    let difference = try #require(Snapshotting.png(scale: 1).compare(Array(a), Array(b)))
    let attachment = try #require(difference.attachments.first { $0.suffix == "diff.png" })
    return try Image(pngData: attachment.bytes)
}

@MainActor
private func pngFile(_ file: String, _ name: String) throws -> Image {
    let data = try #require(FileManager.default.contents(atPath: snapshotPath(file, name)))
    return try Image(pngData: Array(data))
}

/// PNG snapshots through `expectSnapshot`: recording, matching, mismatching with a diff image,
/// and re-recording by the environment. Serialized because two tests replace the environment
/// lookup.
@MainActor
@Suite(.serialized) struct PNGSnapshotTests {
    private let red = Color(red: 1, green: 0, blue: 0)

    @Test func aMissingPNGSnapshotIsRecordedThenMatches() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        #expect(message.contains("recorded a new snapshot \"card\" at"))
        #expect(message.hasSuffix("run the test again to compare with it"))
        let recorded = try pngFile(file, "card.png")
        #expect(recorded.pixelWidth == 40 && recorded.pixelHeight == 20)
        #expect(recorded.pixels.color(x: 20, y: 10) == red)
        // The same view matches, and leaves no pending file.
        try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        #expect(!FileManager.default.fileExists(atPath: snapshotPath(file, "card.png.new")))
    }

    @Test func aPNGMismatchCountsPixelsAndItsDiffImageMarksWhereTheyDiffer() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        let message = failureMessage {
            try expectSnapshot(
                of: card(marked: true), as: .png(scale: 1), named: "card", filePath: file)
        }
        #expect(message.contains("snapshot \"card\" does not match"))
        #expect(
            message.contains(
                "100 of 800 pixels differ by more than 0; the largest channel difference is 255"),
            "\(message)")
        let actual = try pngFile(file, "card.png.new")
        #expect(actual.pixels.color(x: 7, y: 7) == .blue)
        // Only the pending file is written beside the reference; the difference is attached.
        #expect(!FileManager.default.fileExists(atPath: snapshotPath(file, "card.diff.png")))
        let diff = try diffImage(file, "card.png", "card.png.new")
        #expect(diff.pixelWidth == 40 && diff.pixelHeight == 20)
        var highlighted: [(Int, Int)] = []
        for y in 0..<20 {
            for x in 0..<40 where diff.pixels.color(x: x, y: y) == red {
                highlighted.append((x, y))
            }
        }
        #expect(highlighted.count == 100)
        #expect(highlighted.allSatisfy { (5..<15).contains($0.0) && (5..<15).contains($0.1) })
        // The reference is untouched; matching again removes the pending file.
        #expect(try pngFile(file, "card.png").pixels.color(x: 7, y: 7) == red)
        try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        #expect(!FileManager.default.fileExists(atPath: snapshotPath(file, "card.png.new")))
    }

    @Test func aToleranceAcceptsSmallDifferencesOnly() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        let nearlyRed = card()
        nearlyRed.backgroundColor = Color(red: 250.0 / 255, green: 0, blue: 0)
        try expectSnapshot(
            of: nearlyRed, as: .png(scale: 1, tolerance: 10), named: "card", filePath: file)
        let message = failureMessage {
            try expectSnapshot(
                of: nearlyRed, as: .png(scale: 1, tolerance: 1), named: "card", filePath: file)
        }
        #expect(message.contains("800 of 800 pixels differ by more than 1"), "\(message)")
        // 5 of 255, give or take the rasterizer's rounding.
        #expect(
            ["4", "5", "6"].contains {
                message.contains("the largest channel difference is \($0)\n")
            },
            "\(message)")
    }

    @Test func aSizeChangeFailsAndItsDiffImageCoversBothSizes() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        let message = failureMessage {
            try expectSnapshot(
                of: card(width: 50), as: .png(scale: 1), named: "card", filePath: file)
        }
        #expect(message.contains("the size changed from 40×20 to 50×20 pixels"))
        let diff = try diffImage(file, "card.png", "card.png.new")
        #expect(diff.pixelWidth == 50 && diff.pixelHeight == 20)
        #expect(diff.pixels.color(x: 45, y: 10) == red)
        #expect(diff.pixels.color(x: 20, y: 10) != red)
    }

    @Test func trellisRecordReRecordsThePNG() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        let message = SnapshotEnvironment.with(["TRELLIS_RECORD": "1"]) {
            failureMessage {
                try expectSnapshot(
                    of: card(marked: true), as: .png(scale: 1), named: "card", filePath: file)
            }
        }
        #expect(message.contains("re-recorded snapshot \"card\""), "\(message)")
        #expect(try pngFile(file, "card.png").pixels.color(x: 7, y: 7) == .blue)
        // Without the variable the new reference is compared, and matches.
        try expectSnapshot(
            of: card(marked: true), as: .png(scale: 1), named: "card", filePath: file)
    }

    @Test func trellisRecordZeroIsTheDefault() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: card(), as: .png(scale: 1), named: "card", filePath: file)
        }
        let message = SnapshotEnvironment.with(["TRELLIS_RECORD": "0"]) {
            failureMessage {
                try expectSnapshot(
                    of: card(marked: true), as: .png(scale: 1), named: "card", filePath: file)
            }
        }
        #expect(message.contains("does not match"), "\(message)")
        #expect(try pngFile(file, "card.png").pixels.color(x: 7, y: 7) == red)
    }

    @Test func theEnvironmentLookupIsRestored() {
        let before = SnapshotEnvironment.value("TRELLIS_RECORD")
        let inside = SnapshotEnvironment.with(["TRELLIS_RECORD": "1"]) {
            SnapshotEnvironment.value("TRELLIS_RECORD")
        }
        #expect(inside == "1")
        #expect(SnapshotEnvironment.value("TRELLIS_RECORD") == before)
        #expect(
            SnapshotEnvironment.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
    }
}
