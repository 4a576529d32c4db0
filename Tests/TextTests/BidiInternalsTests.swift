import Testing

@testable import TrellisText

/// The constants the resolver's fast paths read instead of the rules' switches.
@Suite struct BidiInternalsTests {
    @Test func packedImplicitLevelsAreRulesI1AndI2() {
        for level: UInt8 in [0, 1, 2, 3] {
            let increments =
                level & 1 == 0
                ? IsolatingRunSequence.evenIncrements : IsolatingRunSequence.oddIncrements
            for bidiClass in BidiClass.allCases {
                let packed =
                    UInt8(truncatingIfNeeded: increments >> (UInt64(bidiClass.rawValue) * 2)) & 3
                #expect(
                    level + packed == IsolatingRunSequence.implicitLevel(level, type: bidiClass),
                    "\(bidiClass) at \(level)")
            }
        }
    }

    @Test func lowClassTableAgreesWithTheGeneralOne() {
        let low = BidiScan.classesBelowU0800.entries
        for value in 0..<0x800 {
            let scalar = UInt32(value)
            #expect(low[value] & LowBidiClasses.classMask == UnicodeTables.bidiClass.value(scalar))
            let isBracket = UnicodeTables.bidiBrackets.entry(scalar) != nil
            #expect((low[value] & LowBidiClasses.mayBeBracket != 0) == isBracket)
        }
    }
}
