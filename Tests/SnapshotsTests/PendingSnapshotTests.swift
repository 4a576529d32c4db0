import Foundation
import Testing
import TrellisPNG
import TrellisSnapshots

/// A fresh folder laid out as a package's tests: `Tests/__Snapshots__/<TestFile>/…`.
func snapshotFolder() throws -> (root: URL, snapshots: URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "trellis-pending-\(UUID().uuidString)")
    let snapshots = root.appendingPathComponent("Tests/__Snapshots__/CardTests")
    try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
    return (root, snapshots)
}

func write(_ text: String, _ url: URL) throws {
    try Data(text.utf8).write(to: url)
}

func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
}

/// Finding, accepting and rejecting pending snapshots.
@Suite struct PendingSnapshotTests {
    @Test func pendingFilesAreFoundInSnapshotFoldersOnly() throws {
        let (root, snapshots) = try snapshotFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("a", snapshots.appendingPathComponent("title.txt"))
        try write("b", snapshots.appendingPathComponent("title.txt.new"))
        try write("c", snapshots.appendingPathComponent("screen.terminal.txt.new"))
        try write("d", snapshots.appendingPathComponent("card.png.new"))
        // Not pending: outside a snapshot folder, or inside the build folder.
        try write("e", root.appendingPathComponent("notes.txt.new"))
        let build = root.appendingPathComponent(".build/__Snapshots__/X")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try write("f", build.appendingPathComponent("old.txt.new"))
        // A link back up does not make the search loop.
        try FileManager.default.createSymbolicLink(
            at: snapshots.appendingPathComponent("loop"), withDestinationURL: root)
        let found = try PendingSnapshot.find(under: root.path)
        #expect(
            found.map(\.name) == [
                "CardTests/card.png", "CardTests/screen.terminal.txt", "CardTests/title.txt",
            ])
        #expect(found.map(\.kind) == [.image, .terminal, .text])
        #expect(found.map(\.hasReference) == [false, false, true])
    }

    @Test func acceptingReplacesTheReferenceAndRejectingKeepsIt() throws {
        let (root, snapshots) = try snapshotFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = snapshots.appendingPathComponent("title.txt")
        try write("old", reference)
        try write("new", snapshots.appendingPathComponent("title.txt.new"))
        try write("first", snapshots.appendingPathComponent("fresh.txt.new"))
        var found = try PendingSnapshot.find(under: root.path)
        #expect(found.count == 2)
        try found.first { $0.name == "CardTests/title.txt" }?.accept()
        try found.first { $0.name == "CardTests/fresh.txt" }?.accept()
        #expect(try read(reference) == "new")
        #expect(try read(snapshots.appendingPathComponent("fresh.txt")) == "first")
        #expect(try PendingSnapshot.find(under: root.path).isEmpty)
        try write("newer", snapshots.appendingPathComponent("title.txt.new"))
        found = try PendingSnapshot.find(under: root.path)
        try #require(!found.isEmpty)
        try found[0].reject()
        #expect(try read(reference) == "new")
        #expect(try PendingSnapshot.find(under: root.path).isEmpty)
        // A second reject finds nothing to delete, and says so.
        #expect(throws: SnapshotReviewError.self) { try found[0].reject() }
    }

    @Test func aFolderThatIsNotThereIsAnError() {
        #expect(throws: SnapshotReviewError.self) {
            try PendingSnapshot.find(under: "/nonexistent/trellis")
        }
    }

    /// A pending file's name ends with the suffix after something; a relative path is made
    /// absolute from the working directory, as `URL(fileURLWithPath:)` makes it.
    @Test func aPendingFileIsNamedFromItsAbsolutePath() throws {
        #expect(PendingSnapshot(pending: "/tmp/a.txt") == nil)
        #expect(PendingSnapshot(pending: "/tmp/.new") == nil)
        let directory = FileManager.default.currentDirectoryPath
        let relative = try #require(PendingSnapshot(pending: "./Tests/__Snapshots__/A/b.png.new"))
        #expect(relative.reference == directory + "/Tests/__Snapshots__/A/b.png")
        #expect(relative.pending == directory + "/Tests/__Snapshots__/A/b.png.new")
        #expect(relative.name == "A/b.png")
        #expect(relative.kind == .image)
        let bare = try #require(PendingSnapshot(pending: "b.txt.new"))
        #expect(bare.name == (directory as NSString).lastPathComponent + "/b.txt")
    }
}

/// Pixel differences of two images.
@Suite struct ImageDifferenceTests {
    private func image(_ width: Int, _ height: Int, marked: [(Int, Int)] = []) throws -> PNGImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for (x, y) in marked { pixels[(y * width + x) * 4] = 0 }
        return try PNGImage(width: width, height: height, pixels: pixels)
    }

    @Test func theChangedRegionHoldsEveryDifferingPixel() throws {
        let difference = ImageDifference(
            reference: try image(10, 8), actual: try image(10, 8, marked: [(2, 3), (6, 5)]))
        #expect(difference.differing == 2)
        #expect(difference.largest == 255)
        #expect(difference.changedRegion == .init(x: 2, y: 3, width: 5, height: 3))
        #expect(
            difference.summary
                == "2 of 80 pixels differ by more than 0; the largest channel difference is 255")
        // Red where they differ.
        #expect(
            Array(difference.image.pixels[((3 * 10) + 2) * 4..<((3 * 10) + 3) * 4]) == [
                255, 0, 0, 255,
            ])
    }

    @Test func equalImagesAndToleratedOnesHaveNoSummary() throws {
        #expect(ImageDifference(reference: try image(4, 4), actual: try image(4, 4)).summary == nil)
        var pixels = try image(4, 4).pixels
        pixels[0] = 250
        let near = try PNGImage(width: 4, height: 4, pixels: pixels)
        #expect(
            ImageDifference(reference: try image(4, 4), actual: near, tolerance: 5).summary == nil)
        #expect(
            ImageDifference(reference: try image(4, 4), actual: near, tolerance: 4).differing == 1)
    }

    @Test func aSizeChangeCoversBothSizes() throws {
        let difference = ImageDifference(reference: try image(4, 4), actual: try image(6, 3))
        #expect(difference.summary == "the size changed from 4×4 to 6×3 pixels")
        #expect(difference.image.width == 6 && difference.image.height == 4)
        // Pixels only one image has differ, and so do those neither has (the corner).
        #expect(difference.differing == 4 + 6 + 2)
    }
}
