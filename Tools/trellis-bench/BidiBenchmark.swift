import CICUBench
import Foundation
import TrellisGeometry
import TrellisText

/// Resolving and reordering mixed bidirectional text: Trellis's `BidiParagraph` on UTF-8
/// against ICU's ubidi on the same text pre-converted to UTF-16, ICU's native encoding.
///
/// Both split the text into paragraphs, resolve each one's levels with its direction from its
/// first strong character, and compute each paragraph's visual map as one line; both count the
/// characters the map moves, which must agree.
func bidiReorderingRow(icuName: String) throws -> BenchRow {
    guard let icu = cicubench_bidi_open() else {
        throw BenchError("ICU's bidi object did not open; install libicu-dev (make deps)")
    }
    defer { cicubench_bidi_close(icu) }
    let bytes = TextCorpus.bytes(byteCount: 400_000, from: TextCorpus.bidiSentences)
    let utf16 = Array(String(decoding: bytes, as: UTF8.self).utf16)
    var moved = (trellis: 0, icu: 0)
    var icuRuns: Int64 = 0
    let trellis = bytes.withUnsafeBufferPointer { buffer in
        bestTime {
            var count = 0
            for paragraph in BidiParagraph.paragraphs(inUTF8: buffer) {
                let order = paragraph.visualOrder(inLine: paragraph.range)
                for (position, index) in order.enumerated() where position != index { count += 1 }
            }
            moved.trellis = count
        }
    }
    let peer = utf16.withUnsafeBufferPointer { buffer in
        bestTime {
            icuRuns = 0
            moved.icu = Int(
                cicubench_bidi_reorder(icu, buffer.baseAddress, Int32(buffer.count), &icuRuns))
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

/// Line layout of left-to-right text (the English and CJK sentences of the corpus), and the
/// share of it that the bidi check takes: the one pass over the bytes that finds no
/// right-to-left character, number or explicit formatting, after which the layout skips the
/// algorithm. This is all bidi adds to the layout of such text.
func leftToRightLayoutRow() -> BenchRow {
    let pool = Array(TextCorpus.sentences.prefix(8))
    let paragraphs = TextCorpus.paragraphs(byteCount: 400_000, from: pool)
    let byteCount = paragraphs.reduce(0) { $0 + $1.utf8.count + 1 }
    let measurer = TextMeasurer(metrics: ProportionalMetrics(), cacheCapacity: 0)
    let style = TextStyle(font: .system(size: 14))
    var lines = 0
    let layout = bestTime {
        lines = 0
        for paragraph in paragraphs {
            lines +=
                measurer.layout(paragraph, style: style, in: Size(width: 320, height: 0)).lines
                .count
        }
    }
    var allLeftToRight = true
    let check = bestTime {
        allLeftToRight = true
        for paragraph in paragraphs {
            var text = paragraph
            allLeftToRight =
                text.withUTF8 { BidiParagraph.isAllLeftToRight(utf8: $0) } && allLeftToRight
        }
    }
    let share = check / layout * 100
    return BenchRow(
        workload: "line layout, left to right only, proportional, 320 pt", trellis: layout,
        peer: check, peerName: "its bidi check", goal: "check < 2%",
        met: share < 2 && allLeftToRight,
        note: "\(megabytesPerSecond(byteCount, layout)) MB/s, \(lines) lines; the check "
            + String(format: "%.2f", share) + "% of it ("
            + "\(megabytesPerSecond(byteCount, check)) MB/s)")
}
