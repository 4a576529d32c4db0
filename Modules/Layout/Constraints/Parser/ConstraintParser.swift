extension LayoutConstraint {
    /// Parses a constraint written in the textual form of Trellis scenes, resolving item names
    /// in a dictionary; `super` names the container.
    ///
    /// ```swift
    /// let items = ["title": title, "image": image]
    /// let c = try LayoutConstraint.parse(
    ///     "title.leading == image.trailing + 8 @750", container: root, items: items)
    /// ```
    ///
    /// The form is `item.attribute relation [k *] item.attribute [* k] [+ c | - c] [@priority]`,
    /// or a constant alone on the right of a size (`save.height >= 44`). Attributes are `left
    /// right top bottom leading trailing width height centerX centerY firstBaseline
    /// lastBaseline`; relations `==`, `>=`, `<=`; a multiplier only relates sizes (width and
    /// height may be related, for an aspect ratio); a priority is in
    /// `1...1000` (1000, required, by default). Names are letters, digits and `_`.
    ///
    /// - Returns: An inactive constraint.
    /// - Throws: ``ConstraintParseError`` pointing at the offending text.
    public static func parse(
        _ text: String, container: LayoutItem, items: [String: LayoutItem]
    ) throws(ConstraintParseError) -> LayoutConstraint {
        // The names are sorted only for an error message, never on the path that succeeds.
        try parse(
            text, container: container,
            resolveUTF8: {
                items[String(decoding: $0, as: UTF8.self)].map(Unmanaged.passUnretained)
            },
            knownNames: { Array(items.keys) })
    }

    /// Parses a constraint in the textual form, resolving each item name from its UTF-8
    /// bytes (as the scene decoder's `ItemNameTable` does, without making a string of it);
    /// `super` names the container, and `knownNames` lists the names for an error message
    /// about an unknown one.
    package static func parse(
        _ text: String, container: LayoutItem,
        resolveUTF8: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?,
        knownNames: () -> [String]
    ) throws(ConstraintParseError) -> LayoutConstraint {
        try ConstraintLexer.withUTF8(of: text) { (utf8) throws(ConstraintParseError) in
            try ConstraintParser(utf8: utf8, container: container)
                .parse(resolve: resolveUTF8, knownNames: { knownNames() })
        }
    }

    /// Parses a constraint given as valid UTF-8 (as a document holds it, without a string
    /// being made of it); see ``parse(_:container:resolveUTF8:knownNames:)``. The resolver
    /// answers unretained: its owner keeps the items for the parse.
    package static func parse(
        utf8: UnsafeBufferPointer<UInt8>, container: LayoutItem,
        resolveUTF8: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?,
        knownNames: () -> [String]
    ) throws(ConstraintParseError) -> LayoutConstraint {
        try ConstraintParser(utf8: utf8, container: container)
            .parse(resolve: resolveUTF8, knownNames: { knownNames() })
    }

    /// Parses a constraint in the textual form, resolving item names with a closure; `super`
    /// names the container. See ``parse(_:container:items:)``.
    ///
    /// - Throws: ``ConstraintParseError`` pointing at the offending text.
    public static func parse(
        _ text: String, container: LayoutItem, resolve: (String) -> LayoutItem?
    ) throws(ConstraintParseError) -> LayoutConstraint {
        try ConstraintLexer.withUTF8(of: text) { (utf8) throws(ConstraintParseError) in
            try ConstraintParser(utf8: utf8, container: container).parse(
                resolve: {
                    resolve(String(decoding: $0, as: UTF8.self)).map(Unmanaged.passUnretained)
                },
                knownNames: { nil })
        }
    }
}

/// A recursive-descent parser for one textual constraint.
private struct ConstraintParser {
    /// The text's UTF-8, lent for the parse.
    let utf8: UnsafeBufferPointer<UInt8>
    unowned(unsafe) let container: LayoutItem

    /// The text, made only for an error message.
    var text: String { String(decoding: utf8, as: UTF8.self) }

    /// An item and attribute read from the text, with where they were.
    ///
    /// The item is not retained: the container and the resolver's owners keep it for the
    /// parse, and a plain value is copied and dropped without the runtime's help.
    struct Operand {
        var item: Unmanaged<LayoutItem>
        var attribute: LayoutAttribute
        var attributeToken: ConstraintToken
        var start: ConstraintToken
    }

    func fail(_ token: ConstraintToken, _ reason: String) -> ConstraintParseError {
        ConstraintParseError(text: text, column: token.column, length: token.length, reason: reason)
    }

    /// Reads `item.attribute`.
    func operand(_ cursor: inout TokenCursor, resolve: Resolver, knownNames: KnownNames)
        throws(ConstraintParseError) -> Operand
    {
        let nameToken = cursor.advance()
        guard nameToken.kind == .identifier else {
            throw fail(nameToken, "expected an item name such as 'title' or 'super'")
        }
        let nameBytes = cursor.tokens.bytes(of: nameToken)
        guard
            let item = ConstraintParser.isSuper(nameBytes)
                ? Unmanaged.passUnretained(container) : resolve(nameBytes)
        else {
            var reason = "unknown item '\(cursor.text(of: nameToken))'"
            if let names = knownNames() {
                reason += "; " + ConstraintParser.describe(knownNames: names.sorted())
            }
            throw fail(nameToken, reason)
        }
        let dot = cursor.advance()
        guard dot.kind == .dot else {
            let name = cursor.text(of: nameToken)
            throw fail(dot, "expected '.' and an attribute after '\(name)', as in '\(name).top'")
        }
        let attributeToken = cursor.advance()
        guard attributeToken.kind == .identifier else {
            throw fail(
                attributeToken, "expected an attribute after '\(cursor.text(of: nameToken)).'")
        }
        guard let attribute = cursor.tokens.attribute(attributeToken) else {
            let attributeName = cursor.text(of: attributeToken)
            let names = LayoutAttribute.allCases.dropFirst().map(\.name).joined(separator: ", ")
            throw fail(attributeToken, "unknown attribute '\(attributeName)'; use one of \(names)")
        }
        return Operand(
            item: item, attribute: attribute, attributeToken: attributeToken, start: nameToken)
    }

    /// Reads a number, which the text must have here.
    func number(_ cursor: inout TokenCursor, _ what: String) throws(ConstraintParseError)
        -> (Double, ConstraintToken)
    {
        let token = cursor.advance()
        guard case .number(let value) = token.kind else {
            throw fail(token, "expected \(what)")
        }
        guard value.isFinite, abs(value) <= ConstraintParser.maximumMagnitude else {
            throw fail(token, "\(what) is out of range; numbers must be within ±1000000")
        }
        return (value, token)
    }

    /// Finds a child by the UTF-8 bytes of its name.
    typealias Resolver = (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?
    /// The names an error message lists, asked for (and sorted) only when a name is unknown.
    typealias KnownNames = () -> [String]?

    /// Whether a name is `super`, the container.
    static func isSuper(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == 5 && name[0] == UInt8(ascii: "s") && name[1] == UInt8(ascii: "u")
            && name[2] == UInt8(ascii: "p") && name[3] == UInt8(ascii: "e")
            && name[4] == UInt8(ascii: "r")
    }

    func parse(resolve: Resolver, knownNames: KnownNames) throws(ConstraintParseError)
        -> LayoutConstraint
    {
        try ConstraintLexer.withTokens(utf8: utf8) { (tokens) throws(ConstraintParseError) in
            var cursor = TokenCursor(tokens: tokens)
            return try parse(&cursor, resolve: resolve, knownNames: knownNames)
        }
    }

    func parse(_ cursor: inout TokenCursor, resolve: Resolver, knownNames: KnownNames)
        throws(ConstraintParseError) -> LayoutConstraint
    {

        if cursor.peek().kind == .end {
            throw fail(
                cursor.peek(),
                "empty constraint; write it like 'title.leading == image.trailing + 8'")
        }
        let first = try operand(&cursor, resolve: resolve, knownNames: knownNames)
        let relationToken = cursor.advance()
        guard case .relation(let relation) = relationToken.kind else {
            throw fail(
                relationToken, "expected a relation (==, >= or <=) after '\(first.attribute.name)'")
        }

        var second: Operand?
        var multiplier = 1.0
        var multiplierToken: ConstraintToken?
        var constant = 0.0
        var constantToken: ConstraintToken?
        var sign = 1.0
        if cursor.peek().kind == .minus {
            _ = cursor.advance()
            sign = -1
        }
        switch cursor.peek().kind {
        case .number:
            let (value, token) = try number(&cursor, "a number")
            if cursor.peek().kind == .star {
                _ = cursor.advance()
                multiplier = sign * value
                multiplierToken = token
                second = try operand(&cursor, resolve: resolve, knownNames: knownNames)
            } else {
                constant = sign * value
                constantToken = token
            }
        case .identifier:
            guard sign == 1 else {
                throw fail(cursor.peek(), "write a negated item as '-1 * item.attribute'")
            }
            second = try operand(&cursor, resolve: resolve, knownNames: knownNames)
            if cursor.peek().kind == .star {
                _ = cursor.advance()
                let (value, token) = try number(&cursor, "a multiplier after '*'")
                multiplier = value
                multiplierToken = token
            }
        default:
            throw fail(
                cursor.peek(), "expected an item attribute or a number after '\(relation.symbol)'")
        }
        if second != nil, cursor.peek().kind == .plus || cursor.peek().kind == .minus {
            let signToken = cursor.advance()
            let (value, token) = try number(
                &cursor, "a number after '\(signToken.kind == .plus ? "+" : "-")'")
            constant = signToken.kind == .plus ? value : -value
            constantToken = token
        }
        var priority = LayoutPriority.required
        if cursor.peek().kind == .at {
            _ = cursor.advance()
            let (value, token) = try number(&cursor, "a priority after '@', such as @750")
            guard value >= 1 && value <= 1000 else {
                throw fail(token, "priority \(formatNumber(value)) is outside 1...1000")
            }
            priority = LayoutPriority(Float(value))
        }
        let rest = cursor.peek()
        guard rest.kind == .end else {
            throw fail(rest, "unexpected text after the constraint; put one constraint per string")
        }

        if let second {
            if first.attribute.isDimension != second.attribute.isDimension {
                throw fail(
                    second.attributeToken,
                    "\(first.attribute.name) and \(second.attribute.name) mix a size and a position"
                )
            }
            // Sizes relate across axes (an aspect ratio); positions do not.
            if !first.attribute.isDimension, first.attribute.axis != second.attribute.axis {
                throw fail(
                    second.attributeToken,
                    "\(second.attribute.name) is on a different axis from \(first.attribute.name)")
            }
            let directional = first.attribute.isDirectional || second.attribute.isDirectional
            let physical =
                first.attribute == .left || first.attribute == .right
                || second.attribute == .left || second.attribute == .right
            if directional && physical {
                throw fail(
                    second.attributeToken,
                    "leading and trailing cannot be related to left and right; use one pair for both"
                )
            }
            if let multiplierToken, !first.attribute.isDimension {
                throw fail(
                    multiplierToken, "a multiplier needs sizes (width, height), not positions")
            }
            if let multiplierToken, multiplier == 0 {
                throw fail(
                    multiplierToken, "a multiplier of 0 removes the second item; use a constant")
            }
        } else if first.attribute.isDimension, let constantToken, constant < 0,
            relation != .greaterThanOrEqual
        {
            throw fail(
                constantToken,
                "a \(first.attribute.name) cannot be negative; use 0 or more")
        } else if !first.attribute.isDimension, let constantToken {
            throw fail(
                constantToken,
                "a position (\(first.attribute.name)) cannot equal a constant; relate it to an item, "
                    + "as in 'super.\(first.attribute.name) + \(formatNumber(abs(constant)))'")
        }
        let constraint = LayoutConstraint(
            uncheckedItem: first.item, attribute: first.attribute, relatedBy: relation,
            toItem: second?.item, attribute: second?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
        constraint.priority = priority
        return constraint
    }
}

/// The tokens of one constraint and the parser's place in them.
private struct TokenCursor {
    let tokens: ConstraintTokens
    var position = 0

    func peek() -> ConstraintToken { tokens.tokens[position] }

    /// The current token; moves on unless it is the last (`.end`).
    mutating func advance() -> ConstraintToken {
        let token = tokens.tokens[position]
        if position < tokens.tokens.count - 1 { position += 1 }
        return token
    }

    /// The text of a token.
    func text(of token: ConstraintToken) -> String { tokens.text(of: token) }
}

extension ConstraintParser {
    /// The most names an unknown-item message lists.
    static let listedNameLimit = 12
    /// The largest magnitude of a constant or a multiplier.
    static let maximumMagnitude = 1e6

    /// Names the known items for an error message: all of them when they are few, otherwise
    /// the first ones in order and how many there are.
    static func describe(knownNames names: [String]) -> String {
        var text = "known items are super"
        for known in names.prefix(listedNameLimit) { text += ", " + known }
        if names.count > listedNameLimit { text += ", … (\(names.count + 1) in all)" }
        return text
    }
}
