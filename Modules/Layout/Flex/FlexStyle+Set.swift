import TrellisGeometry

extension FlexStyle {
    /// The property names ``set(_:to:within:)`` accepts, in camelCase as the scene format writes them.
    public static let propertyNames: [String] = [
        "display", "position", "direction", "boxSizing", "overflow", "overflowX", "overflowY",
        "scrollbarWidth",
        "left", "top", "right", "bottom", "flexDirection", "flexWrap", "flexLineCount",
        "intrinsicSizing",
        "justifyContent",
        "alignContent", "alignItems", "alignSelf", "flexGrow", "flexShrink", "flexBasis", "width",
        "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "aspectRatio", "gap", "rowGap",
        "columnGap",
        "margin", "marginTop", "marginRight", "marginBottom", "marginLeft", "padding", "paddingTop",
        "paddingRight", "paddingBottom", "paddingLeft", "border", "borderTop", "borderRight",
        "borderBottom",
        "borderLeft",
    ]

    /// Sets a property from a CSS value, as a scene file or a stylesheet writes it.
    ///
    /// Property names are camelCase (`flexDirection`) or CSS's kebab-case (`flex-direction`).
    /// Lengths are numbers of points, `"12px"`, percentages such as `"50%"`, or `"auto"`;
    /// keywords are CSS's (`"row-reverse"`, `"space-between"`, `"safe end"`). `margin`,
    /// `padding` and `border` take one value or a list of four in CSS order
    /// `[top, right, bottom, left]`.
    ///
    /// ```swift
    /// var style = FlexStyle()
    /// try style.set("flexDirection", to: "column-reverse")
    /// try style.set("width", to: "50%")
    /// try style.set("margin", to: [8, "auto", 8, "auto"])
    /// try style.set("justifyContent", to: "spaceBetween")  // throws: names the value
    /// ```
    ///
    /// - Parameters:
    ///   - property: The property name.
    ///   - value: A number, a CSS string, or a list of four for the edge shorthands.
    ///   - limit: The largest magnitude a number may have (a length, a percentage, a factor,
    ///     an aspect ratio and its inverse); CSS's own range when not given. A document format
    ///     with a range of its own, as scenes have, passes it.
    /// - Throws: ``FlexStyleError`` naming the property and the value when the property is
    ///   unknown or the value is not valid for it, or beyond `limit`; the style is then
    ///   unchanged.
    public mutating func set(
        _ property: String, to value: FlexStyleValue, within limit: Double = .infinity
    ) throws {
        let name = FlexStyle.camelCase(property)
        do {
            if limit.isFinite { try Self.check(value, within: limit) }
            if name == "aspectRatio", limit.isFinite {
                // A ratio as one number, bare or as text: its inverse is bounded too.
                var ratio: Double?
                switch value {
                case .number(let number): ratio = number
                case .string(let text): ratio = Double(text.trimmingWhitespace())
                case .list: ratio = nil
                }
                if let ratio, ratio > 0 { try Self.check(.number(1 / ratio), within: limit) }
            }
            try apply(name, value)
        } catch var error as FlexStyleError {
            error.property = property
            if error.value.isEmpty && !(error.message.hasPrefix("unknown")) {
                error.value = value.cssText
            }
            throw error
        }
    }

    private static func camelCase(_ name: String) -> String {
        // Through a contiguous buffer: iterating a small string's UTF-8 view byte by byte cost
        // about 200 instructions for `width`, twice for every styled view of a scene.
        var bytes = name
        guard bytes.withUTF8({ $0.contains(UInt8(ascii: "-")) }) else { return name }
        var result = ""
        var upper = false
        for character in name {
            if character == "-" {
                upper = true
            } else {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return result.replacingWidthSuffix()
    }

    // Dispatches on the property name; each branch parses one property.
    private mutating func apply(_ name: String, _ value: FlexStyleValue) throws {
        switch name {
        // The sizes first: they are the properties most styles set.
        case "width": width = try length(value, minimum: 0)
        case "height": height = try length(value, minimum: 0)
        case "display":
            display = try FlexKeyword.parse(try text(value), as: FlexDisplay.self, property: name)
        case "position":
            position = try FlexKeyword.parse(try text(value), as: FlexPosition.self, property: name)
        case "direction":
            direction = try FlexKeyword.parse(
                try text(value), as: LayoutDirection.self, property: name)
        case "boxSizing":
            boxSizing = try FlexKeyword.parse(
                try text(value), as: FlexBoxSizing.self, property: name)
        case "overflow":
            overflowX = try FlexKeyword.parse(
                try text(value), as: FlexOverflow.self, property: name)
            overflowY = overflowX
        case "overflowX":
            overflowX = try FlexKeyword.parse(
                try text(value), as: FlexOverflow.self, property: name)
        case "overflowY":
            overflowY = try FlexKeyword.parse(
                try text(value), as: FlexOverflow.self, property: name)
        case "scrollbarWidth": scrollbarWidth = try number(value, minimum: 0)
        case "left": left = try length(value)
        case "top": top = try length(value)
        case "right": right = try length(value)
        case "bottom": bottom = try length(value)
        case "flexDirection":
            flexDirection = try FlexKeyword.parse(
                try text(value), as: FlexDirection.self, property: name)
        case "flexWrap":
            let words = try text(value).split(separator: " ").map(String.init)
            let joined =
                words.count == 2 && words.contains("balance") && words.contains("wrap-reverse")
                ? "wrap-reverse balance" : words.joined(separator: " ")
            flexWrap = try FlexKeyword.parse(joined, as: FlexWrap.self, property: name)
        case "flexLineCount":
            let count = try number(value, minimum: 1)
            guard count == count.rounded(), count <= Double(Int32.max) else {
                throw FlexStyleError(
                    property: name, value: "", message: "is not a whole number of lines")
            }
            flexLineCount = Int(count)
        case "intrinsicSizing":
            intrinsicSizing = try FlexKeyword.parse(
                try text(value), as: FlexIntrinsicSizing.self, property: name)
        case "justifyContent":
            justifyContent = try FlexKeyword.contentAlignment(try text(value), property: name)
        case "alignContent":
            alignContent = try FlexKeyword.contentAlignment(try text(value), property: name)
        case "alignItems":
            alignItems = try FlexKeyword.itemAlignment(try text(value), property: name)
        case "alignSelf":
            let raw = try text(value).trimmingWhitespace()
            alignSelf = raw == "auto" ? nil : try FlexKeyword.itemAlignment(raw, property: name)
        case "flexGrow": flexGrow = try number(value, minimum: 0)
        case "flexShrink": flexShrink = try number(value, minimum: 0)
        case "flexBasis": flexBasis = try length(value, minimum: 0)
        default: try applySize(name, value)
        }
    }

    private mutating func applySize(_ name: String, _ value: FlexStyleValue) throws {
        switch name {
        case "minWidth": minWidth = try length(value, minimum: 0)
        case "minHeight": minHeight = try length(value, minimum: 0)
        case "maxWidth": maxWidth = try length(value, minimum: 0)
        case "maxHeight": maxHeight = try length(value, minimum: 0)
        case "aspectRatio": aspectRatio = try ratio(value)
        case "gap": gap = try length(value, minimum: 0)
        case "rowGap": rowGap = try length(value, minimum: 0)
        case "columnGap": columnGap = try length(value, minimum: 0)
        case "margin": margin = try edges(value, minimum: nil)
        case "padding": padding = try edges(value, minimum: 0)
        case "border": border = try edges(value, minimum: 0)
        default: try applyEdge(name, value)
        }
    }

    private mutating func applyEdge(_ name: String, _ value: FlexStyleValue) throws {
        let prefixes = ["margin", "padding", "border"]
        let sides = ["Top", "Right", "Bottom", "Left"]
        guard let prefix = prefixes.first(where: { name.hasPrefix($0) }),
            let side = sides.first(where: { name == prefix + $0 })
        else {
            throw FlexStyleError(
                property: name, value: "",
                message:
                    "unknown property; expected one of \(FlexStyle.propertyNames.joined(separator: ", "))"
            )
        }
        let parsed = try length(value, minimum: prefix == "margin" ? nil : 0)
        func update(_ edges: inout FlexEdges) {
            switch side {
            case "Top": edges.top = parsed
            case "Right": edges.right = parsed
            case "Bottom": edges.bottom = parsed
            default: edges.left = parsed
            }
        }
        switch prefix {
        case "margin": update(&margin)
        case "padding": update(&padding)
        default: update(&border)
        }
    }

    private func text(_ value: FlexStyleValue) throws -> String {
        switch value {
        case .string(let string): return string
        case .number(let number): return FlexStyleValue.format(number)
        case .list:
            throw FlexStyleError(
                property: "", value: "", message: "is a list; this property takes one value")
        }
    }

    private func number(_ value: FlexStyleValue, minimum: Double) throws -> Double {
        let parsed: Double?
        switch value {
        case .number(let number): parsed = number.isFinite ? number : nil
        case .string(let string): parsed = FlexLength.parseNumber(string.trimmingWhitespace())
        case .list: parsed = nil
        }
        guard let parsed else {
            throw FlexStyleError(property: "", value: "", message: "is not a finite number")
        }
        guard parsed >= minimum else {
            throw FlexStyleError(
                property: "", value: "",
                message: "is below the minimum of \(FlexStyleValue.format(minimum))")
        }
        return parsed
    }

    private func ratio(_ value: FlexStyleValue) throws -> Double? {
        if case .string(let string) = value {
            let text = string.trimmingWhitespace()
            if text == "auto" { return nil }
            let parts = text.split(separator: "/").map { String($0).trimmingWhitespace() }
            if parts.count == 2, let width = FlexLength.parseNumber(parts[0]),
                let height = FlexLength.parseNumber(parts[1]), width > 0, height > 0
            {
                return width / height
            }
        }
        let ratio = try number(value, minimum: 0)
        guard ratio > 0 else {
            throw FlexStyleError(
                property: "", value: "", message: "must be above 0, \"w / h\", or \"auto\"")
        }
        return ratio
    }

    private func length(_ value: FlexStyleValue, minimum: Double? = nil) throws -> FlexLength {
        let parsed: FlexLength
        switch value {
        case .number(let number):
            guard number.isFinite else {
                throw FlexStyleError(property: "", value: "", message: "is not a finite length")
            }
            parsed = .points(number)
        case .string(let string):
            do {
                parsed = try FlexLength(css: string)
            } catch let error as FlexStyleError {
                throw FlexStyleError(property: "", value: "", message: error.message)
            }
        case .list:
            throw FlexStyleError(
                property: "", value: "", message: "is a list; this property takes one length")
        }
        if let minimum {
            switch parsed {
            case .points(let number), .percent(let number):
                if number < minimum {
                    throw FlexStyleError(
                        property: "", value: "", message: "is negative; use 0 or more")
                }
            default: break
            }
        }
        return parsed
    }

    /// Refuses a number in `value` beyond `limit`: a length, a percentage or a factor whose
    /// magnitude is larger, or a ratio `w / h` either of whose quotients is.
    private static func check(_ value: FlexStyleValue, within limit: Double) throws {
        func refuse() throws -> Never {
            throw FlexStyleError(
                property: "", value: "",
                message:
                    "is out of range; numbers must be within ±\(FlexStyleValue.format(limit))")
        }
        switch value {
        case .number(let number):
            if abs(number) > limit { try refuse() }
        case .string(let string):
            let text = string.trimmingWhitespace()
            let parts = text.split(separator: "/").map { String($0).trimmingWhitespace() }
            if parts.count == 2, let w = FlexLength.parseNumber(parts[0]),
                let h = FlexLength.parseNumber(parts[1]), w > 0, h > 0
            {
                if w / h > limit || h / w > limit { try refuse() }
                return
            }
            var number = text
            for unit in ["px", "%"] where number.hasSuffix(unit) { number.removeLast(unit.count) }
            if let parsed = Double(number), !(abs(parsed) <= limit) { try refuse() }
        case .list(let values):
            for value in values { try check(value, within: limit) }
        }
    }

    private func edges(_ value: FlexStyleValue, minimum: Double?) throws -> FlexEdges {
        if case .list(let values) = value {
            guard values.count == 4 else {
                throw FlexStyleError(
                    property: "", value: "",
                    message:
                        "has \(values.count) values; give one value or four: [top, right, bottom, left]"
                )
            }
            return FlexEdges(
                top: try length(values[0], minimum: minimum),
                right: try length(values[1], minimum: minimum),
                bottom: try length(values[2], minimum: minimum),
                left: try length(values[3], minimum: minimum))
        }
        return FlexEdges(all: try length(value, minimum: minimum))
    }
}

extension String {
    /// CSS's `border-top-width` is `borderTop` here.
    fileprivate func replacingWidthSuffix() -> String {
        for side in ["Top", "Right", "Bottom", "Left"] where self == "border\(side)Width" {
            return "border\(side)"
        }
        return self
    }
}
