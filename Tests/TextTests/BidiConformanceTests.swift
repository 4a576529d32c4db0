import Testing
import TrellisText

/// The Unicode 15.0 conformance tests of the bidirectional algorithm, read from the committed
/// copies in `__Fixtures__`: every paragraph resolves to the levels and visual order the files
/// give for it as one line.
@Suite struct BidiConformanceTests {
    /// Checks every expectation `forEach` yields and records the failures.
    private static func check(
        _ name: String, count expectedCount: Int,
        _ forEach: ((BidiExpectation) -> Void) throws -> Void
    ) throws {
        var total = 0
        var failures: [String] = []
        try forEach { expectation in
            total += 1
            if let mismatch = expectation.mismatch() { failures.append(mismatch) }
        }
        let summary = "\(name) (Unicode 15.0): \(total - failures.count)/\(total) passed"
        print(summary)
        #expect(total == expectedCount, "\(name): \(total) cases read, \(expectedCount) expected")
        #expect(
            failures.isEmpty,
            """
            \(summary); \(failures.count) failures, the first ones:
            \(failures.prefix(10).joined(separator: "\n"))
            """)
    }

    @Test func everyRepresentativeHasItsClass() {
        for bidiClass in BidiClass.allCases {
            let scalar = BidiFixtures.representatives[bidiClass]
            #expect(scalar.map { BidiClass(of: $0) } == bidiClass, "\(bidiClass)")
            #expect(scalar?.bidiMirroringGlyph == nil, "\(bidiClass)")
        }
    }

    @Test func everyCaseOfTheUnicodeBidiTestPasses() throws {
        try Self.check("BidiTest.txt", count: 770_241, BidiFixtures.forEachClassCase)
    }

    @Test func everyCaseOfTheUnicodeBidiCharacterTestPasses() throws {
        try Self.check("BidiCharacterTest.txt", count: 91_707, BidiFixtures.forEachCharacterCase)
    }
}
