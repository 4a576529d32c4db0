import Testing
import TrellisGeometry
import TrellisRender
import TrellisTextRenderer
import TrellisViews

/// A frame holds at most `maximumDrawingCommands`, counted over every view whether the frame
/// is sent whole or as the segments that changed.
@MainActor
@Suite struct DrawingBudgetTests {
    @Test(arguments: [true, false])
    func aFrameOverTheBudgetIsRefusedAndOneAtItRenders(retained: Bool) throws {
        let backend = InProcessBackend(
            name: "text", capabilities: retained ? [.renderText, .retainedFrames] : [.renderText],
            renderer: try TextRenderer(configuration: []))
        let window = Window(size: Size(width: 200, height: 200))
        window.backend = backend
        for i in 0..<20 {
            let box = View(frame: Rect(x: Double(i * 5), y: 0, width: 4, height: 4))
            box.backgroundColor = .red
            window.addSubview(box)
        }
        let commands = window.makeDisplayList().commands.count
        window.maximumDrawingCommands = commands
        _ = try window.render()
        // Changes come and go: the count follows every view added, changed and removed.
        let extra = View(frame: Rect(x: 0, y: 50, width: 10, height: 10))
        extra.backgroundColor = .blue
        window.addSubview(extra)
        #expect {
            _ = try window.render()
        } throws: { error in
            (error as? PluginError)?.code == .overBudget
                && "\(error)".contains("over the limit of \(commands)")
        }
        extra.removeFromSuperview()
        window.subviews[3].backgroundColor = .green
        _ = try window.render()
        window.subviews[4].removeFromSuperview()
        window.maximumDrawingCommands = window.makeDisplayList().commands.count
        _ = try window.render()
        window.maximumDrawingCommands -= 1
        window.subviews[5].backgroundColor = .orange
        #expect(throws: PluginError.self) { _ = try window.render() }
    }
}
