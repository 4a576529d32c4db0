public import TrellisGeometry

/// One node of an ``AccessibilityTree``: an element as assistive technologies read it, or a
/// group of elements read as a unit, with the nodes inside it.
///
/// Nodes are values: they record what the views said when the tree was built. A node's
/// ``description`` is its line in the tree's text:
///
/// ```swift
/// let node = window.accessibilityTree().nodes[0]
/// node.role            // .button
/// node.label           // "Show"
/// node.description     // - button "Show" traits=[button] id=show frame=(122, 20, 75, 45)
/// ```
public struct AccessibilityNode: Sendable, Hashable, CustomStringConvertible {
    /// What the node is, derived from its traits.
    public var role: AccessibilityRole
    /// The label, if any.
    public var label: String?
    /// The value, if any.
    public var value: String?
    /// The hint, if any.
    public var hint: String?
    /// The traits.
    public var traits: AccessibilityTraits
    /// The accessibility identifier, if any.
    public var identifier: String?
    /// The rectangle in window coordinates.
    public var frame: Rect
    /// The names of the custom actions offered on the element.
    public var actions: [String]
    /// The nodes inside a group, in reading order; none for an element.
    public var children: [AccessibilityNode]

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - role: What the node is; ``AccessibilityRole/init(traits:isGroup:)`` derives it.
    ///   - label: The label.
    ///   - value: The value.
    ///   - hint: The hint.
    ///   - traits: The traits.
    ///   - identifier: The accessibility identifier.
    ///   - frame: The rectangle in window coordinates.
    ///   - actions: The names of the custom actions.
    ///   - children: The nodes inside a group.
    public init(
        role: AccessibilityRole, label: String? = nil, value: String? = nil, hint: String? = nil,
        traits: AccessibilityTraits = [], identifier: String? = nil, frame: Rect,
        actions: [String] = [], children: [AccessibilityNode] = []
    ) {
        self.role = role
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.identifier = identifier
        self.frame = frame
        self.actions = actions
        self.children = children
    }

    /// The node's line, without its children: `- `, the role, the label in quotes, then
    /// `value=`, `hint=`, `traits=[…]`, `actions=[…]` and `id=` when there is something to
    /// show, and `frame=(x, y, width, height)`.
    ///
    /// Strings are quoted with `\"`, `\\`, `\n`, `\t` and `\u{…}` escapes (an identifier
    /// without spaces or punctuation other than `-_.:/` is written bare); numbers are rounded
    /// to three decimals, so that the line is the same on every machine.
    public var description: String {
        var line = "- " + role.rawValue
        if let label { line += " " + AccessibilityNode.quoted(label) }
        if let value { line += " value=" + AccessibilityNode.quoted(value) }
        if let hint { line += " hint=" + AccessibilityNode.quoted(hint) }
        if !traits.isEmpty { line += " traits=[" + traits.names.joined(separator: ", ") + "]" }
        if !actions.isEmpty {
            line += " actions=[" + actions.map(AccessibilityNode.quoted).joined(separator: ", ")
            line += "]"
        }
        if let identifier { line += " id=" + AccessibilityNode.bareOrQuoted(identifier) }
        line += " frame=(" + frame.minX.decimalDescription + ", " + frame.minY.decimalDescription
        line += ", " + frame.width.decimalDescription + ", " + frame.height.decimalDescription + ")"
        return line
    }

    /// A string in double quotes with its quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        let plain = !text.unicodeScalars.contains {
            $0 == "\"" || $0 == "\\" || $0.isUnsafeToEcho
        }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.isUnsafeToEcho {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An identifier as it is when it has only letters, digits and `-_.:/`, quoted otherwise.
    static func bareOrQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "-_.:/".unicodeScalars.contains($0)
            }
        return plain ? text : quoted(text)
    }
}
