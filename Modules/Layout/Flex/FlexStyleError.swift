/// A CSS value that could not be applied to a ``FlexStyle``: an unknown property, or a value the
/// property does not accept.
///
/// The description names the property, quotes the bad value (an unknown property has none)
/// and lists what is accepted:
/// `flexDirection: "rowreverse" is not a valid value; expected one of row, row-reverse,
/// column, column-reverse`.
public struct FlexStyleError: Error, Sendable, CustomStringConvertible {
    /// The property, as it was given.
    public var property: String
    /// The offending value, as it was given (empty for an unknown property).
    public var value: String
    /// What is wrong and what would be accepted.
    public var message: String

    /// Creates an error.
    public init(property: String, value: String, message: String) {
        self.property = property
        self.value = value
        self.message = message
    }

    /// The error as one line.
    public var description: String {
        message.hasPrefix("unknown")
            ? "\(property): \(message)" : "\(property): \"\(value)\" \(message)"
    }
}

/// A value given to ``FlexStyle/set(_:to:within:)``: a number, a CSS string, or a list (for the
/// four-edge shorthands `margin`, `padding` and `border`).
///
/// Literals build values: `try style.set("width", to: 120)`, `try style.set("flexDirection",
/// to: "row-reverse")`, `try style.set("margin", to: [8, "auto", 8, "auto"])`.
public enum FlexStyleValue: Sendable, Hashable {
    /// A number: points for lengths, a plain number for factors.
    case number(Double)
    /// A CSS value string: a keyword, `"50%"`, `"12px"`, `"auto"` or a number.
    case string(String)
    /// A list of values, for `[top, right, bottom, left]` edges.
    case list([FlexStyleValue])

    /// The value as written in CSS, for error messages.
    var cssText: String {
        switch self {
        case .number(let number): FlexStyleValue.format(number)
        case .string(let string): string
        case .list(let values): "[" + values.map(\.cssText).joined(separator: ", ") + "]"
        }
    }

    static func format(_ number: Double) -> String {
        if number.isFinite && number == number.rounded() && abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension FlexStyleValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral
{
    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a number value.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a number value.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates a list value.
    public init(arrayLiteral elements: FlexStyleValue...) { self = .list(elements) }
}
