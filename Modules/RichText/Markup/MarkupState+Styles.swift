import TrellisText

extension MarkupState {
    /// Elements without formatting of their own that are not reported as unknown.
    private static let plainElements: Set<String> = ["span", "html", "body", "head"]

    /// The frame of an inline element: its attributes from the current ones.
    mutating func inlineFrame(_ tag: MarkupTag) -> Frame {
        var attributes = current.attributes
        let font = attributes.font ?? options.font
        let offset = tag.range.lowerBound
        switch tag.name {
        case "b", "strong":
            attributes.font = Self.font(font) { $0.weight = .bold }
        case "i", "em":
            attributes.font = Self.font(font) { $0.isItalic = true }
        case "u", "ins":
            attributes.underline = .single
        case "s", "del", "strike":
            attributes.strikethrough = .single
        case "small":
            attributes.font = font.withSize(font.size / 1.2)
        case "big":
            attributes.font = font.withSize(font.size * 1.2)
        case "sub", "sup":
            attributes.font = font.withSize(font.size * 0.75)
            let shift = tag.name == "sub" ? -0.25 * font.size : 0.4 * font.size
            attributes.baselineOffset = (attributes.baselineOffset ?? 0) + shift
        case "code", "tt", "kbd", "samp":
            attributes.font = Self.font(font) { $0.isMonospaced = true }
        case "font":
            applyFontElement(tag, to: &attributes)
        case "a":
            if let (href, _) = attribute("href", of: tag) {
                attributes.link = href
                attributes.merge(options.linkAttributes)
            }
        case let name where Self.plainElements.contains(name):
            break
        default:
            warnOnce(
                "<\(tag.name)>",
                "unknown element <\(tag.name.prefix(40))>; its text is kept without formatting",
                at: offset)
        }
        return Frame(name: tag.name, kind: .inline, attributes: attributes, openedAt: offset)
    }

    private static func font(_ font: Font, _ change: (inout Font) -> Void) -> Font {
        var result = font
        change(&result)
        return result
    }

    /// Applies `<font color size face>`.
    private mutating func applyFontElement(_ tag: MarkupTag, to attributes: inout TextAttributes) {
        var font = attributes.font ?? options.font
        if let (value, offset) = attribute("color", of: tag) {
            if let color = CSSValues.color(value) {
                attributes.foregroundColor = color
            } else {
                warn(Self.unknownColor(value, in: "<font color>"), at: offset)
            }
        }
        if let (value, offset) = attribute("size", of: tag) {
            if let size = CSSValues.legacyFontSize(value) {
                font.size = size
            } else {
                warn(
                    "<font size=\"\(value.prefix(20))\"> is not 1 to 7 or +n/-n; ignored",
                    at: offset)
            }
        }
        if let (value, _) = attribute("face", of: tag), let family = CSSValues.family(value) {
            font.family = family
        }
        attributes.font = font
    }

    static func unknownColor(_ value: String, in context: String) -> String {
        "unknown colour \"\(value.prefix(40))\" in \(context); use a CSS colour name or #RRGGBB"
    }

    /// Applies the declarations of a `style` attribute to a frame.
    mutating func applyStyle(_ style: String, at offset: Int, to frame: inout Frame) {
        var font = frame.attributes.font ?? options.font
        let parentSize = font.size
        for declaration in CSSValues.declarations(style) {
            let value = declaration.value
            let position = offset + declaration.offset
            let property = declaration.property
            func invalid() {
                warn(
                    "invalid value \"\(value.prefix(40))\" for CSS property \(property); ignored",
                    at: position)
            }
            switch property {
            case "color", "background-color", "background":
                guard let color = CSSValues.color(value) else {
                    warn(Self.unknownColor(value, in: "the CSS property \(property)"), at: position)
                    continue
                }
                if property == "color" {
                    frame.attributes.foregroundColor = color
                } else {
                    frame.attributes.backgroundColor = color
                }
            case "font-size":
                guard
                    let size = CSSValues.fontSize(
                        value, parentSize: parentSize, rootSize: options.font.size)
                else {
                    invalid()
                    continue
                }
                font.size = size
            case "font-weight":
                guard let weight = CSSValues.fontWeight(value, parent: font.weight) else {
                    invalid()
                    continue
                }
                font.weight = weight
            case "font-style":
                switch value.lowercased() {
                case "italic", "oblique": font.isItalic = true
                case "normal": font.isItalic = false
                default: invalid()
                }
            case "font-family":
                if let family = CSSValues.family(value) { font.family = family } else { invalid() }
            case "text-decoration", "text-decoration-line":
                if !Self.applyTextDecoration(value, to: &frame.attributes) { invalid() }
            case "text-align":
                if !applyTextAlign(value, to: &frame) { invalid() }
            default:
                warnOnce(
                    "css:\(property)", "unsupported CSS property \(property.prefix(40)); ignored",
                    at: position)
            }
        }
        frame.attributes.font = font
    }

    /// Applies a `text-decoration`; returns whether every word was understood.
    private static func applyTextDecoration(_ value: String, to attributes: inout TextAttributes)
        -> Bool
    {
        var isValid = true
        for word in value.lowercased().split(separator: " ") {
            switch word {
            case "underline": attributes.underline = .single
            case "line-through": attributes.strikethrough = .single
            case "none":
                attributes.underline = nil
                attributes.strikethrough = nil
            case "overline", "blink": break
            default: isValid = false
            }
        }
        return isValid
    }

    /// Applies a `text-align` to a block; returns whether the value was understood.
    private func applyTextAlign(_ value: String, to frame: inout Frame) -> Bool {
        let alignments: [String: TextAlignment] = [
            "left": .left, "right": .right, "center": .center, "justify": .justified,
            "start": .natural,
        ]
        guard let alignment = alignments[value.lowercased()] else { return false }
        guard frame.isBlock else { return true }
        var style = frame.attributes.paragraphStyle ?? options.paragraphStyle
        style.alignment = alignment
        frame.attributes.paragraphStyle = style == .default ? nil : style
        return true
    }
}
