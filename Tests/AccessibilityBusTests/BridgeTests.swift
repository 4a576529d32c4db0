import Foundation
import Testing
import TrellisAccessibilityBus
import TrellisGeometry
import TrellisViews

/// The role and state tables, the switch that turns the bridge off, and the D-Bus connection
/// against a real, private bus.
@Suite struct BridgeTests {
    @Test func rolesMapToAtSpisRolesAndNames() {
        let expected: [(AccessibilityRole, UInt32, String)] = [
            (.textField, 79, "entry"), (.searchField, 79, "entry"), (.adjustable, 51, "slider"),
            (.toggleButton, 62, "toggle button"), (.keyboardKey, 43, "push button"),
            (.link, 88, "link"), (.button, 43, "push button"), (.tabBar, 38, "page tab list"),
            (.header, 83, "heading"), (.image, 27, "image"), (.text, 29, "label"),
            (.summary, 116, "static"), (.element, 67, "unknown"), (.group, 39, "panel"),
        ]
        #expect(expected.count == AccessibilityRole.allCases.count)
        for (role, number, name) in expected {
            #expect(AtSpiRole(role).rawValue == number, "\(role)")
            #expect(AtSpiRole(role).name == name, "\(role)")
        }
        #expect(AtSpiRole.application.rawValue == 75 && AtSpiRole.frame.rawValue == 23)
    }

    @Test func stateSetsAreTwoWordsWithOneBitAState() {
        #expect(AtSpiState.words([]) == [0, 0])
        #expect(AtSpiState.words([.enabled, .focused]) == [1 << 8 | 1 << 12, 0])
        #expect(AtSpiState.words([.checkable, .visible]) == [1 << 30, 1 << 9])
    }

    @Test func theEnvironmentTurnsTheBridgeOff() {
        #expect(AccessibilityBridge.isTurnedOff(["TRELLIS_ACCESSIBILITY_BUS": "0"]))
        #expect(AccessibilityBridge.isTurnedOff(["TRELLIS_ACCESSIBILITY_BUS": "Off"]))
        #expect(AccessibilityBridge.isTurnedOff(["NO_AT_BRIDGE": "1"]))
        #expect(!AccessibilityBridge.isTurnedOff(["TRELLIS_ACCESSIBILITY_BUS": "1"]))
        #expect(!AccessibilityBridge.isTurnedOff([:]))
    }

    @Test @MainActor func withoutABusNothingIsOpened() throws {
        let window = Window(size: Size(width: 100, height: 100))
        #expect(try AccessibilityBridge.fromEnvironment(window: window, environment: [:]) == nil)
        // Turned off, even a bus that is named is not touched.
        #expect(
            try AccessibilityBridge.fromEnvironment(
                window: window,
                environment: [
                    "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus",
                    "TRELLIS_ACCESSIBILITY_BUS": "0",
                ]) == nil)
        // A bus that is named but absent is an error for the caller to ignore or report.
        #expect(throws: DBusError.self) {
            try AccessibilityBridge.fromEnvironment(
                window: window, environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        }
    }

    /// A private bus: `dbus-daemon --session` on a fresh address.
    private func withBus(_ body: (String) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: the test runner's blocked signals pass on to the daemon, SIGTERM with them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        try body(text.components(separatedBy: "\n")[0])
    }

    @Test func aConnectionAuthenticatesCallsAndReceivesSignals() throws {
        try withBus { address in
            let bus = try DBusConnection.connect(address: address)
            defer { bus.close() }
            #expect(bus.uniqueName.hasPrefix(":1."))
            let daemon = "org.freedesktop.DBus"
            let id = try bus.call(
                .methodCall(
                    destination: daemon, path: "/org/freedesktop/DBus", interface: daemon,
                    member: "GetId"))
            #expect(id.body.first?.stringValue?.count == 32)
            // An error reply is thrown with its name.
            #expect {
                try bus.call(
                    .methodCall(
                        destination: daemon, path: "/org/freedesktop/DBus", interface: daemon,
                        member: "NoSuchMethod"))
            } throws: { error in
                (error as? DBusError)?.message.contains("UnknownMethod") == true
            }
            // A signal this connection asked for comes back through receive().
            _ = try bus.call(
                .methodCall(
                    destination: daemon, path: "/org/freedesktop/DBus", interface: daemon,
                    member: "AddMatch",
                    body: [.string("type='signal',interface='org.example.Test'")]))
            try bus.send(
                .signal(
                    path: "/org/example", interface: "org.example.Test", member: "Ping",
                    body: [.string("hello"), .properties(["n": .int32(3)])]))
            var received: [DBusMessage] = []
            let deadline = Date().addingTimeInterval(5)
            while !received.contains(where: { $0.member == "Ping" }), Date() < deadline {
                received += try bus.receive()
                Thread.sleep(forTimeInterval: 0.01)
            }
            let ping = try #require(received.first { $0.member == "Ping" })
            #expect(ping.sender == bus.uniqueName)
            #expect(ping.body == [.string("hello"), .properties(["n": .int32(3)])])
        }
    }
}
