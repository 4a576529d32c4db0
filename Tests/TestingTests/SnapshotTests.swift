import Foundation
import Testing
import Trellis

@testable import TrellisTesting

@MainActor
private func sampleView(color: Color = .red) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 20))
    view.backgroundColor = color
    let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
    child.accessibilityIdentifier = "dot"
    view.addSubview(child)
    return view
}

/// A fake test file path in a fresh temporary directory, so snapshots land there. The test
/// that makes it removes the directory with `removeTemporaryTestFile(_:)` when it is done.
func temporaryTestFile() throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("trellis-snapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("ButtonTests.swift").path
}

/// Removes the directory `temporaryTestFile()` made for a fake test file, with the snapshots
/// written in it.
func removeTemporaryTestFile(_ file: String) {
    try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent)
}

func snapshotPath(_ file: String, _ name: String) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/ButtonTests/\(name)").path
}

/// Runs a snapshot expectation that must fail, and returns the failure's message.
@MainActor
func failureMessage(_ body: () throws -> Void) -> String {
    final class Box: @unchecked Sendable { var text = "" }
    let box = Box()
    do {
        try withKnownIssue {
            try body()
        } matching: { issue in
            box.text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return true
        }
    } catch {
        box.text = "thrown: \(error)"
    }
    return box.text
}

@MainActor
@Suite struct SnapshotRecordingTests {
    @Test func aSnapshotAtATimeShowsTheAnimationThere() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let window = Window(size: Size(width: 40, height: 20))
        let view = sampleView()
        window.addSubview(view)
        View.animate(withDuration: 1, options: .curveLinear) { view.alpha = 0 }
        _ = failureMessage {
            try expectSnapshot(of: window, as: .text, named: "fade", at: 0.25, filePath: file)
        }
        let recorded = try String(contentsOfFile: snapshotPath(file, "fade.txt"), encoding: .utf8)
        #expect(recorded.contains("begin-layer 0.75"), "\(recorded)")
        #expect(window.currentTime == 0.25)
        // The same time again matches.
        let again = Window(size: Size(width: 40, height: 20))
        let other = sampleView()
        again.addSubview(other)
        View.animate(withDuration: 1, options: .curveLinear) { other.alpha = 0 }
        try expectSnapshot(of: again, as: .text, named: "fade", at: 0.25, filePath: file)
    }

    @Test func aMissingSnapshotIsRecordedAndFailsOnce() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let message = failureMessage {
            try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
        }
        #expect(message.contains("recorded a new snapshot \"sample\" at"))
        let recorded = try String(contentsOfFile: snapshotPath(file, "sample.txt"), encoding: .utf8)
        #expect(recorded.hasPrefix("trellis-display 1\ncanvas 40 20 scale 1\n"))
        #expect(recorded.contains("fill-rect 0 0 40 20 #FF0000"))
        // The second run compares and passes.
        try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
    }

    @Test func aMismatchFailsWithAUnifiedDiffAndWritesTheActualSnapshot() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
        }
        let message = failureMessage {
            try expectSnapshot(
                of: sampleView(color: .blue), as: .text, named: "sample", filePath: file)
        }
        #expect(message.contains("snapshot \"sample\" does not match"))
        #expect(message.contains("--- reference\n+++ actual"))
        #expect(
            message.contains("\n-  fill-rect 0 0 40 20 #FF0000\n+  fill-rect 0 0 40 20 #0000FF"))
        let actual = try String(
            contentsOfFile: snapshotPath(file, "sample.txt.new"), encoding: .utf8)
        #expect(actual.contains("#0000FF"))
        // The reference is untouched.
        let reference = try String(
            contentsOfFile: snapshotPath(file, "sample.txt"), encoding: .utf8)
        #expect(reference.contains("#FF0000"))
    }

    @Test func reRecordingReplacesTheReference() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
        }
        let message = failureMessage {
            try expectSnapshot(
                of: sampleView(color: .green), as: .text, named: "sample", record: .all,
                filePath: file)
        }
        #expect(message.contains("re-recorded snapshot \"sample\""))
        try expectSnapshot(
            of: sampleView(color: .green), as: .text, named: "sample", filePath: file)
    }

    @Test func aPassingComparisonRemovesAPendingSnapshot() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
        }
        _ = failureMessage {
            try expectSnapshot(
                of: sampleView(color: .blue), as: .text, named: "sample", filePath: file)
        }
        #expect(FileManager.default.fileExists(atPath: snapshotPath(file, "sample.txt.new")))
        try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
        #expect(!FileManager.default.fileExists(atPath: snapshotPath(file, "sample.txt.new")))
    }

    @Test func outsideSwiftTestingAFailureIsThrown() async throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let thrown = await Task.detached { @MainActor () -> String? in
            do {
                try expectSnapshot(of: sampleView(), as: .text, named: "sample", filePath: file)
                return nil
            } catch {
                return "\(error)"
            }
        }.value
        #expect(thrown?.contains("recorded a new snapshot") == true)
    }

    @Test func hierarchySnapshotsDescribeTheTree() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let view = sampleView()
        let control = Control(frame: Rect(x: 20, y: 2, width: 10, height: 10))
        control.isSelected = true
        view.addSubview(control)
        _ = failureMessage {
            try expectSnapshot(of: view, as: .hierarchy, named: "tree", filePath: file)
        }
        let text = try String(
            contentsOfFile: snapshotPath(file, "tree.hierarchy.txt"), encoding: .utf8)
        #expect(
            text
                == "View (0 0 40 20)\n  View (5 5 10 10) id=dot\n  Control (20 2 10 10) state=selected\n"
        )
    }
}

@Suite struct PixelComparisonTests {
    private func png(_ pixels: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try Image.encodePNG(pixels, width: width, height: height)
    }

    @Test func identicalImagesMatch() throws {
        let a = try png([255, 0, 0, 255, 0, 255, 0, 255], width: 2, height: 1)
        #expect(PixelComparison.compare(a, a, tolerance: 0) == nil)
    }

    @Test func differencesAreCountedAndDrawn() throws {
        let a = try png([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 255], width: 3, height: 1)
        let b = try png([255, 0, 0, 255, 0, 250, 0, 255, 0, 0, 100, 255], width: 3, height: 1)
        let strict = PixelComparison.compare(a, b, tolerance: 0)
        #expect(
            strict?.message
                == "2 of 3 pixels differ by more than 0; the largest channel difference is 100")
        let diffPNG = try #require(strict?.attachments.first { $0.suffix == "diff.png" }?.bytes)
        let diff = try Image(pngData: diffPNG)
        #expect(diff.pixels.color(x: 1, y: 0) == Color(red: 1, green: 0, blue: 0))
        #expect(
            diff.pixels.color(x: 0, y: 0)?.red != 1 || diff.pixels.color(x: 0, y: 0)?.green != 0)
        let tolerant = PixelComparison.compare(a, b, tolerance: 5)
        #expect(
            tolerant?.message
                == "1 of 3 pixels differ by more than 5; the largest channel difference is 100")
        #expect(PixelComparison.compare(a, b, tolerance: 100) == nil)
    }

    @Test func sizeChangesAreReportedWithADiffImageOfBothExtents() throws {
        let a = try png([0, 0, 0, 255, 0, 0, 0, 255], width: 1, height: 2)
        let b = try png([0, 0, 0, 255, 0, 0, 0, 255], width: 2, height: 1)
        let difference = PixelComparison.compare(a, b, tolerance: 0)
        #expect(difference?.message == "the size changed from 1×2 to 2×1 pixels")
        let diffPNG = try #require(difference?.attachments.first { $0.suffix == "diff.png" }?.bytes)
        let diff = try Image(pngData: diffPNG)
        #expect(diff.pixelWidth == 2 && diff.pixelHeight == 2)
        let red = Color(red: 1, green: 0, blue: 0)
        // The pixel both images have is equal; the others exist in one image only.
        #expect(diff.pixels.color(x: 0, y: 0) != red)
        #expect(diff.pixels.color(x: 1, y: 0) == red)
        #expect(diff.pixels.color(x: 0, y: 1) == red)
        #expect(diff.pixels.color(x: 1, y: 1) == red)
    }
}

@MainActor
@Suite struct TerminalSnapshotTests {
    @Test func terminalSnapshotsShowEscapesAndRows() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        let view = sampleView()
        _ = failureMessage {
            try expectSnapshot(of: view, as: .terminal(width: 10), named: "term", filePath: file)
        }
        let text = try String(
            contentsOfFile: snapshotPath(file, "term.terminal.txt"), encoding: .utf8)
        #expect(text.hasPrefix("\\e["))
        #expect(text.contains("\\e[48;5;196m"))
        #expect(!text.contains("\u{1B}"))
        // The view is 10 columns wide for the snapshot and keeps its frame afterwards.
        #expect(view.frame == Rect(x: 0, y: 0, width: 40, height: 20))
        try expectSnapshot(of: view, as: .terminal(width: 10), named: "term", filePath: file)
    }

    @Test func visibleTextEscapesControls() {
        #expect(
            TerminalSnapshotText.visible(Array("\u{1B}[0mA\r\nB\u{7}".utf8))
                == "\\e[0mA\\r\\n\nB\\u{7}\n")
    }
}
