import Foundation
import Testing
import TrellisGeometry
import TrellisRichText
import TrellisText

@Suite struct AttributedTextTests {
    let bold = Font.boldSystem(size: 15)

    @Test func attributesAtAnOffsetComeFromItsRun() {
        var text = AttributedText("Save ", attributes: [.font(bold)])
        text += AttributedText("now", attributes: [.foregroundColor(.red)])
        #expect(text.string == "Save now")
        #expect(text.runCount == 2)
        #expect(text.attributes(at: 0).font == bold)
        #expect(text.attributes(at: 4).font == bold)
        #expect(text.attributes(at: 5).foregroundColor == .red)
        #expect(text.attributes(at: 5).font == nil)
        #expect(text.run(at: 6)?.range == 5..<8)
        #expect(text.attributes(at: 100).foregroundColor == .red)
        #expect(AttributedText().attributes(at: 0).isEmpty)
    }

    @Test func runsStayMergedWhenAttributesBecomeEqual() {
        var text = AttributedText("abcdef")
        text.addAttributes([.foregroundColor(.red)], in: 1..<3)
        text.addAttributes([.foregroundColor(.red)], in: 3..<5)
        #expect(text.runs.map(\.range) == [0..<1, 1..<5, 5..<6])
        text.removeAttributes([.foregroundColor], in: 0..<6)
        #expect(text.runs.map(\.range) == [0..<6])
        #expect(text.runs.first?.attributes.isEmpty == true)
    }

    @Test func setAttributesReplacesAndAddAttributesMerges() {
        var text = AttributedText("abcdef", attributes: [.font(bold), .kern(2)])
        text.setAttributes([.foregroundColor(.blue)], in: 2..<4)
        #expect(text.attributes(at: 2) == [.foregroundColor(.blue)])
        #expect(text.attributes(at: 4) == [.font(bold), .kern(2)])
        text.addAttributes([.underline(.single)], in: 0..<6)
        #expect(text.attributes(at: 3) == [.foregroundColor(.blue), .underline(.single)])
        #expect(text.attributes(at: 0) == [.font(bold), .kern(2), .underline(.single)])
        #expect(text.runCount == 3)
    }

    @Test func manyMutationsKeepRunsSortedAndMerged() {
        var text = AttributedText(String(repeating: "x", count: 100))
        for start in stride(from: 0, to: 100, by: 10) {
            text.addAttributes([.kern(Double(start % 20))], in: start..<(start + 10))
        }
        #expect(text.runCount == 10)
        for start in stride(from: 0, to: 100, by: 10) {
            text.addAttributes([.kern(1)], in: start..<(start + 10))
        }
        #expect(text.runCount == 1)
        #expect(text.attributes(at: 57).kern == 1)
    }

    @Test func replacingCharactersTakesTheAttributesOfTheReplacedText() {
        var text = AttributedText("Hello ", attributes: [.font(bold)])
        text += AttributedText("world", attributes: [.foregroundColor(.red)])
        text.replaceCharacters(in: 6..<11, with: "there!")
        #expect(text.string == "Hello there!")
        #expect(text.attributes(at: 11).foregroundColor == .red)
        text.replaceCharacters(in: 6..<6, with: "you ")
        #expect(text.string == "Hello you there!")
        #expect(text.attributes(at: 6).font == bold)
        #expect(text.runs.map(\.range) == [0..<10, 10..<16])
        text.removeCharacters(in: 0..<10)
        #expect(text.string == "there!")
        #expect(text.runCount == 1)
        text.removeCharacters(in: 0..<6)
        #expect(text.isEmpty && text.runCount == 0)
    }

    @Test func replacingWithAttributedTextMergesAtTheSeams() {
        var text = AttributedText("ab", attributes: [.kern(1)])
        text.insert(AttributedText("XY", attributes: [.kern(1)]), at: 1)
        #expect(text.string == "aXYb")
        #expect(text.runCount == 1)
        text.insert(AttributedText("-", attributes: [.kern(3)]), at: 2)
        #expect(text.runs.map(\.range) == [0..<2, 2..<3, 3..<5])
    }

    @Test func offsetsAreClampedAndNeverSplitAScalar() {
        var text = AttributedText("浇水")
        #expect(text.validOffset(4) == 3)
        #expect(text.validOffset(-5) == 0)
        #expect(text.validOffset(99) == 6)
        text.addAttributes([.foregroundColor(.red)], in: 2..<5)
        #expect(text.runs.map(\.range) == [0..<3, 3..<6])
        #expect(text.string(in: 3..<6) == "水")
    }

    @Test func characterRangesConvertToUTF8AndBack() {
        let text = AttributedText("浇水7天👍🏽!")
        #expect(text.utf8Range(ofCharacters: 2..<4) == 6..<10)
        #expect(text.utf8Range(ofCharacters: 4..<5) == 10..<18)
        #expect(text.characterRange(ofUTF8: 6..<10) == 2..<4)
        #expect(text.characterRange(ofUTF8: 11..<12) == 4..<5)
        #expect(text.utf8Range(of: "7天") == 6..<10)
        #expect(text.utf8Range(of: "missing") == nil)
    }

    @Test func attributedSubstringKeepsRunsFromItsStart() {
        var text = AttributedText("Hello world")
        text.addAttributes([.foregroundColor(.red)], in: 6..<11)
        let part = text.attributedSubstring(in: 4..<8)
        #expect(part.string == "o wo")
        #expect(part.runs.map(\.range) == [0..<2, 2..<4])
        #expect(part.attributes(at: 3).foregroundColor == .red)
    }

    @Test func builderConcatenatesStringsTextsAndConditions() {
        let isNew = true
        let title = AttributedText {
            AttributedText("Save ").font(bold)
            "20%"
            if isNew {
                AttributedText(" new").foregroundColor(.red)
            }
            for mark in ["!", "?"] {
                AttributedText(mark)
            }
        }
        #expect(title.string == "Save 20% new!?")
        #expect(title.runs.map(\.range) == [0..<5, 5..<8, 8..<12, 12..<14])
        #expect(
            title == AttributedText("Save ").font(bold) + "20%"
                + AttributedText(" new").foregroundColor(.red) + "!?")
    }

    @Test func nonFiniteNumbersAreNotStored() {
        var attributes: TextAttributes = [.kern(.nan), .baselineOffset(.infinity)]
        #expect(attributes.kern == nil && attributes.baselineOffset == nil)
        attributes.kern = -.infinity
        #expect(attributes.isEmpty)
    }

    @Test func canonicallyEquivalentSpellingsAreDifferentTexts() {
        let precomposed = AttributedText("\u{212B}")  // ANGSTROM SIGN, 3 UTF-8 bytes
        let decomposed = AttributedText("A\u{30A}")  // A + COMBINING RING ABOVE, 3 bytes
        #expect(precomposed.string == decomposed.string)  // String compares canonically
        #expect(precomposed != decomposed)
        #expect(precomposed == AttributedText("\u{212B}"))
        var bold = decomposed
        bold.addAttributes([.font(self.bold)], in: 0..<1)
        #expect(bold != decomposed)
        let set: Set = [precomposed, decomposed, AttributedText("\u{212B}")]
        #expect(set.count == 2)
    }

    @Test func codableRoundTripKeepsRunsAndAttributes() throws {
        var style = ParagraphStyle(alignment: .center, paragraphSpacing: 4)
        style.listMarker = ListMarker(style: .decimal, ordinal: 3)
        var text = AttributedText("浇水 7 days", attributes: [.paragraphStyle(style)])
        text.addAttributes(
            [.font(bold), .underline(TextDecoration(style: .double, color: .red))], in: 0..<6)
        text.addAttributes([.link("https://example.com"), .backgroundColor(.yellow)], in: 7..<8)
        let data = try JSONEncoder().encode(text)
        let decoded = try JSONDecoder().decode(AttributedText.self, from: data)
        #expect(decoded == text)
        #expect(decoded.hashValue == text.hashValue)
    }

    @Test(arguments: [
        #"{"string": "abc", "runs": [{"length": 2, "attributes": {}}]}"#,
        #"{"string": "abc", "runs": [{"length": 0, "attributes": {}}, {"length": 3, "attributes": {}}]}"#,
        #"{"string": "浇", "runs": [{"length": 1, "attributes": {}}, {"length": 2, "attributes": {}}]}"#,
        #"{"string": "ab", "runs": [{"length": 5, "attributes": {}}]}"#,
    ])
    func decodingRejectsRunsThatDoNotCoverTheString(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AttributedText.self, from: Data(json.utf8))
        }
    }

    @Test func decodingMergesEqualRunsAndAcceptsMissingRuns() throws {
        let json =
            #"{"string": "abc", "runs": [{"length": 1, "attributes": {"kern": 1}}, {"length": 2, "attributes": {"kern": 1}}]}"#
        let text = try JSONDecoder().decode(AttributedText.self, from: Data(json.utf8))
        #expect(text.runCount == 1)
        let plain = try JSONDecoder().decode(
            AttributedText.self, from: Data(#"{"string": "x"}"#.utf8))
        #expect(plain == AttributedText("x"))
    }

    @Test(arguments: [
        (ListMarker.Style.decimal, 12, "12."), (.lowerAlpha, 28, "ab."), (.upperAlpha, 26, "Z."),
        (.lowerRoman, 1994, "mcmxciv."), (.upperRoman, 4, "IV."), (.upperRoman, 4000, "4000."),
        (.lowerAlpha, 0, "0."), (.disc, 7, "\u{2022}"), (.custom("★"), 1, "★"),
    ])
    func listMarkersNumberInTheirStyle(style: ListMarker.Style, ordinal: Int, text: String) {
        #expect(ListMarker(style: style, ordinal: ordinal).text == text)
    }
}
