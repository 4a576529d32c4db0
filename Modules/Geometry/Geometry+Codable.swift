// Geometry values encode as compact JSON arrays, as Trellis scenes write them:
// a point as [x, y], a size as [width, height], a rectangle as [x, y, width, height], insets as
// [top, left, bottom, right] (directional: [top, leading, bottom, trailing]) and a transform as
// [a, b, c, d, tx, ty]. A colour encodes as "#RRGGBB" or "#RRGGBBAA" when that is exact, and as
// [red, green, blue, alpha] otherwise, so that encoding never loses precision.

private func decodeNumbers(
    from decoder: any Decoder, count: Int, what: String
) throws -> [Double] {
    var container = try decoder.unkeyedContainer()
    var values: [Double] = []
    while !container.isAtEnd {
        values.append(try container.decode(Double.self))
        if values.count > count { break }
    }
    guard values.count == count else {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "\(what) needs an array of \(count) numbers"
            )
        )
    }
    return values
}

private func encodeNumbers(_ values: [Double], to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for value in values { try container.encode(value) }
}

extension Point: Codable {
    /// Decodes a point from `[x, y]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 2, what: "a point")
        self.init(x: v[0], y: v[1])
    }

    /// Encodes the point as `[x, y]`.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([x, y], to: encoder)
    }
}

extension Size: Codable {
    /// Decodes a size from `[width, height]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 2, what: "a size")
        self.init(width: v[0], height: v[1])
    }

    /// Encodes the size as `[width, height]`.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([width, height], to: encoder)
    }
}

extension Rect: Codable {
    /// Decodes a rectangle from `[x, y, width, height]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 4, what: "a rectangle")
        self.init(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// Encodes the rectangle as `[x, y, width, height]`, its size unstandardized.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([origin.x, origin.y, size.width, size.height], to: encoder)
    }
}

extension EdgeInsets: Codable {
    /// Decodes insets from `[top, left, bottom, right]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 4, what: "insets")
        self.init(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// Encodes the insets as `[top, left, bottom, right]`.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([top, left, bottom, right], to: encoder)
    }
}

extension DirectionalEdgeInsets: Codable {
    /// Decodes insets from `[top, leading, bottom, trailing]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 4, what: "directional insets")
        self.init(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }

    /// Encodes the insets as `[top, leading, bottom, trailing]`.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([top, leading, bottom, trailing], to: encoder)
    }
}

extension AffineTransform: Codable {
    /// Decodes a transform from `[a, b, c, d, tx, ty]`.
    public init(from decoder: any Decoder) throws {
        let v = try decodeNumbers(from: decoder, count: 6, what: "a transform")
        self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// Encodes the transform as `[a, b, c, d, tx, ty]`.
    public func encode(to encoder: any Encoder) throws {
        try encodeNumbers([a, b, c, d, tx, ty], to: encoder)
    }
}

extension Color: Codable {
    /// Decodes a colour from a hexadecimal string, a CSS colour name, or
    /// `[red, green, blue, alpha]` in `0...1`.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            do {
                try self.init(parsing: text)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: error.description
                )
            }
            return
        }
        let v = try decodeNumbers(from: decoder, count: 4, what: "a colour")
        self.init(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }

    /// Encodes the colour as a hexadecimal string when 8-bit components represent it exactly,
    /// and as `[red, green, blue, alpha]` otherwise.
    public func encode(to encoder: any Encoder) throws {
        let (r, g, b, a) = rgba8
        let exact = Color(
            red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255,
            alpha: Double(a) / 255
        )
        if exact == self {
            var single = encoder.singleValueContainer()
            try single.encode(hexString)
        } else {
            try encodeNumbers([red, green, blue, alpha], to: encoder)
        }
    }
}
