import Foundation
import Testing
import TrellisAccessibilityBus
import TrellisEvents
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
        #expect(AtSpiRole.list.rawValue == 31 && AtSpiRole.list.name == "list")
        #expect(AtSpiRole.listItem.rawValue == 32 && AtSpiRole.listItem.name == "list item")
        #expect(AtSpiRole.spinButton.rawValue == 52 && AtSpiRole.spinButton.name == "spin button")
    }

    /// The roles the bridge gives a window's entries: a list's plain items are list items, a
    /// plain element with a label a label, a stepper a spin button with its name.
    @Test @MainActor func entriesTakeRolesTheirTraitsCannotName() throws {
        let window = Window(size: Size(width: 400, height: 300))
        let list = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        list.accessibilityContainerType = .list
        let items = (1...2).map { index -> AccessibilityElement in
            let item = AccessibilityElement(accessibilityContainer: list)
            item.accessibilityLabel = "App \(index)"
            item.accessibilityFrameInContainerSpace = Rect(
                x: Double(index) * 50, y: 0, width: 40, height: 40)
            return item
        }
        list.accessibilityElements = items
        let plain = View(frame: Rect(x: 0, y: 120, width: 50, height: 20))
        plain.isAccessibilityElement = true
        plain.accessibilityLabel = "Note"
        let nameless = View(frame: Rect(x: 60, y: 120, width: 50, height: 20))
        nameless.isAccessibilityElement = true
        let stepper = Stepper(frame: Rect(x: 0, y: 160, width: 94, height: 29))
        stepper.accessibilityLabel = "Days"
        for view in [list, plain, nameless, stepper] { window.addSubview(view) }
        var lines: [String] = []
        func visit(_ entry: AccessibilityTreeBuilder.Entry, depth: Int, inList: Bool) {
            let role = AtSpiRole(entry: entry, inList: inList)
            lines.append(
                String(repeating: " ", count: depth) + role.name + " " + (entry.node.label ?? ""))
            for child in entry.children {
                visit(child, depth: depth + 1, inList: role == .list)
            }
        }
        for entry in window.accessibilityEntries() { visit(entry, depth: 0, inList: false) }
        #expect(
            lines == [
                "list ", " list item App 1", " list item App 2", "label Note", "unknown ",
                "spin button Days", " push button Decrement", " push button Increment",
            ])
    }

    /// Characters, words, sentences and lines of Arabic, CJK and emoji text, in Unicode
    /// scalars.
    @Test func textBoundariesCountScalarsAndFollowWordsAndSentences() {
        // 👍🏽 is two scalars and one character; the break after the space starts a word.
        let emoji = AccessibilityTextBoundaries("👍🏽 ok")
        #expect(emoji.scalars.count == 5)
        #expect(emoji.characters == [0, 2, 3, 4, 5])
        #expect(emoji.span(at: 1, in: emoji.characters) == 0..<2)
        #expect(emoji.text(0..<2) == "👍🏽")
        #expect(emoji.wordStarts == [0, 3, 5])
        #expect(emoji.wordEnds == [0, 5])
        let arabic = AccessibilityTextBoundaries("مرحبا بك")
        #expect(arabic.scalars.count == 8)
        #expect(arabic.wordStarts == [0, 6, 8])
        #expect(arabic.span(at: 7, in: arabic.wordStarts) == 6..<8)
        #expect(arabic.text(6..<8) == "بك")
        #expect(arabic.wordEnds == [0, 5, 8])
        // Each ideograph is a word; the full stop ends a sentence without a space.
        let chinese = AccessibilityTextBoundaries("你好。再见")
        #expect(chinese.wordStarts == [0, 1, 3, 4, 5])
        #expect(chinese.sentenceStarts == [0, 3, 5])
        #expect(chinese.sentenceEnds == [0, 3, 5])
        #expect(chinese.text(chinese.span(at: 4, in: chinese.sentenceStarts) ?? 0..<0) == "再见")
        let english = AccessibilityTextBoundaries("It is 3.5 m. Go!\nNext")
        #expect(english.sentenceStarts == [0, 13, 17, 21])
        #expect(english.sentenceEnds == [0, 12, 16, 21])
        #expect(english.lineStarts == [0, 17, 21])
        #expect(english.lineEnds == [0, 16, 21])
        #expect(english.span(at: 21, in: english.lineStarts) == nil)
        #expect(AccessibilityTextBoundaries("").span(at: 0, in: [0]) == nil)
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
                case .structure(let reference) = children[0], reference.count > 1,
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
            // The slider's own number (0…1), not its spoken percentage.
            #expect(current.body == [.variant(.double(0.3))])
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
            #expect(events.first?.body.dropFirst(3).first == .variant(.double(0.4)))
            #expect(events.last?.body.dropFirst().first == .int32(1))
        }
    }

    /// A bridge on a private bus with a client connected to its accessibility bus, listening
    /// to object events.
    @MainActor
    private func withBridge(
        _ window: Window, _ body: @MainActor (AccessibilityBridge, DBusConnection) throws -> Void
    ) throws {
        try withBus { address in
            let bridge = try #require(
                try AccessibilityBridge.fromEnvironment(
                    window: window, applicationName: "probe",
                    environment: ["DBUS_SESSION_BUS_ADDRESS": address]))
            defer { bridge.close() }
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
            try body(bridge, client)
        }
    }

    /// The paths of an object's children.
    @MainActor
    private func children(
        _ client: DBusConnection, _ bridge: AccessibilityBridge, _ path: String
    ) throws -> [String] {
        let reply = try ask(client, bridge, path, "org.a11y.atspi.Accessible", "GetChildren")
        guard case .array(_, let items) = reply.body.first else { return [] }
        return items.compactMap { item in
            guard case .structure(let parts) = item, parts.count == 2 else { return nil }
            return parts[1].stringValue
        }
    }

    /// A property's value, unwrapped.
    @MainActor
    private func property(
        _ client: DBusConnection, _ bridge: AccessibilityBridge, _ path: String,
        _ interface: String, _ name: String
    ) throws -> DBusValue? {
        try ask(
            client, bridge, path, "org.freedesktop.DBus.Properties", "Get",
            [.string(interface), .string(name)]
        ).body.first?.unwrapped
    }

    /// The object signals that arrive within a short while.
    /// The signals that arrive until `count` of them match, or five seconds pass: counting only
    /// the ones that match, so that other signals arriving first do not end the wait early.
    private func signals(
        _ client: DBusConnection, atLeast count: Int,
        matching matches: (DBusMessage) -> Bool = { _ in true }
    ) throws -> [DBusMessage] {
        var events: [DBusMessage] = []
        let deadline = Date().addingTimeInterval(5)
        while events.count < count, Date() < deadline {
            events += try client.receive().filter { $0.kind == .signal && matches($0) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return events
    }

    @Test @MainActor
    func valueGivesTheControlsRealRangeAndSetsItAsAUserWould() throws {
        let window = Window(size: Size(width: 400, height: 200))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        slider.minimumValue = 2
        slider.maximumValue = 12
        slider.value = 7
        let stepper = Stepper(frame: Rect(x: 0, y: 40, width: 94, height: 29))
        stepper.maximumValue = 10
        stepper.stepValue = 2
        stepper.value = 4
        stepper.accessibilityLabel = "Days"
        let pages = PageControl(frame: Rect(x: 0, y: 80, width: 100, height: 26))
        pages.numberOfPages = 5
        pages.currentPage = 1
        let toggle = Switch(frame: Rect(x: 0, y: 120, width: 51, height: 31))
        toggle.accessibilityLabel = "Reminder"
        for view in [slider, stepper, pages, toggle] as [View] { window.addSubview(view) }
        var changes = 0
        slider.addAction(
            ControlAction(identifier: "count") { _ in changes += 1 }, for: .valueChanged)
        try withBridge(window) { bridge, client in
            let frame = try #require(
                try children(client, bridge, AccessibilityBridge.rootPath).first)
            let paths = try children(client, bridge, frame)
            try #require(paths.count == 4)
            let value = "org.a11y.atspi.Value"
            @MainActor func numbers(_ path: String) throws -> [DBusValue?] {
                try ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue"].map {
                    try property(client, bridge, path, value, $0)
                }
            }
            #expect(try numbers(paths[0]) == [.double(2), .double(12), .double(0), .double(7)])
            #expect(
                try ask(client, bridge, paths[1], "org.a11y.atspi.Accessible", "GetRoleName").body
                    == [.string("spin button")])
            #expect(
                try property(client, bridge, paths[1], "org.a11y.atspi.Accessible", "Name")
                    == .string("Days"))
            #expect(try numbers(paths[1]) == [.double(0), .double(10), .double(2), .double(4)])
            #expect(try numbers(paths[2]) == [.double(1), .double(5), .double(1), .double(2)])
            // A switch is a toggle: no Value interface.
            let interfaces = try ask(
                client, bridge, paths[3], "org.a11y.atspi.Accessible", "GetInterfaces")
            guard case .array(_, let names) = interfaces.body.first else {
                Issue.record("GetInterfaces returned \(interfaces.body)")
                return
            }
            #expect(names.contains(.string("org.a11y.atspi.Action")))
            #expect(!names.contains(.string("org.a11y.atspi.Value")))
            #expect(
                try ask(
                    client, bridge, paths[3], "org.freedesktop.DBus.Properties", "Get",
                    [.string(value), .string("CurrentValue")]
                ).errorName == "org.freedesktop.DBus.Error.InvalidArgs")
            // Setting the value clamps it and sends valueChanged once, as a drag would.
            @MainActor func set(_ path: String, _ number: Double) throws -> DBusMessage {
                try ask(
                    client, bridge, path, "org.freedesktop.DBus.Properties", "Set",
                    [.string(value), .string("CurrentValue"), .variant(.double(number))])
            }
            #expect(try set(paths[0], 100).kind == .methodReturn)
            #expect(slider.value == 12 && changes == 1)
            #expect(try property(client, bridge, paths[0], value, "CurrentValue") == .double(12))
            _ = try set(paths[0], 12)
            #expect(changes == 1)
            _ = try set(paths[1], 7)
            #expect(stepper.value == 7)
            _ = try set(paths[2], 4.4)
            #expect(pages.currentPage == 3)
            #expect(try set(paths[3], 1).errorName == "org.freedesktop.DBus.Error.InvalidArgs")
            #expect(try set(paths[0], .nan).errorName == "org.freedesktop.DBus.Error.InvalidArgs")
            _ = try client.receive()
            try bridge.update()
            let events = try signals(client, atLeast: 3) {
                $0.member == "PropertyChange" && paths.contains($0.path ?? "")
            }
            #expect(
                events.map { $0.body.dropFirst(3).first } == [
                    .variant(.double(12)), .variant(.double(7)), .variant(.double(4)),
                ])
        }
    }

    @Test @MainActor
    func textReadsLabelsAndEditsFieldsInUnicodeScalars() throws {
        let window = Window(size: Size(width: 400, height: 200))
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 20))
        // 14 scalars: Arabic, an emoji with a skin tone (two scalars), Chinese.
        label.text = "مرحبا 👋🏽 你好。Hi"
        let field = TextField(frame: Rect(x: 0, y: 40, width: 300, height: 32))
        field.text = "ab"
        field.accessibilityLabel = "Name"
        var edits = 0
        field.addAction(
            ControlAction(identifier: "count") { _ in edits += 1 }, for: .editingChanged)
        window.addSubview(label)
        window.addSubview(field)
        try withBridge(window) { bridge, client in
            let frame = try #require(
                try children(client, bridge, AccessibilityBridge.rootPath).first)
            let paths = try children(client, bridge, frame)
            try #require(paths.count == 2)
            let text = "org.a11y.atspi.Text"
            #expect(
                try ask(client, bridge, paths[0], "org.a11y.atspi.Accessible", "GetRoleName").body
                    == [.string("label")])
            #expect(try property(client, bridge, paths[0], text, "CharacterCount") == .int32(14))
            #expect(
                try ask(client, bridge, paths[0], text, "GetText", [.int32(0), .int32(-1)]).body
                    == [.string("مرحبا 👋🏽 你好。Hi")])
            #expect(
                try ask(client, bridge, paths[0], text, "GetText", [.int32(6), .int32(8)]).body
                    == [.string("👋🏽")])
            #expect(
                try ask(client, bridge, paths[0], text, "GetCharacterAtOffset", [.int32(9)]).body
                    == [.int32(0x4F60)])
            @MainActor func at(_ offset: Int32, _ type: UInt32) throws -> [DBusValue] {
                try ask(
                    client, bridge, paths[0], text, "GetTextAtOffset",
                    [.int32(offset), .uint32(type)]
                ).body
            }
            // A character is a grapheme cluster: the waving hand with its tone.
            #expect(try at(7, 0) == [.string("👋🏽"), .int32(6), .int32(8)])
            // Word starts: the Arabic word with its space, then each ideograph.
            #expect(try at(2, 1) == [.string("مرحبا "), .int32(0), .int32(6)])
            #expect(try at(10, 1) == [.string("好。"), .int32(10), .int32(12)])
            // The sentence after the ideographic full stop.
            #expect(try at(13, 3) == [.string("Hi"), .int32(12), .int32(14)])
            #expect(try at(3, 5) == [.string("مرحبا 👋🏽 你好。Hi"), .int32(0), .int32(14)])
            #expect(
                try ask(client, bridge, paths[0], text, "GetTextAtOffset", [.int32(0), .uint32(9)])
                    .errorName == "org.freedesktop.DBus.Error.InvalidArgs")
            // The field: text, caret while editing, and edits as typing makes them.
            #expect(try property(client, bridge, paths[1], text, "CharacterCount") == .int32(2))
            window.focus(field)
            try bridge.update()
            #expect(try property(client, bridge, paths[1], text, "CaretOffset") == .int32(2))
            Thread.sleep(forTimeInterval: 0.2)
            _ = try client.receive()
            let editable = "org.a11y.atspi.EditableText"
            #expect(
                try ask(
                    client, bridge, paths[1], editable, "InsertText",
                    [.int32(1), .string("é👍🏽"), .int32(3)]
                ).body == [.boolean(true)])
            #expect(field.text == "aé👍🏽b" && edits == 1)
            #expect(try property(client, bridge, paths[1], text, "CaretOffset") == .int32(4))
            try bridge.update()
            let inserted = try signals(client, atLeast: 2) {
                $0.member == "TextChanged" || $0.member == "TextCaretMoved"
            }
            #expect(
                inserted.map { "\($0.member ?? "") \($0.body.first?.stringValue ?? "")" } == [
                    "TextChanged insert", "TextCaretMoved ",
                ])
            #expect(
                inserted.first?.body.prefix(4).map { $0 } == [
                    .string("insert"), .int32(1), .int32(3), .variant(.string("é👍🏽")),
                ])
            #expect(inserted.last?.body.dropFirst().first == .int32(4))
            #expect(
                try ask(client, bridge, paths[1], editable, "DeleteText", [.int32(2), .int32(4)])
                    .body == [.boolean(true)])
            #expect(field.text == "aéb" && edits == 2)
            try bridge.update()
            let deleted = try signals(client, atLeast: 1) { $0.member == "TextChanged" }
            #expect(
                deleted.first?.body.prefix(4).map { $0 } == [
                    .string("delete"), .int32(2), .int32(2), .variant(.string("👍🏽")),
                ])
            #expect(
                try ask(client, bridge, paths[1], editable, "SetTextContents", [.string("ok")])
                    .body == [.boolean(true)])
            #expect(field.text == "ok" && edits == 3)
            #expect(
                try ask(client, bridge, paths[1], text, "SetCaretOffset", [.int32(1)]).body == [
                    .boolean(true)
                ])
            #expect(field.cursor == 1)
            // Typing in the app is reported the same way.
            try bridge.update()
            Thread.sleep(forTimeInterval: 0.2)
            _ = try client.receive()
            #expect(field.handleKey(.text("字")))
            #expect(field.text == "o字k")
            try bridge.update()
            let typed = try signals(client, atLeast: 2) {
                $0.member == "TextChanged" || $0.member == "TextCaretMoved"
            }
            #expect(
                typed.map { $0.body.prefix(4).map { $0 } } == [
                    [.string("insert"), .int32(1), .int32(1), .variant(.string("字"))],
                    [.string(""), .int32(2), .int32(0), .variant(.int32(0))],
                ])
            // A label is not editable.
            #expect(
                try ask(client, bridge, paths[0], editable, "SetTextContents", [.string("x")])
                    .errorName == "org.freedesktop.DBus.Error.UnknownMethod")
            #expect(label.text == "مرحبا 👋🏽 你好。Hi")
        }
    }
}
