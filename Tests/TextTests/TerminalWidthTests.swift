import Testing
import TrellisText

@Suite struct TerminalWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("界", 2), ("Ａ", 2), ("ｱ", 1), ("e\u{301}", 1), ("\u{1100}\u{1161}", 2),
            ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("👩🏽‍💻", 2), ("🇯🇵", 2), ("🏳️‍🌈", 2),
            ("☺", 1), ("☺️", 2), ("⌚", 2), ("⌚︎", 1), ("1️⃣", 2), ("#⃣", 1), ("\u{200B}", 0),
            ("\u{0301}", 0), ("\u{00AD}", 1), ("ש", 1), ("ب", 1), ("\u{FFFD}", 1), ("é", 1),
            ("\u{E000}", 1), ("\u{0903}", 0), ("\u{0915}\u{093F}", 1), ("\u{115F}\u{1161}", 2),
        ] as [(Character, Int)])
    func clusterWidths(cluster: Character, columns: Int) {
        let width = TerminalWidth(of: cluster)
        #expect(width.columns == columns)
        #expect(!width.isControl)
    }

    @Test(
        arguments: ["\t", "\n", "\r\n", "\u{7F}", "\u{1B}", "\u{85}", "\u{2028}", "\u{0}"]
            as [Character])
    func controlsAreReportedAsControls(cluster: Character) {
        #expect(TerminalWidth(of: cluster) == TerminalWidth(columns: 0, isControl: true))
    }

    @Test func stringWidthSumsClusters() {
        #expect(TerminalWidth.columns(of: "Hi, 世界 🇯🇵") == 11)
        #expect(TerminalWidth.columns(of: "") == 0)
        #expect(TerminalWidth.columns(of: "plain ascii") == 11)
        #expect(TerminalWidth.columns(of: "a\tb") == 2)
        #expect(TerminalWidth.columns(of: "👨‍👩‍👧‍👦👨‍👩‍👧‍👦") == 4)
        #expect(TerminalWidth.columns(of: "Ａｂｃ") == 6)
        #expect(TerminalWidth.columns(of: "ｶﾀｶﾅ") == 4)
    }

    @Test func utf8WidthReplacesIllFormedBytes() {
        #expect(TerminalWidth.columns(ofUTF8: [0x61, 0xFF, 0xE4, 0xB8, 0x96]) == 4)
        #expect(TerminalWidth.columns(ofUTF8: Array("中文".utf8)) == 4)
    }
}
