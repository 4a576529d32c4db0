import TrellisGeometry

/// Writes the small JSON documents that scenes and the `trellis` command print: strings escaped
/// per RFC 8259 (controls, C1 controls and bidirectional controls as `\u` escapes, so that no
/// string reaches a terminal as a control sequence) and numbers rounded to three decimals.
package enum JSONOutput {
    /// A JSON string literal.
    package static func string(_ text: String) -> String {
        // Printable ASCII without a quote or backslash, as ids usually are, needs no escapes.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.isUnsafeToEcho {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number rounded to three decimals, without trailing zeros; `null` for a value that is
    /// not finite, which JSON cannot hold.
    package static func number(_ value: Double) -> String {
        value.isFinite ? value.decimalDescription : "null"
    }

    /// Appends ``string(_:)`` of a text to UTF-8 bytes.
    package static func append(string text: String, to bytes: inout [UInt8]) {
        guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else {
            bytes.append(contentsOf: string(text).utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ``number(_:)`` of a value to UTF-8 bytes, digit by digit without making a
    /// string: the thousandths as an integer, then its whole part and its fraction without
    /// trailing zeros, as `Double.decimalDescription` writes them.
    package static func append(number value: Double, to bytes: inout [UInt8]) {
        // Beyond a billion, thousandths come near the precision of a double: the string's way.
        guard value.isFinite, abs(value) < 1e9 else {
            bytes.append(contentsOf: number(value).utf8)
            return
        }
        let rounded = (value * 1000).rounded() / 1000
        let thousandths = Int64((abs(rounded) * 1000).rounded())
        if rounded < 0, thousandths != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: thousandths / 1000, to: &bytes)
        var fraction = thousandths % 1000
        guard fraction != 0 else { return }
        var places = 3
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = places == 3 ? 100 : places == 2 ? 10 : 1
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends the decimal digits of a value that is not negative.
    private static func appendDigits(of value: Int64, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text, members in their order, that ``JSONParser`` reads back
    /// to an equal value: strings escaped (control, C1 and bidirectional control characters as
    /// `\u` escapes), whole numbers without a fraction, other numbers in their shortest exact
    /// form, and `null` for a number that is not finite.
    ///
    /// ```swift
    /// JSONValue.object([("format", .string("png")), ("scale", .number(2))]).text
    /// // {"format":"png","scale":2}
    /// ```
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            guard value.isFinite else { return "null" }
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let value): return JSONOutput.string(value)
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { JSONOutput.string($0.key) + ":" + $0.value.text }
                .joined(separator: ",") + "}"
        }
    }
}
