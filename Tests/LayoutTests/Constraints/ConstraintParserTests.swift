import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct ConstraintParserTests {
    let root = LayoutItem(identifier: "root")
    let title = LayoutItem(identifier: "title")
    let image = LayoutItem(identifier: "image")
    let save = LayoutItem(identifier: "save")
    var items: [String: LayoutItem] { ["title": title, "image": image, "save": save] }

    @Test func parsesTheFormsOfTheSceneFormat() throws {
        let gap = try LayoutConstraint.parse(
            "title.leading == image.trailing + 8 @750", container: root, items: items)
        #expect(gap.firstItem === title && gap.firstAttribute == .leading)
        #expect(gap.secondItem === image && gap.secondAttribute == .trailing)
        #expect(gap.relation == .equal && gap.constant == 8 && gap.multiplier == 1)
        #expect(gap.priority == 750)
        let half = try LayoutConstraint.parse(
            "title.width <= 0.5 * super.width @750", container: root, items: items)
        #expect(half.secondItem === root && half.multiplier == 0.5)
        #expect(half.relation == .lessThanOrEqual && half.priority == 750)
        let tall = try LayoutConstraint.parse("save.height >= 44", container: root, items: items)
        #expect(tall.secondItem == nil && tall.secondAttribute == .notAnAttribute)
        #expect(tall.constant == 44 && tall.priority == .required)
        let centered = try LayoutConstraint.parse(
            "image.centerY == super.centerY", container: root, items: items)
        #expect(centered.secondItem === root && centered.constant == 0)
        let below = try LayoutConstraint.parse(
            "title.top==image.bottom-2.5", container: root, items: items)
        #expect(below.constant == -2.5)
        #expect(below.description == "title.top == image.bottom - 2.5")
        let resolved = try LayoutConstraint.parse(
            "save.firstBaseline == title.lastBaseline", container: root
        ) {
            $0 == "save" ? save : $0 == "title" ? title : nil
        }
        #expect(
            resolved.firstAttribute == .firstBaseline && resolved.secondAttribute == .lastBaseline)
        for (text, constant) in [
            ("save.height == 0", 0.0), ("save.height == 007", 7),
            ("save.height == 1000000", 1e6),
            ("save.height == 123456", 123_456), ("save.height == 44.", 44),
        ] {
            let parsed = try LayoutConstraint.parse(text, container: root, items: items)
            #expect(parsed.constant == constant, "\(text)")
        }
    }

    /// Every attribute reads by its name, and names that differ from one by a letter, a case
    /// or a length do not.
    @Test func everyAttributeReadsByItsNameAndNoOther() throws {
        for attribute in LayoutAttribute.allCases.dropFirst() {
            let parsed = try LayoutConstraint.parse(
                "title.\(attribute.name) == image.\(attribute.name)", container: root,
                items: items)
            #expect(parsed.firstAttribute == attribute && parsed.secondAttribute == attribute)
            #expect(LayoutAttribute(name: attribute.name) == attribute)
            let name = attribute.name
            for wrong in [
                name.uppercased(), String(name.dropLast()), name + "s", "x" + name.dropFirst(),
            ] {
                #expect(throws: ConstraintParseError.self, "\(wrong)") {
                    try LayoutConstraint.parse(
                        "title.\(wrong) == image.\(name)", container: root, items: items)
                }
            }
        }
    }

    @Test func sizesRelateAcrossAxesForAnAspectRatio() throws {
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        image.translatesFrameIntoConstraints = false
        root.addChild(image)
        let lines = [
            "image.leading == super.leading", "image.top == super.top",
            "image.width == super.width", "image.height == image.width * 0.75",
        ]
        try LayoutConstraint.activate(
            lines.map { try LayoutConstraint.parse($0, container: root, items: items) })
        root.layoutIfNeeded()
        #expect(image.frame == Rect(x: 0, y: 0, width: 320, height: 240))
        let built = image.heightAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)
        #expect(built.secondAttribute == .width)
    }

    @Test func parsedConstraintsLayOutAScene() throws {
        root.frame = Rect(x: 0, y: 0, width: 320, height: 100)
        for item in [title, image, save] {
            item.translatesFrameIntoConstraints = false
            root.addChild(item)
        }
        image.intrinsicContentSize = Size(width: 40, height: 40)
        title.intrinsicContentSize = Size(width: 300, height: 20)
        // At 750 the width limit would tie with compression resistance; resist a little less.
        title.setContentCompressionResistancePriority(749, for: .horizontal)
        let lines = [
            "image.leading == super.leading + 16", "image.centerY == super.centerY",
            "title.leading == image.trailing + 8 @750", "title.width <= 0.5 * super.width @750",
            "title.centerY == image.centerY", "save.height >= 44", "save.width == 60",
            "save.trailing == super.trailing - 16", "save.centerY == super.centerY",
        ]
        try LayoutConstraint.activate(
            lines.map { try LayoutConstraint.parse($0, container: root, items: items) })
        root.layoutIfNeeded()
        #expect(image.frame == Rect(x: 16, y: 30, width: 40, height: 40))
        #expect(title.frame == Rect(x: 64, y: 40, width: 160, height: 20))
        #expect(save.frame == Rect(x: 244, y: 28, width: 60, height: 44))
    }

    @Test(
        arguments: [
            (
                "title.leading == image.trailng + 8", 24, 7,
                "unknown attribute 'trailng'; use one of left, right, top"
            ),
            (
                "titel.leading == image.trailing", 1, 5,
                "unknown item 'titel'; known items are super, image"
            ),
            ("title.leading image.trailing", 15, 5, "expected a relation (==, >= or <=)"),
            ("title.leading = image.trailing", 15, 1, "'=' is not a relation"),
            ("title.width == 8.8.8", 16, 5, "'8.8.8' is not a usable number"),
            ("title.width == 12px", 16, 4, "'12px' is not a usable number"),
            ("title.width == image.width @1001", 29, 4, "priority 1001 is outside 1...1000"),
            ("title.width == image.width @0", 29, 1, "priority 0 is outside 1...1000"),
            ("title.width == image.width @", 29, 1, "expected a priority after '@'"),
            ("title.leading == 8", 18, 1, "a position (leading) cannot equal a constant"),
            ("title.leading == 2 * image.leading", 18, 1, "a multiplier needs sizes"),
            ("title.leading == image.top", 24, 3, "top is on a different axis from leading"),
            ("title.width == image.left", 22, 4, "mix a size and a position"),
            (
                "title.leading == image.left", 24, 4,
                "leading and trailing cannot be related to left"
            ),
            ("title.top == image.bottom + 8 extra", 31, 5, "unexpected text after the constraint"),
            ("title.top == image.bottom +", 28, 1, "expected a number after '+'"),
            ("title top == image.bottom", 7, 3, "expected '.' and an attribute after 'title'"),
            ("", 1, 1, "empty constraint"),
            ("title.width == 1e999", 16, 5, "'1e999' is not a usable number"),
            // Too large to read and merely too large name the same bound.
            ("title.width == 1e13", 16, 4, "within ±1000000"),
            ("title.width == 1000001", 16, 7, "numbers must be within ±1000000"),
            // Integers are read without a string, and checked the same.
            ("title.width == 1000000000001", 16, 13, "'1000000000001' is not a usable number"),
            (
                "title.width == 9999999999999999", 16, 16,
                "'9999999999999999' is not a usable number"
            ),
            ("title.width == image.width # note", 28, 1, "unexpected character '#'"),
            // Columns count characters, not bytes, before a non-ASCII character.
            ("title.width == image.width ≥ 3", 28, 1, "unexpected character '≥'"),
            ("é", 1, 1, "unexpected character 'é'"),
        ] as [(String, Int, Int, String)])
    func errorsPointAtTheOffendingText(text: String, column: Int, length: Int, fragment: String) {
        do {
            _ = try LayoutConstraint.parse(text, container: root, items: items)
            Issue.record("parsed \"\(text)\"")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.length == length, "\(error)")
            #expect(error.reason.contains(fragment), "\(error)")
            #expect(error.text == text)
            #expect(
                error.caretLine == String(repeating: " ", count: column - 1) + "^"
                    + String(repeating: "~", count: length - 1))
            #expect(error.description.hasPrefix("column \(column): "))
        }
    }

    /// The lexer keeps two dozen tokens on the stack and lexes a text with more again into a
    /// buffer of its size: such a text reads and fails as any other.
    @Test func textsWithMoreTokensThanTheStackBufferReadAlike() throws {
        // Long in bytes, few tokens: read in the stack buffer.
        let spaced = try LayoutConstraint.parse(
            "title.width" + String(repeating: " ", count: 400) + "== image.width * 2 + 8 @750",
            container: root, items: items)
        #expect(spaced.multiplier == 2 && spaced.constant == 8 && spaced.priority == 750)
        // 30 tokens and more: the error points at the first token after the constraint.
        for extra in [12, 40, 400] {
            let text = "title.top == image.bottom + 8" + String(repeating: " + 1", count: extra)
            do {
                _ = try LayoutConstraint.parse(text, container: root, items: items)
                Issue.record("parsed \(extra) extra terms")
            } catch {
                #expect(error.column == 31 && error.length == 1, "\(error)")
                #expect(error.reason.contains("unexpected text after the constraint"))
            }
        }
        // A bad character far beyond the buffer is still found, at its column.
        let late = "title.top == image.bottom" + String(repeating: " + ", count: 30) + "#"
        do {
            _ = try LayoutConstraint.parse(late, container: root, items: items)
            Issue.record("parsed a bad character")
        } catch {
            #expect(error.column == late.count && error.reason.contains("unexpected character"))
        }
    }

    @Test func anUnknownItemAmongManyNamesAFewAndTheCount() {
        var many: [String: LayoutItem] = [:]
        for index in 0..<500 {
            let digits = String(index)
            many["v" + String(repeating: "0", count: 3 - digits.count) + digits] = LayoutItem()
        }
        do {
            _ = try LayoutConstraint.parse("w.width == v001.width", container: root, items: many)
            Issue.record("parsed an unknown item")
        } catch {
            #expect(
                error.reason
                    == "unknown item 'w'; known items are super, v000, v001, v002, v003, v004, "
                    + "v005, v006, v007, v008, v009, v010, v011, … (501 in all)")
        }
    }

    @Test func caretLineSitsUnderTheOffendingText() throws {
        do {
            _ = try LayoutConstraint.parse(
                "title.leading == image.trailng + 8", container: root, items: items)
            Issue.record("parsed a bad attribute")
        } catch {
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == 3)
            #expect(lines[1] == "  title.leading == image.trailng + 8")
            #expect(lines[2] == "                         ^~~~~~~")
        }
    }
}
