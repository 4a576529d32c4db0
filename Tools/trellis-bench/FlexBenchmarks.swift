import Foundation
import TrellisGeometry
import TrellisLayout

/// Flexbox workloads against Yoga (pyyoga) and Taffy (stretchable), built identically here and
/// in `peers/flex_yoga.py` and `peers/flex_taffy.py` (the nested tree through
/// `peers/flex_common.py`). Each engine's layout call alone is timed (the peers from Python,
/// around one call into their native libraries), best of several runs. The nested and wrap
/// rows are cold on every side: before each run every node is marked dirty, untimed, so that
/// no engine answers from its caches. Each workload has one row per peer.
func runFlexBenchmarks() throws {
    var rows: [BenchRow] = []
    for depth in [3, 4, 5] {
        let root = try makeNestedTree(depth: depth)
        let nodes = countNodes(root)
        let time = try bestColdLayoutTime(root, width: 800)
        let height = root.layout.frame.height
        let workload = "nested tree, fan-out 10, depth \(depth) (\(nodes) nodes), cold"
        for engine in ["yoga", "taffy"] {
            let peer = try peerResult("flex_\(engine).py", "nested", depth)
            rows.append(
                BenchRow(
                    workload: workload, trellis: time, peer: peer.seconds, peerName: engine,
                    goal: engine == "yoga" ? "≤ yoga" : "",
                    met: engine == "yoga" ? time <= peer.seconds : nil,
                    note: agreement(nodes: nodes, height: height, peer)))
        }
    }
    for items in [1000, 10_000, 100_000] {
        let root = try makeWrapRow(items: items)
        let time = try bestColdLayoutTime(root, width: 1000)
        let height = root.layout.frame.height
        for engine in ["yoga", "taffy"] {
            let peer = try peerResult("flex_\(engine).py", "wrap", items)
            let goal = items == 100_000 && engine == "yoga" ? "< 100 ms" : ""
            rows.append(
                BenchRow(
                    workload: "wrap row \(items) items, cold", trellis: time, peer: peer.seconds,
                    peerName: engine, goal: goal, met: goal.isEmpty ? nil : time < 0.1,
                    note: agreement(nodes: items + 1, height: height, peer)))
        }
    }
    for leaves in [1000, 10_000] {
        rows.append(contentsOf: try textRows(leaves: leaves))
    }
    printTable(rows, speedUp: true)
}

/// A peer's best time, and the node count and root height it reports for the same tree.
private struct FlexPeerResult {
    var seconds: Double
    var nodes: Int?
    var height: Double?
}

private func peerResult(_ script: String, _ workload: String, _ size: Int) throws
    -> FlexPeerResult
{
    let result = try runPeer(script: script, arguments: [workload, String(size)])
    guard let object = result as? [String: Any], let seconds = object["seconds"] as? Double else {
        throw BenchError("\(script) \(workload) \(size): unexpected output \(result)")
    }
    return FlexPeerResult(
        seconds: seconds, nodes: object["nodes"] as? Int, height: object["height"] as? Double)
}

/// Whether the peer laid out the same tree: its node count and root height against ours.
private func agreement(nodes: Int, height: Double, _ peer: FlexPeerResult) -> String {
    guard let peerNodes = peer.nodes, let peerHeight = peer.height else {
        return "peer gave no node count or height"
    }
    if peerNodes == nodes && abs(peerHeight - height) < 0.5 {
        return "same tree: \(nodes) nodes, root height \(formatGeometryValue(height))"
    }
    return "DIFFERENT: \(nodes) nodes, height \(formatGeometryValue(height)); peer \(peerNodes) "
        + "nodes, height \(formatGeometryValue(peerHeight))"
}

private func formatGeometryValue(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
}

private func countNodes(_ node: FlexNode) -> Int {
    node.children.reduce(1) { $0 + countNodes($1) }
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

/// Marks every node dirty, which also discards every node's cached layouts and measurements.
private func markAllDirty(_ node: FlexNode) {
    for child in node.children { markAllDirty(child) }
    node.markDirty()
}

/// The nested workload's tree, as `build_nested` in `peers/flex_common.py` makes it: every
/// container has ten children, down to `depth` levels below the root (1 + 10 + ... + 10^depth
/// nodes). Containers at even levels are columns, at odd levels rows with a column gap of 2;
/// every node but the 800-point-wide root grows. Leaves have no width and a height of
/// 10 + (leaf number % 3), numbered depth first.
private func makeNestedTree(depth: Int) throws -> FlexNode {
    var leaves = 0
    func build(_ level: Int) throws -> FlexNode {
        if level == depth {
            var leaf = FlexStyle()
            leaf.height = .points(Double(10 + leaves % 3))
            leaf.flexGrow = 1
            leaves += 1
            return FlexNode(style: leaf)
        }
        var style = FlexStyle()
        if level % 2 == 1 {
            style.flexDirection = .row
            style.columnGap = 2
        } else {
            style.flexDirection = .column
        }
        if level > 0 {
            style.flexGrow = 1
        } else {
            style.width = 800
        }
        let node = FlexNode(style: style)
        for _ in 0..<10 { try node.appendChild(try build(level + 1)) }
        return node
    }
    return try build(0)
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
    var rows: [BenchRow] = []
    let calls = String(format: "calls %d (%.2f/leaf)", firstCalls, perLeaf)
    for (name, counts) in [("yoga", yoga), ("taffy", taffy)] {
        rows.append(
            BenchRow(
                workload: "text \(leaves) leaves, first", trellis: first, peer: counts.seconds,
                peerName: name, goal: name == "yoga" ? "≤ 2 calls/leaf" : "",
                met: name == "yoga" ? perLeaf <= 2 : nil,
                note: "\(calls); \(name) \(counts.first)"))
    }
    for (name, counts) in [("yoga", yoga), ("taffy", taffy)] {
        rows.append(
            BenchRow(
                workload: "text \(leaves) leaves, unchanged relayout", trellis: again,
                peer: counts.relayout, peerName: name, goal: name == "yoga" ? "0 calls" : "",
                met: name == "yoga" ? againCalls == 0 : nil,
                note: "calls \(againCalls); \(name) \(counts.again)"))
    }
    return rows
}
