import Foundation
import Testing
import TrellisPNG
import TrellisSnapshots

/// The HTML report: one self-contained page with every pending snapshot, checked as text and,
/// where Chromium is installed, as a browser loads it.
@Suite struct SnapshotReportTests {
    /// A folder with a changed image, a changed text, a new text and a text whose lines hold
    /// HTML. The test that makes it removes its root, with everything in it, when it is done;
    /// when a file cannot be written or the snapshots found, the root is removed here.
    private func pendingSnapshots() throws -> (root: URL, pending: [PendingSnapshot]) {
        let (root, snapshots) = try snapshotFolder()
        var red = [UInt8]()
        for _ in 0..<(8 * 6) { red += [255, 0, 0, 255] }
        var marked = red
        marked[(2 * 8 + 3) * 4 + 2] = 255
        do {
            try Data(PNGEncoder.encode(rgba: red, width: 8, height: 6)).write(
                to: snapshots.appendingPathComponent("card.png"))
            try Data(PNGEncoder.encode(rgba: marked, width: 8, height: 6)).write(
                to: snapshots.appendingPathComponent("card.png.new"))
            try write("one\ntwo\nthree\n", snapshots.appendingPathComponent("list.txt"))
            try write("one\n2\nthree\n", snapshots.appendingPathComponent("list.txt.new"))
            try write(
                "<script>alert(1)</script> & \"quotes\"\n",
                snapshots.appendingPathComponent("fresh.txt.new"))
            return (root, try PendingSnapshot.find(under: root.path))
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
    }

    @Test func thePageHoldsEveryPendingSnapshotAndNeedsNothingElse() throws {
        let (root, pending) = try pendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let html = try SnapshotReport.html(for: pending)
        #expect(html.contains("<body data-failures=\"3\">"))
        #expect(html.components(separatedBy: "<section class=\"failure").count == 4)
        #expect(html.contains("<h2>CardTests/card.png</h2>"))
        #expect(
            html.contains(
                "1 of 48 pixels differ by more than 0; the largest channel difference is 255 in 1×1 at (3, 2)"
            ))
        #expect(html.contains("class=\"slider\""))
        #expect(html.contains("class=\"blink-toggle\""))
        #expect(
            html.contains("<span class=\"removed\">-two</span>\n<span class=\"added\">+2</span>"))
        // What a snapshot holds is shown, never run.
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        // Self-contained: images inline, nothing fetched.
        #expect(html.contains("src=\"data:image/png;base64,"))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func aTerminalSnapshotIsShownAsItsScreens() throws {
        let (root, snapshots) = try snapshotFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("\\e[48;5;21m<ok>\\r\\n\n", snapshots.appendingPathComponent("s.terminal.txt"))
        try write(
            "\\e[48;5;196m<no>\\r\\n\n", snapshots.appendingPathComponent("s.terminal.txt.new"))
        let html = try SnapshotReport.html(for: PendingSnapshot.find(under: root.path))
        #expect(html.contains("<section class=\"failure terminal\""))
        #expect(html.contains("<span style=\"background: rgb(0, 0, 255)\">&lt;ok&gt;</span>"))
        #expect(html.contains("<span style=\"background: rgb(255, 0, 0)\">&lt;no&gt;</span>"))
    }

    @Test func withNothingPendingThePageSaysSo() throws {
        let html = try SnapshotReport.html(for: [])
        #expect(html.contains("data-failures=\"0\""))
        #expect(html.contains("No pending snapshots"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")))
    func chromiumLoadsThePageAndTheSliderMoves() throws {
        let (root, pending) = try pendingSnapshots()
        defer { try? FileManager.default.removeItem(at: root) }
        let page = root.appendingPathComponent("report.html")
        try Data(try SnapshotReport.html(for: pending).utf8).write(to: page)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        let profile = root.appendingPathComponent("profile").path
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
            "--dump-dom", page.absoluteString + "#slider=25",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(dom.contains("data-ready=\"yes\""), "the script ran to its end")
        #expect(dom.components(separatedBy: "<section class=\"failure").count == 4)
        // The slider's input handler moved the wipe to a quarter of the new image.
        #expect(dom.contains("clip-path: inset(0px 75% 0px 0px)"), "\(dom.prefix(400))")
    }
}
