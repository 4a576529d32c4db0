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

    /// A private bus: `dbus-daemon --session` on a fresh address. It is started with no
    /// signal blocked (the test runner blocks nearly all, and a child inherits its mask), so
    /// that SIGTERM ends it and the accessibility bus it starts ends with it.
    private func withBus(_ body: (String) throws -> Void) throws {
        let process = Process()
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
        try process.run()
        defer {
            process.terminate()
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

    /// Sends a call from a client connection and services the bridge until the reply comes.
    @MainActor
    private func ask(
        _ client: DBusConnection, _ bridge: AccessibilityBridge, _ path: String,
        _ interface: String, _ member: String, _ body: [DBusValue] = []
    ) throws -> DBusMessage {
        let serial = try client.send(
            .methodCall(
                destination: bridge.connection.uniqueName, path: path, interface: interface,
                member: member, body: body))
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            try bridge.service()
            if let reply = try client.receive().first(where: { $0.replySerial == serial }) {
                return reply
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw DBusError(.timeout, "no reply to \(member) on \(path)")
    }

    @Test @MainActor
    func theBridgeAnswersAtSpiCallsActsAndSendsValueAndFocusEvents() throws {
        try withBus { address in
            let window = Window(size: Size(width: 320, height: 120))
            let slider = Slider()
            slider.frame = Rect(x: 10, y: 10, width: 200, height: 30)
            slider.accessibilityLabel = "Volume"
            slider.value = 0.3
            window.addSubview(slider)
            let bridge = try #require(
                try AccessibilityBridge.fromEnvironment(
                    window: window, applicationName: "probe",
                    environment: ["DBUS_SESSION_BUS_ADDRESS": address]))
            defer { bridge.close() }
            // A client of the accessibility bus, as a screen reader is.
            let session = try DBusConnection.connect(address: address)
            let a11yAddress = try session.call(
                .methodCall(
                    destination: "org.a11y.Bus", path: "/org/a11y/bus",
                    interface: "org.a11y.Bus", member: "GetAddress")
            ).body.first?.stringValue
            session.close()
            let client = try DBusConnection.connect(address: try #require(a11yAddress))
            defer { client.close() }
            _ = try client.call(
                .methodCall(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "AddMatch",
                    body: [.string("type='signal',interface='org.a11y.atspi.Event.Object'")]))

            let root = AccessibilityBridge.rootPath
            let accessible = "org.a11y.atspi.Accessible"
            #expect(try ask(client, bridge, root, accessible, "GetRole").body == [.uint32(75)])
            let frame = try ask(client, bridge, root, accessible, "GetChildAtIndex", [.int32(0)])
            guard case .structure(let parts) = frame.body.first, parts.count == 2,
                let framePath = parts[1].stringValue
            else {
                Issue.record("GetChildAtIndex returned \(frame.body)")
                return
            }
            #expect(
                try ask(client, bridge, framePath, accessible, "GetRoleName").body == [
                    .string("frame")
                ])
            let child = try ask(client, bridge, framePath, accessible, "GetChildren")
            guard case .array(_, let children) = child.body.first, children.count == 1,
                case .structure(let reference) = children[0],
                let sliderPath = reference[1].stringValue
            else {
                Issue.record("GetChildren returned \(child.body)")
                return
            }
            #expect(
                try ask(client, bridge, sliderPath, accessible, "GetRoleName").body == [
                    .string("slider")
                ])
            let name = try ask(
                client, bridge, sliderPath, "org.freedesktop.DBus.Properties", "Get",
                [.string(accessible), .string("Name")])
            #expect(name.body == [.variant(.string("Volume"))])
            let current = try ask(
                client, bridge, sliderPath, "org.freedesktop.DBus.Properties", "Get",
                [.string("org.a11y.atspi.Value"), .string("CurrentValue")])
            #expect(current.body == [.variant(.double(30))])
            let extents = try ask(
                client, bridge, sliderPath, "org.a11y.atspi.Component", "GetExtents", [.uint32(1)])
            #expect(
                extents.body == [.structure([.int32(10), .int32(10), .int32(200), .int32(30)])])
            // Bad requests are errors, not crashes.
            #expect(
                try ask(client, bridge, "/org/a11y/atspi/accessible/999", accessible, "GetRole")
                    .kind == .error)
            #expect(
                try ask(client, bridge, sliderPath, accessible, "GetChildAtIndex").errorName
                    == "org.freedesktop.DBus.Error.InvalidArgs")
            #expect(
                try ask(client, bridge, sliderPath, accessible, "NoSuchMethod").errorName
                    == "org.freedesktop.DBus.Error.UnknownMethod")

            // The action "increment" moves the slider by a tenth, and the update says so.
            let actions = try ask(client, bridge, sliderPath, "org.a11y.atspi.Action", "GetActions")
            guard case .array(_, let list) = actions.body.first else {
                Issue.record("GetActions returned \(actions.body)")
                return
            }
            #expect(
                list.first
                    == .structure([
                        .string("increment"), .string("Steps the value up"), .string(""),
                    ]))
            let done = try ask(
                client, bridge, sliderPath, "org.a11y.atspi.Action", "DoAction", [.int32(0)])
            #expect(done.body == [.boolean(true)])
            #expect(slider.accessibilityValue == "40%")
            _ = try client.receive()
            try bridge.update()
            // Focus moves to the slider: a focused state change.
            window.focus(slider)
            try bridge.update()
            var events: [DBusMessage] = []
            let deadline = Date().addingTimeInterval(5)
            while events.filter({ $0.path == sliderPath }).count < 2, Date() < deadline {
                events += try client.receive().filter {
                    $0.kind == .signal && $0.path == sliderPath
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            #expect(
                events.map { "\($0.member ?? "") \($0.body.first?.stringValue ?? "")" }
                    == ["PropertyChange accessible-value", "StateChanged focused"])
            #expect(events.first?.body[3] == .variant(.double(40)))
            #expect(events.last?.body[1] == .int32(1))
        }
    }
}
