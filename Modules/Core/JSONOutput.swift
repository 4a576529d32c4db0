import TrellisGeometry

/// Writes the small JSON documents that scenes and the `trellis` command print: strings escaped
/// per RFC 8259 (controls, C1 controls and bidirectional controls as `\u` escapes, so that no
/// string reaches a terminal as a control sequence) and numbers rounded to three decimals.
package enum JSONOutput {
    /// A JSON string literal.
    package static func string(_ text: String) -> String {
        if needsNoEscapes(text) {
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

    /// Whether a text is printable ASCII without a quote or backslash, as ids usually are,
    /// and so needs no escapes.
    private static func needsNoEscapes(_ text: String) -> Bool {
        text.utf8.allSatisfy(isPlain)
    }

    /// Whether a byte stands for itself in a JSON string literal: printable ASCII other than
    /// `"` and `\`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C
    }

    /// Appends ``string(_:)`` of a text to UTF-8 bytes.
    package static func append(string text: String, to bytes: inout [UInt8]) {
        // The UTF-8 is read in place (a small string's from a copy on the stack): checked and
        // copied in one pass each, without a generic walk of the string's view.
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard utf8.allSatisfy(isPlain) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { bytes.append(contentsOf: string(text).utf8) }
    }

    /// Appends ``number(_:)`` of a value to UTF-8 bytes.
    package static func append(number value: Double, to bytes: inout [UInt8]) {
        if value.isFinite {
            value.appendDecimalDescription(to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    /// The most bytes ``write(number:to:)`` writes.
    package static let numberCapacity = Double.decimalDescriptionCapacity

    /// Writes ``number(_:)`` of a value as UTF-8 to `out`, which has room for
    /// ``numberCapacity`` bytes, and returns how many it wrote.
    package static func write(number value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isFinite { return value.writeDecimalDescription(to: out) }
        for (offset, byte) in "null".utf8.enumerated() { out[offset] = byte }
        return 4
    }

    /// Writes a string literal of a text to `out` and returns how many bytes it wrote, when
    /// the text needs no escapes and its literal fits in `capacity` bytes; otherwise writes
    /// nothing and returns `nil`.
    package static func write(
        plainString text: String, to out: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int? {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count + 2 <= capacity, utf8.allSatisfy(isPlain) else { return nil }
            out[0] = UInt8(ascii: "\"")
            if let base = utf8.baseAddress { (out + 1).update(from: base, count: utf8.count) }
            out[utf8.count + 1] = UInt8(ascii: "\"")
            return utf8.count + 2
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
