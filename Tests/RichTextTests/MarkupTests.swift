import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

/// The HTML string of seed 001, with its last `<p>` left open as in the seed.
let seed001Markup =
    "<p>连续浇水7天，可得20鲸豆可得15.00元红包;</p><p>连续浇水14天，可得40鲸豆可得15.00元红包;</p>"
    + "<p>连续浇水21天，可得60鲸豆可得15.00元红包;</p><p>连续浇水28天，可得80鲸豆可得15.00元红包;"

@Suite struct MarkupTests {
    let base = Font.system(size: 10)

    func parse(_ markup: String, _ options: MarkupOptions? = nil) -> MarkupParseResult {
        MarkupParser(options: options ?? MarkupOptions(font: base)).parse(markup)
    }

    @Test func seed001ParagraphsBecomeBulletLines() throws {
        let text = AttributedText(
            markup: seed001Markup, options: .init(font: base, paragraphMarker: .bullet))
        #expect(
            text.string
                == "连续浇水7天，可得20鲸豆可得15.00元红包;\n连续浇水14天，可得40鲸豆可得15.00元红包;\n"
                + "连续浇水21天，可得60鲸豆可得15.00元红包;\n连续浇水28天，可得80鲸豆可得15.00元红包;")
        #expect(text.runCount == 1)
        let style = try #require(text.attributes(at: 0).paragraphStyle)
        #expect(style.listMarker == .bullet)
        #expect(style.listMarker?.text == "•")
        #expect(text.attributes(at: 0).font == base)
        #expect(parse(seed001Markup).warnings.isEmpty)
    }

    @Test func orderedParagraphMarkersNumberTheParagraphs() {
        let text = AttributedText(
            markup: "<p>a</p><p>b</p><p>c", options: .init(paragraphMarker: .decimal))
        let markers = [0, 2, 4].map { text.attributes(at: $0).paragraphStyle?.listMarker?.text }
        #expect(markers == ["1.", "2.", "3."])
    }

    @Test func inlineElementsSetFontAndDecorations() {
        let result = parse(
            "a<b>b</b><i>i</i><u>u</u><s>s</s><del>d</del><small>m</small><big>g</big><code>c</code>"
        )
        let text = result.text
        #expect(text.string == "abiusdmgc")
        #expect(text.attributes(at: 1).font == Font(family: "System", size: 10, weight: .bold))
        #expect(text.attributes(at: 2).font?.isItalic == true)
        #expect(text.attributes(at: 3).underline == .single)
        #expect(text.attributes(at: 4).strikethrough == .single)
        #expect(text.attributes(at: 5).strikethrough == .single)
        #expect(text.attributes(at: 6).font?.size == 10 / 1.2)
        #expect(text.attributes(at: 7).font?.size == 12)
        #expect(text.attributes(at: 8).font?.isMonospaced == true)
        #expect(result.warnings.isEmpty)
    }

    @Test func subscriptsAndSuperscriptsShiftTheBaseline() {
        let text = parse("H<sub>2</sub>O x<sup>2</sup>").text
        #expect(text.attributes(at: 1).baselineOffset == -2.5)
        #expect(text.attributes(at: 1).font?.size == 7.5)
        #expect(text.attributes(at: 5).baselineOffset == 4)
        #expect(text.attributes(at: 0).baselineOffset == nil)
    }

    @Test func nestedElementsCombine() {
        let text = parse("<b>bold <i>both</i></b> none").text
        #expect(text.string == "bold both none")
        let both = text.attributes(at: 5).font
        #expect(both?.weight == .bold && both?.isItalic == true)
        #expect(text.attributes(at: 10).font == base)
    }

    @Test func fontElementSetsColourSizeAndFace() {
        let result = parse(
            "<font color=\"red\" size=\"5\" face=\"'DejaVu Serif', serif\">x</font><font color=#00ff00 size=+1>y</font>"
        )
        let x = result.text.attributes(at: 0)
        #expect(x.foregroundColor == Color(named: "red"))
        #expect(x.font == Font(family: "DejaVu Serif", size: 24))
        let y = result.text.attributes(at: 1)
        #expect(y.foregroundColor == Color(rgb: 0x00FF00))
        #expect(y.font?.size == 18)
        #expect(result.warnings.isEmpty)
    }

    @Test func spanStylesApplyCSSDeclarations() {
        let result = parse(
            "<span style=\"color: #336699; background-color: rgba(255, 0, 0, 0.5); font-size: 12pt; "
                + "font-weight: 600; font-style: italic; text-decoration: underline line-through\">x</span>"
                + "<span style='font-size: 150%; font-weight: bold'>y</span>")
        let x = result.text.attributes(at: 0)
        #expect(x.foregroundColor == Color(rgb: 0x336699))
        #expect(x.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(x.font == Font(family: "System", size: 16, weight: .semibold, isItalic: true))
        #expect(x.underline == .single && x.strikethrough == .single)
        #expect(
            result.text.attributes(at: 1).font == Font(family: "System", size: 15, weight: .bold))
        #expect(result.warnings.isEmpty)
    }

    @Test func linksCarryTheirTargetAndLinkStyle() {
        let text = parse("see <a href=\"https://example.com/?a=1&amp;b=2\">docs</a>").text
        let link = text.attributes(at: 4)
        #expect(link.link == "https://example.com/?a=1&b=2")
        #expect(link.underline == .single)
        #expect(link.foregroundColor == Color(rgb: 0x0000EE))
        #expect(text.attributes(at: 0).link == nil)
    }

    @Test func listsGetMarkersAndNestedIndents() throws {
        let markup = """
            <ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul>\
            <ol start="3" type="i"><li>three<li value="10">ten<li>eleven</ol>
            """
        let text = parse(markup).text
        #expect(text.string == "one\ntwo\ninner\nthree\nten\neleven")
        func marker(_ word: String) -> ListMarker? {
            text.utf8Range(of: word).flatMap {
                text.attributes(at: $0.lowerBound).paragraphStyle?.listMarker
            }
        }
        #expect(marker("one")?.text == "•")
        #expect(marker("two")?.text == "•")
        #expect(marker("inner")?.text == "◦")
        #expect(marker("three")?.text == "iii.")
        #expect(marker("ten")?.text == "x.")
        #expect(marker("eleven")?.text == "xi.")
        let inner = try #require(text.utf8Range(of: "inner"))
        #expect(text.attributes(at: inner.lowerBound).paragraphStyle?.firstLineHeadIndent == 20)
        #expect(text.attributes(at: 0).paragraphStyle?.firstLineHeadIndent == 0)
    }

    @Test func lineBreaksStayInsideTheParagraph() {
        let text = parse("<p>one<br>two<br/>three</p>four").text
        #expect(text.string == "one\u{2028}two\u{2028}three\nfour")
    }

    @Test func whiteSpaceCollapsesAsInHTML() {
        #expect(parse("  <p>  a \n\t b  </p>  <p> c </p>  ").text.string == "a b\nc")
        #expect(parse("a <b> b </b> c").text.string == "a b c")
        #expect(parse("a&nbsp;&nbsp;b").text.string == "a\u{A0}\u{A0}b")
        let kept = MarkupParser(options: MarkupOptions(preservesWhitespace: true)).parse(" a  b ")
        #expect(kept.text.string == " a  b ")
    }

    @Test(arguments: [
        ("&amp;&lt;&gt;&quot;&apos;", "&<>\"'"), ("&nbsp;", "\u{A0}"),
        ("&copy;&reg;&trade;", "©®™"),
        ("&mdash;&ndash;&hellip;", "—–…"), ("&euro;&pound;&yen;", "€£¥"),
        ("&#65;&#x42;&#X43;", "ABC"),
        ("&#x1F600;", "😀"), ("&eacute;&Omega;&rarr;", "éΩ→"), ("AT&T", "AT&T"), ("a & b", "a & b"),
    ])
    func characterReferencesDecode(markup: String, expected: String) {
        #expect(parse(markup).text.string == expected)
    }

    @Test func paragraphStyleOptionsApplyToEveryParagraph() {
        let style = ParagraphStyle(alignment: .center, paragraphSpacing: 6)
        let text = AttributedText(
            markup: "<p>a</p><p style=\"text-align: right\">b</p>",
            options: .init(paragraphStyle: style))
        #expect(text.attributes(at: 0).paragraphStyle == style)
        var right = style
        right.alignment = .right
        #expect(text.attributes(at: 2).paragraphStyle == right)
    }

    @Test func strongAndEmAreAliasesOfBAndI() {
        let result = parse("<strong>s</strong><b>b</b><em>e</em><i>i</i>")
        let text = result.text
        #expect(text.string == "sbei")
        #expect(text.attributes(at: 0).font == Font(family: "System", size: 10, weight: .bold))
        #expect(text.attributes(at: 0) == text.attributes(at: 1))
        #expect(text.attributes(at: 2).font == Font(family: "System", size: 10, isItalic: true))
        #expect(text.attributes(at: 2) == text.attributes(at: 3))
        // Equal attributes merge: <strong> next to <b> and <em> next to <i> are one run each.
        #expect(text.runCount == 2)
        #expect(result.warnings.isEmpty)
    }

    @Test func strongAndEmNestAndCloseByName() {
        let text = parse("<strong>a<em>b</em>c</strong>d").text
        #expect(text.string == "abcd")
        #expect(
            text.attributes(at: 1).font
                == Font(family: "System", size: 10, weight: .bold, isItalic: true))
        #expect(text.attributes(at: 2).font == Font(family: "System", size: 10, weight: .bold))
        #expect(text.attributes(at: 3).font == base)
    }

    @Test func fontStyleNormalCancelsInheritedItalic() {
        let result = parse(
            "<em>a<span style=\"font-style: normal\">b</span>c</em>"
                + "<i><span style='font-style: Normal; font-weight: bold'>d</span></i>")
        let text = result.text
        #expect(text.string == "abcd")
        #expect(text.attributes(at: 0).font?.isItalic == true)
        #expect(text.attributes(at: 1).font == base)
        #expect(text.attributes(at: 2).font?.isItalic == true)
        #expect(text.attributes(at: 3).font == Font(family: "System", size: 10, weight: .bold))
        #expect(result.warnings.isEmpty)
    }

    @Test func textDecorationNoneRemovesInheritedLines() {
        let result = parse(
            "<u><s>a<span style=\"text-decoration: none\">b</span>c</s></u>"
                + "<del><span style=\"text-decoration: none underline\">d</span></del>")
        let text = result.text
        #expect(text.string == "abcd")
        let a = text.attributes(at: 0)
        #expect(a.underline == .single && a.strikethrough == .single)
        let b = text.attributes(at: 1)
        #expect(b.underline == nil && b.strikethrough == nil)
        #expect(b == TextAttributes(font: base))
        let c = text.attributes(at: 2)
        #expect(c.underline == .single && c.strikethrough == .single)
        // Words apply in order: none clears the strikethrough, then underline sets a line.
        let d = text.attributes(at: 3)
        #expect(d.underline == .single && d.strikethrough == nil)
        #expect(result.warnings.isEmpty)
    }

    @Test func textDecorationNoneTakesTheUnderlineOffALinkButKeepsTheLink() {
        let text = parse(
            "<a href=\"https://example.com\">a<span style=\"text-decoration: none\">b</span></a>"
        ).text
        let plain = text.attributes(at: 1)
        #expect(plain.link == "https://example.com")
        #expect(plain.underline == nil)
        #expect(plain.foregroundColor == Color(rgb: 0x0000EE))
        #expect(text.attributes(at: 0).underline == .single)
    }
}
