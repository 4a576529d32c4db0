import Testing
import TrellisCore
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisTerminal

/// Mouse events become touches at cell centres and scroll distances in points.
@Suite struct MouseTranslatorTests {
    private func touches(_ actions: [MouseTranslator.Action]) -> [Touch] {
        actions.compactMap { action in
            if case .touch(let touch) = action { return touch }
            return nil
        }
    }

    @Test func pressDragReleaseIsBeganMovedEndedAtCellCentres() {
        var mouse = MouseTranslator(cellWidth: 8, cellHeight: 16)
        let began = touches(
            mouse.translate(MouseEvent(.press, button: .left, column: 2, row: 1), timestamp: 1))
        let moved = touches(
            mouse.translate(MouseEvent(.drag, button: .left, column: 3, row: 1), timestamp: 1.1))
        let ended = touches(
            mouse.translate(MouseEvent(.release, button: .left, column: 4, row: 2), timestamp: 1.2))
        #expect(
            began == [
                Touch(phase: .began, location: Point(x: 20, y: 24), tapCount: 1, timestamp: 1)
            ])
        #expect(moved == [Touch(phase: .moved, location: Point(x: 28, y: 24), timestamp: 1.1)])
        #expect(ended == [Touch(phase: .ended, location: Point(x: 36, y: 40), timestamp: 1.2)])
        #expect(mouse.touchLocation == nil)
    }

    @Test func secondPressOnTheSameCellSoonIsADoubleTap() {
        var mouse = MouseTranslator(cellWidth: 1, cellHeight: 1)
        let press = MouseEvent(.press, button: .left, column: 5, row: 5)
        let release = MouseEvent(.release, button: .left, column: 5, row: 5)
        _ = mouse.translate(press, timestamp: 0)
        _ = mouse.translate(release, timestamp: 0.1)
        let second = touches(mouse.translate(press, timestamp: 0.3))
        #expect(second.first?.tapCount == 2)
        _ = mouse.translate(release, timestamp: 0.35)
        let late = touches(mouse.translate(press, timestamp: 2))
        #expect(late.first?.tapCount == 1)
    }

    @Test func otherButtonsAndBareMotionGiveNothing() {
        var mouse = MouseTranslator(cellWidth: 1, cellHeight: 1)
        #expect(
            mouse.translate(MouseEvent(.press, button: .right, column: 0, row: 0), timestamp: 0)
                .isEmpty)
        #expect(mouse.translate(MouseEvent(.move, column: 1, row: 0), timestamp: 0).isEmpty)
        #expect(
            mouse.translate(MouseEvent(.drag, button: .left, column: 1, row: 0), timestamp: 0)
                .isEmpty)
        #expect(
            mouse.translate(MouseEvent(.release, button: .left, column: 1, row: 0), timestamp: 0)
                .isEmpty)
    }

    @Test func lostReleaseEndsTheTouchBeforeTheNextBegins() {
        var mouse = MouseTranslator(cellWidth: 1, cellHeight: 1)
        _ = mouse.translate(MouseEvent(.press, button: .left, column: 0, row: 0), timestamp: 0)
        let next = touches(
            mouse.translate(MouseEvent(.press, button: .left, column: 3, row: 0), timestamp: 1))
        #expect(next.map(\.phase) == [.ended, .began])
        #expect(mouse.cancel(timestamp: 2).count == 1)
        #expect(mouse.cancel(timestamp: 3).isEmpty)
    }

    @Test func wheelStepsScrollThreeRowsOrColumns() {
        var mouse = MouseTranslator(cellWidth: 8, cellHeight: 16)
        let at = Point(x: 12, y: 24)
        #expect(
            mouse.translate(MouseEvent(.scrollDown, column: 1, row: 1), timestamp: 0) == [
                .scroll(Size(width: 0, height: 48), at: at)
            ])
        #expect(
            mouse.translate(MouseEvent(.scrollUp, column: 1, row: 1), timestamp: 0) == [
                .scroll(Size(width: 0, height: -48), at: at)
            ])
        #expect(
            mouse.translate(MouseEvent(.scrollRight, column: 1, row: 1), timestamp: 0) == [
                .scroll(Size(width: 24, height: 0), at: at)
            ])
        #expect(
            mouse.translate(
                MouseEvent(.scrollDown, column: 1, row: 1, modifiers: .shift), timestamp: 0)
                == [.scroll(Size(width: 24, height: 0), at: at)])
    }
}

/// Input events become the keys a window takes.
@Suite struct KeyInputTests {
    static let cases: [(InputEvent, KeyInput?)] = [
        (.text("héllo"), .text("héllo")), (.text(" "), .space), (.text("a b"), .text("a b")),
        (.paste("x\ny"), .paste("x\ny")), (.key(KeyEvent(.enter)), .returnKey),
        (.key(KeyEvent(.escape)), .escape), (.key(KeyEvent(.tab)), .tab),
        (.key(KeyEvent(.tab, modifiers: .shift)), .backTab),
        (.key(KeyEvent(.backspace)), .backspace),
        (.key(KeyEvent(.delete)), .deleteForward),
        (.key(KeyEvent(.left, modifiers: .control)), .left),
        (.key(KeyEvent(.right)), .right), (.key(KeyEvent(.up)), .up),
        (.key(KeyEvent(.down)), .down),
        (.key(KeyEvent(.home)), .home), (.key(KeyEvent(.end)), .end),
        (.key(KeyEvent(.character(" "))), .space),
        (.key(KeyEvent(.character("A"), modifiers: .shift)), .text("A")),
        (.key(KeyEvent(.character("c"), modifiers: .control)), nil),
        (.key(KeyEvent(.pageDown)), nil),
        (.key(KeyEvent(.function(5))), nil),
        (.mouse(MouseEvent(.press, button: .left, column: 0, row: 0)), nil),
        (.focus(true), nil),
    ]

    @Test(arguments: cases)
    func inputEventsMapToWindowKeys(event: InputEvent, key: KeyInput?) {
        #expect(event.keyInput == key)
    }
}
