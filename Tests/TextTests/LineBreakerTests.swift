import Testing
import TrellisText

@Suite struct LineBreakerTests {
    @Test func opportunitiesAreUTF8OffsetsEndingWithTheEndOfText() {
        let breaks = LineBreaker.opportunities(in: "Hello, world!\n你好")
        #expect(breaks.map(\.offset) == [7, 14, 17, 20])
        #expect(breaks.map(\.isMandatory) == [false, true, false, true])
    }

    @Test func emptyTextHasNoOpportunity() {
        #expect(LineBreaker.opportunities(in: "").isEmpty)
        #expect(LineBreaker.opportunities(inUTF8: []).isEmpty)
    }

    @Test func crLfIsOneMandatoryBreak() {
        let breaks = LineBreaker.opportunities(in: "a\r\nb")
        #expect(
            breaks == [.init(offset: 3, isMandatory: true), .init(offset: 4, isMandatory: true)])
    }

    @Test func numbersStayTogether() {
        // LB25: a price and a percentage do not break inside.
        let text = "$12.50 (-3%)"
        #expect(LineBreaker.opportunities(in: text).map(\.offset) == [7, text.utf8.count])
    }

    @Test func ideographsBreakEverywhereButBeforeClosingPunctuation() {
        let text = "中文。日本"
        // 中|文。|日|本: no break before the ideographic full stop (LB13... CL).
        #expect(LineBreaker.opportunities(in: text).map(\.offset) == [3, 9, 12, 15])
    }

    @Test(
        arguments: [
            [0xFF, 0x61, 0x20, 0x62], [0xE4, 0xBD], [0x61, 0xF0, 0x9F, 0x98],
            [0xED, 0xA0, 0x80, 0x20, 0x7A],
            [0xC0, 0xAF, 0x20, 0x41], [0x80, 0x80, 0x80],
        ] as [[UInt8]])
    func illFormedUTF8BreaksLikeTheRepairedString(bytes: [UInt8]) {
        let repaired = String(decoding: bytes, as: UTF8.self)
        let fromBytes = LineBreaker.opportunities(inUTF8: bytes)
        #expect(fromBytes.last?.offset == bytes.count)
        // Every ill-formed subsequence became one U+FFFD (3 bytes): map the offsets over.
        let repairedBreaks = LineBreaker.opportunities(in: repaired)
        #expect(fromBytes.count == repairedBreaks.count)
        #expect(fromBytes.map(\.isMandatory) == repairedBreaks.map(\.isMandatory))
    }

    @Test func forEachOpportunityVisitsTheSameBreaks() {
        let text = Array("one two\nthree 四五 👍🏽 ok".utf8)
        var seen: [LineBreakOpportunity] = []
        text.withUnsafeBufferPointer { buffer in
            LineBreaker.forEachOpportunity(inUTF8: buffer) { seen.append($0) }
        }
        #expect(seen == LineBreaker.opportunities(inUTF8: text))
    }
}
