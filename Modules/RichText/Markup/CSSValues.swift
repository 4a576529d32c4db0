import TrellisGeometry
import TrellisText

/// The CSS values the markup parser understands: colours, font sizes and weights, and the
/// declarations of a `style` attribute.
enum CSSValues {
    /// One `property: value` of a `style` attribute, with the UTF-8 offset of the property
    /// from the start of the attribute value.
    struct Declaration {
        var property: String
        var value: String
        var offset: Int
    }

    /// Splits a `style` attribute into declarations at `;`, lowercasing property names.
    /// A part without `:` becomes a declaration with an empty value.
    static func declarations(_ style: String) -> [Declaration] {
        var result: [Declaration] = []
        var offset = 0
        for part in style.split(separator: ";", omittingEmptySubsequences: false) {
            defer { offset += part.utf8.count + 1 }
            let leading = part.prefix { $0.isWhitespace }.utf8.count
            let trimmed = part.trimmingWhitespace()
            guard !trimmed.isEmpty else { continue }
            if let colon = trimmed.firstIndex(of: ":") {
                let property = trimmed[..<colon].trimmingWhitespace().lowercased()
                let value = trimmed[trimmed.index(after: colon)...].trimmingWhitespace()
                result.append(
                    Declaration(property: property, value: value, offset: offset + leading))
            } else {
                result.append(
                    Declaration(property: trimmed.lowercased(), value: "", offset: offset + leading)
                )
            }
        }
        return result
    }

    /// Parses a colour: a CSS name, `#RGB`, `#RRGGBB`, `#RRGGBBAA`, six hexadecimal digits
    /// without `#` (the legacy form of `<font color>`), `rgb(r, g, b)` or `rgba(r, g, b, a)`
    /// with components from 0 to 255 or percentages and alpha from 0 to 1.
    static func color(_ text: String) -> Color? {
        let value = text.trimmingWhitespace()
        if let color = try? Color(parsing: value) { return color }
        if value.utf8.count == 6, value.allSatisfy(\.isHexDigit),
            let color = try? Color(hex: "#" + value)
        {
            return color
        }
        let lower = value.lowercased()
        for prefix in ["rgba(", "rgb("] where lower.hasPrefix(prefix) && lower.hasSuffix(")") {
            let inner = lower.dropFirst(prefix.count).dropLast()
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var components: [Double] = []
            for (index, part) in parts.enumerated() {
                let isPercent = part.hasSuffix("%")
                guard let number = Double(isPercent ? part.dropLast() : part), number.isFinite
                else {
                    return nil
                }
                if index == 3 {
                    components.append(isPercent ? number / 100 : number)
                } else {
                    components.append(isPercent ? number / 100 : number / 255)
                }
            }
            return Color(
                red: components[0], green: components[1], blue: components[2],
                alpha: components.count == 4 ? components[3] : 1)
        }
        return nil
    }

    /// The sizes of the CSS keywords `xx-small` to `xxx-large`, in points (pixels).
    static let keywordSizes: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24,
        "xx-large": 32, "xxx-large": 48,
    ]

    /// The sizes of `<font size="1">` to `<font size="7">`.
    static let legacySizes: [Double] = [10, 13, 16, 18, 24, 32, 48]

    /// Parses a CSS font size: a keyword, `smaller`, `larger`, or a number with the unit `px`
    /// (one point), `pt` (4/3 points), `em`, `rem` or `%` (of the parent size). A bare number
    /// is in pixels.
    static func fontSize(_ text: String, parentSize: Double, rootSize: Double) -> Double? {
        let value = text.trimmingWhitespace().lowercased()
        if let size = keywordSizes[value] { return size }
        if value == "smaller" { return parentSize / 1.2 }
        if value == "larger" { return parentSize * 1.2 }
        let units: [(String, Double)] = [
            ("px", 1), ("pt", 4.0 / 3), ("rem", rootSize), ("em", parentSize),
            ("%", parentSize / 100),
        ]
        for (unit, scale) in units where value.hasSuffix(unit) {
            guard let number = Double(value.dropLast(unit.count)), number.isFinite, number >= 0
            else {
                return nil
            }
            return number * scale
        }
        guard let number = Double(value), number.isFinite, number >= 0 else { return nil }
        return number
    }

    /// Parses a `<font size>`: 1 to 7, or `+n` / `-n` from 3.
    static func legacyFontSize(_ text: String) -> Double? {
        let value = text.trimmingWhitespace()
        guard let number = Int(value.hasPrefix("+") ? String(value.dropFirst()) : value) else {
            return nil
        }
        let bounded = min(max(number, -10), 10)
        let level = value.hasPrefix("+") || value.hasPrefix("-") ? 3 + bounded : bounded
        return legacySizes[min(max(level, 1), 7) - 1]
    }

    /// Parses a CSS font weight: `normal`, `bold`, `bolder`, `lighter` or 100 to 900.
    static func fontWeight(_ text: String, parent: Font.Weight) -> Font.Weight? {
        switch text.trimmingWhitespace().lowercased() {
        case "normal": return .regular
        case "bold": return .bold
        case "bolder": return parent >= .bold ? .black : .bold
        case "lighter": return parent > .regular ? .regular : .light
        case let value:
            guard let number = Int(value), (1...1000).contains(number) else { return nil }
            let weights: [Font.Weight] = [
                .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
            ]
            return weights[min(max((number + 50) / 100, 1), 9) - 1]
        }
    }

    /// The first family of a `font-family` or `<font face>` list, without quotes.
    static func family(_ text: String) -> String? {
        let first = text.split(separator: ",").first.map { $0.trimmingWhitespace() } ?? ""
        let unquoted = first.trimmingCharacters(in: "\"'")
        return unquoted.isEmpty ? nil : unquoted
    }
}

extension StringProtocol {
    /// The string without leading and trailing white space.
    func trimmingWhitespace() -> String {
        trimmingCharacters(where: \.isWhitespace)
    }

    /// The string without leading and trailing characters of a set.
    func trimmingCharacters(in set: String) -> String {
        trimmingCharacters(where: { set.contains($0) })
    }

    private func trimmingCharacters(where predicate: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !predicate($0) }),
            let last = lastIndex(where: { !predicate($0) })
        else { return "" }
        return String(self[first...last])
    }
}
