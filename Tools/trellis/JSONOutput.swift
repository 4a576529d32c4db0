/// Writes the small JSON documents the command prints: strings escaped per RFC 8259 and
/// numbers rounded to three decimals.
enum JSONOutput {
    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028
                    || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number rounded to three decimals, without trailing zeros (`0` for non-finite values,
    /// which JSON cannot hold).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        if abs(rounded) >= 1e15 { return String(rounded) }
        var text = String(Int64((abs(rounded) * 1000).rounded()))
        while text.count < 4 { text = "0" + text }
        var fraction = String(text.suffix(3))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (rounded < 0 ? "-" : "") + String(text.dropLast(3)) + "." + fraction
    }
}
