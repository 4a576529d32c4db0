import Glibc
import TrellisEvents
import TrellisGeometry
public import TrellisViews

/// A window's accessibility tree on the Linux accessibility bus (AT-SPI), where screen readers
/// such as Orca and inspectors such as Accerciser read it.
///
/// The bridge registers the application with the AT-SPI registry and answers its clients:
/// the application is the root object, the window a `frame` under it, and each node of
/// `View.accessibilityTree()` an object with its AT-SPI role (``AtSpiRole``), its label as
/// name, its hint as description, its states (``AtSpiState``), its extents in window points,
/// and, when it has them, AT-SPI's `Action` (activate, increment, decrement, custom actions),
/// `Value` (a slider's, stepper's or page control's own range and value, settable), `Text`
/// (a label's or text field's text, by character, word, sentence and line, offsets in Unicode
/// scalars) and `EditableText` (a text field's) interfaces. After the window changes,
/// ``update()`` compares the tree with the one the clients last saw and sends AT-SPI's events:
/// `focused` state changes when focus moves, `accessible-name` and `accessible-value` property
/// changes, `text-changed` and `text-caret-moved`, other state changes, and children changes.
///
/// Nothing here blocks: poll ``descriptor`` for input with the rest of the application's
/// input, then call ``service()`` and ``update()``. `TerminalApp` does this on its own when
/// a bus is there.
///
/// ```swift
/// if let bridge = try? AccessibilityBridge.fromEnvironment(window: window) {
///     // poll(bridge.descriptor) with the terminal, then:
///     bridge.service()
///     bridge.update()
/// }
/// ```
///
/// Set `TRELLIS_ACCESSIBILITY_BUS=0` (or GTK's `NO_AT_BRIDGE=1`) in the environment to turn
/// the bridge off.
@MainActor
public final class AccessibilityBridge {
    /// The environment variable that turns the bridge off when set to `0`, `off`, `no` or
    /// `false`.
    nonisolated public static let environmentVariable = "TRELLIS_ACCESSIBILITY_BUS"
    /// The object path of the application's root object.
    nonisolated public static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The path AT-SPI uses for "no object".
    nonisolated public static let nullPath = "/org/a11y/atspi/null"

    /// The window read.
    public let window: Window
    /// The connection to the accessibility bus.
    public let connection: DBusConnection
    /// The application's name, the root object's name.
    public let applicationName: String
    /// The registry's desktop, which the application is embedded in, as a `(so)` reference.
    public private(set) var desktop = DBusValue.reference("", AccessibilityBridge.nullPath)

    /// The socket to poll for input.
    public var descriptor: Int32 { connection.descriptor }

    /// An object the clients can ask about.
    struct Object {
        var id: Int
        var parent: Int
        var children: [Int] = []
        var node: AccessibilityNode
        var source: (any Accessible)?
        var states: Set<AtSpiState> = []
        /// The AT-SPI role.
        var role: AtSpiRole = .unknown
        /// The numbers behind the value, for the `Value` interface.
        var range: AccessibilityValueRange?
        /// The text, for the `Text` interface.
        var text: String?
        /// The caret in the text, in Unicode scalars.
        var caret: Int?
    }

    /// The application root's id.
    static let rootID = 0
    /// The window frame's id.
    static let windowID = 1

    private var objects: [Int: Object] = [:]
    private var ids: [ObjectIdentifier: Int] = [:]
    private var nextID = 2
    private var focusedID: Int?
    private var applicationID: Int32 = 0
    private var hasChanges = false

    /// Connects to the accessibility bus the environment names and registers the window,
    /// unless the bridge is turned off or there is no bus.
    ///
    /// The accessibility bus is `AT_SPI_BUS_ADDRESS` when set, otherwise the address the
    /// session bus's `org.a11y.Bus` gives (the session bus is `DBUS_SESSION_BUS_ADDRESS`, or
    /// `$XDG_RUNTIME_DIR/bus` when that socket exists). Without any of them, nothing is
    /// opened and `nil` is returned at once.
    ///
    /// - Parameters:
    ///   - window: The window to expose.
    ///   - applicationName: The application's name; the program's by default.
    ///   - environment: The environment to read; the process's by default.
    /// - Returns: The registered bridge, or `nil` when it is turned off or there is no bus.
    /// - Throws: ``DBusError`` when a bus is named but cannot be reached or refuses the
    ///   registration.
    public static func fromEnvironment(
        window: Window, applicationName: String? = nil,
        environment: [String: String]? = nil
    ) throws(DBusError) -> AccessibilityBridge? {
        let environment = environment ?? AccessibilityBridge.processEnvironment()
        if isTurnedOff(environment) { return nil }
        let address: String
        if let direct = environment["AT_SPI_BUS_ADDRESS"], !direct.isEmpty {
            address = direct
        } else {
            guard let session = sessionBusAddress(environment) else { return nil }
            let bus = try DBusConnection.connect(address: session)
            defer { bus.close() }
            let reply = try bus.call(
                .methodCall(
                    destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                    member: "GetAddress"),
                timeout: 3)
            guard let found = reply.body.first?.stringValue, !found.isEmpty else {
                throw DBusError(.malformed, "org.a11y.Bus.GetAddress returned no address")
            }
            address = found
        }
        return try AccessibilityBridge(
            window: window, address: address,
            applicationName: applicationName ?? defaultApplicationName())
    }

    /// Whether the environment turns the bridge off: ``environmentVariable`` set to `0`, `off`,
    /// `no` or `false`, or `NO_AT_BRIDGE` set to `1`.
    ///
    /// - Parameter environment: The environment.
    nonisolated public static func isTurnedOff(_ environment: [String: String]) -> Bool {
        if let value = environment[environmentVariable]?.lowercased(),
            ["0", "off", "no", "false"].contains(value)
        {
            return true
        }
        return environment["NO_AT_BRIDGE"] == "1"
    }

    /// Connects to an accessibility bus and registers the window with its registry.
    ///
    /// - Parameters:
    ///   - window: The window to expose.
    ///   - address: The accessibility bus's address.
    ///   - applicationName: The application's name.
    /// - Throws: ``DBusError`` when the bus cannot be reached or the registry refuses.
    public init(window: Window, address: String, applicationName: String) throws(DBusError) {
        self.window = window
        self.applicationName = applicationName
        connection = try DBusConnection.connect(address: address)
        rebuild()
        let reply = try connection.call(
            .methodCall(
                destination: "org.a11y.atspi.Registry", path: AccessibilityBridge.rootPath,
                interface: "org.a11y.atspi.Socket", member: "Embed",
                body: [.reference(connection.uniqueName, AccessibilityBridge.rootPath)]),
            timeout: 3)
        if let first = reply.body.first, first.type.signature == "(so)" { desktop = first }
    }

    /// Closes the connection; the application leaves the registry's desktop.
    public func close() {
        connection.close()
    }

    // MARK: Running

    /// Answers the requests that have arrived, without waiting.
    ///
    /// - Returns: Whether a request acted on the window (an action, a value set, a focus
    ///   grab), which then needs drawing and an ``update()``.
    /// - Throws: ``DBusError`` when the connection failed or the bus sent bytes that are not a
    ///   message; the bridge is then unusable.
    @discardableResult
    public func service() throws(DBusError) -> Bool {
        hasChanges = false
        for message in try connection.receive() where message.kind == .methodCall {
            let reply = handle(message)
            if message.expectsReply { try connection.send(reply) }
        }
        try connection.flush()
        return hasChanges
    }

    /// Reads the tree again and sends events for what changed since the last time: focus,
    /// names, values, texts and carets, states and children.
    ///
    /// - Throws: ``DBusError`` when the connection failed.
    public func update() throws(DBusError) {
        let previous = objects
        let previousFocus = focusedID
        rebuild()
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
            guard let old = previous[id] else { continue }
            if old.node.label != object.node.label {
                try emit(id, "PropertyChange", "accessible-name", data: .string(name(of: id)))
            }
            if old.node.hint != object.node.hint {
                try emit(
                    id, "PropertyChange", "accessible-description",
                    data: .string(object.node.hint ?? ""))
            }
            if old.node.value != object.node.value || old.range != object.range {
                try emit(
                    id, "PropertyChange", "accessible-value",
                    data: .double(object.range?.current ?? 0))
            }
            if let oldText = old.text, let text = object.text, oldText != text {
                try emitTextChange(id, from: oldText, to: text)
            }
            if let caret = object.caret, old.caret != caret {
                try emit(id, "TextCaretMoved", "", detail1: Int32(clamping: caret))
            }
            for state in AtSpiState.allCases.sorted(by: { $0.rawValue < $1.rawValue })
            where state != .focused && old.states.contains(state) != object.states.contains(state) {
                try emit(
                    id, "StateChanged", state.name, detail1: object.states.contains(state) ? 1 : 0)
            }
            if old.children != object.children {
                for (index, child) in old.children.enumerated().reversed()
                where !object.children.contains(child) {
                    try emit(
                        id, "ChildrenChanged", "remove", detail1: Int32(index),
                        data: reference(child))
                }
                for (index, child) in object.children.enumerated()
                where !old.children.contains(child) {
                    try emit(
                        id, "ChildrenChanged", "add", detail1: Int32(index),
                        data: reference(child))
                }
            }
        }
        if previousFocus != focusedID {
            if let previousFocus, objects[previousFocus] != nil {
                try emit(previousFocus, "StateChanged", "focused", detail1: 0)
            }
            if let focusedID {
                try emit(focusedID, "StateChanged", "focused", detail1: 1)
                try connection.send(
                    .signal(
                        path: path(focusedID), interface: "org.a11y.atspi.Event.Focus",
                        member: "Focus", body: AccessibilityBridge.eventBody("", 0, .int32(0))))
            }
        }
        try connection.flush()
    }

    // MARK: The tree

    /// Builds the objects from the window's tree, keeping the ids of the views and elements
    /// that were there before.
    private func rebuild() {
        var built: [Int: Object] = [:]
        var newIDs: [ObjectIdentifier: Int] = [:]
        let size = window.size
        built[AccessibilityBridge.rootID] = Object(
            id: AccessibilityBridge.rootID, parent: -1, children: [AccessibilityBridge.windowID],
            node: AccessibilityNode(role: .group, label: applicationName, frame: .zero),
            role: .application)
        var frame = Object(
            id: AccessibilityBridge.windowID, parent: AccessibilityBridge.rootID,
            node: AccessibilityNode(
                role: .group, label: applicationName,
                frame: Rect(x: 0, y: 0, width: size.width, height: size.height)),
            source: window, role: .frame)
        frame.states = [.active, .enabled, .sensitive, .showing, .visible, .resizable]
        let focusedView = window.focusedView
        var focused: Int?
        func add(_ entry: AccessibilityTreeBuilder.Entry, parent: Int, inList: Bool) -> Int {
            let key = ObjectIdentifier(entry.source)
            let id: Int
            if let known = newIDs[key] {
                return known
            } else if let existing = ids[key] {
                id = existing
            } else {
                id = nextID
                nextID += 1
            }
            newIDs[key] = id
            var node = entry.node
            node.children = []
            let role = AtSpiRole(entry: entry, inList: inList)
            var object = Object(
                id: id, parent: parent, node: node, source: entry.source, role: role,
                range: entry.valueRange)
            if let text = entry.source as? any AccessibilityTextProviding {
                object.text = text.accessibilityText
                object.caret = text.accessibilityCaretScalarOffset
            }
            object.children = entry.children.map { add($0, parent: id, inList: role == .list) }
            object.states = AccessibilityBridge.states(of: entry.source, node: node)
            if let view = entry.source as? View, view === focusedView {
                focused = id
                object.states.insert(.focused)
            }
            built[id] = object
            return id
        }
        frame.children = window.accessibilityEntries().map {
            add($0, parent: frame.id, inList: false)
        }
        built[frame.id] = frame
        // Focus inside an element (a text field's editor) belongs to the nearest ancestor
        // that is an object.
        if focused == nil, var view = focusedView?.superview {
            while true {
                if let id = newIDs[ObjectIdentifier(view)] {
                    focused = id
                    built[id]?.states.insert(.focused)
                    break
                }
                guard let next = view.superview else { break }
                view = next
            }
        }
        objects = built
        ids = newIDs
        focusedID = focused
    }

    /// The states of a node.
    static func states(of source: any Accessible, node: AccessibilityNode) -> Set<AtSpiState> {
        var states: Set<AtSpiState> = [.showing, .visible]
        if !node.traits.contains(.notEnabled) { states.formUnion([.enabled, .sensitive]) }
        if let view = source as? View, view.canBecomeFocused { states.insert(.focusable) }
        if node.traits.contains(.selected) { states.formUnion([.selectable, .selected]) }
        if node.role == .toggleButton {
            states.insert(.checkable)
            if node.value == "1" { states.insert(.checked) }
        }
        if node.traits.contains(.textEntry) {
            states.formUnion([.editable, .singleLine, .focusable])
        }
        return states
    }

    /// The object path of an object.
    func path(_ id: Int) -> String {
        id == AccessibilityBridge.rootID
            ? AccessibilityBridge.rootPath : "/org/a11y/atspi/accessible/\(id)"
    }

    /// The object at a path.
    private func object(at path: String) -> Object? {
        if path == AccessibilityBridge.rootPath { return objects[AccessibilityBridge.rootID] }
        let prefix = "/org/a11y/atspi/accessible/"
        guard path.hasPrefix(prefix), let id = Int(path.dropFirst(prefix.count)) else {
            return nil
        }
        return objects[id]
    }

    private func reference(_ id: Int) -> DBusValue {
        .reference(connection.uniqueName, path(id))
    }

    private var nullReference: DBusValue { .reference("", AccessibilityBridge.nullPath) }

    private func name(of id: Int) -> String {
        objects[id]?.node.label ?? ""
    }

    private func role(of object: Object) -> AtSpiRole { object.role }

    /// The AT-SPI interfaces an object implements.
    private func interfaces(of object: Object) -> [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if object.id == AccessibilityBridge.rootID {
            names.append("org.a11y.atspi.Application")
            return names
        }
        names.append("org.a11y.atspi.Component")
        if !actions(of: object).isEmpty { names.append("org.a11y.atspi.Action") }
        if object.range != nil { names.append("org.a11y.atspi.Value") }
        if object.text != nil { names.append("org.a11y.atspi.Text") }
        if object.source is any AccessibilityEditableTextProviding {
            names.append("org.a11y.atspi.EditableText")
        }
        return names
    }

    /// The actions of an object: name and description.
    private func actions(of object: Object) -> [(name: String, description: String)] {
        guard object.id > AccessibilityBridge.windowID else { return [] }
        var actions: [(String, String)] = []
        switch object.node.role {
        case .button, .link, .toggleButton, .keyboardKey, .tabBar, .image, .text, .element:
            if object.node.role != .text && object.node.role != .image
                && object.node.role != .element || object.node.traits.contains(.button)
            {
                actions.append(("click", object.node.hint ?? ""))
            }
        case .adjustable:
            actions.append(("increment", "Steps the value up"))
            actions.append(("decrement", "Steps the value down"))
        default: break
        }
        for name in object.node.actions { actions.append((name, "")) }
        return actions
    }

    /// Performs an object's action by index; returns whether it did something.
    private func perform(_ index: Int, on object: Object) -> Bool {
        let list = actions(of: object)
        guard list.indices.contains(index), let source = object.source else { return false }
        let builtIn = list.count - object.node.actions.count
        hasChanges = true
        if index >= builtIn {
            let name = object.node.actions[index - builtIn]
            guard let action = source.accessibilityCustomActions.first(where: { $0.name == name })
            else { return false }
            return action.perform()
        }
        switch list[index].name {
        case "increment":
            source.accessibilityIncrement()
            return true
        case "decrement":
            source.accessibilityDecrement()
            return true
        default:
            if source.accessibilityActivate() { return true }
            return AccessibilityBridge.tap(source)
        }
    }

    /// Taps an element at its activation point through its window.
    private static func tap(_ source: any Accessible) -> Bool {
        let view = (source as? View) ?? (source as? AccessibilityElement)?.accessibilityContainer
        guard let window = view?.window else { return false }
        let frame = source.accessibilityFrame
        let point = Point(x: frame.midX, y: frame.midY)
        let time = window.currentTime
        window.dispatch(Touch(phase: .began, location: point, timestamp: time))
        window.dispatch(Touch(phase: .ended, location: point, timestamp: time))
        return true
    }

    // MARK: Events

    static func eventBody(
        _ detail: String, _ detail1: Int32, _ data: DBusValue, detail2: Int32 = 0
    ) -> [DBusValue] {
        [.string(detail), .int32(detail1), .int32(detail2), .variant(data), .properties([:])]
    }

    private func emit(
        _ id: Int, _ member: String, _ detail: String, detail1: Int32 = 0, detail2: Int32 = 0,
        data: DBusValue = .int32(0)
    ) throws(DBusError) {
        try connection.send(
            .signal(
                path: path(id), interface: "org.a11y.atspi.Event.Object", member: member,
                body: AccessibilityBridge.eventBody(detail, detail1, data, detail2: detail2)))
    }

    /// Sends `text-changed` events for the scalars between the common start and end of two
    /// texts: `delete` with the removed text, then `insert` with the new, each with its offset
    /// and length in Unicode scalars.
    private func emitTextChange(_ id: Int, from old: String, to new: String) throws(DBusError) {
        let before = Array(old.unicodeScalars)
        let after = Array(new.unicodeScalars)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        {
            suffix += 1
        }
        func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }
        let removed = before[prefix..<(before.count - suffix)]
        let inserted = after[prefix..<(after.count - suffix)]
        if !removed.isEmpty {
            try emit(
                id, "TextChanged", "delete", detail1: Int32(clamping: prefix),
                detail2: Int32(clamping: removed.count), data: .string(text(removed)))
        }
        if !inserted.isEmpty {
            try emit(
                id, "TextChanged", "insert", detail1: Int32(clamping: prefix),
                detail2: Int32(clamping: inserted.count), data: .string(text(inserted)))
        }
    }

    // MARK: Requests

    static let stringType = DBusType.basic(UInt8(ascii: "s"))
    /// `(so)`.
    static let referenceType = DBusType.structure([stringType, .basic(UInt8(ascii: "o"))])
    /// `((so)(so)(so)iiassusau)`, an item of AT-SPI's cache.
    static let cacheItemType = DBusType.structure([
        referenceType, referenceType, referenceType, .basic(UInt8(ascii: "i")),
        .basic(UInt8(ascii: "i")), .array(stringType), stringType, .basic(UInt8(ascii: "u")),
        stringType, .array(.basic(UInt8(ascii: "u"))),
    ])
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    /// The reply to a method call.
    func handle(_ message: DBusMessage) -> DBusMessage {
        let interface = message.interface ?? ""
        let member = message.member ?? ""
        let path = message.path ?? ""
        if path == "/org/a11y/atspi/cache" {
            guard member == "GetItems" else {
                return message.errorReply(AccessibilityBridge.unknownMethod, "no \(member) here")
            }
            return message.reply([.array(AccessibilityBridge.cacheItemType, [])])
        }
        if interface == "org.freedesktop.DBus.Peer" {
            return member == "Ping"
                ? message.reply([])
                : message.errorReply(AccessibilityBridge.unknownMethod, "no \(member) here")
        }
        guard let object = object(at: path) else {
            return message.errorReply(
                "org.freedesktop.DBus.Error.UnknownObject", "no object at \(path)")
        }
        let result: Result<[DBusValue], RequestError>
        switch interface {
        case "org.freedesktop.DBus.Properties": result = properties(message, object)
        case "org.freedesktop.DBus.Introspectable":
            result =
                member == "Introspect"
                ? .success([.string(introspection(of: object))]) : .failure(.unknown(member))
        case "org.a11y.atspi.Accessible", "": result = accessible(member, message.body, object)
        case "org.a11y.atspi.Application": result = application(member, object)
        case "org.a11y.atspi.Component": result = component(member, message.body, object)
        case "org.a11y.atspi.Action": result = action(member, message.body, object)
        case "org.a11y.atspi.Value": result = .failure(.unknown(member))
        case "org.a11y.atspi.Text" where object.text != nil:
            result = textRequest(member, message.body, object)
        case "org.a11y.atspi.EditableText"
        where object.source is any AccessibilityEditableTextProviding:
            result = editableTextRequest(member, message.body, object)
        default: result = .failure(.unknown("\(interface).\(member)"))
        }
        switch result {
        case .success(let body): return message.reply(body)
        case .failure(.unknown(let name)):
            return message.errorReply(
                AccessibilityBridge.unknownMethod, "\(name) is not implemented on \(path)")
        case .failure(.arguments(let text)):
            return message.errorReply(AccessibilityBridge.invalidArgs, text)
        }
    }

    enum RequestError: Error {
        case unknown(String)
        case arguments(String)
    }

    private func accessible(_ member: String, _ body: [DBusValue], _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        switch member {
        case "GetChildAtIndex":
            guard let index = body.first?.intValue else {
                return .failure(.arguments("GetChildAtIndex takes an i"))
            }
            return .success([
                object.children.indices.contains(index)
                    ? reference(object.children[index]) : nullReference
            ])
        case "GetChildren":
            return .success([
                .array(
                    .structure([.basic(UInt8(ascii: "s")), .basic(UInt8(ascii: "o"))]),
                    object.children.map(reference))
            ])
        case "GetIndexInParent":
            let index = objects[object.parent]?.children.firstIndex(of: object.id) ?? -1
            return .success([.int32(Int32(index))])
        case "GetRelationSet":
            return .success([
                .array(
                    .structure([
                        .basic(UInt8(ascii: "u")), .array(AccessibilityBridge.referenceType),
                    ]), [])
            ])
        case "GetRole":
            return .success([.uint32(role(of: object).rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            return .success([.string(role(of: object).name)])
        case "GetState":
            return .success([
                .array(
                    .basic(UInt8(ascii: "u")), AtSpiState.words(object.states).map { .uint32($0) })
            ])
        case "GetAttributes":
            var attributes = ["toolkit": "Trellis"]
            if let identifier = object.node.identifier { attributes["id"] = identifier }
            if !object.node.traits.isEmpty {
                attributes["traits"] = object.node.traits.names.joined(separator: ",")
            }
            return .success([
                .array(
                    .dictEntry(.basic(UInt8(ascii: "s")), .basic(UInt8(ascii: "s"))),
                    attributes.sorted { $0.key < $1.key }.map {
                        .dictEntry(.string($0.key), .string($0.value))
                    })
            ])
        case "GetApplication":
            return .success([reference(AccessibilityBridge.rootID)])
        case "GetInterfaces":
            return .success([
                .array(.basic(UInt8(ascii: "s")), interfaces(of: object).map { .string($0) })
            ])
        default:
            return .failure(.unknown(member))
        }
    }

    private func application(_ member: String, _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        guard object.id == AccessibilityBridge.rootID else { return .failure(.unknown(member)) }
        switch member {
        case "GetLocale": return .success([.string("")])
        case "GetApplicationBusAddress": return .success([.string("")])
        case "RegisterEventListener", "DeregisterEventListener": return .success([])
        default: return .failure(.unknown(member))
        }
    }

    private func component(_ member: String, _ body: [DBusValue], _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        guard object.id != AccessibilityBridge.rootID else { return .failure(.unknown(member)) }
        let frame = object.node.frame
        func rounded(_ value: Double) -> Int32 {
            value.isFinite
                ? Int32(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max))) : 0
        }
        switch member {
        case "GetExtents":
            return .success([
                .structure([
                    .int32(rounded(frame.minX)), .int32(rounded(frame.minY)),
                    .int32(rounded(frame.width)), .int32(rounded(frame.height)),
                ])
            ])
        case "GetPosition":
            return .success([.int32(rounded(frame.minX)), .int32(rounded(frame.minY))])
        case "GetSize":
            return .success([.int32(rounded(frame.width)), .int32(rounded(frame.height))])
        case "Contains", "GetAccessibleAtPoint":
            guard body.count >= 2, let x = body[0].doubleValue, let y = body[1].doubleValue else {
                return .failure(.arguments("\(member) takes (i x, i y, u coordinate type)"))
            }
            let point = Point(x: x, y: y)
            if member == "Contains" { return .success([.boolean(frame.contains(point))]) }
            var found: Int?
            var candidates = object.children
            while let next = candidates.first(where: {
                objects[$0]?.node.frame.contains(point) == true
            }) {
                found = next
                candidates = objects[next]?.children ?? []
            }
            return .success([found.map(reference) ?? nullReference])
        case "GetLayer":
            return .success([.uint32(object.id == AccessibilityBridge.windowID ? 7 : 3)])
        case "GetMDIZOrder": return .success([.int16(0)])
        case "GetAlpha": return .success([.double(1)])
        case "GrabFocus":
            guard let view = object.source as? View, view !== window else {
                return .success([.boolean(false)])
            }
            hasChanges = true
            return .success([.boolean(window.focus(view))])
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return .success([.boolean(false)])
        default: return .failure(.unknown(member))
        }
    }

    private func action(_ member: String, _ body: [DBusValue], _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        let list = actions(of: object)
        if member == "GetActions" {
            return .success([
                .array(
                    .structure([
                        AccessibilityBridge.stringType, AccessibilityBridge.stringType,
                        AccessibilityBridge.stringType,
                    ]),
                    list.map {
                        .structure([.string($0.name), .string($0.description), .string("")])
                    })
            ])
        }
        guard let index = body.first?.intValue else {
            return .failure(.arguments("\(member) takes the action's index, an i"))
        }
        let valid = list.indices.contains(index)
        switch member {
        case "GetName", "GetLocalizedName":
            return .success([.string(valid ? list[index].name : "")])
        case "GetDescription": return .success([.string(valid ? list[index].description : "")])
        case "GetKeyBinding": return .success([.string("")])
        case "DoAction": return .success([.boolean(perform(index, on: object))])
        default: return .failure(.unknown(member))
        }
    }

    private func property(_ interface: String, _ name: String, _ object: Object) -> DBusValue? {
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return .string(object.node.label ?? "")
        case ("org.a11y.atspi.Accessible", "Description"): return .string(object.node.hint ?? "")
        case ("org.a11y.atspi.Accessible", "Parent"):
            if object.id == AccessibilityBridge.rootID { return desktop }
            return reference(object.parent)
        case ("org.a11y.atspi.Accessible", "ChildCount"):
            return .int32(Int32(object.children.count))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string("")
        case ("org.a11y.atspi.Accessible", "AccessibleId"):
            return .string(object.node.identifier ?? "")
        case ("org.a11y.atspi.Accessible", "HelpText"): return .string(object.node.hint ?? "")
        case ("org.a11y.atspi.Application", "ToolkitName")
        where object.id == AccessibilityBridge.rootID:
            return .string("Trellis")
        case ("org.a11y.atspi.Application", "Version") where object.id == AccessibilityBridge.rootID:
            return .string("1")
        case ("org.a11y.atspi.Application", "AtspiVersion")
        where object.id == AccessibilityBridge.rootID:
            return .string("2.1")
        case ("org.a11y.atspi.Application", "Id") where object.id == AccessibilityBridge.rootID:
            return .int32(applicationID)
        case ("org.a11y.atspi.Action", "NActions"): return .int32(Int32(actions(of: object).count))
        case ("org.a11y.atspi.Value", _):
            guard let range = liveRange(of: object) else { return nil }
            switch name {
            case "MinimumValue": return .double(range.minimum)
            case "MaximumValue": return .double(range.maximum)
            case "MinimumIncrement": return .double(range.step)
            case "CurrentValue": return .double(range.current)
            case "Text": return .string(object.node.value ?? "")
            default: return nil
            }
        case ("org.a11y.atspi.Text", "CharacterCount"):
            guard let text = liveText(of: object) else { return nil }
            return .int32(Int32(clamping: text.text.unicodeScalars.count))
        case ("org.a11y.atspi.Text", "CaretOffset"):
            guard let text = liveText(of: object) else { return nil }
            return .int32(Int32(clamping: text.caret ?? 0))
        default: return nil
        }
    }

    private static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": [
            "Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText",
        ],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Action": ["NActions"],
        "org.a11y.atspi.Value": [
            "MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text",
        ],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
    ]

    private func properties(_ message: DBusMessage, _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        let body = message.body
        guard let interface = body.first?.stringValue else {
            return .failure(.arguments("\(message.member ?? "") takes an interface name first"))
        }
        switch message.member {
        case "Get":
            guard body.count == 2, let name = body[1].stringValue else {
                return .failure(.arguments("Get takes (s interface, s property)"))
            }
            guard let value = property(interface, name, object) else {
                return .failure(.arguments("no property \(interface).\(name) on this object"))
            }
            return .success([.variant(value)])
        case "GetAll":
            var entries: [String: DBusValue] = [:]
            for name in AccessibilityBridge.propertyNames[interface] ?? [] {
                if let value = property(interface, name, object) { entries[name] = value }
            }
            return .success([.properties(entries)])
        case "Set":
            guard body.count == 3, let name = body[1].stringValue else {
                return .failure(.arguments("Set takes (s interface, s property, v value)"))
            }
            let value = body[2].unwrapped
            switch (interface, name) {
            case ("org.a11y.atspi.Application", "Id"):
                guard let id = value.intValue else { return .failure(.arguments("Id is an i")) }
                applicationID = Int32(truncatingIfNeeded: id)
                return .success([])
            case ("org.a11y.atspi.Value", "CurrentValue"):
                guard let source = object.source as? any AccessibilityValueRangeProviding,
                    object.range != nil
                else {
                    return .failure(.arguments("\(path(object.id)) has no value to set"))
                }
                guard let target = value.doubleValue, target.isFinite else {
                    return .failure(.arguments("CurrentValue is a finite d"))
                }
                hasChanges = true
                source.setAccessibilityNumericValue(target)
                return .success([])
            default:
                return .failure(.arguments("\(interface).\(name) cannot be set"))
            }
        default:
            return .failure(.unknown(message.member ?? ""))
        }
    }

    /// An object's value range as it is now (a request may have changed it since the tree was
    /// read).
    private func liveRange(of object: Object) -> AccessibilityValueRange? {
        guard object.range != nil else { return nil }
        return (object.source as? any AccessibilityValueRangeProviding)?.accessibilityValueRange
            ?? object.range
    }

    /// An object's text and caret as they are now.
    private func liveText(of object: Object) -> (text: String, caret: Int?)? {
        guard let text = object.text else { return nil }
        if let source = object.source as? any AccessibilityTextProviding {
            return (source.accessibilityText, source.accessibilityCaretScalarOffset)
        }
        return (text, object.caret)
    }

    /// AT-SPI's text boundary types (`AtspiTextBoundaryType`) as boundary lists.
    private static func boundaries(_ type: Int, _ text: AccessibilityTextBoundaries) -> [Int]? {
        switch type {
        case 0: text.characters
        case 1: text.wordStarts
        case 2: text.wordEnds
        case 3: text.sentenceStarts
        case 4: text.sentenceEnds
        case 5: text.lineStarts
        case 6: text.lineEnds
        default: nil
        }
    }

    /// `(s text, i start, i end)`.
    private static func span(_ range: Range<Int>?, _ text: AccessibilityTextBoundaries)
        -> [DBusValue]
    {
        guard let range else { return [.string(""), .int32(0), .int32(0)] }
        return [
            .string(text.text(range)), .int32(Int32(clamping: range.lowerBound)),
            .int32(Int32(clamping: range.upperBound)),
        ]
    }

    /// `{ss}`, an entry of an attribute set.
    private static let attributeType = DBusType.dictEntry(
        .basic(UInt8(ascii: "s")), .basic(UInt8(ascii: "s")))

    /// Answers `org.a11y.atspi.Text`: offsets count Unicode scalars, as AT-SPI's characters.
    private func textRequest(_ member: String, _ body: [DBusValue], _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        guard let live = liveText(of: object) else { return .failure(.unknown(member)) }
        let text = AccessibilityTextBoundaries(live.text)
        let count = text.scalars.count
        func int(_ index: Int) -> Int? {
            body.indices.contains(index) ? body[index].intValue : nil
        }
        let frame = object.node.frame
        func extents() -> DBusValue {
            func rounded(_ value: Double) -> Int32 {
                value.isFinite
                    ? Int32(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max))) : 0
            }
            return .structure([
                .int32(rounded(frame.minX)), .int32(rounded(frame.minY)),
                .int32(rounded(frame.width)), .int32(rounded(frame.height)),
            ])
        }
        switch member {
        case "GetText":
            guard let start = int(0), let end = int(1) else {
                return .failure(.arguments("GetText takes (i start, i end)"))
            }
            let upper = end < 0 ? count : min(end, count)
            return .success([.string(text.text(max(start, 0)..<max(upper, max(start, 0))))])
        case "GetCharacterAtOffset":
            guard let offset = int(0) else {
                return .failure(.arguments("GetCharacterAtOffset takes (i offset)"))
            }
            let scalar = (0..<count).contains(offset) ? text.scalars[offset].value : 0
            return .success([.int32(Int32(bitPattern: scalar))])
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = int(0), let type = int(1),
                let list = AccessibilityBridge.boundaries(type, text)
            else {
                return .failure(.arguments("\(member) takes (i offset, u boundary type 0…6)"))
            }
            // The caret at the end of the text reads the last span.
            let at = offset == count && count > 0 ? count - 1 : offset
            guard let current = text.span(at: at, in: list) else {
                return .success(AccessibilityBridge.span(nil, text))
            }
            switch member {
            case "GetTextBeforeOffset":
                return .success(
                    AccessibilityBridge.span(
                        text.span(at: current.lowerBound - 1, in: list), text))
            case "GetTextAfterOffset":
                return .success(
                    AccessibilityBridge.span(text.span(at: current.upperBound, in: list), text))
            default:
                return .success(AccessibilityBridge.span(current, text))
            }
        case "GetStringAtOffset":
            guard let offset = int(0), let granularity = int(1), (0...4).contains(granularity)
            else {
                return .failure(.arguments("GetStringAtOffset takes (i offset, u granularity 0…4)"))
            }
            let at = offset == count && count > 0 ? count - 1 : offset
            let lists = [text.characters, text.wordStarts, text.sentenceStarts, text.lineStarts]
            guard var range = text.span(at: at, in: lists[min(granularity, 3)]) else {
                return .success(AccessibilityBridge.span(nil, text))
            }
            // A word without the spaces after it, a line without its line break.
            let ends = granularity == 1 ? text.wordEnds : granularity >= 3 ? text.lineEnds : []
            if let end = ends.first(where: { $0 > range.lowerBound }), end < range.upperBound {
                range = range.lowerBound..<end
            }
            return .success(AccessibilityBridge.span(range, text))
        case "GetCaretOffset":
            return .success([.int32(Int32(clamping: live.caret ?? 0))])
        case "SetCaretOffset":
            guard let offset = int(0) else {
                return .failure(.arguments("SetCaretOffset takes (i offset)"))
            }
            guard let source = object.source as? any AccessibilityEditableTextProviding else {
                return .success([.boolean(false)])
            }
            hasChanges = true
            return .success([.boolean(source.setAccessibilityCaret(scalarOffset: offset))])
        case "GetNSelections": return .success([.int32(0)])
        case "GetSelection": return .success([.int32(0), .int32(0)])
        case "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo",
            "ScrollSubstringToPoint":
            return .success([.boolean(false)])
        case "GetAttributeRun", "GetAttributes":
            return .success([
                .array(AccessibilityBridge.attributeType, []), .int32(0),
                .int32(Int32(clamping: count)),
            ])
        case "GetAttributeValue": return .success([.string("")])
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return .success([.array(AccessibilityBridge.attributeType, [])])
        case "GetCharacterExtents":
            guard case .structure(let parts) = extents() else { return .failure(.unknown(member)) }
            return .success(parts)
        case "GetRangeExtents": return .success([extents()])
        case "GetOffsetAtPoint": return .success([.int32(-1)])
        default: return .failure(.unknown(member))
        }
    }

    /// Answers `org.a11y.atspi.EditableText`: offsets count Unicode scalars.
    private func editableTextRequest(_ member: String, _ body: [DBusValue], _ object: Object)
        -> Result<[DBusValue], RequestError>
    {
        guard let source = object.source as? any AccessibilityEditableTextProviding else {
            return .failure(.unknown(member))
        }
        let count = source.accessibilityText.unicodeScalars.count
        func int(_ index: Int) -> Int? {
            body.indices.contains(index) ? body[index].intValue : nil
        }
        func clamped(_ offset: Int) -> Int { offset < 0 ? count : min(offset, count) }
        switch member {
        case "SetTextContents":
            guard let text = body.first?.stringValue else {
                return .failure(.arguments("SetTextContents takes (s text)"))
            }
            hasChanges = true
            return .success([
                .boolean(source.replaceAccessibilityText(scalars: 0..<count, with: text))
            ])
        case "InsertText":
            guard let position = int(0), body.count >= 2, let text = body[1].stringValue else {
                return .failure(.arguments("InsertText takes (i position, s text, i length)"))
            }
            // The length counts characters; a longer one (bytes) or -1 takes the whole text.
            var inserted = text
            if let length = int(2), length >= 0, length < text.unicodeScalars.count {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: text.unicodeScalars.prefix(length))
                inserted = String(view)
            }
            let at = min(max(position, 0), count)
            hasChanges = true
            return .success([
                .boolean(source.replaceAccessibilityText(scalars: at..<at, with: inserted))
            ])
        case "DeleteText":
            guard let start = int(0), let end = int(1) else {
                return .failure(.arguments("DeleteText takes (i start, i end)"))
            }
            let lower = min(max(start, 0), count)
            let upper = max(clamped(end), lower)
            hasChanges = true
            return .success([
                .boolean(source.replaceAccessibilityText(scalars: lower..<upper, with: ""))
            ])
        case "CopyText": return .success([])
        case "CutText", "PasteText": return .success([.boolean(false)])
        default: return .failure(.unknown(member))
        }
    }

    private func introspection(of object: Object) -> String {
        var xml =
            "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
        xml += " \"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        let names =
            ["org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties"]
            + interfaces(of: object)
        for name in names { xml += "  <interface name=\"\(name)\"/>\n" }
        for child in object.children {
            xml += "  <node name=\"\(path(child).split(separator: "/").last ?? "")\"/>\n"
        }
        return xml + "</node>\n"
    }

    // MARK: The environment

    private static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    private static func sessionBusAddress(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return address
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            access(runtime + "/bus", F_OK) == 0
        {
            return "unix:path=" + runtime + "/bus"
        }
        return nil
    }

    private static func defaultApplicationName() -> String {
        let program = CommandLine.arguments.first ?? "trellis"
        return program.split(separator: "/").last.map(String.init) ?? program
    }
}
