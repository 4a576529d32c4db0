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

    /// A container hidden, then removed: the views it no longer draws stop counting at once,
    /// and nothing of them is left counted once it is gone.
    @Test func viewsUnderAHiddenContainerStopCounting() throws {
        let backend = InProcessBackend(
            name: "text", capabilities: [.renderText, .retainedFrames],
            renderer: try TextRenderer(configuration: []))
        let window = Window(size: Size(width: 200, height: 200))
        window.backend = backend
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        for i in 0..<30 {
            let box = View(frame: Rect(x: Double(i * 5), y: 0, width: 4, height: 4))
            box.backgroundColor = .red
            container.addSubview(box)
        }
        window.addSubview(container)
        let other = View(frame: Rect(x: 0, y: 150, width: 10, height: 10))
        other.backgroundColor = .blue
        window.addSubview(other)
        _ = try window.render()
        for _ in 0..<3 {
            container.isHidden = true
            window.maximumDrawingCommands = window.makeDisplayList().commands.count
            _ = try window.render()
            container.isHidden = false
            window.maximumDrawingCommands = window.makeDisplayList().commands.count
            _ = try window.render()
        }
        container.isHidden = true
        _ = try window.render()
        container.removeFromSuperview()
        other.backgroundColor = .green
        window.maximumDrawingCommands = window.makeDisplayList().commands.count
        _ = try window.render()
    }
}
