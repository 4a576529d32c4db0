extension FlexLength {
    /// Parses a CSS length: a number of points (`"12"`, `"12px"`), a percentage (`"50%"`),
    /// `"auto"`, or a sizing keyword (`"min-content"`, `"max-content"`, `"fit-content"`,
    /// `"stretch"`, `"content"`).
    ///
    /// - Parameter css: The CSS text; surrounding white space is ignored.
    /// - Throws: ``FlexStyleError`` naming the value if it is not a length, or is not finite.
    public init(css: String) throws {
        let text = css.trimmingWhitespace()
        switch text {
        case "auto", "none": self = .auto
        case "min-content": self = .minContent
        case "max-content": self = .maxContent
        case "fit-content": self = .fitContent
        case "stretch": self = .stretch
        case "content": self = .content
        default:
            if text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite {
                self = .percent(number)
            } else if let number = FlexLength.parseNumber(
                text.hasSuffix("px") ? String(text.dropLast(2)) : text)
            {
                self = .points(number)
            } else {
                throw FlexStyleError(
                    property: "FlexLength", value: css,
                    message:
                        "is not a length; expected a number of points, a percentage such as \"50%\", "
                        + "or \"auto\"")
            }
        }
    }

    static func parseNumber(_ text: String) -> Double? {
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

/// Parses CSS keywords into the style enums.
enum FlexKeyword {
    static func parse<T: RawRepresentable & CaseIterable>(
        _ text: String, as type: T.Type, property: String
    ) throws
        -> T where T.RawValue == String
    {
        let trimmed = text.trimmingWhitespace()
        if let value = T(rawValue: trimmed) { return value }
        let expected = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw FlexStyleError(
            property: property, value: text,
            message: "is not a valid value; expected one of \(expected)")
    }

    /// Splits an alignment value into its `safe`/`unsafe` prefix and its keyword.
    static func safety(_ text: String) -> (isSafe: Bool, keyword: String) {
        let words = text.trimmingWhitespace().split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 2 && (words[0] == "safe" || words[0] == "unsafe") {
            return (words[0] == "safe", String(words[1]))
        }
        return (false, words.joined(separator: " "))
    }

    static func contentAlignment(_ text: String, property: String) throws -> FlexContentAlignment {
        let (isSafe, keyword) = safety(text)
        let aliases = ["normal": "stretch", "left": "start", "right": "end"]
        let position = try parse(
            aliases[keyword] ?? keyword, as: FlexContentAlignment.Position.self, property: property)
        return FlexContentAlignment(position, isSafe: isSafe)
    }

    static func itemAlignment(_ text: String, property: String) throws -> FlexItemAlignment {
        let (isSafe, keyword) = safety(text)
        let aliases = ["normal": "stretch", "first baseline": "baseline"]
        let position = try parse(
            aliases[keyword] ?? keyword, as: FlexItemAlignment.Position.self, property: property)
        return FlexItemAlignment(position, isSafe: isSafe)
    }
}
