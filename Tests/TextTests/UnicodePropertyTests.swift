import Testing
import TrellisText

@Suite struct UnicodePropertyTests {
    @Test func tablesComeFromUnicode15() {
        #expect(UnicodeData.version == "15.0.0")
    }

    @Test(
        arguments: [
            ("a", LineBreakClass.alphabetic), ("\u{4E00}", .ideographic), (" ", .space),
            ("\n", .lineFeed), ("\r", .carriageReturn), ("(", .openPunctuation),
            ("\u{FF08}", .openPunctuation), (")", .closeParenthesis), ("\u{0301}", .combiningMark),
            ("\u{200D}", .zeroWidthJoiner), ("\u{0E01}", .complexContext),
            ("\u{0E31}", .complexContext), ("\u{1F1E6}", .regionalIndicator),
            ("\u{261D}", .emojiBase),
            ("\u{1F3FB}", .emojiModifier), ("\u{05D0}", .hebrewLetter),
            ("\u{3041}", .conditionalJapaneseStarter),
            ("\u{1FFFD}", .ideographic), ("\u{E000}", .unknown), ("\u{00A0}", .nonBreakingGlue),
        ] as [(Unicode.Scalar, LineBreakClass)])
    func lineBreakClassOfScalarsMatchesLineBreakTxt(
        scalar: Unicode.Scalar, expected: LineBreakClass
    ) {
        #expect(LineBreakClass(of: scalar) == expected)
    }

    @Test func shortNamesRoundTrip() {
        for value in LineBreakClass.allCases {
            #expect(LineBreakClass(shortName: value.shortName) == value)
        }
        #expect(LineBreakClass.alphabetic.shortName == "AL")
        #expect(LineBreakClass(shortName: "nope") == nil)
        #expect(BidiClass(shortName: "AL") == .arabicLetter)
        #expect(EastAsianWidth(shortName: "Na") == .narrow)
    }

    @Test(
        arguments: [
            ("a", EastAsianWidth.narrow), ("\u{4E00}", .wide), ("\u{FF21}", .fullwidth),
            ("\u{FF71}", .halfwidth), ("\u{00E9}", .ambiguous), ("\u{0627}", .neutral),
            ("\u{1F600}", .wide), ("\u{20000}", .wide), ("\u{3FFFD}", .wide),
        ] as [(Unicode.Scalar, EastAsianWidth)])
    func eastAsianWidthOfScalars(scalar: Unicode.Scalar, expected: EastAsianWidth) {
        #expect(EastAsianWidth(of: scalar) == expected)
    }

    @Test func emojiPropertiesOfScalars() {
        #expect(
            EmojiProperties(of: "\u{1F600}").contains([
                .emoji, .emojiPresentation, .extendedPictographic,
            ]))
        #expect(EmojiProperties(of: "\u{263A}").contains(.emoji))
        #expect(!EmojiProperties(of: "\u{263A}").contains(.emojiPresentation))
        #expect(EmojiProperties(of: "\u{1F3FD}").contains(.emojiModifier))
        #expect(EmojiProperties(of: "\u{1F44D}").contains(.emojiModifierBase))
        #expect(EmojiProperties(of: "#").contains(.emojiComponent))
        #expect(EmojiProperties(of: "a").isEmpty)
        #expect(EmojiProperties(of: "\u{1FAFF}") == .extendedPictographic)
    }

    @Test(
        arguments: [
            ("a", BidiClass.leftToRight), ("\u{05D0}", .rightToLeft), ("\u{0627}", .arabicLetter),
            ("1", .europeanNumber), ("\u{0661}", .arabicNumber), (" ", .whiteSpace),
            ("\n", .paragraphSeparator), ("\u{0301}", .nonspacingMark),
            ("\u{2067}", .rightToLeftIsolate),
            ("\u{05FF}", .rightToLeft), ("\u{20AC}", .europeanTerminator),
        ] as [(Unicode.Scalar, BidiClass)])
    func bidiClassOfScalars(scalar: Unicode.Scalar, expected: BidiClass) {
        #expect(BidiClass(of: scalar) == expected)
    }
}
