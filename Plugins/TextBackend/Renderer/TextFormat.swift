public import TrellisGeometry
public import TrellisPluginKit

/// Formats numbers, colours and strings the way the text backend writes them, so that two
/// renders of the same frame compare equal byte for byte and diffs stay readable.
public enum TextFormat {
    /// A number rounded to three decimals, without trailing zeros, and never `-0`.
    public static func number(_ value: Double) -> String {
        value.decimalDescription
    }

    /// Numbers separated by spaces.
    public static func numbers(_ values: Double...) -> String {
        values.map(number).joined(separator: " ")
    }

    /// A rectangle as `x y width height`.
    public static func rect(_ r: Rect) -> String {
        numbers(r.origin.x, r.origin.y, r.size.width, r.size.height)
    }

    /// Corner radii as `radii tl tr br bl`, or `radii r` when all four are equal.
    public static func radii(_ r: CornerRadii) -> String {
        if r.topLeft == r.topRight && r.topLeft == r.bottomRight && r.topLeft == r.bottomLeft {
            return "radii " + number(r.topLeft)
        }
        return "radii " + numbers(r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
    }

    /// A colour as `#RRGGBB` or `#RRGGBBAA`.
    public static func color(_ c: Color) -> String { c.hexString }

    /// A string in double quotes with `\"`, `\\`, `\n`, `\t` and `\u{…}` escapes for every other
    /// control character, so that no content can break a line or reach a terminal raw.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 {
                    result += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
