import TrellisGeometry
import TrellisLayout
import TrellisViews

extension SceneDecoder {
    /// Reads `style`: CSS flexbox properties in camelCase, each validated with its key path.
    func decodeStyle(_ view: View, _ reader: inout ObjectReader) throws(SceneError) {
        guard let value = reader.value("style") else { return }
        let path = reader.child("style")
        guard case .object(let members) = value else {
            throw SceneError(
                keyPath: path,
                message:
                    "expected an object of CSS flexbox properties, found \(value.kindDescription)")
        }
        var style = FlexStyle()
        for member in members {
            let memberPath = "\(path).\(member.key)"
            guard FlexStyle.propertyNames.contains(member.key) else {
                var message = "unknown key"
                if let guess = SceneValues.closest(to: member.key, in: FlexStyle.propertyNames) {
                    message += " (did you mean \"\(guess)\"?)"
                }
                throw SceneError(keyPath: memberPath, message: message)
            }
            let cssValue = try cssValue(member.value, path: memberPath)
            do {
                try style.set(member.key, to: cssValue)
            } catch let error as FlexStyleError {
                throw SceneError(
                    keyPath: memberPath, message: "\"\(error.value)\" \(error.message)")
            } catch {
                throw SceneError(keyPath: memberPath, message: "\(error)")
            }
        }
        view.flexStyle = style
    }

    private func cssValue(_ value: JSONValue, path: String) throws(SceneError) -> FlexStyleValue {
        switch value {
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements):
            var values: [FlexStyleValue] = []
            for (index, element) in elements.enumerated() {
                let elementPath = "\(path)[\(index)]"
                if case .array = element {
                    throw SceneError(
                        keyPath: elementPath, message: "expected a number or a CSS string")
                }
                values.append(try cssValue(element, path: elementPath))
            }
            return .list(values)
        default:
            throw SceneError(
                keyPath: path,
                message: "expected a number, a CSS string or a list, found \(value.kindDescription)"
            )
        }
    }

    /// Applies the `constraints` of every container once the whole tree exists.
    ///
    /// A child that a constraint names is placed by constraints unless it has a `frame`: a
    /// framed child keeps its frame and the others can be related to it. Constraints are
    /// activated in document order, so an unsatisfiable one is reported at its own key path.
    func applyConstraints() throws(SceneError) {
        // Every container's children are marked before any constraint is activated, so that
        // an inner container's constraints see the outer ones' placement.
        var parsed: [(LayoutConstraint, String)] = []
        for pending in pendingConstraints {
            let container = pending.container
            var views: [ObjectIdentifier: View] = [:]
            var items: [String: LayoutItem] = [:]
            for (id, child) in pending.children {
                items[id] = child.layoutItem
                views[ObjectIdentifier(child.layoutItem)] = child
            }
            for (text, path) in pending.texts {
                let constraint: LayoutConstraint
                do {
                    constraint = try LayoutConstraint.parse(
                        text, container: container.layoutItem, items: items)
                } catch {
                    throw SceneError(
                        keyPath: path,
                        message: "column \(error.column) of \"\(error.text)\": \(error.reason)")
                }
                parsed.append((constraint, path))
                for item in [constraint.firstItem, constraint.secondItem] {
                    guard let item, let child = views[ObjectIdentifier(item)],
                        !framedViews.contains(ObjectIdentifier(child))
                    else { continue }
                    child.translatesAutoresizingMaskIntoConstraints = false
                }
            }
        }
        for (constraint, path) in parsed {
            do {
                try LayoutConstraint.activate([constraint])
            } catch {
                throw SceneError(keyPath: path, message: Self.oneLine(error))
            }
        }
    }

    /// A layout error on one line: its message, then the constraints involved.
    static func oneLine(_ error: LayoutError) -> String {
        guard !error.conflicts.isEmpty else { return error.message }
        return error.message + " (involved: "
            + error.conflicts.map(\.description).joined(separator: "; ") + ")"
    }
}
