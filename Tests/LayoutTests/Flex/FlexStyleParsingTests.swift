import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct FlexStyleParsingTests {
    @Test(arguments: [
        ("12", FlexLength.points(12)), ("12px", .points(12)), ("-4.5", .points(-4.5)),
        ("50%", .percent(50)),
        ("auto", .auto), (" auto ", .auto), ("min-content", .minContent),
        ("max-content", .maxContent),
        ("fit-content", .fitContent), ("stretch", .stretch), ("content", .content),
    ])
    func lengthsParseFromCSS(text: String, expected: FlexLength) throws {
        #expect(try FlexLength(css: text) == expected)
    }

    @Test(arguments: ["", "12pt", "fifty%", "nan", "inf", "%", "auto auto"])
    func malformedLengthsAreErrorsNamingTheValue(text: String) {
        #expect {
            try FlexLength(css: text)
        } throws: { error in
            "\(error)".contains("\"\(text)\"") && "\(error)".contains("not a length")
        }
    }

    @Test func keywordsMapToTheStyleEnums() throws {
        var style = FlexStyle()
        try style.set("flexDirection", to: "row-reverse")
        try style.set("flex-wrap", to: "wrap-reverse")
        try style.set("justifyContent", to: "space-between")
        try style.set("alignItems", to: "baseline")
        try style.set("alignSelf", to: "safe flex-end")
        try style.set("alignContent", to: "space-evenly")
        try style.set("display", to: "none")
        try style.set("position", to: "absolute")
        try style.set("boxSizing", to: "content-box")
        try style.set("direction", to: "rtl")
        #expect(style.flexDirection == .rowReverse)
        #expect(style.flexWrap == .wrapReverse)
        #expect(style.justifyContent == .spaceBetween)
        #expect(style.alignItems == .baseline)
        #expect(style.alignSelf == .safe(.flexEnd))
        #expect(style.alignContent == .spaceEvenly)
        #expect(style.display == .none)
        #expect(style.position == .absolute)
        #expect(style.boxSizing == .contentBox)
        #expect(style.direction == .rightToLeft)
        try style.set("alignSelf", to: "auto")
        #expect(style.alignSelf == nil)
    }

    @Test func lengthsNumbersAndEdgesApply() throws {
        var style = FlexStyle()
        try style.set("width", to: "50%")
        try style.set("height", to: 44)
        try style.set("flexGrow", to: 2)
        try style.set("flexShrink", to: "0")
        try style.set("flexBasis", to: "auto")
        try style.set("gap", to: 8)
        try style.set("aspectRatio", to: "16 / 9")
        try style.set("margin", to: [8, "auto", 8, "auto"])
        try style.set("padding", to: 4)
        try style.set("border-left", to: "2px")
        try style.set("left", to: "-10")
        #expect(style.width == .percent(50))
        #expect(style.height == .points(44))
        #expect(style.flexGrow == 2)
        #expect(style.flexShrink == 0)
        #expect(style.rowGap == .points(8) && style.columnGap == .points(8))
        #expect(style.aspectRatio == 16.0 / 9.0)
        #expect(style.margin == FlexEdges(top: 8, right: .auto, bottom: 8, left: .auto))
        #expect(style.padding == FlexEdges(all: 4))
        #expect(style.border.left == .points(2))
        #expect(style.left == .points(-10))
    }

    @Test func badKeywordsNameThePropertyTheValueAndTheChoices() {
        var style = FlexStyle()
        #expect {
            try style.set("flexDirection", to: "rowreverse")
        } throws: { error in
            guard let error = error as? FlexStyleError else { return false }
            return error.property == "flexDirection" && error.value == "rowreverse"
                && error.description
                    == "flexDirection: \"rowreverse\" is not a valid value; expected one of row, row-reverse, "
                    + "column, column-reverse"
        }
        #expect(style == FlexStyle())
    }

    @Test(arguments: [
        ("justifyContent", FlexStyleValue.string("spaceBetween"), "spaceBetween"),
        ("width", "-5", "-5"),
        ("padding", .list([1, 2, 3]), "[1, 2, 3]"),
        ("flexGrow", "-1", "-1"),
        ("aspectRatio", 0, "0"),
        ("alignItems", "middle", "middle"),
        ("height", .number(.nan), "nan"),
        ("flexLineCount", 1.5, "1.5"),
    ])
    func invalidValuesAreErrorsNamingTheValue(
        property: String, value: FlexStyleValue, shown: String
    ) {
        var style = FlexStyle()
        #expect {
            try style.set(property, to: value)
        } throws: { error in
            guard let error = error as? FlexStyleError else { return false }
            return error.property == property && error.value == shown
                && error.description.hasPrefix(property + ":")
        }
    }

    @Test func unknownPropertiesAreErrors() {
        var style = FlexStyle()
        #expect {
            try style.set("flexGrw", to: 1)
        } throws: { error in
            "\(error)".hasPrefix("flexGrw: unknown property")
        }
    }
}
