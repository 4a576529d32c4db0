import Testing
import TrellisGeometry
import TrellisText

@Suite struct BidiParagraphTests {
    /// The levels of a paragraph's line as `visualRuns(inLine:)` gives them, by UTF-8 offset.
    private static func runSummary(_ paragraph: BidiParagraph, line: Range<Int>) -> [String] {
        paragraph.visualRuns(inLine: line).map {
            "\($0.range.lowerBound)..<\($0.range.upperBound):\($0.level)"
        }
    }

    @Test func hebrewAfterLatinKeepsItsNumberLeftToRight() {
        // "abc אבג 123": the space before the number joins the Hebrew, the number reads left to
        // right inside it.
        let paragraph = BidiParagraph("abc \u{5D0}\u{5D1}\u{5D2} 123")
        #expect(paragraph.baseLevel == 0)
        #expect(paragraph.baseDirection == .leftToRight)
        #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2])
        #expect(Self.runSummary(paragraph, line: 0..<14) == ["0..<4:0", "11..<14:2", "4..<11:1"])
        #expect(paragraph.visualOrder(inLine: 0..<14) == [0, 1, 2, 3, 8, 9, 10, 7, 6, 5, 4])
    }

    @Test func arabicParagraphTurnsEuropeanDigitsIntoArabicNumbers() {
        // "مرحبا 123": right to left from its first letter; after Arabic letters the digits are
        // Arabic numbers (W2), level 2, and keep their order.
        let paragraph = BidiParagraph("\u{645}\u{631}\u{62D}\u{628}\u{627} 123")
        #expect(paragraph.baseDirection == .rightToLeft)
        #expect(paragraph.levels == [1, 1, 1, 1, 1, 1, 2, 2, 2])
        #expect(paragraph.visualOrder(inLine: paragraph.range) == [6, 7, 8, 5, 4, 3, 2, 1, 0])
    }

    @Test func givenDirectionOverridesTheFirstStrongCharacter() {
        let paragraph = BidiParagraph("abc", direction: .rightToLeft)
        #expect(paragraph.baseLevel == 1)
        #expect(paragraph.levels == [2, 2, 2])
        #expect(paragraph.visualRuns(inLine: 0..<3) == [BidiRun(range: 0..<3, level: 2)])
        #expect(BidiParagraph("\u{5D0}", direction: .leftToRight).baseLevel == 0)
        #expect(BidiParagraph("123").baseDirection == .leftToRight)
        #expect(BidiParagraph("").levels.isEmpty)
        #expect(BidiParagraph("").visualRuns(inLine: 0..<0).isEmpty)
    }

    @Test func pairedBracketsTakeTheDirectionOfTheirContext() {
        // "אב (c)": the parentheses enclose Latin but follow Hebrew, so they are right to left
        // and show mirrored around the Latin: "(c) בא".
        let paragraph = BidiParagraph("\u{5D0}\u{5D1} (c)")
        #expect(paragraph.levels == [1, 1, 1, 1, 2, 1])
        #expect(
            paragraph.visualRuns(inLine: paragraph.range).map(\.direction)
                == [.rightToLeft, .leftToRight, .rightToLeft])
        #expect(
            Self.runSummary(paragraph, line: paragraph.range) == ["7..<8:1", "6..<7:2", "0..<6:1"])
    }

    @Test func canonicallyEquivalentBracketsPair() {
        // "א 〈ב〉 c" left to right, with U+2329 and U+3009, which pair through U+3008: the
        // closing bracket takes the Hebrew direction of the pair. Unpaired, "]" is a neutral
        // between Hebrew and Latin and takes the paragraph's direction.
        let paired = BidiParagraph("\u{5D0} \u{2329}\u{5D1}\u{3009} c", direction: .leftToRight)
        #expect(paired.levels.dropFirst(4).first == 1)
        let unpaired = BidiParagraph("\u{5D0} (\u{5D1}] c", direction: .leftToRight)
        #expect(unpaired.levels.dropFirst(4).first == 0)
    }

    @Test func isolateKeepsAFollowingNumberOutOfRightToLeftText() {
        // "Name: אבג - 3": without an isolate the dash and number join the Hebrew run.
        let plain = BidiParagraph("Name: \u{5D0}\u{5D1}\u{5D2} - 3")
        #expect(Array(plain.levels.suffix(4)) == [1, 1, 1, 2])
        let isolated = BidiParagraph("Name: \u{2068}\u{5D0}\u{5D1}\u{5D2}\u{2069} - 3")
        #expect(Array(isolated.levels.suffix(4)) == [0, 0, 0, 0])
        #expect(Array(isolated.levels.dropFirst(7).prefix(3)) == [1, 1, 1])
    }

    @Test func overrideForcesTheDirectionOfLetters() {
        // RLO abc PDF: the letters are right to left, shown "cba".
        let paragraph = BidiParagraph("\u{202E}abc\u{202C}")
        #expect(Array(paragraph.levels.dropFirst().prefix(3)) == [1, 1, 1])
        #expect(paragraph.visualOrder(inLine: paragraph.range) == [0, 3, 2, 1, 4])
    }

    @Test func lineRuleResetsSegmentSeparatorsAndTrailingWhitespace() {
        // "אב\tגד": the tab resolves right to left between Hebrew but shows at the paragraph
        // level (L1).
        let tabbed = BidiParagraph("\u{5D0}\u{5D1}\t\u{5D2}\u{5D3}", direction: .leftToRight)
        #expect(tabbed.levels == [1, 1, 1, 1, 1])
        #expect(Self.runSummary(tabbed, line: tabbed.range) == ["0..<4:1", "4..<5:0", "5..<9:1"])
        // "abc אב גד" broken after "אב ": the space ends the first line and drops to level 0.
        let broken = BidiParagraph("abc \u{5D0}\u{5D1} \u{5D2}\u{5D3}")
        #expect(broken.levels.dropFirst(6).first == 1)
        #expect(Self.runSummary(broken, line: 0..<9) == ["0..<4:0", "4..<8:1", "8..<9:0"])
        #expect(Self.runSummary(broken, line: 9..<13) == ["9..<13:1"])
        #expect(broken.visualOrder(inLine: 9..<13) == [1, 0])
    }

    @Test func lineOffsetsAreClampedAndRoundedToScalars() {
        let paragraph = BidiParagraph("\u{5D0}\u{5D1}c")
        #expect(Self.runSummary(paragraph, line: -5..<100) == ["4..<5:2", "0..<4:1"])
        // Offset 1 is inside alef: the line starts at bet.
        #expect(Self.runSummary(paragraph, line: 1..<4) == ["2..<4:1"])
        #expect(paragraph.visualRuns(inLine: 3..<3).isEmpty)
    }

    @Test func illFormedUTF8ReadsAsReplacementCharacters() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xD7, 0x90]
        let paragraph = bytes.withUnsafeBufferPointer { BidiParagraph(utf8: $0) }
        #expect(paragraph.levels == [0, 0, 1])
        #expect(paragraph.range == 0..<4)
        #expect(Self.runSummary(paragraph, line: 0..<4) == ["0..<2:0", "2..<4:1"])
    }

    @Test func embeddingsDeeperThanTheLimitOverflow() {
        // 200 embeddings: 125 apply and 75 overflow; "a" is left to right at level 125, so 126.
        let embeddings = String(repeating: "\u{202B}\u{202A}", count: 100)
        #expect(BidiParagraph(embeddings + "a").levels.last == 126)
        // The first 75 PDFs end the overflowed embeddings, the next 125 the others.
        let popped = { (count: Int) in
            BidiParagraph(embeddings + String(repeating: "\u{202C}", count: count) + "b").levels
                .last
        }
        #expect(popped(75) == 126)
        #expect(popped(76) == 124)
        #expect(popped(199) == 2)
        #expect(popped(200) == 0)
        #expect(popped(300) == 0)
    }

    @Test func textSplitsIntoParagraphsAfterSeparators() {
        let paragraphs = BidiParagraph.paragraphs(in: "abc\n\u{5D0}\u{5D1}\r\nx\u{2029}")
        #expect(paragraphs.map(\.range) == [0..<4, 4..<10, 10..<14])
        #expect(paragraphs.map(\.baseDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        // Offsets stay those of the whole text.
        #expect(
            paragraphs.dropFirst().first?.visualRuns(inLine: 4..<8)
                == [BidiRun(range: 4..<8, level: 1)])
        #expect(BidiParagraph.paragraphs(in: "").isEmpty)
        let forced = BidiParagraph.paragraphs(in: "a\nb", direction: .rightToLeft)
        #expect(forced.map(\.baseLevel) == [1, 1])
    }

    @Test(
        arguments: [
            ("hello", LayoutDirection.leftToRight),
            ("\u{5E9}\u{5DC}\u{5D5}\u{5DD}, world", .rightToLeft),
            ("123 abc", .leftToRight), ("\u{2067}abc\u{2069}\u{5E9}", .rightToLeft),
            ("123", .leftToRight),
        ])
    func baseDirectionFollowsTheFirstStrongCharacter(text: String, expected: LayoutDirection) {
        #expect(BidiParagraph(text).baseDirection == expected)
        #expect(LayoutDirection(firstStrongIn: text) ?? .leftToRight == expected)
    }

    @Test func documentedExamplesHold() {
        #expect(BidiParagraph("ab \u{5D0}\u{5D1}").visualOrder(inLine: 0..<7) == [0, 1, 2, 4, 3])
        let paragraphs = BidiParagraph.paragraphs(in: "abc\n\u{5D0}\u{5D1}")
        #expect(paragraphs.map(\.range) == [0..<4, 4..<8])
        #expect(paragraphs.map(\.baseDirection) == [.leftToRight, .rightToLeft])
        let name = BidiParagraph("Name: \u{5D0}\u{5D1}\u{5D2} 123")
        #expect(Self.runSummary(name, line: name.range) == ["0..<6:0", "13..<16:2", "6..<13:1"])
    }

    @Test func mirroredCharactersHaveTheirMirror() {
        #expect(Unicode.Scalar("(").bidiMirroringGlyph == ")")
        #expect(Unicode.Scalar("]").bidiMirroringGlyph == "[")
        #expect(Unicode.Scalar("\u{2264}").bidiMirroringGlyph == "\u{2265}")
        #expect(Unicode.Scalar("\u{AB}").bidiMirroringGlyph == "\u{BB}")
        #expect(Unicode.Scalar("a").bidiMirroringGlyph == nil)
        // The cube root is mirrored but has no mirror character.
        #expect(Unicode.Scalar("\u{221B}").properties.isBidiMirrored)
        #expect(Unicode.Scalar("\u{221B}").bidiMirroringGlyph == nil)
    }

    @Test func everyMirrorIsItselfMirrored() {
        for value in UInt32(0)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), let mirror = scalar.bidiMirroringGlyph
            else { continue }
            #expect(scalar.properties.isBidiMirrored, "U+\(String(value, radix: 16))")
            #expect(mirror.properties.isBidiMirrored, "U+\(String(value, radix: 16))")
        }
    }
}
