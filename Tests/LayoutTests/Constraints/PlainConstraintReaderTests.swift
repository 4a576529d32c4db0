import Testing
import TrellisLayout
import _TrellisTestSupport

/// The one-pass reader of plain constraints against the lexer and parser: where the reader
/// answers, it answers what the parser does, and it answers for every plain text the parser
/// accepts.
@Suite struct PlainConstraintReaderTests {
    let root = LayoutItem(identifier: "root")
    let names = ["a", "title", "r0c1", "_x9", "super"]
    let items: [String: LayoutItem]

    init() {
        var items: [String: LayoutItem] = [:]
        for name in ["a", "title", "r0c1", "_x9"] { items[name] = LayoutItem(identifier: name) }
        self.items = items
    }

    func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> Unmanaged<LayoutItem>? {
        items[String(decoding: bytes, as: UTF8.self)].map(Unmanaged.passUnretained)
    }

    /// The reader's constraint for a text, or `nil`.
    func plain(_ text: String) -> LayoutConstraint? {
        var text = text
        return text.withUTF8 { PlainConstraintReader.read($0, container: root, resolve: resolve) }
    }

    /// The parser's constraint for a text, or its error.
    func parsed(_ text: String) -> Result<LayoutConstraint, ConstraintParseError> {
        Result { () throws(ConstraintParseError) in
            try LayoutConstraint.parse(
                text, container: root, resolveUTF8: resolve, knownNames: { [] },
                readsPlainForms: false)
        }
    }

    /// Whether two constraints hold the same parts, numbers bit for bit.
    func same(_ one: LayoutConstraint, _ other: LayoutConstraint) -> Bool {
        one.firstItem === other.firstItem && one.firstAttribute == other.firstAttribute
            && one.relation == other.relation && one.secondItem === other.secondItem
            && one.secondAttribute == other.secondAttribute
            && one.multiplier.bitPattern == other.multiplier.bitPattern
            && one.constant.bitPattern == other.constant.bitPattern
            && one.priority == other.priority
    }

    @Test func readsEveryPlainFormAsTheParserDoes() throws {
        let texts = [
            "a.leading == title.trailing + 8 @750", "title.width <= 0.5 * super.width @750",
            "a.height >= 44", "a.centerY == super.centerY", "title.top==a.bottom-2.5",
            "r0c1.width == r0c1.height * 2", "a.width == -2 * title.width",
            "_x9.firstBaseline == title.lastBaseline", "a.width == 007", "a.height == -0",
            "a.height >= -8", "a.width == 1000000", "a.top == super.top + 0.1 @ 1",
            "\ta . left\t<=  super . left - 16 @1000", "a.width == 12345.6789012345 * title.width",
            "a.width == 0.00000000000001 * title.width", "a.width == 999999.999999999",
        ]
        for text in texts {
            let reader = try #require(plain(text), "\(text)")
            let parser = try parsed(text).get()
            #expect(same(reader, parser), "\(text)")
        }
        #expect(plain("a.width == 1.5 * title.width")?.multiplier == 1.5)
        #expect(plain("a.top == title.top - 3 @ 250.5")?.priority == LayoutPriority(250.5))
    }

    /// Texts that are not plain, or not usable, are left to the parser, which reports them.
    @Test func leavesOtherFormsAndEveryErrorToTheParser() {
        let texts = [
            "", "a.width == 8.", "a.width == .5", "a.width == 1e3", "a.width == 12px",
            "a.width == 1234567890123456", "a.width == 1000001", "a.top == 8",
            "a.width == -8", "a.width <= -8", "a.top == title.width", "a.top == title.leading",
            "a.leading == title.left", "a.top == 2 * title.top", "a.width == 0 * title.width",
            "a.top == -title.top", "a.top == title.top @0", "a.top == title.top @1001",
            "nobody.top == a.top", "a.top == nobody.top", "a.middle == title.top",
            "a.top = title.top", "a.top == title.top title", "a.top == title.top + 8 * 2",
            "a.top == title.top * -2", "a.tóp == title.top", "a.5 == title.top",
            "a.top == title.top - - 8", "a.width == 8 @", "a.top ==",
        ]
        for text in texts {
            #expect(plain(text) == nil, "\(text)")
        }
        // The rest are errors, and a plain text that names an unknown item still gets the
        // parser's message.
        let parsedElsewhere: Set = ["a.width == 8.", "a.width == .5", "a.width == 1e3"]
        for text in texts where !parsedElsewhere.contains(text) {
            if case .success = parsed(text) { Issue.record("\(text) parsed") }
        }
        guard case .failure(let error) = parsed("a.top == nobody.top") else {
            Issue.record("an unknown item parsed")
            return
        }
        #expect(error.reason.hasPrefix("unknown item 'nobody'"))
    }

    /// Texts made at random from the pieces of the form, spaced at random and with a piece
    /// sometimes swapped for another: wherever the reader answers, the parser answers the
    /// same; and a text made only of plain pieces is read by both or by neither.
    @Test func agreesWithTheParserOnRandomTexts() {
        var generator = SeededGenerator(seed: 0x5EED_C0DE)
        let attributes = LayoutAttribute.allCases.dropFirst().map(\.name)
        let numbers = [
            "0", "8", "44", "0.5", "2.25", "1000000", "000.100", "123456789012345", "1000001",
            "8.", ".5", "1e2", "-3",
        ]
        let relations = ["==", ">=", "<=", "=", "=>"]
        let pieces = ["*", "+", "-", "@", ".", " ", "x", "9"]
        var read = 0
        var plainConstraints = 0
        for round in 0..<6_000 {
            func space() -> String {
                ["", "", " ", "  ", "\t"].randomElement(using: &generator) ?? ""
            }
            // The second attribute is mostly the first, so that most texts are usable.
            let attribute = attributes.randomElement(using: &generator) ?? "top"
            func operand() -> String {
                (names.randomElement(using: &generator) ?? "a") + space() + "." + space()
                    + (Int.random(in: 0..<4, using: &generator) == 0
                        ? attributes.randomElement(using: &generator) ?? "top" : attribute)
            }
            func number() -> String { numbers.randomElement(using: &generator) ?? "8" }
            var parts = [operand(), relations.randomElement(using: &generator) ?? "=="]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: parts.append(number())
            case 1: parts += [number(), "*", operand()]
            case 2: parts += [operand(), "*", number()]
            default: parts.append(operand())
            }
            if parts.count > 2, Bool.random(using: &generator) {
                parts += [Bool.random(using: &generator) ? "+" : "-", number()]
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { parts += ["@", number()] }
            let mutated = round % 3 == 0
            if mutated {
                let index = Int.random(in: 0..<parts.count, using: &generator)
                parts[index] = pieces.randomElement(using: &generator) ?? "x"
            }
            let text = space() + parts.joined(separator: space()) + space()
            let reader = plain(text)
            let parser = parsed(text)
            if let reader {
                read += 1
                guard case .success(let constraint) = parser, same(reader, constraint) else {
                    Issue.record("the reader and the parser differ on \"\(text)\"")
                    continue
                }
            }
            // Plain numbers only, and none out of range: the two must agree on whether the
            // text is a constraint.
            let isPlain =
                !mutated
                && !parts.contains {
                    ["8.", ".5", "1e2", "-3", "1000001", "=", "=>"].contains($0)
                }
            if isPlain, case .success = parser {
                plainConstraints += 1
                if reader == nil {
                    Issue.record("the reader left a plain constraint to the parser: \"\(text)\"")
                }
            }
        }
        // Most texts are not constraints (a position against a constant, a relation
        // misspelt); enough are for the comparison to mean something.
        #expect(read > 250)
        #expect(plainConstraints > 250)
    }
}
