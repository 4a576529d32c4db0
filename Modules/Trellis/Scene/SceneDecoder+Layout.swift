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
    /// - Complexity: O(*n*) in the number of constraints, plus the solver's work.
    func applyConstraints() throws(SceneError) {
        // Every container's children are marked before any constraint is activated, so that
        // an inner container's constraints see the outer ones' placement.
        let total = pendingConstraints.reduce(0) { $0 + $1.texts.count }
        var parsed: [LayoutConstraint] = []
        var origins: [(pending: Int, index: Int)] = []
        parsed.reserveCapacity(total)
        origins.reserveCapacity(total)
        for (pendingIndex, pending) in pendingConstraints.enumerated() {
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
                parsed.append(constraint)
                origins.append((pendingIndex, index))
            }
            for (position, child) in pending.children.enumerated()
            where items[position] != nil && !framedViews.contains(ObjectIdentifier(child)) {
                child.translatesAutoresizingMaskIntoConstraints = false
            }
        }
        do {
            try LayoutConstraint.activate(parsed)
        } catch {
            // Activation is all or nothing: find the first constraint that cannot join the
            // ones before it, and report it at its key path.
            for (offset, constraint) in parsed.enumerated() {
                do {
                    try LayoutConstraint.activate([constraint])
                } catch {
                    let origin = origins[offset]
                    throw SceneError(
                        keyPath: pendingConstraints[origin.pending].path(of: origin.index),
                        message: Self.oneLine(error))
                }
            }
            throw SceneError(keyPath: "scene", message: Self.oneLine(error))
        }
    }

    /// A layout error on one line: its message, then the constraints involved.
    static func oneLine(_ error: LayoutError) -> String {
        guard !error.conflicts.isEmpty else { return error.message }
        return error.message + " (involved: "
            + error.conflicts.map(\.description).joined(separator: "; ") + ")"
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
