import Testing

/// Grapheme clusters come from Swift's `Character`; this pins the runtime's behaviour to the
/// Unicode 15.0 conformance test so that a change in a future toolchain shows up here.
@Suite struct GraphemeBreakConformanceTests {
    /// Cases where the Swift runtime is known to differ from the 15.0 test, by line number,
    /// with the reason.
    static let knownDeviations: [Int: String] = [
        // Swift 6.3's runtime leaves 689 of the 3,537 Extended_Pictographic code points out of
        // rule GB11 (mostly pictographs without emoji presentation, E0.0, such as U+2700-U+2701,
        // U+2703-U+2704 and U+2605, and the reserved ranges), so `✁ ZWJ ✁` is two Characters
        // instead of one. Only this case of the file is affected; a layout then treats the two
        // halves as separate clusters.
        625: "U+2701 ZWJ U+2701: GB11 not applied to a non-emoji Extended_Pictographic"
    ]

    @Test func swiftCharactersMatchTheUnicodeGraphemeBreakTest() throws {
        let cases = try BreakTestCase.load("GraphemeBreakTest.txt")
        var failures: [String] = []
        var deviations = 0
        for testCase in cases {
            var found: [Int] = []
            var count = 0
            for character in testCase.text {
                count += character.unicodeScalars.count
                found.append(count)
            }
            if found == testCase.breaks { continue }
            if Self.knownDeviations[testCase.line] != nil {
                deviations += 1
            } else {
                failures.append("\(testCase)\n    expected \(testCase.breaks), found \(found)")
            }
        }
        let passed = cases.count - failures.count - deviations
        print(
            "GraphemeBreakTest.txt (Unicode 15.0) against Swift's Character: \(passed)/\(cases.count)"
                + " passed, \(deviations) known deviations")
        #expect(cases.count == 602)
        #expect(
            failures.isEmpty,
            "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
