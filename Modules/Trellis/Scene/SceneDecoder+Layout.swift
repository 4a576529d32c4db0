import TrellisCore
import TrellisGeometry
import TrellisLayout
import TrellisViews

extension SceneDecoder {
    /// Reads `style`: CSS flexbox properties in camelCase, each validated with its key path.
    mutating func decodeStyle(_ view: View, _ document: JSONDocument, _ reader: inout ObjectReader)
        throws(SceneError)
    {
        guard let node = reader.node("style") else { return }
        // An object written as one decoded before is found by its text.
        var known: (text: UnsafeBufferPointer<UInt8>, hash: UInt64)?
        if document[node].isObject {
            let text = document.rawText(of: node)
            let hash = DecodedStyleTable.hash(ofText: text)
            if let storage = decodedStyles.storage(forText: text, hash: hash) {
                view.setFlexStyle(storage: storage)
                return
            }
            known = (text, hash)
        }
        let value = document.value(at: node)
        // The key path is only built for an error message.
        let owner = reader
        var path: String { owner.child("style") }
        guard case .object(let members) = value else {
            throw SceneError(
                keyPath: path,
                message:
                    "expected an object of CSS flexbox properties, found \(value.kindDescription)")
        }
        var style = FlexStyle()
        for member in members {
            var memberPath: String { "\(path).\(member.key)" }
            guard SceneDecoder.flexPropertyNames.contains(member.key) else {
                var message = "unknown key"
                if let guess = SceneValues.closest(to: member.key, in: FlexStyle.propertyNames) {
                    message += " (did you mean \"\(guess)\"?)"
                }
                throw SceneError(keyPath: memberPath, message: message)
            }
            let cssValue = try cssValue(member.value, path: memberPath)
            do {
                try style.set(member.key, to: cssValue, within: SceneValues.maximumLength)
            } catch let error as FlexStyleError {
                throw SceneError(
                    keyPath: memberPath, message: "\"\(error.value)\" \(error.message)")
            } catch {
                throw SceneError(keyPath: memberPath, message: "\(error)")
            }
        }
        view.flexStyle = style
        if let known, let storage = view.flexStyleStorage {
            decodedStyles.remember(text: known.text, storage: storage, hash: known.hash)
        }
    }

    /// The flexbox properties a style may set.
    static let flexPropertyNames = Set(FlexStyle.propertyNames)

    private func cssValue(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> FlexStyleValue
    {
        switch value {
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements):
            var values: [FlexStyleValue] = []
            for (index, element) in elements.enumerated() {
                if case .array = element {
                    throw SceneError(
                        keyPath: "\(path())[\(index)]", message: "expected a number or a CSS string"
                    )
                }
                values.append(try cssValue(element, path: "\(path())[\(index)]"))
            }
            return .list(values)
        default:
            throw SceneError(
                keyPath: path(),
                message: "expected a number, a CSS string or a list, found \(value.kindDescription)"
            )
        }
    }

    /// Applies the `constraints` of every container once the whole tree exists.
    ///
    /// A child that a constraint names is placed by constraints unless it has a `frame`: a
    /// framed child keeps its frame and the others can be related to it. Constraints are
    /// activated in document order, so an unsatisfiable one is reported at its own key path.
    ///
    /// In a scene of at least `Scene.concurrentActivationMinimum` constraints in more than one
    /// container, they were parsed while the views were decoded and handed to a second thread
    /// that activates them (see ``parseReadyConstraints()``); this parses the rest and waits
    /// for it, with the result of activating them all here.
    ///
    /// - Complexity: O(*n*) in the number of constraints, plus the solver's work.
    mutating func applyConstraints() throws(SceneError) {
        if progress.isConcurrent {
            parseReadyConstraints()
            if let error = progress.deferredError { throw error }
            guard let activation = progress.activation else {
                try activate(progress.parsed)
                return
            }
            progress.activation = nil
            activation.hand(progress.parsed.constraints[progress.handed...])
            if let failure = activation.finish() {
                throw activationError(failure, progress.parsed)
            }
            return
        }
        // Every container's children are marked before any constraint is activated, so that
        // an inner container's constraints see the outer ones' placement.
        var parsed = ParsedConstraints(
            capacity: pendingConstraints.reduce(0) { $0 + $1.texts.count })
        for index in pendingConstraints.indices {
            try Self.parse(
                pendingConstraints[index], at: index, framedViews: framedViews, into: &parsed)
        }
        try activate(parsed)
    }

    /// Activates parsed constraints as one batch.
    private func activate(_ parsed: ParsedConstraints) throws(SceneError) {
        do {
            try LayoutConstraint.activate(parsed.constraints)
        } catch {
            throw activationError(error, parsed)
        }
    }

    /// Counts the constraints of a view's subtree in the document, and the views that have
    /// some, before anything is decoded; values of the wrong kind count nothing (decoding
    /// them reports the error).
    nonisolated static func countConstraints(in document: JSONDocument, view node: Int) -> (
        constraints: Int, containers: Int
    ) {
        var result = (constraints: 0, containers: 0)
        var pending = [node]
        while let object = pending.popLast() {
            guard document[object].isObject else { continue }
            if let member = Self.member("constraints", of: object, in: document),
                document[member].isArray
            {
                result.constraints += Int(document[member].count)
                result.containers += 1
            }
            if let member = Self.member("children", of: object, in: document),
                document[member].isArray
            {
                pending.append(contentsOf: document.elements(of: member))
            }
        }
        return result
    }

    /// Whether the document has the string `constraints` anywhere (a key or a value): one pass
    /// over its nodes, comparing only strings of that length, which spares a scene without
    /// constraints the walk over its views.
    nonisolated static func mentionsConstraints(_ document: JSONDocument) -> Bool {
        let key: StaticString = "constraints"
        return key.withUTF8Buffer { key in
            // The length first: it is stored in the node, and few strings have it.
            for (index, node) in document.nodes.enumerated() where node.count == key.count {
                if node.kind == .string, document.string(at: index, equals: key) { return true }
            }
            return false
        }
    }

    /// The node of an object's member's value.
    private nonisolated static func member(
        _ key: StaticString, of object: Int, in document: JSONDocument
    )
        -> Int?
    {
        key.withUTF8Buffer { document.member(of: object, named: $0)?.value }
    }

    /// Decides, before the views are decoded, whether the scene's constraints are activated on
    /// a second thread while the views are decoded and the constraints parsed.
    mutating func planConstraints(_ document: JSONDocument, root node: Int) {
        guard Self.mentionsConstraints(document) else { return }
        let counted = Self.countConstraints(in: document, view: node)
        guard counted.constraints >= Scene.concurrentActivationMinimum, counted.containers > 1
        else { return }
        progress.isConcurrent = true
        progress.expected = counted.constraints
        progress.parsed = ParsedConstraints(capacity: counted.constraints)
        progress.ends.reserveCapacity(counted.containers)
    }

    /// Parses the constraints of every container decoded so far whose items are in the
    /// window (the subtrees of the root's children decoded so far, or at the end all of them)
    /// and hands them, container by container, to a thread that activates them meanwhile.
    ///
    /// A container's constraints are handed over once nothing will change the items they
    /// touch: its children are marked as it is parsed, but the container itself and its
    /// ancestors are marked by the constraints of its ancestors, which are parsed after it.
    /// Until the outermost ancestor with constraints is parsed, the container waits, and
    /// those after it.
    ///
    /// A parse error is kept, not thrown: an error in a view decoded later comes first, as it
    /// would if the constraints were parsed once all views are decoded. Nothing more is then
    /// parsed, and what the thread activated is deactivated.
    mutating func parseReadyConstraints() {
        guard progress.deferredError == nil else { return }
        while progress.ends.count < pendingConstraints.count {
            let index = progress.ends.count
            do {
                try Self.parse(
                    pendingConstraints[index], at: index, framedViews: framedViews,
                    into: &progress.parsed)
            } catch {
                progress.deferredError = error
                abandonConstraints()
                return
            }
            progress.ends.append(progress.parsed.constraints.count)
            let container = ObjectIdentifier(pendingConstraints[index].container)
            if progress.awaited.contains(container) { progress.parsedAwaited.insert(container) }
            if !progress.triedThread {
                progress.triedThread = true
                // Without a thread, the batch is activated at the end.
                progress.activation = ConstraintActivationThread.start(
                    inTreeOf: pendingConstraints[index].container.layoutItem,
                    expecting: progress.expected)
                if progress.activation != nil { Scene.concurrentActivationCount += 1 }
            }
        }
        guard let activation = progress.activation else { return }
        while progress.ready < progress.ends.count {
            if let awaited = pendingConstraints[progress.ready].waitsFor,
                !progress.parsedAwaited.contains(awaited)
            {
                break
            }
            progress.ready += 1
        }
        let end = progress.ready > 0 ? progress.ends[progress.ready - 1] : 0
        if end > progress.handed {
            activation.hand(progress.parsed.constraints[progress.handed..<end])
            progress.handed = end
        }
    }

    /// Stops activating constraints on the second thread and deactivates what it activated:
    /// the scene failed.
    mutating func abandonConstraints() {
        progress.activation?.cancel()
        progress.activation = nil
    }

    /// Parses one container's constraints (the one at `pendingIndex` in
    /// `pendingConstraints`) and marks the children they name as placed by constraints, unless
    /// they are among `framedViews`.
    private static func parse(
        _ pending: PendingConstraints, at pendingIndex: Int,
        framedViews: Set<ObjectIdentifier>, into parsed: inout ParsedConstraints
    ) throws(SceneError) {
        let container = pending.container.layoutItem
        // Names are found by their bytes: no string is made or hashed for a name. A child
        // is given its layout item when a constraint first names it, which marks it named.
        // A loop, not a lazy map: a closure made here would check the main actor's executor
        // for each child.
        var ids: [String] = []
        ids.reserveCapacity(pending.children.count)
        for child in pending.children { ids.append(child.accessibilityIdentifier ?? "") }
        let names = ItemNameTable(ids)
        // The items are held by their views; the parser takes them unretained.
        var items = [Unmanaged<LayoutItem>?](repeating: nil, count: names.count)
        for (index, element) in pending.texts.enumerated() {
            let constraint: LayoutConstraint
            do {
                // The text is read in place in the document.
                constraint = try pending.document.withUTF8(ofString: element) {
                    (text) throws(ConstraintParseError) in
                    try LayoutConstraint.parse(
                        utf8: text, container: container,
                        resolveUTF8: { name in
                            guard let found = names.index(of: name) else { return nil }
                            if let item = items[found] { return item }
                            let item = Unmanaged.passUnretained(
                                pending.children[found].layoutItem)
                            items[found] = item
                            return item
                        },
                        knownNames: { names.names })
                }
            } catch {
                throw SceneError(
                    keyPath: pending.path(of: index),
                    message: "column \(error.column) of \"\(error.text)\": \(error.reason)")
            }
            parsed.constraints.append(constraint)
            parsed.origins.append((pendingIndex, index))
        }
        for (position, child) in pending.children.enumerated()
        where items[position] != nil && !framedViews.contains(ObjectIdentifier(child)) {
            child.translatesAutoresizingMaskIntoConstraints = false
        }
    }

    /// The error for a batch that could not be activated: the first constraint that cannot
    /// join the ones before it, reported at its key path. The batch is all or nothing, so
    /// none of it is active when this is called.
    private func activationError(_ error: LayoutError, _ parsed: ParsedConstraints) -> SceneError {
        for (offset, constraint) in parsed.constraints.enumerated() {
            do {
                try LayoutConstraint.activate([constraint])
            } catch {
                let origin = parsed.origins[offset]
                return SceneError(
                    keyPath: pendingConstraints[origin.pending].path(of: origin.index),
                    message: Self.oneLine(error))
            }
        }
        return SceneError(keyPath: "scene", message: Self.oneLine(error))
    }

    /// A layout error on one line: its message, then the constraints involved.
    static func oneLine(_ error: LayoutError) -> String {
        guard !error.conflicts.isEmpty else { return error.message }
        return error.message + " (involved: "
            + error.conflicts.map(\.description).joined(separator: "; ") + ")"
    }
}

/// The constraints of a scene as they are parsed, each with where it was written.
struct ParsedConstraints {
    var constraints: [LayoutConstraint] = []
    /// The position of each constraint's container in `pendingConstraints`, and the
    /// constraint's index in the container's `constraints`.
    var origins: [(pending: Int, index: Int)] = []

    init(capacity: Int) {
        constraints.reserveCapacity(capacity)
        origins.reserveCapacity(capacity)
    }
}

/// How far a scene's constraints are parsed and handed to the thread that activates them
/// while the views are decoded (see `SceneDecoder.parseReadyConstraints()`).
struct ConstraintProgress {
    /// Whether the constraints are activated on a second thread as they are parsed.
    var isConcurrent = false
    /// How many constraints the document has.
    var expected = 0
    var parsed = ParsedConstraints(capacity: 0)
    /// Where each parsed container's constraints end in `parsed`, by container.
    var ends: [Int] = []
    /// How many containers' constraints may be handed over, and how many constraints were.
    var ready = 0
    var handed = 0
    /// The containers that others wait for, and those of them that are parsed.
    var awaited: Set<ObjectIdentifier> = []
    var parsedAwaited: Set<ObjectIdentifier> = []
    var triedThread = false
    var activation: ConstraintActivationThread?
    /// The first parse error, thrown once every view is decoded.
    var deferredError: SceneError?
}

/// The constraints of one container, kept until the whole tree exists.
struct PendingConstraints {
    /// The view whose children the constraints relate.
    var container: View
    /// The container's children that have an id (their accessibility identifier), in
    /// document order: a child's position here is its name's in the container's
    /// `ItemNameTable`.
    var children: [View]
    /// The document, and the nodes of the constraints in it: strings, read when they are
    /// parsed.
    var document: JSONDocument
    var texts: [Int]
    /// The key path of the `constraints` array.
    var path: SceneKeyPath
    /// The outermost of the container's ancestors that has constraints: they mark the
    /// container itself as placed by constraints or not.
    var waitsFor: ObjectIdentifier?

    /// The key path of one constraint, built only for an error message.
    func path(of index: Int) -> String {
        "\(path)[\(index)]"
    }
}
