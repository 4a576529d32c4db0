import Foundation
import TrellisGeometry
import TrellisRichText
import TrellisText

/// Rich-text workloads: markup parsing against Python's html.parser, and attributed layout
/// against TrellisText's plain layout of the same characters in one font.
func runRichTextBenchmarks() throws {
    var rows: [BenchRow] = []
    let paragraph =
        "<p>连续浇水<b>7</b>天，可得<font color=\"#FF3300\">20鲸豆</font>可得15.00元红包; "
        + "water <i>for</i> seven days &amp; get <span style=\"font-size: 12pt; color: teal\">twenty "
        + "beans</span>, then <a href=\"https://example.com\">read the rules</a>.</p>\n"
    let markup = String(repeating: paragraph, count: 4_000)
    let bytes = markup.utf8.count
    var parsed = AttributedText()
    let trellisParse = bestTime(minimumRuns: 3, maximumRuns: 10, budget: 3) {
        parsed = MarkupParser().parse(markup).text
    }
    let peer = try runPeer(script: "markup_peer.py", arguments: ["3"], input: Data(markup.utf8))
    let peerParse = (peer as? [String: Any])?["seconds"] as? Double
    rows.append(
        BenchRow(
            workload: "markup to attributed text, \(bytes / 1000) KB", trellis: trellisParse,
            peer: peerParse, peerName: "Python html.parser", goal: "faster than peer",
            met: peerParse.map { trellisParse < $0 },
            note: "\(throughput(bytes, trellisParse)) MB/s; \(parsed.runCount) runs"))

    let metrics = ProportionalMetrics()
    let container = TextContainer(width: 280, defaultFont: .system(size: 14))
    var lineCount = 0
    let trellisLayout = bestTime(minimumRuns: 3, maximumRuns: 20, budget: 3) {
        lineCount = AttributedTextLayout(parsed, in: container, metrics: metrics).lines.count
    }
    let measurer = TextMeasurer(metrics: metrics, cacheCapacity: 0)
    let style = TextStyle(font: .system(size: 14))
    var plainLines = 0
    let plainLayout = bestTime(minimumRuns: 3, maximumRuns: 20, budget: 3) {
        plainLines =
            measurer.layout(parsed.string, style: style, in: Size(width: 280, height: 0)).lines
            .count
    }
    rows.append(
        BenchRow(
            workload: "attributed layout, \(parsed.utf8Count / 1000) KB at 280 pt",
            trellis: trellisLayout,
            peer: plainLayout, peerName: "TrellisText plain layout", goal: "≤ 3× plain",
            met: trellisLayout <= 3 * plainLayout,
            note: "\(lineCount) vs \(plainLines) lines; \(parsed.runCount) runs"))

    let label = AttributedText(
        markup: "<b>Save</b> <font color=red>20%</font> on <i>all</i> orders",
        options: MarkupOptions(font: .system(size: 15)))
    let labelContainer = TextContainer(
        width: 120, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
    let labelTime = bestTime(minimumRuns: 100, maximumRuns: 20_000, budget: 0.5) {
        _ = AttributedTextLayout(label, in: labelContainer, metrics: metrics)
    }
    let plainLabel = bestTime(minimumRuns: 100, maximumRuns: 20_000, budget: 0.5) {
        _ = measurer.layout(
            label.string,
            style: TextStyle(
                font: .system(size: 15), lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            in: Size(width: 120, height: 0))
    }
    rows.append(
        BenchRow(
            workload: "button title, 4 runs, truncated", trellis: labelTime, peer: plainLabel,
            peerName: "TrellisText plain layout", goal: "≤ 3× plain",
            met: labelTime <= 3 * plainLabel,
            note: "uncached on both sides"))
    printTable(rows)
}

/// Megabytes per second, with one decimal.
private func throughput(_ byteCount: Int, _ seconds: Double) -> String {
    String(format: "%.1f", Double(byteCount) / seconds / 1e6)
}
