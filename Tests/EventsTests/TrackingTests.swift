import Testing
import TrellisEvents
import TrellisGeometry

/// A control-like object that owns a core and records every event it sends.
@MainActor
private final class Probe: TrackingHooks {
    var core: ControlCore<Probe>!
    var events: [String] = []
    var hooks: [String] = []
    var beginResult = true
    var continueResults: [Bool] = []
    let bounds = Rect(x: 0, y: 0, width: 100, height: 40)

    init(primaryAction: Bool = true) {
        core = ControlCore(sender: self)
        core.hooks = self
        core.sendsPrimaryActionOnTouchUpInside = primaryAction
        core.actions.addAction(
            ControlAction { [unowned self] _ in events.append("|") }, for: [])
        for (event, name) in ControlEvents.namedEvents {
            core.actions.addAction(
                ControlAction(identifier: name) { [unowned self] _ in events.append(name) },
                for: event)
        }
    }

    func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, taps: Int = 1) {
        core.handle(
            Touch(phase: phase, location: Point(x: x, y: y), tapCount: taps), bounds: bounds)
    }

    func beginTracking(_ touch: Touch) -> Bool {
        hooks.append("begin")
        return beginResult
    }

    func continueTracking(_ touch: Touch) -> Bool {
        hooks.append("continue")
        return continueResults.isEmpty ? true : continueResults.removeFirst()
    }

    func endTracking(_ touch: Touch?) { hooks.append("end") }
    func cancelTracking(_ touch: Touch?) { hooks.append("cancel") }
}

@MainActor
@Suite struct TrackingTests {
    @Test func tapSendsDownUpInsideAndPrimaryAction() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        #expect(probe.core.isTracking && probe.core.isHighlighted && probe.core.isTouchInside)
        probe.touch(.ended, 10, 10)
        #expect(probe.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(probe.hooks == ["begin", "end"])
        #expect(!probe.core.isTracking && !probe.core.isHighlighted && !probe.core.isTouchInside)
    }

    @Test func controlsWithoutPrimaryActionSendOnlyTouchUpInside() {
        let probe = Probe(primaryAction: false)
        probe.touch(.began, 10, 10)
        probe.touch(.ended, 10, 10)
        #expect(probe.events == ["touchDown", "touchUpInside"])
    }

    @Test func dragOutAndBackSendsExitAndEnter() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        probe.touch(.moved, 50, 20)
        probe.touch(.moved, 200, 20)
        #expect(!probe.core.isHighlighted && !probe.core.isTouchInside)
        probe.touch(.moved, 250, 20)
        probe.touch(.moved, 90, 30)
        #expect(probe.core.isHighlighted)
        probe.touch(.ended, 90, 30)
        #expect(
            probe.events == [
                "touchDown",
                "touchDragInside",
                "touchDragOutside", "touchDragExit",
                "touchDragOutside",
                "touchDragInside", "touchDragEnter",
                "touchUpInside", "primaryActionTriggered",
            ])
    }

    @Test func releaseOutsideTheSlopSendsTouchUpOutside() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        probe.touch(.moved, 300, 10)
        probe.touch(.ended, 300, 10)
        #expect(
            probe.events == [
                "touchDown", "touchDragOutside", "touchDragExit", "touchUpOutside",
            ])
    }

    @Test func releaseWithinTheSlopCountsAsInside() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        probe.touch(.moved, 160, 100)  // 60 right of and 60 below the bounds: within 70
        #expect(probe.core.isTouchInside && probe.core.isHighlighted)
        probe.touch(.ended, 169, 109)
        #expect(
            probe.events == [
                "touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered",
            ])
    }

    @Test func slopIsConfigurable() {
        let probe = Probe()
        probe.core.touchSlop = 0
        probe.touch(.began, 10, 10)
        probe.touch(.ended, 101, 10)
        #expect(probe.events == ["touchDown", "touchUpOutside"])
        #expect(probe.core.isInsideForTracking(Point(x: 100, y: 40), bounds: probe.bounds))
    }

    @Test func doubleTapSendsTouchDownRepeatInTheSameDispatch() {
        let probe = Probe()
        var dispatches: [ControlEvents] = []
        probe.core.actions.addAction(
            ControlAction(identifier: "mask") { _ in dispatches.append([]) },
            for: [.touchDown, .touchDownRepeat])
        probe.touch(.began, 10, 10, taps: 1)
        probe.touch(.ended, 10, 10, taps: 1)
        probe.touch(.began, 10, 10, taps: 2)
        probe.touch(.ended, 10, 10, taps: 2)
        #expect(
            probe.events == [
                "touchDown", "touchUpInside", "primaryActionTriggered",
                "touchDown", "touchDownRepeat", "touchUpInside", "primaryActionTriggered",
            ])
        // An action registered for both events runs once per dispatch: twice, not three times.
        #expect(dispatches.count == 2)
    }

    @Test func cancelSendsTouchCancel() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        probe.touch(.cancelled, 10, 10)
        #expect(probe.events == ["touchDown", "touchCancel"])
        #expect(probe.hooks == ["begin", "cancel"])
        #expect(!probe.core.isHighlighted && !probe.core.isTracking)
    }

    @Test func beginTrackingReturningFalseSendsNothing() {
        let probe = Probe()
        probe.beginResult = false
        probe.touch(.began, 10, 10)
        #expect(probe.core.isHighlighted && !probe.core.isTracking)
        probe.touch(.moved, 20, 10)
        probe.touch(.ended, 20, 10)
        #expect(probe.events.isEmpty)
        #expect(probe.hooks == ["begin"])
        #expect(!probe.core.isHighlighted)
    }

    @Test func continueTrackingReturningFalseStopsDragAndReleaseEvents() {
        let probe = Probe()
        probe.continueResults = [true, false]
        probe.touch(.began, 10, 10)
        probe.touch(.moved, 20, 10)
        probe.touch(.moved, 30, 10)
        probe.touch(.moved, 40, 10)
        probe.touch(.ended, 40, 10)
        #expect(probe.events == ["touchDown", "touchDragInside"])
        #expect(probe.hooks == ["begin", "continue", "continue"])
    }

    @Test func disabledControlsProduceNoEvents() {
        let probe = Probe()
        probe.core.isEnabled = false
        probe.touch(.began, 10, 10)
        probe.touch(.moved, 300, 10)
        probe.touch(.ended, 10, 10)
        #expect(probe.events.isEmpty)
        #expect(probe.hooks.isEmpty)
        #expect(!probe.core.isHighlighted)
        #expect(probe.core.state == .disabled)
    }

    @Test func disablingClearsTheHighlightAndEndsTracking() {
        let probe = Probe()
        probe.touch(.began, 10, 10)
        #expect(probe.core.state == .highlighted)
        probe.core.isEnabled = false
        #expect(probe.core.state == .disabled)
        #expect(!probe.core.isTracking)
        probe.touch(.ended, 10, 10)
        #expect(probe.events == ["touchDown"])
        probe.core.isEnabled = true
        #expect(probe.core.state == .normal)
    }

    @Test func stateCombinesFlags() {
        let probe = Probe()
        probe.core.isSelected = true
        probe.touch(.began, 10, 10)
        #expect(probe.core.state == [.selected, .highlighted])
    }
}

@MainActor
@Suite struct ObservationTests {
    @Test func observersSeeEachStateChange() {
        let probe = Probe()
        var changes: [String] = []
        let token = probe.core.observeState { change in
            changes.append("\(change.property.rawValue)=\(change.newValue) \(change.newState)")
        }
        probe.core.isSelected = true
        probe.core.isSelected = true  // no change, no notification
        probe.touch(.began, 10, 10)
        probe.touch(.ended, 10, 10)
        probe.core.isEnabled = false
        #expect(
            changes == [
                "selected=true selected",
                "tracking=true selected",
                "highlighted=true highlighted|selected",
                "highlighted=false selected",
                "tracking=false selected",
                "enabled=false disabled|selected",
            ])
        token.cancel()
        #expect(token.isCancelled)
        probe.core.isSelected = false
        #expect(changes.count == 6)
    }

    @Test func observationEndsWhenTheTokenIsReleased() {
        let probe = Probe()
        var count = 0
        do {
            let token = probe.core.observeState { _ in count += 1 }
            probe.core.isSelected = true
            _ = token
        }
        probe.core.isSelected = false
        #expect(count == 1)
    }

    @Test func oldStateIsReported() {
        let probe = Probe()
        var seen: [ControlStateChange] = []
        let token = probe.core.observeState { seen.append($0) }
        probe.core.isHighlighted = true
        #expect(seen.first?.oldState == .normal)
        #expect(seen.first?.newState == .highlighted)
        token.cancel()
    }
}
