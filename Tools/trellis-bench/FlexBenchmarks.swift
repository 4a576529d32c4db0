import Foundation
import TrellisGeometry
import TrellisLayout

/// Flexbox workloads against Taffy (stretchable) and Yoga (pyyoga), built identically here and
/// in `peers/flex_taffy.py` and `peers/flex_yoga.py`. Each engine's layout call alone is timed
/// (the peers from Python, around one call into their native libraries), best of several runs,
/// every run a full layout of a tree whose caches were cleared.
func runFlexBenchmarks() throws {
    var rows: [BenchRow] = []
    for groups in [100, 1000, 10_000] {
        let nodes = 1 + groups * 11
        let root = try makeNestedTree(groups: groups)
        let time = try bestColdLayoutTime(root, width: 800)
        let yoga = try peerSeconds("flex_yoga.py", "nested", groups)
        let taffy = try peerSeconds("flex_taffy.py", "nested", groups)
        rows.append(
            BenchRow(
                workload: "nested \(nodes) nodes", trellis: time, peer: yoga, peerName: "yoga",
                goal: "≤ yoga", met: time <= yoga, note: "taffy \(formatSeconds(taffy))"))
    }
    for items in [1000, 10_000, 100_000] {
        let root = try makeWrapRow(items: items)
        let time = try bestColdLayoutTime(root, width: 1000)
        let yoga = try peerSeconds("flex_yoga.py", "wrap", items)
        let taffy = try peerSeconds("flex_taffy.py", "wrap", items)
        let goal = items == 100_000 ? "< 100 ms" : ""
        rows.append(
            BenchRow(
                workload: "wrap row \(items) items", trellis: time, peer: yoga, peerName: "yoga",
                goal: goal,
                met: items == 100_000 ? time < 0.1 : nil, note: "taffy \(formatSeconds(taffy))"))
    }
    for leaves in [1000, 10_000] {
        rows.append(contentsOf: try textRows(leaves: leaves))
    }
    printTable(rows)
}

private func peerSeconds(_ script: String, _ workload: String, _ size: Int) throws -> Double {
    let result = try runPeer(script: script, arguments: [workload, String(size)])
    guard let object = result as? [String: Any], let seconds = object["seconds"] as? Double else {
        throw BenchError("\(script) \(workload) \(size): unexpected output \(result)")
    }
    return seconds
}

/// The best time of a full layout of a tree whose caches are cleared before each run (the
/// clearing is not timed), over at least three runs and up to a second.
private func bestColdLayoutTime(_ root: FlexNode, width: Double) throws -> Double {
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    while runs < 3 || (runs < 50 && total < 1.0) {
        markAllDirty(root)
        let start = now()
        try root.calculateLayout(availableWidth: .definite(width), availableHeight: .maxContent)
        let elapsed = now() - start
        best = min(best, elapsed)
        total += elapsed
        runs += 1
    }
    return best
}

private func markAllDirty(_ node: FlexNode) {
    for child in node.children { markAllDirty(child) }
    if node.children.isEmpty { node.markDirty() }
}

/// A column of `groups` rows of ten growing leaves: 1 + 11 × groups nodes.
private func makeNestedTree(groups: Int) throws -> FlexNode {
    var rootStyle = FlexStyle()
    rootStyle.flexDirection = .column
    rootStyle.width = 800
    let root = FlexNode(style: rootStyle)
    var rowStyle = FlexStyle()
    rowStyle.flexDirection = .row
    rowStyle.columnGap = 2
    for group in 0..<groups {
        let row = FlexNode(style: rowStyle)
        for index in 0..<10 {
            var leaf = FlexStyle()
            leaf.width = 20
            leaf.height = .points(Double(10 + (group + index) % 3))
            leaf.flexGrow = 1
            try row.appendChild(FlexNode(style: leaf))
        }
        try root.appendChild(row)
    }
    return root
}

/// A wrapping row of fixed-size items of varied sizes.
private func makeWrapRow(items: Int) throws -> FlexNode {
    var rootStyle = FlexStyle()
    rootStyle.flexDirection = .row
    rootStyle.flexWrap = .wrap
    rootStyle.alignContent = .flexStart
    rootStyle.width = 1000
    let root = FlexNode(style: rootStyle)
    for index in 0..<items {
        var leaf = FlexStyle()
        leaf.width = .points(Double(10 + (index % 7) * 3))
        leaf.height = .points(Double(10 + (index % 5) * 2))
        try root.appendChild(FlexNode(style: leaf))
    }
    return root
}

/// The words (glyph counts) of text leaf `index`, as `peers/flex_common.py` makes them.
private func textWords(_ index: Int) -> [Int] {
    (0..<(4 + index % 6)).map { 3 + (index + $0) % 5 }
}

/// Counts calls to an Ahem-style text measurer (10×10 glyphs, breaks between words).
private final class MeasureCounter: @unchecked Sendable {
    var calls = 0
}

private func ahemMeasure(_ words: [Int], _ request: FlexMeasureRequest) -> Size {
    let longest = Double(words.max() ?? 0) * 10
    let total = Double(words.reduce(0, +)) * 10
    let inline: Double
    if let known = request.knownWidth {
        inline = max(known, longest)
    } else if case .definite(let space) = request.availableWidth {
        inline = max(min(space, total), longest)
    } else {
        inline = request.availableWidth == .minContent ? longest : total
    }
    if let height = request.knownHeight { return Size(width: inline, height: height) }
    let perLine = Int(inline / 10)
    var lines = 1
    var current = 0
    for word in words {
        if current + word > perLine {
            if current > 0 { lines += 1 }
            current = word
        } else {
            current += word
        }
    }
    return Size(width: inline, height: Double(lines) * 10)
}

/// A 600-point column of text leaves: measure calls on the first layout and on an unchanged
/// relayout, against Yoga's and Taffy's counts for the same tree.
private func textRows(leaves: Int) throws -> [BenchRow] {
    let counter = MeasureCounter()
    var rootStyle = FlexStyle()
    rootStyle.flexDirection = .column
    rootStyle.width = 600
    let root = FlexNode(style: rootStyle)
    for index in 0..<leaves {
        let words = textWords(index)
        try root.appendChild(
            FlexNode(measure: { request in
                counter.calls += 1
                return ahemMeasure(words, request)
            }))
    }
    var start = now()
    try root.calculateLayout(availableWidth: .maxContent, availableHeight: .maxContent)
    let first = now() - start
    let firstCalls = counter.calls
    counter.calls = 0
    start = now()
    try root.calculateLayout(availableWidth: .maxContent, availableHeight: .maxContent)
    let again = now() - start
    let againCalls = counter.calls

    func peer(_ script: String) throws -> (
        seconds: Double, relayout: Double, first: Int, again: Int
    ) {
        let result = try runPeer(script: script, arguments: ["text", String(leaves)])
        guard let object = result as? [String: Any], let seconds = object["seconds"] as? Double,
            let relayout = object["relayout_seconds"] as? Double,
            let first = object["first_calls"] as? Int,
            let again = object["relayout_calls"] as? Int
        else { throw BenchError("\(script) text \(leaves): unexpected output \(result)") }
        return (seconds, relayout, first, again)
    }
    let yoga = try peer("flex_yoga.py")
    let taffy = try peer("flex_taffy.py")
    let perLeaf = Double(firstCalls) / Double(leaves)
    return [
        BenchRow(
            workload: "text \(leaves) leaves, first", trellis: first, peer: yoga.seconds,
            peerName: "yoga",
            goal: "≤ 2 calls/leaf", met: perLeaf <= 2,
            note: String(
                format: "calls %d (%.2f/leaf); yoga %d, taffy %d", firstCalls, perLeaf, yoga.first,
                taffy.first)),
        BenchRow(
            workload: "text \(leaves) leaves, relayout", trellis: again, peer: yoga.relayout,
            peerName: "yoga",
            goal: "0 calls", met: againCalls == 0,
            note: "calls \(againCalls); yoga \(yoga.again), taffy \(taffy.again)"),
    ]
}
