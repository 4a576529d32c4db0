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
    ///
    /// A plain text is read in one pass without tokens (``PlainConstraintReader``), unless
    /// `readsPlainForms` is `false`; every other text, and every error, goes through the
    /// lexer and the parser. The resolver must answer the same for a name asked twice: a text
    /// that names an unknown item asks for its names again.
    package static func parse(
        _ text: String, container: LayoutItem,
        resolveUTF8: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?,
        knownNames: () -> [String], readsPlainForms: Bool = true
    ) throws(ConstraintParseError) -> LayoutConstraint {
        try ConstraintLexer.withUTF8(of: text) { (utf8) throws(ConstraintParseError) in
            try parse(
                utf8: utf8, container: container, resolveUTF8: resolveUTF8,
                knownNames: knownNames, readsPlainForms: readsPlainForms)
        }
    }

    /// Parses a constraint given as valid UTF-8 (as a document holds it, without a string
    /// being made of it); see ``parse(_:container:resolveUTF8:knownNames:readsPlainForms:)``.
    /// The resolver answers unretained: its owner keeps the items for the parse.
    package static func parse(
        utf8: UnsafeBufferPointer<UInt8>, container: LayoutItem,
        resolveUTF8: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?,
        knownNames: () -> [String], readsPlainForms: Bool = true
    ) throws(ConstraintParseError) -> LayoutConstraint {
        if readsPlainForms,
            let constraint = PlainConstraintReader.read(
                utf8, container: container, resolve: resolveUTF8)
        {
            return constraint
        }
        return try ConstraintParser(utf8: utf8, container: container)
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

    /// The error for a constraint whose parts cannot be related, pointing at `token` (the
    /// part at fault, which the text always has; `fallback` otherwise).
    func failure(
        _ problem: ConstraintFormProblem, first: LayoutAttribute, second: LayoutAttribute?,
        constant: Double, at token: ConstraintToken?, else fallback: ConstraintToken
    ) -> ConstraintParseError {
        let token = token ?? fallback
        let secondName = second?.name ?? ""
        switch problem {
        case .sizeWithPosition:
            return fail(token, "\(first.name) and \(secondName) mix a size and a position")
        case .differentAxes:
            return fail(token, "\(secondName) is on a different axis from \(first.name)")
        case .directionalWithPhysical:
            return fail(
                token,
                "leading and trailing cannot be related to left and right; use one pair for both")
        case .multiplierOnPositions:
            return fail(token, "a multiplier needs sizes (width, height), not positions")
        case .zeroMultiplier:
            return fail(token, "a multiplier of 0 removes the second item; use a constant")
        case .negativeSize:
            return fail(token, "a \(first.name) cannot be negative; use 0 or more")
        case .positionEqualsConstant:
            return fail(
                token,
                "a position (\(first.name)) cannot equal a constant; relate it to an item, "
                    + "as in 'super.\(first.name) + \(formatNumber(abs(constant)))'")
        }
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
            let item = ConstraintLexer.isSuper(nameBytes)
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
        guard value.isFinite, abs(value) <= ConstraintLexer.maximumMagnitude else {
            throw fail(token, "\(what) is out of range; numbers must be within ±1000000")
        }
        return (value, token)
    }

    /// Finds a child by the UTF-8 bytes of its name.
    typealias Resolver = (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?
    /// The names an error message lists, asked for (and sorted) only when a name is unknown.
    typealias KnownNames = () -> [String]?

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

        if let problem = ConstraintFormProblem.of(
            first: first.attribute, second: second?.attribute, relation: relation,
            multiplier: multiplierToken.map { _ in multiplier },
            constant: constantToken.map { _ in constant })
        {
            throw failure(
                problem, first: first.attribute, second: second?.attribute, constant: constant,
                at: problem.isAboutSecond
                    ? second?.attributeToken
                    : problem.isAboutMultiplier ? multiplierToken : constantToken,
                else: relationToken)
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

    /// Names the known items for an error message: all of them when they are few, otherwise
    /// the first ones in order and how many there are.
    static func describe(knownNames names: [String]) -> String {
        var text = "known items are super"
        for known in names.prefix(listedNameLimit) { text += ", " + known }
        if names.count > listedNameLimit { text += ", … (\(names.count + 1) in all)" }
        return text
    }
}

/// What makes a constraint that reads well unusable: the rules both readers of the textual
/// form apply (``ConstraintParser`` and ``PlainConstraintReader``).
enum ConstraintFormProblem {
    /// A size related to a position.
    case sizeWithPosition
    /// Positions on different axes (sizes may cross, as in an aspect ratio).
    case differentAxes
    /// Leading or trailing related to left or right.
    case directionalWithPhysical
    /// A multiplier between positions.
    case multiplierOnPositions
    /// A multiplier of zero, which removes the second item.
    case zeroMultiplier
    /// A size equal to, or at most, a negative constant.
    case negativeSize
    /// A position equal to a constant rather than to an item.
    case positionEqualsConstant

    /// Whether the problem is the second attribute's.
    var isAboutSecond: Bool {
        self == .sizeWithPosition || self == .differentAxes || self == .directionalWithPhysical
    }

    /// Whether the problem is the multiplier's.
    var isAboutMultiplier: Bool { self == .multiplierOnPositions || self == .zeroMultiplier }

    /// The first problem of a constraint's parts, or `nil`; `multiplier` and `constant` are
    /// `nil` when the text does not write them.
    static func of(
        first: LayoutAttribute, second: LayoutAttribute?, relation: LayoutRelation,
        multiplier: Double?, constant: Double?
    ) -> ConstraintFormProblem? {
        if let second {
            if first.isDimension != second.isDimension { return .sizeWithPosition }
            if !first.isDimension, first.axis != second.axis { return .differentAxes }
            let directional = first.isDirectional || second.isDirectional
            let physical =
                first == .left || first == .right || second == .left || second == .right
            if directional && physical { return .directionalWithPhysical }
            if multiplier != nil, !first.isDimension { return .multiplierOnPositions }
            if multiplier == 0 { return .zeroMultiplier }
            return nil
        }
        guard let constant else { return nil }
        if !first.isDimension { return .positionEqualsConstant }
        return constant < 0 && relation != .greaterThanOrEqual ? .negativeSize : nil
    }
}
