import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct MalformedMarkupTests {
    func parse(_ markup: String) -> MarkupParseResult { MarkupParser().parse(markup) }

    @Test func unclosedTagsCloseAtTheEnd() {
        let result = parse("plain <b>bold <i>both")
        #expect(result.text.string == "plain bold both")
        #expect(result.text.attributes(at: 11).font?.isItalic == true)
        #expect(result.warnings.map(\.message).contains { $0.hasPrefix("<b> is not closed") })
        #expect(result.warnings.map(\.message).contains { $0.hasPrefix("<i> is not closed") })
    }

    @Test func strayClosingTagsAreIgnoredWithAWarning() {
        let result = parse("a</b>b</p>c")
        #expect(result.text.string == "abc")
        #expect(result.text.runCount == 1)
        #expect(result.warnings.count == 2)
        #expect(result.warnings.first?.message.hasPrefix("stray closing tag </b>") == true)
        #expect(result.warnings.first?.byteOffset == 1)
    }

    @Test func misnestedTagsCloseTheInnerElements() {
        let result = parse("<b>1<i>2</b>3</i>4")
        #expect(result.text.string == "1234")
        #expect(result.text.attributes(at: 2).font == MarkupOptions().font)
        #expect(
            result.warnings.map(\.message) == ["stray closing tag </i> ignored: no <i> is open"])
    }

    @Test func unknownTagsKeepTheirText() {
        let result = parse("<blink>on</blink> <custom-tag a=1>off</custom-tag><blink>x</blink>")
        #expect(result.text.string == "on offx")
        #expect(result.warnings.count == 2)
        #expect(result.warnings.first?.message.hasPrefix("unknown element <blink>") == true)
    }

    @Test(arguments: [
        ("a < b > c", "a < b > c"), ("x <3 y", "x <3 y"), ("<", "<"), ("a <b", "a <b"),
        ("1 </ 2", "1 </ 2"), ("<!-- never closed", "<!-- never closed"), ("a<!-- c -->b", "ab"),
        ("<!DOCTYPE html>t", "t"), ("<?xml version=\"1.0\"?>t", "t"), ("<b", "<b"), ("</", "</"),
    ])
    func textThatIsNotATagStays(markup: String, expected: String) {
        #expect(parse(markup).text.string == expected)
    }

    @Test func badReferencesStayLiteralWithWarnings() {
        let result = parse("&bogus; &#xD800; &#1114112; &#65 &#0; &;")
        #expect(result.text.string == "&bogus; &#xD800; &#1114112; &#65 &#0; &;")
        #expect(result.warnings.map(\.byteOffset) == [0, 8, 17, 28, 33])
        #expect(
            result.warnings.first?.message.hasPrefix("unknown character reference &bogus;") == true)
    }

    @Test func unknownColoursAreReportedWithTheirPosition() throws {
        let result = parse(
            "line one\n<font color=\"blu\">x</font> <span style=\"color: nope; font-size: big\">y</span>"
        )
        #expect(result.text.string == "line one x y")
        #expect(result.text.attributes(at: 9).foregroundColor == nil)
        let colour = try #require(result.warnings.first)
        #expect(colour.message.hasPrefix("unknown colour \"blu\" in <font color>"))
        #expect(colour.line == 2 && colour.column == 14 && colour.byteOffset == 22)
        #expect(colour.description.hasPrefix("2:14 (byte 22): unknown colour"))
        #expect(result.warnings.count == 3)
        try #require(result.warnings.count > 2)
        #expect(
            result.warnings[2].message.hasPrefix("invalid value \"big\" for CSS property font-size")
        )
    }

    @Test func columnsCountUnicodeScalars() throws {
        let result = parse("浇水</x>")
        let warning = try #require(result.warnings.first)
        #expect(warning.line == 1 && warning.column == 3 && warning.byteOffset == 6)
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let depth = 10_000
        let markup =
            String(repeating: "<b><i><span>", count: depth) + "deep"
            + String(repeating: "</span></i></b>", count: depth)
        let result = parse(markup)
        #expect(result.text.string == "deep")
        #expect(result.text.attributes(at: 0).font?.weight == .bold)
        #expect(result.warnings.isEmpty)
        let unclosed = parse(String(repeating: "<ul><li>", count: depth) + "x")
        #expect(unclosed.text.string == "x")
        #expect(
            unclosed.text.attributes(at: 0).paragraphStyle?.firstLineHeadIndent == Double(depth - 1)
                * 20)
        #expect(unclosed.warnings.count == 101)
        #expect(unclosed.warnings.last?.message == "9900 more warnings were left out")
    }

    @Test func hugeInputsParseInLinearTime() {
        let paragraph = "<p>Water <b>for</b> 7 days &amp; get <font color=red>20</font> beans</p>\n"
        let markup = String(repeating: paragraph, count: 40_000)
        #expect(markup.utf8.count > 2_500_000)
        let result = parse(markup)
        #expect(result.text.utf8Count == 40_000 * 32 - 1)
        #expect(result.warnings.isEmpty)
        let stray = parse(
            String(repeating: "<b>", count: 100_000) + String(repeating: "</i>", count: 100_000)
                + "x")
        #expect(stray.text.string == "x")
        let unclosedTags = parse(String(repeating: "<b x='", count: 100_000))
        #expect(unclosedTags.text.string.count == 600_000)
    }
}
