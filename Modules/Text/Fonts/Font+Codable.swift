extension Font: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case family, size, weight, italic, monospaced
    }

    /// A key that is not one of the font's, to find unknown keys.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The size of a decoded font that gives none: UIKit's default label size.
    public static let defaultSize = 17.0

    /// Decodes a font from the object of the scene format:
    /// `{"family": "DejaVu Sans", "size": 14, "weight": "bold", "italic": false,
    /// "monospaced": false}`.
    ///
    /// Every key is optional: the family defaults to ``systemFamily``, the size to
    /// ``defaultSize``, the weight to regular. The weight is a name of ``Weight/named``
    /// (or `"normal"`) or a number from -1 to 1.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the key and its path for an unknown key,
    ///   a size that is not a finite number in `0...maximumSize`, or an unknown weight.
    public init(from decoder: any Decoder) throws {
        let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys
            .map(\.stringValue).filter { CodingKeys(rawValue: $0) == nil }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let key = unknown.sorted().first {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [AnyKey(stringValue: key)],
                    debugDescription:
                        "unknown key '\(key)' in a font; the keys are "
                        + CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        let size = try container.decodeIfPresent(Double.self, forKey: .size) ?? Self.defaultSize
        guard size.isFinite, size >= 0, size <= Self.maximumSize else {
            throw DecodingError.dataCorruptedError(
                forKey: .size, in: container,
                debugDescription:
                    "font size \(size) is not a number of points in 0...\(Self.maximumSize)")
        }
        var weight = Weight.regular
        if let name = try? container.decodeIfPresent(String.self, forKey: .weight) {
            guard let named = Weight(name: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .weight, in: container,
                    debugDescription:
                        "unknown font weight '\(name)'; use one of "
                        + Weight.named.map(\.name).joined(separator: ", ")
                        + " or a number from -1 to 1")
            }
            weight = named
        } else if let number = try container.decodeIfPresent(Double.self, forKey: .weight) {
            guard number.isFinite, (-1...1).contains(number) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .weight, in: container,
                    debugDescription: "font weight \(number) is not in -1...1")
            }
            weight = Weight(rawValue: number)
        }
        self.init(
            family: try container.decodeIfPresent(String.self, forKey: .family)
                ?? Self.systemFamily,
            size: size, weight: weight,
            isItalic: try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false,
            isMonospaced: try container.decodeIfPresent(Bool.self, forKey: .monospaced) ?? false)
    }

    /// Encodes the font as the object of the scene format, with the weight as a name when it
    /// has one.
    ///
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(size, forKey: .size)
        if let name = weight.name {
            try container.encode(name, forKey: .weight)
        } else {
            try container.encode(weight.rawValue, forKey: .weight)
        }
        try container.encode(isItalic, forKey: .italic)
        try container.encode(isMonospaced, forKey: .monospaced)
    }
}
