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
    /// A scene of at least `Scene.concurrentActivationMinimum` constraints in more than one
    /// container activates them on a second thread while it parses the rest
    /// (`ConstraintActivationThread`), with the same result.
    ///
    /// - Complexity: O(*n*) in the number of constraints, plus the solver's work.
    func applyConstraints() throws(SceneError) {
        let total = pendingConstraints.reduce(0) { $0 + $1.texts.count }
        var parsed = ParsedConstraints(capacity: total)
        if total >= Scene.concurrentActivationMinimum, pendingConstraints.count > 1 {
            if let failure = try parseActivatingConcurrently(total, into: &parsed) {
                throw activationError(failure, parsed)
            }
            return
        }
        // Every container's children are marked before any constraint is activated, so that
        // an inner container's constraints see the outer ones' placement.
        for index in pendingConstraints.indices {
            try parse(pending: index, into: &parsed)
        }
        do {
            try LayoutConstraint.activate(parsed.constraints)
        } catch {
            throw activationError(error, parsed)
        }
    }

    /// Parses the containers' constraints in order and hands them, container by container, to
    /// a thread that activates them meanwhile.
    ///
    /// A container's constraints are handed over once nothing will change the items they
    /// touch: its children are marked as it is parsed, but the container itself and its
    /// ancestors are marked by the constraints of its ancestors, which come after it. Until
    /// the last ancestor with constraints is parsed, the container waits, and those after it.
    ///
    /// - Returns: The error of the first constraint that could not be activated, if any; none
    ///   of them is then active.
    private func parseActivatingConcurrently(_ total: Int, into parsed: inout ParsedConstraints)
        throws(SceneError) -> LayoutError?
    {
        // The last container with constraints above each container, by position.
        var positions: [ObjectIdentifier: Int] = [:]
        positions.reserveCapacity(pendingConstraints.count)
        for (index, pending) in pendingConstraints.enumerated() {
            positions[ObjectIdentifier(pending.container)] = index
        }
        let waitsFor = pendingConstraints.map { pending in
            var last = -1
            var ancestor = pending.container.superview
            while let view = ancestor {
                if let index = positions[ObjectIdentifier(view)] { last = max(last, index) }
                ancestor = view.superview
            }
            return last
        }
        var activation: ConstraintActivationThread?
        var ends: [Int] = []
        ends.reserveCapacity(pendingConstraints.count)
        var ready = 0
        var handed = 0
        do {
            for index in pendingConstraints.indices {
                try parse(pending: index, into: &parsed)
                ends.append(parsed.constraints.count)
                if activation == nil {
                    activation = ConstraintActivationThread.start(
                        inTreeOf: pendingConstraints[index].container.layoutItem,
                        expecting: total)
                    // Without a thread, the batch is activated at the end.
                    if activation == nil { break }
                    Scene.concurrentActivationCount += 1
                }
                while ready <= index, waitsFor[ready] <= index { ready += 1 }
                let end = ready > 0 ? ends[ready - 1] : 0
                if end > handed {
                    activation?.hand(parsed.constraints[handed..<end])
                    handed = end
                }
            }
        } catch {
            activation?.cancel()
            throw error
        }
        guard let activation else {
            for index in ends.count..<pendingConstraints.count {
                try parse(pending: index, into: &parsed)
            }
            do {
                try LayoutConstraint.activate(parsed.constraints)
                return nil
            } catch {
                return error
            }
        }
        activation.hand(parsed.constraints[handed...])
        return activation.finish()
    }

    /// Parses one container's constraints and marks the children they name as placed by
    /// constraints (unless framed).
    private func parse(pending pendingIndex: Int, into parsed: inout ParsedConstraints)
        throws(SceneError)
    {
        let pending = pendingConstraints[pendingIndex]
        let container = pending.container.layoutItem
        // Names are found by their bytes: no string is made or hashed for a name. A child
        // is given its layout item when a constraint first names it, which marks it named.
        let names = ItemNameTable(
            pending.children.lazy.map { $0.accessibilityIdentifier ?? "" })
        var items = [LayoutItem?](repeating: nil, count: names.count)
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
                            let item = pending.children[found].layoutItem
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

    /// The key path of one constraint, built only for an error message.
    func path(of index: Int) -> String {
        "\(path)[\(index)]"
    }
}
