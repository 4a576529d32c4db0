/// Reads the plain forms of a textual constraint in one pass over its bytes, without tokens:
/// `item.attribute relation [k *] item.attribute [* k] [+ c | - c] [@ p]`, or a constant
/// alone (`item.height >= 44`), where every number is written with digits and at most one
/// point (no exponent) and holds at most 15 digits.
///
/// It answers `nil` for any other text, and for every text that ``ConstraintParser`` would
/// reject: that parser then reads the text again and gives the error, so that errors have
/// one source. What it reads is what the parser reads from the same text: the same items,
/// resolved in the same order; the same attributes, relation, multiplier, constant and
/// priority (the tests hold the two to it on every form and on texts made at random). A
/// scene's constraints are almost all plain, and a constraint read this way costs about a
/// third of what lexing and parsing it cost.
package struct PlainConstraintReader {
    /// The text's UTF-8, lent for the read.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private var position = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The constraint a plain text describes, made as the parser makes it; `nil` when the
    /// text is not plain, when it is not a usable constraint, or when `resolve` finds no item
    /// of one of its names (`super` names `container`).
    package static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, container: LayoutItem,
        resolve: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?
    ) -> LayoutConstraint? {
        var reader = PlainConstraintReader(bytes: bytes)
        guard let first = reader.operand(), let relation = reader.relation() else { return nil }
        var second: (name: Range<Int>, attribute: LayoutAttribute)?
        var multiplier: Double?
        var constant: Double?
        let negated = reader.take(UInt8(ascii: "-"))
        if let value = reader.number() {
            let signed = negated ? -value : value
            if reader.take(UInt8(ascii: "*")) {
                guard let operand = reader.operand() else { return nil }
                multiplier = signed
                second = operand
            } else {
                constant = signed
            }
        } else {
            guard !negated, let operand = reader.operand() else { return nil }
            second = operand
            if reader.take(UInt8(ascii: "*")) {
                guard let value = reader.number() else { return nil }
                multiplier = value
            }
        }
        if second != nil {
            if reader.take(UInt8(ascii: "+")) {
                guard let value = reader.number() else { return nil }
                constant = value
            } else if reader.take(UInt8(ascii: "-")) {
                guard let value = reader.number() else { return nil }
                constant = -value
            }
        }
        var priority = LayoutPriority.required
        if reader.take(UInt8(ascii: "@")) {
            guard let value = reader.number(), value >= 1, value <= 1000 else { return nil }
            priority = LayoutPriority(Float(value))
        }
        reader.skipSpaces()
        guard reader.position == bytes.count,
            ConstraintFormProblem.of(
                first: first.attribute, second: second?.attribute, relation: relation,
                multiplier: multiplier, constant: constant) == nil,
            let firstItem = reader.item(named: first.name, container: container, resolve)
        else { return nil }
        var secondItem: Unmanaged<LayoutItem>?
        if let second {
            guard let item = reader.item(named: second.name, container: container, resolve)
            else { return nil }
            secondItem = item
        }
        let constraint = LayoutConstraint(
            uncheckedItem: firstItem, attribute: first.attribute, relatedBy: relation,
            toItem: secondItem, attribute: second?.attribute ?? .notAnAttribute,
            multiplier: multiplier ?? 1, constant: constant ?? 0)
        constraint.priority = priority
        return constraint
    }

    /// The item a name in the text stands for.
    private func item(
        named name: Range<Int>, container: LayoutItem,
        _ resolve: (UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>?
    ) -> Unmanaged<LayoutItem>? {
        let word = UnsafeBufferPointer(rebasing: bytes[name])
        return ConstraintLexer.isSuper(word) ? Unmanaged.passUnretained(container) : resolve(word)
    }

    private mutating func skipSpaces() {
        while position < bytes.count,
            bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    /// Moves past `byte` if it comes next, after any spaces.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpaces()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Reads a name (a letter or `_`, then letters, digits and `_`), after any spaces.
    private mutating func identifier() -> Range<Int>? {
        skipSpaces()
        let start = position
        guard start < bytes.count,
            ConstraintLexer.isLetter(bytes[start]) || bytes[start] == UInt8(ascii: "_")
        else { return nil }
        position += 1
        while position < bytes.count, ConstraintLexer.continuesIdentifier(bytes[position]) {
            position += 1
        }
        return start..<position
    }

    /// Reads `name.attribute`.
    private mutating func operand() -> (name: Range<Int>, attribute: LayoutAttribute)? {
        guard let name = identifier(), take(UInt8(ascii: ".")), let word = identifier(),
            let attribute = LayoutAttribute(utf8: UnsafeBufferPointer(rebasing: bytes[word]))
        else { return nil }
        return (name, attribute)
    }

    /// Reads `==`, `>=` or `<=`.
    private mutating func relation() -> LayoutRelation? {
        skipSpaces()
        guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "=") else {
            return nil
        }
        let relation: LayoutRelation
        switch bytes[position] {
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        default: return nil
        }
        position += 2
        return relation
    }

    /// Reads `digits [. digits]` of at most 15 digits, at most 1,000,000, followed by a space,
    /// the end, or an operator that may follow a number (`*`, `+`, `-`, `@`).
    ///
    /// The digits make an integer that a double holds exactly, and the fraction divides it by
    /// a power of ten it holds exactly: one correctly rounded division, so the value is the
    /// nearest double to the decimal, as the parser's reading of it is.
    /// On `nil`, nothing is read.
    private mutating func number() -> Double? {
        let start = position
        guard let value = readNumber() else {
            position = start
            return nil
        }
        return value
    }

    private mutating func readNumber() -> Double? {
        skipSpaces()
        var whole: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while position < bytes.count {
            let byte = bytes[position]
            if ConstraintLexer.isDigit(byte) {
                whole = whole * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
                guard digits <= 15 else { return nil }
            } else if byte == UInt8(ascii: "."), !seenPoint, digits > 0 {
                seenPoint = true
            } else {
                break
            }
            position += 1
        }
        // A point needs digits on both sides; "8." and ".5" go to the parser.
        guard digits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: "-"), UInt8(ascii: "@"):
                break
            default:
                return nil
            }
        }
        // Each power of ten up to 10^15 is a double exactly.
        var power = 1.0
        for _ in 0..<fractionDigits { power *= 10 }
        let value = Double(whole) / power
        return value <= ConstraintLexer.maximumMagnitude ? value : nil
    }
}
