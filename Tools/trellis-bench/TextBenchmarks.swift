import CICUBench
import Foundation
import TrellisGeometry
import TrellisText

/// Text workloads: line breaking, bidi reordering and layout against ICU's line break iterator
/// and bidi algorithm (libicu, called from C so that the peer's time is ICU's own work),
/// measured in the same run.
func runTextBenchmarks() throws {
    guard let icu = cicubench_open() else {
        throw BenchError("ICU's line break iterator did not open; install libicu-dev (make deps)")
    }
    defer { cicubench_close(icu) }
    let icuName = "ICU \(String(cString: cicubench_icu_version()))"
    var rows: [BenchRow] = []

    let english = Array(TextCorpus.sentences.prefix(3))
    let cjk = Array(TextCorpus.sentences[3..<8])
    for (name, pool) in [("mixed", TextCorpus.sentences), ("English", english), ("CJK", cjk)] {
        let bytes = TextCorpus.bytes(byteCount: 400_000, from: pool)
        var counts = (trellis: 0, icu: 0)
        let (trellis, peer) = bytes.withUnsafeBufferPointer { buffer in
            let chars = cString(buffer)
            let trellis = bestTime {
                counts.trellis = LineBreaker.opportunities(inUTF8: buffer).count
            }
            let peer = bestTime {
                counts.icu = Int(cicubench_count_utf8(icu, chars, Int64(buffer.count)))
            }
            return (trellis, peer)
        }
        rows.append(
            BenchRow(
                workload: "break opportunities, \(name) \(bytes.count / 1000) KB", trellis: trellis,
                peer: peer, peerName: "\(icuName) UTF-8", goal: "≥ ICU MB/s", met: trellis <= peer,
                note: "\(megabytesPerSecond(bytes.count, trellis)) vs "
                    + "\(megabytesPerSecond(bytes.count, peer)) MB/s; "
                    + "\(counts.trellis) vs \(counts.icu) breaks"))
    }

    let mixed = TextCorpus.bytes(byteCount: 400_000)
    let utf16 = Array(String(decoding: mixed, as: UTF8.self).utf16)
    var icuCount = 0
    let trellisMixed = mixed.withUnsafeBufferPointer { buffer in
        bestTime { _ = LineBreaker.opportunities(inUTF8: buffer).count }
    }
    let icu16 = utf16.withUnsafeBufferPointer { buffer in
        bestTime {
            icuCount = Int(cicubench_count_utf16(icu, buffer.baseAddress, Int32(buffer.count)))
        }
    }
    rows.append(
        BenchRow(
            workload: "break opportunities, mixed, ICU on UTF-16", trellis: trellisMixed,
            peer: icu16,
            peerName: "\(icuName) UTF-16", goal: "≥ ICU MB/s", met: trellisMixed <= icu16,
            note: "\(megabytesPerSecond(mixed.count, trellisMixed)) vs "
                + "\(megabytesPerSecond(mixed.count, icu16)) MB/s of UTF-8; "
                + "ICU's input pre-converted (\(icuCount) breaks)"))

    rows.append(try bidiReorderingRow(icuName: icuName))
    rows += layoutRows(icu: icu, icuName: icuName)
    rows.append(leftToRightLayoutRow())
    rows.append(cachedRemeasureRow())
    printTable(rows)
}

/// Line layout of every paragraph of the mixed corpus as a label 320 points (or 40 cells)
/// wide, uncached, against ICU finding the break opportunities of the same bytes.
///
/// The corpus is timed in chunks of about 25 KB, each the best of its runs, and the chunk
/// times are added, so that a busy machine disturbs the total less than one long run.
private func layoutRows(icu: OpaquePointer, icuName: String) -> [BenchRow] {
    let paragraphs = TextCorpus.paragraphs(byteCount: 400_000)
    var chunks: [[String]] = [[]]
    var chunkBytes = 0
    for paragraph in paragraphs {
        if chunkBytes > 25_000 {
            chunks.append([])
            chunkBytes = 0
        }
        chunks[chunks.count - 1].append(paragraph)
        chunkBytes += paragraph.utf8.count + 1
    }
    let byteCount = paragraphs.reduce(0) { $0 + $1.utf8.count + 1 }
    var peer = 0.0
    for chunk in chunks {
        let bytes = Array(chunk.joined(separator: "\n").utf8)
        peer += bytes.withUnsafeBufferPointer { buffer in
            let chars = cString(buffer)
            return bestTime(budget: 0.1) {
                _ = cicubench_count_utf8(icu, chars, Int64(buffer.count))
            }
        }
    }
    var rows: [BenchRow] = []
    let cases: [(String, any FontMetrics, Double)] = [
        ("proportional, 320 pt", ProportionalMetrics(), 320),
        ("terminal cells, 40 columns", CellMetrics(), 40),
    ]
    for (name, metrics, width) in cases {
        let measurer = TextMeasurer(metrics: metrics, cacheCapacity: 0)
        let style = TextStyle(font: .system(size: 14))
        var lineCount = 0
        var time = 0.0
        for chunk in chunks {
            var chunkLines = 0
            time += bestTime(budget: 0.1) {
                chunkLines = 0
                for paragraph in chunk {
                    chunkLines +=
                        measurer.layout(paragraph, style: style, in: Size(width: width, height: 0))
                        .lines.count
                }
            }
            lineCount += chunkLines
        }
        rows.append(
            BenchRow(
                workload: "line layout, mixed, \(name)", trellis: time, peer: peer,
                peerName: "\(icuName) breaks only",
                note: "\(megabytesPerSecond(byteCount, time)) MB/s, \(lineCount) lines of "
                    + "\(paragraphs.count) labels"))
    }
    return rows
}

/// Measuring an unchanged label again: a cache hit.
private func cachedRemeasureRow() -> BenchRow {
    let measurer = TextMeasurer(metrics: ProportionalMetrics())
    let style = TextStyle(
        font: .system(size: 14), lineBreakMode: .byTruncatingTail, numberOfLines: 1)
    let text = "分享 Share 👍🏽"
    let size = Size(width: 200, height: .greatestFiniteMagnitude)
    var sink = 0.0
    sink += measurer.sizeThatFits(size, text: text, style: style).width
    let calls = 10_000
    let time = bestTime {
        for _ in 0..<calls { sink += measurer.sizeThatFits(size, text: text, style: style).width }
    }
    let perCall = time / Double(calls)
    return BenchRow(
        workload: "cached re-measure of a label", trellis: perCall, peer: nil, peerName: "—",
        goal: "< 100 ns", met: perCall < 100e-9,
        note: "sizeThatFits, text and style unchanged (checksum \(Int(sink) % 10))")
}

/// The bytes of a buffer as C characters (`nil` for an empty buffer, which ICU accepts).
private func cString(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
    buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
}

/// Formats a throughput.
func megabytesPerSecond(_ byteCount: Int, _ seconds: Double) -> String {
    String(format: "%.0f", Double(byteCount) / seconds / 1e6)
}
