import Foundation
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// The terminal backend on a 200 × 60 screen, through the plugin (dlopen + libffi) and, as the
/// peer, the same renderer in process: frames with one changed cell, no change, and every cell
/// changed, with the bytes each writes; an overlay's fade; and an image with kitty graphics and
/// sixel, unchanged, moved and changed, against full repaints.
///
/// Published figures for context (other machines, other work): ratatui's buffer operations
/// take about 9.3 µs for 64 × 64 and 220 µs for 255 × 255 cells (M2 Max); Textual aims at 60
/// frames per second (16.7 ms a frame).
func runTerminalBenchmarks() throws {
    let columns = 200
    let rows = 60
    let discovery = PluginDiscovery(usesEnvironment: false)
    guard let library = discovery.discover().plugins.first(where: { $0.name == "terminal" }) else {
        throw BenchError(
            "the terminal plugin was not found beside the benchmark (searched \(discovery.searchPaths))"
        )
    }
    let base = terminalFrame(columns: columns, rows: rows, variant: 0)
    let oneCell = terminalFrame(columns: columns, rows: rows, variant: 0, changedCell: true)
    let everything = terminalFrame(columns: columns, rows: rows, variant: 1)
    let workloads:
        [(name: String, second: DisplayList, goal: String, check: (Int, Double) -> Bool)] = [
            ("200×60, one changed cell", oneCell, "<= 16 bytes", { bytes, _ in bytes <= 16 }),
            ("200×60, unchanged", base, "0 bytes", { bytes, _ in bytes == 0 }),
            ("200×60, every cell changed", everything, "< 1 ms", { _, time in time < 1e-3 }),
        ]
    var table: [BenchRow] = []
    for workload in workloads {
        let first = base.encoded()
        let second = workload.second.encoded()
        let plugin = try PluginBackend(library: library)
        let inProcess = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .measureText, .input],
            renderer: try TerminalRenderer(configuration: []))
        // Two frames alternate (or one repeats): after the first, each is a diff.
        for backend in [plugin, inProcess] as [any Backend] {
            _ = try backend.render(encoded: first)
            _ = try backend.render(encoded: second)
        }
        var bytes = 0
        var pluginBest = Double.infinity
        var inProcessBest = Double.infinity
        for _ in 0..<10 {
            pluginBest = min(
                pluginBest,
                try bestTime(minimumRuns: 10, maximumRuns: 10) {
                    bytes = max(bytes, try plugin.render(encoded: first).count)
                    bytes = max(bytes, try plugin.render(encoded: second).count)
                } / 2)
            inProcessBest = min(
                inProcessBest,
                try bestTime(minimumRuns: 10, maximumRuns: 10) {
                    _ = try inProcess.render(encoded: first)
                    _ = try inProcess.render(encoded: second)
                } / 2)
        }
        let statistics = try plugin.terminalControl()
        let repeats = workload.second == base
        let frameBytes = repeats ? statistics.bytesWritten : bytes
        table.append(
            BenchRow(
                workload: workload.name, trellis: pluginBest, peer: inProcessBest,
                peerName: "same renderer in process", goal: workload.goal,
                met: workload.check(frameBytes, pluginBest),
                note: "\(frameBytes) bytes/frame, \(statistics.cellsChanged) cells changed, "
                    + "plugin-reported render \(formatSeconds(Double(statistics.renderNanoseconds) / 1e9))"
            ))
    }
    table.append(try fullRepaintRow(library: library, frame: base))
    table.append(try fadeRow(library: library))
    table.append(contentsOf: try imageRows(library: library))
    printTable(table)
    print(
        "context: ratatui buffer diff ~9.3 µs (64×64) and ~220 µs (255×255) on an M2 Max; "
            + "Textual targets 60 fps (16.7 ms/frame)")
}

/// A full repaint (clear and write every cell), as after a resize.
private func fullRepaintRow(library: PluginLibrary, frame: DisplayList) throws -> BenchRow {
    let bytes = frame.encoded()
    let plugin = try PluginBackend(library: library)
    let renderer = try TerminalRenderer(configuration: [])
    let inProcess = InProcessBackend(
        name: "terminal", capabilities: [.renderTerminal], renderer: renderer)
    var written = 0
    var pluginBest = Double.infinity
    var inProcessBest = Double.infinity
    for _ in 0..<10 {
        pluginBest = min(
            pluginBest,
            try bestTime(minimumRuns: 10, maximumRuns: 10) {
                _ = try plugin.terminalControl(#"{"full": true}"#)
                written = try plugin.render(encoded: bytes).count
            })
        inProcessBest = min(
            inProcessBest,
            try bestTime(minimumRuns: 10, maximumRuns: 10) {
                renderer.requestFullFrame()
                _ = try inProcess.render(encoded: bytes)
            })
    }
    return BenchRow(
        workload: "200×60, full repaint", trellis: pluginBest, peer: inProcessBest,
        peerName: "same renderer in process", goal: "< 1 ms", met: pluginBest < 1e-3,
        note: "\(written) bytes/frame")
}

/// A 200 × 60-cell screen (8 × 16-point cells) as a list view draws it: a title bar, rows of
/// text on alternating backgrounds with a selected row, a scroll bar. Variant 1 changes every
/// cell: other text, other colours.
func terminalFrame(columns: Int, rows: Int, variant: Int, changedCell: Bool = false) -> DisplayList
{
    let width = Double(columns) * 8
    var list = DisplayList(size: Size(width: width, height: Double(rows) * 16))
    let palette: [[UInt32]] = [
        [0x1E1E2E, 0x26263A, 0x3050A0, 0xCDD6F4], [0x303446, 0x414559, 0xA04050, 0xF2D5CF],
    ]
    let colors = palette[variant].map { Color(rgb: $0) }
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789 ")
    for row in 0..<rows {
        let background = row == 0 ? colors[2] : (row % 2 == 0 ? colors[0] : colors[1])
        let y = Double(row) * 16
        list.append(.fillRect(Rect(x: 0, y: y, width: width, height: 16), color: background))
        var text = ""
        for column in 0..<(columns - 1) {
            text.append(letters[(row * 7 + column * 3 + variant * 5) % letters.count])
        }
        if changedCell && row == rows / 2 {
            var characters = Array(text)
            characters[columns / 2] = "#"
            text = String(characters)
        }
        list.append(
            .glyphRun(
                GlyphRun(
                    text: text, font: FontDescriptor(size: 13, weight: row == 0 ? 700 : 400),
                    color: colors[3], origin: Point(x: 0, y: y + 16),
                    width: Double(columns - 1) * 8,
                    ascent: 16, descent: 0)))
    }
    list.append(.fillRect(Rect(x: width - 8, y: 16, width: 8, height: 160), color: colors[3]))
    return list
}
