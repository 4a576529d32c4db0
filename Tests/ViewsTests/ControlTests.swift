import Testing
import TrellisEvents
import TrellisGeometry
import TrellisViews
import _TrellisTestSupport

@MainActor
private final class Recorder {
    var log: [String] = []
    func tapped(_ sender: Control) { log.append("tapped") }
    func buttonTapped(_ sender: TrackingCounter) { log.append("counter \(sender.begins)") }
    func plain() { log.append("plain") }
}

/// A custom control, as seed 000 subclasses UIControl.
@MainActor
private final class TrackingCounter: Control {
    var begins = 0
    var styleChanges = 0
    override func beginTracking(_ touch: Touch) -> Bool {
        begins += 1
        return true
    }
    override func controlStateDidChange() { styleChanges += 1 }
}

@MainActor
@Suite struct ControlThroughWindowTests {
    private func setUp() -> (Window, Control, Void) {
        let window = Window(size: Size(width: 320, height: 480))
        let control = Control(frame: Rect(x: 100, y: 100, width: 100, height: 44))
        window.addSubview(control)
        return (window, control, ())
    }

    private func trace(_ control: Control) -> () -> [String] {
        var events: [String] = []
        for (event, name) in ControlEvents.namedEvents {
            control.addAction(
                ControlAction(identifier: name) { _ in events.append(name) }, for: event)
        }
        return { events }
    }

    private func touch(
        _ window: Window, _ phase: TouchPhase, _ x: Double, _ y: Double, taps: Int = 1
    ) {
        window.dispatch(Touch(phase: phase, location: Point(x: x, y: y), tapCount: taps))
    }

    @Test func tapThroughTheWindowSendsUIKitsSequence() {
        let (window, control, _) = setUp()
        let events = trace(control)
        touch(window, .began, 150, 120)
        #expect(control.isHighlighted && control.isTracking)
        #expect(window.trackingView === control)
        touch(window, .ended, 150, 120)
        #expect(events() == ["touchDown", "touchUpInside"])
        #expect(window.trackingView == nil)
        #expect(control.state == .normal)
    }

    @Test func theTouchStaysWithTheControlWhenItMovesAway() {
        let (window, control, _) = setUp()
        let other = Control(frame: Rect(x: 0, y: 300, width: 320, height: 100))
        window.addSubview(other)
        let events = trace(control)
        let otherEvents = trace(other)
        touch(window, .began, 150, 120)
        touch(window, .moved, 150, 350)
        touch(window, .ended, 150, 350)
        #expect(events() == ["touchDown", "touchDragOutside", "touchDragExit", "touchUpOutside"])
        #expect(otherEvents().isEmpty)
    }

    @Test func targetsWithCurriedMethodReferencesReceiveEvents() {
        let (window, control, _) = setUp()
        let recorder = Recorder()
        control.addTarget(recorder, action: Recorder.tapped, for: .touchUpInside)
        control.addTarget(recorder, action: Recorder.plain, for: .touchUpInside)
        touch(window, .began, 150, 120)
        touch(window, .ended, 150, 120)
        #expect(recorder.log == ["tapped", "plain"])
        #expect(control.allTargets.count == 1)
    }

    @Test func theSameAddTargetLineRunTwiceRegistersOnce() {
        let (_, control, _) = setUp()
        let recorder = Recorder()
        for _ in 0..<2 { control.addTarget(recorder, action: Recorder.tapped, for: .touchUpInside) }
        control.sendActions(for: .touchUpInside)
        #expect(recorder.log == ["tapped"])
    }

    @Test func namedSelectorsCanBeRemovedExactly() {
        let (_, control, _) = setUp()
        let recorder = Recorder()
        control.addTarget(
            recorder, action: Recorder.tapped, for: .touchUpInside, selector: "tapped")
        control.addTarget(recorder, action: Recorder.plain, for: .touchUpInside, selector: "plain")
        #expect(
            control.actions(forTarget: recorder, forControlEvent: .touchUpInside) == [
                "tapped", "plain",
            ])
        control.removeTarget(recorder, action: "tapped", for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(recorder.log == ["plain"])
        control.removeTarget(nil, action: nil, for: .allEvents)
        #expect(control.allTargets.isEmpty)
    }

    @Test func subclassSendersAreMatchedByType() {
        let window = Window(size: Size(width: 100, height: 100))
        let counter = TrackingCounter(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(counter)
        let recorder = Recorder()
        counter.addTarget(recorder, action: Recorder.buttonTapped, for: .touchUpInside)
        tap(window, 10, 10)
        #expect(recorder.log == ["counter 1"])
        #expect(counter.styleChanges == 2)  // highlighted on, then off
    }

    @Test func disabledControlsPassTouchesUpAndSendNothing() {
        let (window, control, _) = setUp()
        let events = trace(control)
        control.isEnabled = false
        touch(window, .began, 150, 120)
        touch(window, .ended, 150, 120)
        #expect(events().isEmpty)
        #expect(window.trackingView == nil)
    }

    @Test func aNewTouchCancelsTheOldOne() {
        let (window, control, _) = setUp()
        let events = trace(control)
        touch(window, .began, 150, 120)
        touch(window, .began, 10, 10)
        #expect(events() == ["touchDown", "touchCancel"])
        #expect(!control.isHighlighted)
    }

    @Test func contentAlignmentResolvesAgainstTheWindowsDirection() {
        let window = Window(size: Size(width: 100, height: 100), layoutDirection: .rightToLeft)
        let control = Control()
        window.addSubview(control)
        control.contentHorizontalAlignment = .leading
        #expect(control.effectiveContentHorizontalAlignment == .right)
        control.contentHorizontalAlignment = .trailing
        #expect(control.effectiveContentHorizontalAlignment == .left)
    }
}

/// A control that logs its tracking hooks, with the touch each receives, into a shared log.
@MainActor
private final class HookLogger: Control {
    var log: [String] = []
    /// How many moves ``continueTracking(_:)`` accepts before it returns `false`.
    var movesAccepted = Int.max
    var tracksTouches = true

    private func describe(_ touch: Touch?) -> String {
        guard let touch else { return "nil" }
        return "\(touch.phase) \(Int(touch.location.x)),\(Int(touch.location.y))"
    }

    override func beginTracking(_ touch: Touch) -> Bool {
        log.append("begin \(describe(touch))")
        return tracksTouches
    }

    override func continueTracking(_ touch: Touch) -> Bool {
        log.append("continue \(describe(touch))")
        movesAccepted -= 1
        return movesAccepted >= 0
    }

    override func endTracking(_ touch: Touch?) {
        log.append("end \(describe(touch))")
    }

    override func cancelTracking(_ touch: Touch?) {
        log.append("cancel \(describe(touch))")
    }
}

@MainActor
@Suite struct TrackingHookTests {
    /// A window with a logging control at (100, 100), 100 × 44, whose events join the log.
    private func setUp() -> (Window, HookLogger) {
        let window = Window(size: Size(width: 320, height: 480))
        let control = HookLogger(frame: Rect(x: 100, y: 100, width: 100, height: 44))
        window.addSubview(control)
        for (event, name) in ControlEvents.namedEvents {
            control.addAction(
                ControlAction(identifier: name) { [unowned control] _ in
                    control.log.append(name)
                }, for: event)
        }
        return (window, control)
    }

    private func touch(_ window: Window, _ phase: TouchPhase, _ x: Double, _ y: Double) {
        window.dispatch(Touch(phase: phase, location: Point(x: x, y: y)))
    }

    @Test func continueTrackingReturningFalseStopsDragEvents() {
        let (window, control) = setUp()
        control.movesAccepted = 1
        touch(window, .began, 150, 120)
        touch(window, .moved, 160, 120)
        touch(window, .moved, 170, 125)
        #expect(!control.isTracking)
        touch(window, .moved, 180, 130)
        touch(window, .ended, 180, 130)
        #expect(
            control.log == [
                "begin began 50,20", "touchDown",
                "continue moved 60,20", "touchDragInside",
                "continue moved 70,25",
            ])
        #expect(!control.isHighlighted)
        #expect(window.trackingView == nil)
    }

    @Test func endTrackingReceivesTheReleaseBeforeTouchUp() {
        let (window, control) = setUp()
        touch(window, .began, 150, 120)
        touch(window, .moved, 155, 121)
        touch(window, .ended, 160, 122)
        touch(window, .began, 150, 120)
        touch(window, .ended, 400, 400)
        #expect(
            control.log == [
                "begin began 50,20", "touchDown",
                "continue moved 55,21", "touchDragInside",
                "end ended 60,22", "touchUpInside",
                "begin began 50,20", "touchDown",
                "end ended 300,300", "touchUpOutside",
            ])
    }

    @Test func cancelTrackingReceivesTheCancelledTouch() {
        let (window, control) = setUp()
        touch(window, .began, 150, 120)
        touch(window, .cancelled, 150, 130)
        #expect(
            control.log == [
                "begin began 50,20", "touchDown", "cancel cancelled 50,30", "touchCancel",
            ])
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test func aNewTouchElsewhereCancelsTrackingWithThatTouch() {
        let (window, control) = setUp()
        touch(window, .began, 150, 120)
        touch(window, .began, 10, 10)
        touch(window, .ended, 10, 10)
        #expect(
            control.log == [
                "begin began 50,20", "touchDown", "cancel cancelled -90,-90", "touchCancel",
            ])
    }

    @Test func untrackedTouchesCallNoOtherHook() {
        let (window, control) = setUp()
        control.tracksTouches = false
        touch(window, .began, 150, 120)
        touch(window, .moved, 160, 120)
        touch(window, .ended, 160, 120)
        touch(window, .began, 150, 120)
        touch(window, .cancelled, 150, 120)
        #expect(control.log == ["begin began 50,20", "begin began 50,20"])
    }
}
