import Foundation
import Testing
import Trellis
import TrellisAccessibilityBus
import TrellisGallery

/// The live demo on the Linux accessibility bus: a private D-Bus session, the demo in tmux,
/// and `scripts/atspi-probe.py` reading it with pyatspi as Orca would — the tree's roles and
/// names, then the focus event when Tab moves focus.
@Suite(.serialized) struct AccessibilityBusTests {
    /// A private session bus: `dbus-daemon --session` on a fresh address, which starts the
    /// accessibility bus and its registry on demand (at-spi2-core's services). It is started
    /// with no signal blocked (the test runner blocks nearly all, and a child inherits its
    /// mask), so that SIGTERM ends it and the accessibility bus it started ends with it.
    final class SessionBus {
        let process = Process()
        let address: String

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "os.execv(sys.argv[1], sys.argv[1:])",
                "/usr/bin/dbus-daemon", "--session", "--nofork", "--print-address=1",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var text = ""
            let deadline = Date().addingTimeInterval(10)
            while !text.contains("\n"), Date() < deadline {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            address = text.components(separatedBy: "\n")[0]
        }

        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
    }

    /// The repository's probe script.
    static let probe = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/atspi-probe.py").path

    /// Runs the probe against the bus; when it prints `LISTENING`, calls `whenListening`.
    /// Returns its exit status, standard output and standard error.
    static func runProbe(
        bus: SessionBus, seconds: Double, whenListening: () throws -> Void = {}
    ) throws -> (status: Int32, output: String, errors: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-atspi-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("out")
        let errorsURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        let process = Process()
        // Debian's python3-pyatspi is installed for the system's Python.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [probe, "trellis", String(seconds)]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["AT_SPI_BUS_ADDRESS"] = nil
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds * 2 + 10)
        var listened = false
        while process.isRunning, Date() < deadline {
            if !listened, let text = try? String(contentsOf: outputURL, encoding: .utf8),
                text.contains("LISTENING\n")
            {
                listened = true
                try whenListening()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? ""
        )
    }

    /// The demo in a pane, on the private bus, with the bridge's switch set as given.
    static func startDemo(in pane: TmuxPane, bus: SessionBus, switchValue: String?) throws {
        let setting = switchValue.map { "\(AccessibilityBridge.environmentVariable)=\($0) " } ?? ""
        try pane.start(
            "env -u AT_SPI_BUS_ADDRESS -u NO_AT_BRIDGE -u \(AccessibilityBridge.environmentVariable) "
                + "DBUS_SESSION_BUS_ADDRESS='\(bus.address)' \(setting)"
                + "\(Trellis.executable) demo --interactive")
    }

    /// A string as Python's `json.dumps(…, ensure_ascii=False)` writes it.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The demo's tree as the `.accessibility` snapshot has it, as the probe's lines should
    /// show it: the bridge's role name (``AtSpiRole/init(entry:inList:)``) and name, indented
    /// two spaces a level.
    @MainActor
    static func expectedLines() -> [String] {
        let gallery = Gallery()
        gallery.statusLabel.text = "Click, drag, scroll or Tab; q quits"
        // The pane is 100 × 40 cells of 8 × 16 points; the demo lays the gallery out so.
        gallery.window.size = Size(width: 800, height: 640)
        gallery.scrollView.frame = gallery.window.bounds
        gallery.window.subviews.first?.frame = gallery.window.bounds
        var lines: [String] = []
        func visit(_ entry: AccessibilityTreeBuilder.Entry, depth: Int, inList: Bool) {
            let role = AtSpiRole(entry: entry, inList: inList)
            lines.append(
                String(repeating: "  ", count: depth) + role.name + " "
                    + json(entry.node.label ?? ""))
            for child in entry.children {
                visit(child, depth: depth + 1, inList: role == .list)
            }
        }
        for entry in gallery.window.accessibilityEntries() {
            visit(entry, depth: 0, inList: false)
        }
        return lines
    }

    /// The first view Tab focuses, as the probe prints its focus event.
    @MainActor
    static func expectedFocus() -> String? {
        let gallery = Gallery()
        guard let view = gallery.window.focusableViews.first else { return nil }
        let role = AccessibilityRole(traits: view.accessibilityTraits, isGroup: false)
        return "FOCUS " + AtSpiRole(role).name + " " + json(view.accessibilityLabel ?? "")
    }

    @Test @MainActor
    func pyatspiReadsTheDemosRolesAndNamesAndHearsFocusMoveOnTab() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        #expect(bus.address.hasPrefix("unix:"), "dbus-daemon printed no address")
        let pane = TmuxPane()
        defer { pane.stop() }
        try AccessibilityBusTests.startDemo(in: pane, bus: bus, switchValue: nil)
        #expect(try pane.waitFor("UIControl subclasses") != nil, "the gallery never appeared")
        let probe = try AccessibilityBusTests.runProbe(bus: bus, seconds: 10) {
            try pane.type("\t")
        }
        #expect(probe.status == 0, "the probe failed: \(probe.errors)")
        let lines = probe.output.components(separatedBy: "\n")
        // The application, its window, then the window's tree.
        #expect(lines.first?.hasPrefix("application \"trellis\" ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("  frame \"trellis\" [active") == true)
        let tree = lines.dropFirst(2).prefix {
            $0 != "LISTENING" && !$0.hasPrefix("VALUE ") && !$0.hasPrefix("TEXT ")
        }
        // Each line without its states, unindented by the application's and frame's levels.
        let read = tree.map { line -> String in
            let bare = line.range(of: " [", options: .backwards).map {
                String(line[..<$0.lowerBound])
            }
            return String((bare ?? line).dropFirst(4))
        }
        let expected = AccessibilityBusTests.expectedLines()
        #expect(expected.count > 30)
        #expect(read == expected)
        // The roles the traits alone cannot name: the app grid is a list of list items, the
        // stepper a named spin button, the segmented control a named panel.
        #expect(read.contains("  list \"\""))
        #expect(read.contains("    list item \"App 1\""))
        #expect(read.contains("spin button \"Days watered\""))
        #expect(read.contains("panel \"Task\""))
        #expect(!read.contains { $0.contains("unknown") })
        // States follow the controls: the selected button is selected, the stepper's
        // decrement (at its minimum) is not enabled, the text field is editable.
        #expect(tree.contains { $0.contains("push button \"选中了\" [") && $0.contains("selected") })
        #expect(tree.contains { $0.hasSuffix("push button \"Decrement\" [showing, visible]") })
        #expect(tree.contains { $0.contains("entry ") && $0.contains("editable") })
        // The Value interface gives the controls' own numbers: the slider's 0…1 at 0.3, the
        // stepper's 0…100 in steps of 1, the page control's pages 1…5.
        #expect(lines.contains("VALUE slider \"Amount of water\" min=0 max=1 step=0 current=0.3"))
        #expect(
            lines.contains("VALUE spin button \"Days watered\" min=0 max=100 step=1 current=0"))
        #expect(lines.contains("VALUE slider \"Garden\" min=1 max=5 step=1 current=1"))
        #expect(!lines.contains { $0.hasPrefix("VALUE toggle button") })
        // The Text interface reads labels in characters (Unicode scalars), words included.
        let status = "Click, drag, scroll or Tab; q quits"
        #expect(
            lines.contains(
                "TEXT label \"\(status)\" count=\(status.unicodeScalars.count) "
                    + "text=\"\(status)\" word=\"Click, \""))
        let shadow = try #require(
            AccessibilityBusTests.expectedLines().last?.trimmingCharacters(in: .whitespaces))
        func flatten(_ nodes: [AccessibilityNode]) -> [AccessibilityNode] {
            nodes.flatMap { [$0] + flatten($0.children) }
        }
        let shadowText = try #require(
            flatten(Gallery().window.accessibilityTree().nodes).last?.label)
        #expect(
            lines.contains(
                "TEXT \(shadow) count=\(shadowText.unicodeScalars.count) "
                    + "text=\(AccessibilityBusTests.json(shadowText)) word=\"连\""),
            "no TEXT line for the Chinese label in:\n\(probe.output)")
        #expect(lines.contains("TEXT entry \"Type here\" count=0 text=\"\" word=\"\""))
        // Tab focused the first control, and the event said so.
        let focus = try #require(AccessibilityBusTests.expectedFocus())
        #expect(lines.contains(focus), "no \(focus) in:\n\(probe.output)")
    }

    @Test func theEnvironmentVariableTurnsTheBridgeOff() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let pane = TmuxPane()
        defer { pane.stop() }
        try AccessibilityBusTests.startDemo(in: pane, bus: bus, switchValue: "0")
        #expect(try pane.waitFor("UIControl subclasses") != nil, "the gallery never appeared")
        let probe = try AccessibilityBusTests.runProbe(bus: bus, seconds: 2)
        #expect(probe.status == 1)
        #expect(probe.errors.contains("no application named 'trellis' on the desktop"))
        // The demo runs on without the bus: q still quits it.
        try pane.type("q")
        let deadline = Date().addingTimeInterval(5)
        while pane.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!pane.isRunning)
    }
}
