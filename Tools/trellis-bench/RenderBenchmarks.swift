import Foundation
import TrellisGeometry
import TrellisRender
import TrellisTextRenderer

/// The plugin boundary's cost: a 1,000-command frame rendered by the text backend through the
/// plugin (dlopen + libffi) and in process, in the same run.
func runRenderBenchmarks() throws {
    let list = benchmarkFrame(commands: 1_000)
    let bytes = list.encoded()
    let discovery = PluginDiscovery(usesEnvironment: false)
    guard let library = discovery.discover().plugins.first(where: { $0.name == "text" }) else {
        throw BenchError(
            "the text plugin was not found beside the benchmark (searched \(discovery.searchPaths))"
        )
    }
    let plugin = try PluginBackend(library: library)
    let inProcess = InProcessBackend(
        name: "text", capabilities: .renderText, renderer: try TextRenderer(configuration: []))
    guard try plugin.render(encoded: bytes) == inProcess.render(encoded: bytes) else {
        throw BenchError("the plugin and the in-process backend rendered different bytes")
    }
    // Alternate the two so that both see the same machine state; keep each one's best.
    var pluginBest = Double.infinity
    var inProcessBest = Double.infinity
    let callsBefore = plugin.ffiCallCount
    var frames = 0
    for _ in 0..<15 {
        pluginBest = min(
            pluginBest,
            try bestTime(minimumRuns: 20, maximumRuns: 20) { _ = try plugin.render(encoded: bytes) }
        )
        frames += 20
        inProcessBest = min(
            inProcessBest,
            try bestTime(minimumRuns: 20, maximumRuns: 20) {
                _ = try inProcess.render(encoded: bytes)
            })
    }
    let callsPerFrame = Double(plugin.ffiCallCount - callsBefore) / Double(frames)
    let overhead = pluginBest / inProcessBest - 1
    printTable([
        BenchRow(
            workload: "1,000-command frame, text backend", trellis: pluginBest, peer: inProcessBest,
            peerName: "in-process backend", goal: "1 ffi call/frame, overhead <= 2%",
            met: callsPerFrame == 1 && overhead <= 0.02,
            note: String(
                format: "%.0f ffi call(s)/frame, overhead %+.2f%%, %d bytes in", callsPerFrame,
                overhead * 100, bytes.count))
    ])
}

/// A frame of `commands` drawing commands in the proportions a view tree produces.
func benchmarkFrame(commands: Int) -> DisplayList {
    var list = DisplayList(size: Size(width: 1280, height: 800))
    list.addImage(DisplayImage(id: 1, width: 30, height: 30, color: .gray))
    var index = 0
    while list.commands.count < commands - 5 {
        let x = Double(index % 20) * 64
        let y = Double(index / 20 % 20) * 40
        let frame = Rect(x: x, y: y, width: 60, height: 36)
        list.append(.save)
        list.append(.concatenate(AffineTransform(translationX: x, y: y)))
        list.append(
            .fillRoundedRect(
                Rect(x: 0, y: 0, width: 60, height: 36), radii: .uniform(6),
                color: Color(white: Double(index % 7) / 7)))
        list.append(
            .glyphRun(
                GlyphRun(
                    text: "Item \(index)", font: FontDescriptor(size: 13), color: .black,
                    origin: Point(x: 6, y: 22), width: 40, ascent: 10, descent: 3)))
        list.append(
            .drawImage(
                id: 1, source: Rect(x: 0, y: 0, width: 30, height: 30),
                destination: frame.insetBy(dx: 10, dy: 4), capInsets: nil, tint: nil))
        list.append(.restore)
        index += 1
    }
    while list.commands.count < commands {
        list.append(.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .red))
    }
    return list
}
