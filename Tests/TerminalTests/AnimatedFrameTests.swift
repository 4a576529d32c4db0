import Testing
import TrellisCore
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer
import TrellisViews

/// An animation in a live terminal costs only the cells it changes: seed 001's overlay fading
/// in over a screen, in a 200 × 60 terminal at 60 frames a second.
@MainActor
@Suite struct AnimatedFrameTests {
    @Test func aFadeWritesOnlyTheCellsItChangesAndNothingOnceItEnds() throws {
        let renderer = try TerminalRenderer(configuration: Array(#"{"colors": "truecolor"}"#.utf8))
        let backend = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .retainedFrames], renderer: renderer)
        let window = Window(size: Size(width: 1600, height: 960), backend: backend)
        let heading = Label(frame: Rect(x: 16, y: 16, width: 400, height: 32))
        heading.text = "Your garden"
        window.addSubview(heading)
        let backdrop = View(frame: Rect(x: 0, y: 0, width: 1600, height: 960))
        backdrop.backgroundColor = .black
        backdrop.alpha = 0
        window.addSubview(backdrop)
        let card = View(frame: Rect(x: 400, y: 240, width: 800, height: 480))
        card.backgroundColor = .white
        card.cornerRadius = 24
        card.alpha = 0
        window.addSubview(card)
        _ = try window.render()
        #expect(!window.needsDisplay)
        View.animate(withDuration: 0.3, options: .curveEaseOut) {
            backdrop.alpha = 0.5
            card.alpha = 1
        }
        var frames = 0
        var worst = 0.0
        while window.hasRunningAnimations {
            window.advance(by: 1.0 / 60)
            let bytes = try window.render()
            let stats = renderer.statistics
            frames += 1
            if stats.cellsChanged > 0 {
                worst = max(worst, Double(bytes.count) / Double(stats.cellsChanged))
            } else {
                #expect(bytes.isEmpty || bytes.count < 16)
            }
        }
        #expect(frames >= 18 && frames <= 20)
        #expect(worst <= 16, "\(worst) bytes per changed cell")
        // Once it ends, nothing needs drawing, and a frame drawn anyway changes no cell.
        #expect(!window.needsDisplay, "after the last frame")
        window.advance(by: 1.0 / 60)
        #expect(!window.needsDisplay)
        let after = try window.render()
        #expect(renderer.statistics.cellsChanged == 0, "\(after.count) bytes")
    }
}
