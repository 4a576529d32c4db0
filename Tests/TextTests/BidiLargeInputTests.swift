import Testing
import TrellisText

/// Large and deeply nested paragraphs resolve completely: the resolver keeps its state in flat
/// arrays and never recurses, whatever the length or the nesting of the text.
@Suite struct BidiLargeInputTests {
    /// Mixed Latin, Hebrew, Arabic, numbers, brackets, an isolate and an embedding.
    static let chunk =
        "Hello \u{5E9}\u{5DC}\u{5D5}\u{5DD} (world) \u{645}\u{631}\u{62D}\u{628}\u{627} 123 "
        + "\u{661}\u{662}\u{663} \u{2067}abc [\u{5D0}\u{5D1}]\u{2069} \u{202B}x\u{202C}\t"

    /// Whether the runs of a line cover its UTF-8 offsets exactly once.
    private static func runsPartition(_ runs: [BidiRun], _ line: Range<Int>) -> Bool {
        let ranges = runs.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        return ranges.first?.lowerBound == line.lowerBound
            && ranges.last?.upperBound == line.upperBound
            && zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
    }

    /// Whether an order is a permutation of `0..<count`.
    private static func isPermutation(_ order: [Int], of count: Int) -> Bool {
        var seen = [Bool](repeating: false, count: count)
        for index in order where (0..<count).contains(index) { seen[index] = true }
        return order.count == count && !seen.contains(false)
    }

    @Test func aMegabyteOfMixedTextResolvesLikeItsParts() {
        let repeats = (1 << 20) / Self.chunk.utf8.count + 1
        let text = String(repeating: Self.chunk, count: repeats)
        #expect(text.utf8.count >= 1 << 20)
        let paragraph = BidiParagraph(text)
        let chunkScalars = Self.chunk.unicodeScalars.count
        #expect(paragraph.levels.count == chunkScalars * repeats)

        // Every chunk but the first and last resolves as the middle one of three.
        let three = BidiParagraph(String(repeating: Self.chunk, count: 3))
        let middle = three.levels[chunkScalars..<2 * chunkScalars]
        let sample = repeats / 2
        #expect(
            paragraph.levels[sample * chunkScalars..<(sample + 1) * chunkScalars] == middle)
        #expect(Set(paragraph.levels) == Set(three.levels))

        let runs = paragraph.visualRuns(inLine: paragraph.range)
        #expect(Self.runsPartition(runs, paragraph.range))
        #expect(runs.count > repeats)
        #expect(
            Self.isPermutation(
                paragraph.visualOrder(inLine: paragraph.range), of: chunkScalars * repeats))

        // A line in the middle of the text.
        let start = sample * Self.chunk.utf8.count
        let line = start..<start + Self.chunk.utf8.count
        #expect(Self.runsPartition(paragraph.visualRuns(inLine: line), line))
    }

    @Test func deepNestingPastEveryLimitResolves() {
        // 100,000 nested first-strong isolates, each holding an opening bracket, around Hebrew:
        // far deeper than the 125 levels and the 63 open brackets the algorithm tracks.
        let depth = 100_000
        let text =
            String(repeating: "\u{2068}(", count: depth) + "\u{5D0}"
            + String(repeating: ")\u{2069}", count: depth)
        let paragraph = BidiParagraph(text)
        #expect(paragraph.levels.count == 4 * depth + 1)
        #expect(paragraph.levels.max() ?? 0 <= 126)
        #expect(paragraph.baseLevel == 0)
        #expect(
            Self.isPermutation(paragraph.visualOrder(inLine: paragraph.range), of: 4 * depth + 1))

        let embeddings = String(repeating: "\u{202B}[", count: depth) + "a"
        let embedded = BidiParagraph(embeddings)
        #expect(embedded.levels.count == 2 * depth + 1)
        #expect(Self.runsPartition(embedded.visualRuns(inLine: embedded.range), embedded.range))
    }
}
