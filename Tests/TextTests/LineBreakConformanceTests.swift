import Testing
import TrellisText

@Suite struct LineBreakConformanceTests {
    /// The breaker's default rules, and the empty line-break strategy (strict UAX #14), which
    /// layouts find through the scan that also applies the browser-compatible tailoring.
    @Test(arguments: ["default", "strategy"])
    func everyCaseOfTheUnicodeLineBreakTestPasses(path: String) throws {
        let cases = try BreakTestCase.load("LineBreakTest.txt")
        var failures: [String] = []
        for testCase in cases {
            let text = testCase.text
            let opportunities =
                path == "default"
                ? LineBreaker.opportunities(in: text)
                : LineBreaker.opportunities(in: text, strategy: [])
            let found = text.scalarIndices(ofUTF8Offsets: opportunities.map(\.offset))
            if found != testCase.breaks {
                failures.append("\(testCase)\n    expected \(testCase.breaks), found \(found)")
            }
        }
        print(
            "LineBreakTest.txt (Unicode 15.0, \(path)): "
                + "\(cases.count - failures.count)/\(cases.count) passed"
        )
        #expect(cases.count == 7654)
        #expect(
            failures.isEmpty,
            "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func utf8BytesAndStringsBreakAlike() throws {
        let cases = try BreakTestCase.load("LineBreakTest.txt")
        for testCase in cases.prefix(500) {
            let text = testCase.text
            #expect(
                LineBreaker.opportunities(inUTF8: Array(text.utf8))
                    == LineBreaker.opportunities(in: text))
        }
    }
}
