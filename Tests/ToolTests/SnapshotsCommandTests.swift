import Foundation
import Testing
import TrellisPNG

/// `trellis snapshots`: pending snapshots listed, accepted, rejected, reported and reviewed in
/// the live terminal application.
@Suite(.serialized) struct SnapshotsCommandTests {
    /// A package-like folder with two pending snapshots: a changed PNG and a changed text, in
    /// a fresh temporary folder. The test that makes it removes it, with everything in it, when
    /// it is done; when a file cannot be written, it is removed here.
    private func packageWithPendingSnapshots() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-review-\(getpid())-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Tests/CardTests/__Snapshots__/CardTests")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var red = [UInt8]()
        for _ in 0..<(40 * 30) { red += [255, 0, 0, 255] }
        var marked = red
        for pixel in [10 * 40 + 10, 15 * 40 + 20] { marked[pixel * 4 + 2] = 255 }
        do {
            try Data(PNGEncoder.encode(rgba: red, width: 40, height: 30)).write(
                to: folder.appendingPathComponent("card.png"))
            try Data(PNGEncoder.encode(rgba: marked, width: 40, height: 30)).write(
                to: folder.appendingPathComponent("card.png.new"))
            try Data("one\ntwo\nthree\n".utf8).write(
                to: folder.appendingPathComponent("list.txt"))
            try Data("one\n2\nthree\n".utf8).write(
                to: folder.appendingPathComponent("list.txt.new"))
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
        return root
    }

    private func file(_ root: URL, _ name: String) -> String {
        root.appendingPathComponent("Tests/CardTests/__Snapshots__/CardTests/\(name)").path
    }

    @Test func listAcceptAndRejectWorkOnNamesOrAll() throws {
        let root = try packageWithPendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let list = try Trellis.run(["snapshots", "list", root.path])
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output == "CardTests/card.png\nCardTests/list.txt\n")
        let accept = try Trellis.run(["snapshots", "accept", "CardTests/list", "--dir", root.path])
        #expect(accept.output == "accepted CardTests/list.txt\n1 snapshot accepted\n")
        #expect(
            try String(contentsOfFile: file(root, "list.txt"), encoding: .utf8) == "one\n2\nthree\n"
        )
        #expect(!FileManager.default.fileExists(atPath: file(root, "list.txt.new")))
        let unknown = try Trellis.run(["snapshots", "reject", "nothing", "--dir", root.path])
        #expect(unknown.status == 1)
        #expect(
            unknown.errors
                == "trellis: no pending snapshot is named nothing; pending: CardTests/card.png\n")
        let reject = try Trellis.run(["snapshots", "reject", "--all", "--dir", root.path])
        #expect(reject.output == "rejected CardTests/card.png\n1 snapshot rejected\n")
        #expect(FileManager.default.fileExists(atPath: file(root, "card.png")))
        #expect(try Trellis.run(["snapshots", "list", root.path]).output.isEmpty)
    }

    /// A snapshot is also named by a path to its pending file or its reference, relative to
    /// the working directory or absolute with `.` and `..` in it, wherever `--dir` points.
    /// Run from inside a snapshot folder, with the default `.`, the commands find its pending
    /// snapshots: the folder is known to be one from its absolute path.
    @Test func insideASnapshotFolderTheDefaultFolderIsIt() throws {
        let root = try packageWithPendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let inside = root.appendingPathComponent("Tests/CardTests/__Snapshots__/CardTests")
        let list = try Trellis.run(["snapshots", "list"], directory: inside)
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output == "CardTests/card.png\nCardTests/list.txt\n")
        let accept = try Trellis.run(["snapshots", "accept", "list.txt.new"], directory: inside)
        #expect(accept.output == "accepted CardTests/list.txt\n1 snapshot accepted\n")
    }

    @Test func snapshotsAreNamedByPathsAsWell() throws {
        let root = try packageWithPendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = "Tests/CardTests/__Snapshots__/CardTests"
        let relative = try Trellis.run(
            ["snapshots", "accept", "./\(folder)/list.txt.new", "--dir", root.path],
            directory: root)
        #expect(relative.status == 0, "\(relative.errors)")
        #expect(relative.output == "accepted CardTests/list.txt\n1 snapshot accepted\n")
        let absolute = try Trellis.run(
            [
                "snapshots", "reject",
                root.path + "/Tests/./CardTests/../CardTests/__Snapshots__/"
                    + "CardTests/card.png", "--dir", "Tests",
            ], directory: root)
        #expect(absolute.status == 0, "\(absolute.errors)")
        #expect(absolute.output == "rejected CardTests/card.png\n1 snapshot rejected\n")
        #expect(try Trellis.run(["snapshots", "list", root.path]).output.isEmpty)
    }

    @Test(arguments: [
        (["snapshots"], "use 'trellis snapshots list|accept|reject|report|review'"),
        (["snapshots", "accept"], "takes --all or snapshot names"),
        (["snapshots", "accept", "--all", "x"], "takes --all or snapshot names"),
        (["snapshots", "report", "."], "needs --out FILE"),
        (["snapshots", "list", "a", "b"], "give one folder to look in"),
    ])
    func misuseIsAUsageError(arguments: [String], message: String) throws {
        let result = try Trellis.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func aFolderThatIsNotThereIsAnError() throws {
        let result = try Trellis.run(["snapshots", "list", "/nonexistent/trellis"])
        #expect(result.status == 1)
        #expect(result.errors == "trellis: /nonexistent/trellis is not a folder\n")
    }

    @Test func reportWritesOnePage() throws {
        let root = try packageWithPendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let page = root.appendingPathComponent("report.html").path
        let result = try Trellis.run(["snapshots", "report", root.path, "--out", page])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "2 pending snapshots in \(page)\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<body data-failures=\"2\">"))
        #expect(html.contains("2 of 1200 pixels differ"))
    }

    @Test func reviewNeedsATerminal() throws {
        let result = try Trellis.run(["snapshots", "review", "."])
        #expect(result.status == 1)
        #expect(result.errors.contains("'trellis snapshots review' needs a terminal"))
    }

    /// The review screen in a 100 × 40 terminal, driven by keys: its screen is compared with a
    /// recorded one, then `a` accepts the image and `r` rejects the text.
    @Test func reviewWalksThePendingSnapshotsWithKeys() throws {
        let root = try packageWithPendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let pane = TmuxPane()
        defer { pane.stop() }
        try pane.start("'\(Trellis.executable)' snapshots review '\(root.path)'; sleep 5")
        #expect(try pane.waitFor("1 of 2: CardTests/card.png") != nil)
        #expect(try pane.waitFor("[Accept (a)]") != nil)
        let screen = try pane.screen().map {
            $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        .joined(separator: "\n").trimmingCharacters(in: .newlines)
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Fixtures__/review-screen.txt")
        if !FileManager.default.fileExists(atPath: recorded.path) {
            try Data((screen + "\n").utf8).write(to: recorded)
            Issue.record("recorded the review screen at \(recorded.path); run again")
        } else {
            let expected = try String(contentsOf: recorded, encoding: .utf8)
            #expect(screen + "\n" == expected, "the review screen changed:\n\(screen)")
        }
        try pane.type("a")
        #expect(try pane.waitFor("2 of 2: CardTests/list.txt") != nil)
        #expect(try pane.waitFor("+2") != nil)
        try pane.type("r")
        #expect(try pane.waitFor("Done: no snapshot left to review") != nil)
        try pane.type("q")
        #expect(try pane.waitFor("1 accepted, 1 rejected, 0 skipped, 0 left") != nil)
        // The image was accepted, the text rejected; nothing is pending.
        #expect(!FileManager.default.fileExists(atPath: file(root, "card.png.new")))
        #expect(!FileManager.default.fileExists(atPath: file(root, "list.txt.new")))
        #expect(
            try String(contentsOfFile: file(root, "list.txt"), encoding: .utf8)
                == "one\ntwo\nthree\n")
        let accepted = try PNGDecoder.decode(
            [UInt8](Data(contentsOf: URL(fileURLWithPath: file(root, "card.png")))),
            maximumPixels: 10_000)
        try #require(accepted.pixels.count == 40 * 30 * 4, "\(accepted.width)×\(accepted.height)")
        #expect(accepted.pixels[(10 * 40 + 10) * 4 + 2] == 255)
    }
}
