/// A token of the textual constraint form.
struct ConstraintToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double)
        case dot
        case relation(LayoutRelation)
        case star
        case plus
        case minus
        case at
        case end
    }

    var kind: Kind
    /// The 1-based column of the first character and the number of characters.
    var column: Int
    var length: Int
}

/// Splits a textual constraint into tokens.
struct ConstraintLexer {
    let text: String
    private let characters: [Character]

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    /// The tokens, ending with `.end`.
    ///
    /// - Throws: ``ConstraintParseError`` for a character that starts no token or a malformed
    ///   number.
    func tokens() throws(ConstraintParseError) -> [ConstraintToken] {
        var result: [ConstraintToken] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            let column = i + 1
            if c == " " || c == "\t" {
                i += 1
                continue
            }
            if c.isASCII && (c.isLetter || c == "_") {
                var j = i
                while j < characters.count,
                    characters[j].isASCII
                        && (characters[j].isLetter || characters[j].isNumber
                            || characters[j] == "_")
                {
                    j += 1
                }
                result.append(
                    ConstraintToken(
                        kind: .identifier(String(characters[i..<j])), column: column,
                        length: j - i))
                i = j
                continue
            }
            if c.isASCII && c.isNumber {
                let (value, end) = try number(from: i)
                result.append(
                    ConstraintToken(kind: .number(value), column: column, length: end - i))
                i = end
                continue
            }
            let next: Character? = i + 1 < characters.count ? characters[i + 1] : nil
            switch c {
            case ".":
                if let next, next.isASCII, next.isNumber {
                    let (value, end) = try number(from: i)
                    result.append(
                        ConstraintToken(kind: .number(value), column: column, length: end - i))
                    i = end
                    continue
                }
                result.append(ConstraintToken(kind: .dot, column: column, length: 1))
            case "*":
                result.append(ConstraintToken(kind: .star, column: column, length: 1))
            case "+":
                result.append(ConstraintToken(kind: .plus, column: column, length: 1))
            case "-":
                result.append(ConstraintToken(kind: .minus, column: column, length: 1))
            case "@":
                result.append(ConstraintToken(kind: .at, column: column, length: 1))
            case "=", ">", "<":
                guard next == "=" else {
                    throw ConstraintParseError(
                        text: text, column: column,
                        reason: "'\(c)' is not a relation; use ==, >= or <=")
                }
                let relation: LayoutRelation =
                    c == "=" ? .equal : c == ">" ? .greaterThanOrEqual : .lessThanOrEqual
                result.append(ConstraintToken(kind: .relation(relation), column: column, length: 2))
                i += 2
                continue
            default:
                throw ConstraintParseError(
                    text: text, column: column,
                    reason:
                        "unexpected character '\(c)'; a constraint is written like "
                        + "'title.leading == image.trailing + 8 @750'")
            }
            i += 1
        }
        result.append(ConstraintToken(kind: .end, column: characters.count + 1, length: 1))
        return result
    }

    /// Reads `digits [. digits] [e [+-] digits]` from `start`.
    private func number(from start: Int) throws(ConstraintParseError) -> (Double, Int) {
        var j = start
        func digits() {
            while j < characters.count, characters[j].isASCII, characters[j].isNumber { j += 1 }
        }
        digits()
        if j < characters.count, characters[j] == "." {
            j += 1
            digits()
        }
        if j < characters.count, characters[j] == "e" || characters[j] == "E" {
            var k = j + 1
            if k < characters.count, characters[k] == "+" || characters[k] == "-" { k += 1 }
            if k < characters.count, characters[k].isASCII, characters[k].isNumber {
                j = k
                digits()
            }
        }
        // A number runs into a letter, a digit or a dot: "8.8.8", "12px".
        var end = j
        while end < characters.count,
            characters[end] == "."
                || (characters[end].isASCII
                    && (characters[end].isLetter || characters[end].isNumber))
        {
            end += 1
        }
        let literal = String(characters[start..<end])
        guard end == j, let value = Double(literal), value.isFinite,
            value <= ConstraintSolver.maximumMagnitude
        else {
            throw ConstraintParseError(
                text: text, column: start + 1, length: end - start,
                reason:
                    "'\(literal)' is not a usable number; write a decimal number such as 8, 0.5 "
                    + "or 44.25 (at most 1e12)")
        }
        return (value, j)
    }
}
