import TrellisCore
import TrellisGallery
import TrellisGeometry
import TrellisRender
import TrellisViews

/// Seed 001's overlay fading in and out over a screen in a 200 × 60 terminal at 60 frames a
/// second, through the terminal plugin: the frames an animation costs with damage tracking,
/// against the same frames repainted whole (the peer, same renderer, every frame a full
/// repaint as a terminal without diffing would need).
func fadeRow(library: PluginLibrary) throws -> BenchRow {
    var measured: (best: Double, worstPerCell: Double, bytes: Int, frames: Int, after: Int)?
    var peerBest = Double.infinity
    var peerBytes = 0
    for _ in 0..<5 {
        let run = try MainActor.assumeIsolated { try fade(library: library, fullRepaint: false) }
        if measured == nil || run.seconds < measured!.best {
            measured = (run.seconds, run.worstPerCell, run.bytes, run.frames, run.after)
        }
        let peer = try MainActor.assumeIsolated { try fade(library: library, fullRepaint: true) }
        if peer.seconds < peerBest { (peerBest, peerBytes) = (peer.seconds, peer.bytes) }
    }
    let result = measured!
    let perFrame = result.best / Double(result.frames)
    return BenchRow(
        workload: "seed 001 overlay fade in + out, 200×60", trellis: perFrame,
        peer: peerBest / Double(result.frames), peerName: "every frame a full repaint",
        goal: "<= 16 bytes/changed cell, 0 after",
        met: result.worstPerCell <= 16 && result.after == 0,
        note:
            "\(result.frames) frames, worst \(formatRatio(result.worstPerCell)) bytes/changed cell, "
            + "\(result.bytes) bytes in all (full repaints: \(peerBytes)), "
            + "\(result.after) bytes once it ends")
}

/// Plays the fade in and out once and returns the time spent rendering, the bytes written, the
/// worst bytes per changed cell of a frame, and the bytes of a frame drawn after the end.
@MainActor
private func fade(library: PluginLibrary, fullRepaint: Bool) throws -> (
    seconds: Double, bytes: Int, worstPerCell: Double, frames: Int, after: Int
) {
    let plugin = try PluginBackend(
        library: library, configuration: Array(#"{"colors": "truecolor"}"#.utf8))
    let window = Window(size: Size(width: 1600, height: 960), backend: plugin)
    for row in 0..<28 {
        let label = Label(frame: Rect(x: 16, y: 16 + Double(row) * 32, width: 1400, height: 24))
        label.text = "Row \(row): the garden's plots, watered \(row % 7 + 1) days in a row"
        window.addSubview(label)
    }
    let overlay = Overlay(content: SeedComponents.shadowView())
    overlay.animatesTransitions = true
    _ = try window.render()
    var seconds = 0.0
    var bytes = 0
    var worst = 0.0
    var frames = 0
    func play() throws {
        while window.hasRunningAnimations {
            window.advance(by: 1.0 / 60)
            if fullRepaint { _ = try plugin.terminalControl(#"{"full": true}"#) }
            let start = now()
            let written = try window.render().count
            seconds += now() - start
            let changed = try plugin.terminalControl().cellsChanged
            bytes += written
            frames += 1
            if changed > 0 { worst = max(worst, Double(written) / Double(changed)) }
        }
    }
    overlay.present(in: window)
    try play()
    overlay.dismiss()
    try play()
    window.advance(by: 1.0 / 60)
    let after = try window.render().count
    return (seconds, bytes, worst, frames, after)
}
