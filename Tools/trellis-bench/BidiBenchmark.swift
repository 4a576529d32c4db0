import CICUBench
import Foundation
import TrellisGeometry
import TrellisText

/// Resolving and reordering mixed bidirectional text: Trellis's `BidiParagraph` on UTF-8
/// against ICU's ubidi on the same text pre-converted to UTF-16, ICU's native encoding.
///
/// Both split the text into paragraphs, resolve each one's levels with its direction from its
/// first strong character, and compute each paragraph's visual map as one line; both count the
/// characters the map moves, which must agree. The two are timed in alternation, the best
/// round of each kept.
func bidiReorderingRow(icuName: String) throws -> BenchRow {
    guard let icu = cicubench_bidi_open() else {
        throw BenchError("ICU's bidi object did not open; install libicu-dev (make deps)")
    }
    defer { cicubench_bidi_close(icu) }
    let bytes = TextCorpus.bytes(byteCount: 400_000, from: TextCorpus.bidiSentences)
    let utf16 = Array(String(decoding: bytes, as: UTF8.self).utf16)
    var moved = (trellis: 0, icu: 0)
    var icuRuns: Int64 = 0
    // The two alternate, each round timing one run of each, so that a machine whose load
    // changes during the measurement slows both alike; each keeps its best round.
    var trellis = Double.infinity
    var peer = Double.infinity
    bytes.withUnsafeBufferPointer { buffer in
        utf16.withUnsafeBufferPointer { units in
            let started = now()
            var rounds = 0
            while rounds < 20 || (rounds < 400 && now() - started < 3) {
                rounds += 1
                var start = now()
                var count = 0
                for paragraph in BidiParagraph.paragraphs(inUTF8: buffer) {
                    let order = paragraph.visualOrder(inLine: paragraph.range)
                    for (position, index) in order.enumerated() where position != index {
                        count += 1
                    }
                }
                trellis = min(trellis, now() - start)
                moved.trellis = count
                start = now()
                icuRuns = 0
                moved.icu = Int(
                    cicubench_bidi_reorder(icu, units.baseAddress, Int32(units.count), &icuRuns))
                peer = min(peer, now() - start)
            }
        }
    }
    let trellisRuns = bytes.withUnsafeBufferPointer { buffer in
        BidiParagraph.paragraphs(inUTF8: buffer).reduce(0) {
            $0 + $1.visualRuns(inLine: $1.range).count
        }
    }
    let agreement =
        moved.trellis == moved.icu && Int64(trellisRuns) == icuRuns
        ? "same visual maps (\(moved.trellis) characters moved, \(trellisRuns) runs)"
        : "DIFFERENT: \(moved.trellis) vs \(moved.icu) characters moved, \(trellisRuns) vs "
            + "\(icuRuns) runs"
    return BenchRow(
        workload: "resolving and reordering \(bytes.count / 1000) KB of mixed text",
        trellis: trellis, peer: peer, peerName: "\(icuName) ubidi, UTF-16", goal: "≥ ICU",
        met: trellis <= peer,
        note: "\(megabytesPerSecond(bytes.count, trellis)) vs "
            + "\(megabytesPerSecond(bytes.count, peer)) MB/s of UTF-8 (ICU's input "
            + "pre-converted); \(agreement)")
}

/// Line layout of left-to-right text (the English and CJK sentences of the corpus), and what
/// bidi adds to it: the layout finds, while it segments the text, that no character is right to
/// left, an Arabic number or explicit formatting (one comparison per scalar, a table lookup
/// only in the blocks of right-to-left scripts), and then skips the algorithm. The same check
/// run on its own, as a separate pass over the bytes, bounds that cost from above.
func leftToRightLayoutRow() -> BenchRow {
    let pool = Array(TextCorpus.sentences.prefix(8))
    let paragraphs = TextCorpus.paragraphs(byteCount: 400_000, from: pool)
    let byteCount = paragraphs.reduce(0) { $0 + $1.utf8.count + 1 }
    let measurer = TextMeasurer(metrics: ProportionalMetrics(), cacheCapacity: 0)
    let style = TextStyle(font: .system(size: 14))
    var lines = 0
    var allLeftToRight = true
    // Alternating rounds, each keeping its best, as in the bidi row.
    var layout = Double.infinity
    var check = Double.infinity
    let started = now()
    var rounds = 0
    while rounds < 10 || (rounds < 200 && now() - started < 3) {
        rounds += 1
        var start = now()
        lines = 0
        for paragraph in paragraphs {
            lines +=
                measurer.layout(paragraph, style: style, in: Size(width: 320, height: 0)).lines
                .count
        }
        layout = min(layout, now() - start)
        start = now()
        allLeftToRight = true
        for paragraph in paragraphs {
            var text = paragraph
            allLeftToRight =
                text.withUTF8 { BidiParagraph.isAllLeftToRight(utf8: $0) } && allLeftToRight
        }
        check = min(check, now() - start)
    }
    let share = check / layout * 100
    return BenchRow(
        workload: "line layout, left to right only, proportional, 320 pt", trellis: layout,
        peer: check, peerName: "bidi check alone", goal: "check < 5%",
        met: share < 5 && allLeftToRight,
        note: "\(megabytesPerSecond(byteCount, layout)) MB/s, \(lines) lines; the check on its "
            + "own " + String(format: "%.2f", share)
            + "% of it (\(megabytesPerSecond(byteCount, check)) "
            + "MB/s), an upper bound: in the layout it shares the segmentation's decoding")
}
