import TrellisCore
import TrellisGeometry
import TrellisRender

/// An image view's 96 × 96-pixel image on the 200 × 60 screen, 24 × 6 cells, through the
/// terminal plugin with kitty graphics and with sixel (10 × 20-pixel cells): the bytes and
/// time of a frame in which the image is unchanged, moved (to alternate places), or changed (to
/// alternate pictures), against the same frame repainted whole (the peer: the screen cleared,
/// every cell and the image written again).
func imageRows(library: PluginLibrary) throws -> [BenchRow] {
    let columns = 200
    let rows = 60
    let base = terminalFrame(columns: columns, rows: rows, variant: 0)
    let pictures = [benchPicture(seed: 0), benchPicture(seed: 1)]
    let places = [
        Rect(x: 320, y: 160, width: 192, height: 96), Rect(x: 800, y: 480, width: 192, height: 96),
    ]
    func frame(picture: Int, place: Int) -> [UInt8] {
        var list = base
        let image = pictures[picture]
        list.images = [image]
        list.append(
            .drawImage(
                id: image.id, source: Rect(x: 0, y: 0, width: 96, height: 96),
                destination: places[place], capInsets: nil, tint: nil,
                contentKey: DisplayImage.contentKey(
                    width: image.width, height: image.height, pixels: image.pixels)))
        return list.encoded()
    }
    let workloads: [(name: String, frames: [[UInt8]])] = [
        ("unchanged", [frame(picture: 0, place: 0)]),
        ("moved", [frame(picture: 0, place: 0), frame(picture: 0, place: 1)]),
        ("changed", [frame(picture: 0, place: 0), frame(picture: 1, place: 0)]),
    ]
    var table: [BenchRow] = []
    for mode in ["kitty", "sixel"] {
        let configuration = #"{"colors": "truecolor", "graphics": "\#(mode)"}"#
        for workload in workloads {
            let plugin = try PluginBackend(
                library: library, configuration: Array(configuration.utf8))
            let frames = workload.frames
            for bytes in frames { _ = try plugin.render(encoded: bytes) }
            var frameBytes = 0
            var best = Double.infinity
            for _ in 0..<5 {
                best = min(
                    best,
                    try bestTime(minimumRuns: 5, maximumRuns: 20) {
                        for bytes in frames {
                            frameBytes = max(frameBytes, try plugin.render(encoded: bytes).count)
                        }
                    } / Double(frames.count))
            }
            if frames.count == 1 { frameBytes = try plugin.render(encoded: frames[0]).count }
            let peer = try PluginBackend(
                library: library, configuration: Array(configuration.utf8))
            var peerBytes = 0
            var peerBest = Double.infinity
            for _ in 0..<5 {
                peerBest = min(
                    peerBest,
                    try bestTime(minimumRuns: 5, maximumRuns: 20) {
                        _ = try peer.terminalControl(#"{"full": true}"#)
                        peerBytes = try peer.render(encoded: frames[frames.count - 1]).count
                    })
            }
            let goal: String
            let met: Bool
            switch (workload.name, mode) {
            case ("unchanged", _):
                (goal, met) = ("0 bytes", frameBytes == 0)
            case ("moved", "kitty"):
                (goal, met) = ("placement only, < 100 bytes", frameBytes < 100)
            default:
                (goal, met) = ("< full repaint bytes", frameBytes < peerBytes)
            }
            table.append(
                BenchRow(
                    workload: "200×60, \(mode) image \(workload.name)", trellis: best,
                    peer: peerBest, peerName: "full repaint", goal: goal, met: met,
                    note: "\(frameBytes) bytes/frame, full repaint \(peerBytes) bytes"))
        }
    }
    return table
}

/// A 96 × 96 picture: smooth colour ramps with a disc, different for each seed.
private func benchPicture(seed: Int) -> DisplayImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(96 * 96 * 4)
    for y in 0..<96 {
        for x in 0..<96 {
            let dx = x - 48
            let dy = y - 48
            let inside = dx * dx + dy * dy < 900
            pixels += [
                UInt8((x * 2 + seed * 90) % 256), UInt8((y * 2 + seed * 40) % 256),
                inside ? 230 : UInt8((x + y) % 256), 255,
            ]
        }
    }
    return DisplayImage(id: 1, width: 96, height: 96, pixels: pixels)
}
