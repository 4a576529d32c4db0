import Testing
import Trellis

/// Built with `import Trellis` alone: the facade is all a user needs.
@MainActor
@Suite struct FacadeTests {
    @Test func aSeedComponentNeedsOnlyTheFacade() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let button = Button(
            image: Image(size: Size(width: 16, height: 16), color: .orange), title: "来点我啊",
            font: .system(size: 14), spacing: 10, direction: .row)
        button.frame = Rect(x: 20, y: 30, width: 120, height: 40)
        button.setTitle("选中了", for: .selected)
        button.addAction(
            ControlAction { sender in sender.isSelected.toggle() }, for: .touchUpInside)
        window.addSubview(button)
        window.dispatch(Touch(phase: .began, location: Point(x: 30, y: 40)))
        window.dispatch(Touch(phase: .ended, location: Point(x: 30, y: 40)))
        #expect(button.isSelected)
        #expect(button.titleLabel.text == "选中了")
        let list = window.makeDisplayList()
        #expect(
            list.commands.contains { command in
                if case .glyphRun(let run) = command { return run.text == "选中了" }
                return false
            })
    }
}
