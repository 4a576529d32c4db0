import Testing
import TrellisEvents
import TrellisGeometry
import TrellisText
import TrellisViews
import _TrellisTestSupport

@MainActor
private func editingTrace(_ field: TextField) -> () -> [String] {
    var events: [String] = []
    for (event, name) in ControlEvents.namedEvents
    where ControlEvents.allEditingEvents.contains(event) {
        field.addAction(ControlAction(identifier: name) { _ in events.append(name) }, for: event)
    }
    return { events }
}

@MainActor
@Suite struct SegmentedControlTests {
    private func makeControl() -> (Window, SegmentedControl) {
        let window = Window(size: Size(width: 400, height: 100))
        let control = SegmentedControl(items: ["One", "Two", "Three"])
        control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
        window.addSubview(control)
        return (window, control)
    }

    @Test func startsWithNoSegmentAndIgnoresInvalidIndexes() {
        let (_, control) = makeControl()
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(SegmentedControl.noSegment == -1)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == -1)
        control.selectedSegmentIndex = 2
        control.selectedSegmentIndex = -5
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = -1
        #expect(control.selectedSegmentIndex == -1)
    }

    @Test func tapsSelectAndSendValueChangedOnlyOnChange() {
        let (window, control) = makeControl()
        let events = traceEvents(control)
        tap(window, 150, 16)
        #expect(control.selectedSegmentIndex == 1)
        tap(window, 150, 16)
        tap(window, 250, 16)
        #expect(control.selectedSegmentIndex == 2)
        #expect(events() == ["valueChanged", "valueChanged"])
        control.selectedSegmentIndex = 0
        #expect(events().count == 2)
    }

    @Test func momentarySegmentsSendEveryTapAndKeepNoSelection() {
        let (window, control) = makeControl()
        control.isMomentary = true
        let events = traceEvents(control)
        tap(window, 50, 16)
        tap(window, 50, 16)
        #expect(control.selectedSegmentIndex == -1)
        #expect(events() == ["valueChanged", "valueChanged"])
    }

    @Test func momentaryHandlersReadTheTappedSegment() throws {
        let (window, control) = makeControl()
        control.isMomentary = true
        control.selectedSegmentTintColor = .red
        var seen: [Int] = []
        control.addAction(
            ControlAction { sender in
                seen.append((sender as? SegmentedControl)?.selectedSegmentIndex ?? -2)
            }, for: .valueChanged)
        tap(window, 250, 16)
        tap(window, 50, 16)
        tap(window, 50, 16)
        window.dispatch(Touch(phase: .began, location: Point(x: 150, y: 16)))
        window.dispatch(Touch(phase: .ended, location: Point(x: 250, y: 16)))  // another segment
        #expect(seen == [2, 0, 0])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        // No segment is drawn selected once the touch has ended.
        let lines = try commandLines(window)
        #expect(!lines.contains { $0.contains("#FF0000") })
    }

    @Test func selectingControlsShowTheSelectedSegment() throws {
        let (window, control) = makeControl()
        control.selectedSegmentTintColor = .red
        tap(window, 250, 16)
        let lines = try flatCommandLines(window)
        #expect(lines.contains("fill-rounded-rect 202 2 96 28 radii 7 #FF0000"))
    }

    @Test func disabledSegmentsAndDragsToOtherSegmentsDoNothing() {
        let (window, control) = makeControl()
        control.setEnabled(false, forSegmentAt: 0)
        tap(window, 50, 16)
        #expect(control.selectedSegmentIndex == -1)
        window.dispatch(Touch(phase: .began, location: Point(x: 150, y: 16)))
        window.dispatch(Touch(phase: .ended, location: Point(x: 250, y: 16)))
        #expect(control.selectedSegmentIndex == -1)
    }

    @Test func segmentsShareTheWidthAndKeepFixedWidths() {
        let (_, control) = makeControl()
        #expect(control.segmentFrames.map(\.width) == [100, 100, 100])
        control.setWidth(60, forSegmentAt: 0)
        #expect(control.segmentFrames.map(\.width) == [60, 120, 120])
        #expect(control.segmentFrames.dropFirst(2).first?.minX == 180)
    }

    @Test func insertingAndRemovingKeepsTheSelectionOnItsSegment() {
        let (_, control) = makeControl()
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Zero", at: 0)
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.titleForSegment(at: 2) == "Two")
        control.removeSegment(at: 0)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1)
        #expect(control.selectedSegmentIndex == -1)
        #expect(control.numberOfSegments == 2)
        control.removeSegment(at: 9)
        #expect(control.numberOfSegments == 2)
    }

    @Test func intrinsicWidthUsesTheWidestSegment() {
        let control = SegmentedControl(items: ["A", "Wide title"])
        let size = control.intrinsicContentSize
        #expect(size.height == 32)
        let wide = View.defaultTextMeasurer.metrics.width(of: "Wide title", font: control.titleFont)
            .rounded(.up)
        #expect(size.width == 2 * (wide + 24))
        control.apportionsSegmentWidthsByContent = true
        let narrow = View.defaultTextMeasurer.metrics.width(of: "A", font: control.titleFont)
            .rounded(.up)
        #expect(control.intrinsicContentSize.width == wide + narrow + 48)
    }
}

@MainActor
@Suite struct TextFieldTests {
    private func makeField() -> (Window, TextField) {
        let window = Window(size: Size(width: 300, height: 200))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 34))
        window.addSubview(field)
        return (window, field)
    }

    @Test func editingEventsComeInUIKitsOrder() {
        let (window, field) = makeField()
        let events = editingTrace(field)
        tap(window, 20, 20)
        #expect(field.isEditing && window.focusedView === field)
        window.dispatch(key: .text("h"))
        window.dispatch(key: .text("i"))
        window.dispatch(key: .returnKey)
        #expect(field.text == "hi")
        #expect(!field.isEditing)
        #expect(
            events() == [
                "editingDidBegin", "editingChanged", "editingChanged", "editingDidEndOnExit",
                "editingDidEnd",
            ])
    }

    @Test func programmaticTextSendsNothing() {
        let (_, field) = makeField()
        let events = editingTrace(field)
        field.text = "set in code"
        #expect(events().isEmpty)
    }

    @Test func shouldReturnCanKeepEditing() {
        let (window, field) = makeField()
        field.shouldReturn = { _ in false }
        field.becomeFirstResponder()
        window.dispatch(key: .returnKey)
        #expect(field.isEditing)
    }

    @Test func cursorMovesAndDeletesByGraphemeCluster() {
        let (window, field) = makeField()
        field.text = "a👨‍👩‍👧b"
        field.becomeFirstResponder()
        #expect(field.cursor == 3)
        window.dispatch(key: .left)
        window.dispatch(key: .backspace)
        #expect(field.text == "ab")
        window.dispatch(key: .home)
        window.dispatch(key: .deleteForward)
        #expect(field.text == "b")
        window.dispatch(key: .text("保存"))
        #expect(field.text == "保存b")
        #expect(field.cursor == 2)
        window.dispatch(key: .end)
        window.dispatch(key: .backspace)
        #expect(field.text == "保存")
    }

    @Test func pastedTextLosesLineBreaksAndControlCharacters() {
        let (window, field) = makeField()
        field.becomeFirstResponder()
        window.dispatch(key: .paste("one\ntwo\u{1B}[31m\u{7}"))
        #expect(field.text == "onetwo[31m")
    }

    @Test func tabMovesFocusAndEndsEditing() {
        let (window, field) = makeField()
        let other = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 34))
        window.addSubview(other)
        let events = editingTrace(field)
        window.dispatch(key: .tab)
        #expect(window.focusedView === field)
        window.dispatch(key: .tab)
        #expect(window.focusedView === other)
        #expect(other.isEditing && !field.isEditing)
        window.dispatch(key: .backTab)
        #expect(window.focusedView === field)
        #expect(events() == ["editingDidBegin", "editingDidEnd", "editingDidBegin"])
    }

    @Test func clearsOnBeginEditing() {
        let (window, field) = makeField()
        defer { withExtendedLifetime(window) {} }
        field.text = "old"
        field.clearsOnBeginEditing = true
        #expect(field.becomeFirstResponder())
        #expect(field.isEditing)
        #expect(field.text.isEmpty)
    }

    @Test func secureEntryIsDrawnAsDots() throws {
        let (window, field) = makeField()
        field.text = "secret"
        field.isSecureTextEntry = true
        let text = try renderText(window)
        #expect(text.contains("\"••••••\""))
        #expect(!text.contains("secret"))
    }
}

@MainActor
@Suite struct KeyboardControlTests {
    @Test func focusedButtonsActivateWithReturnAndSpace() {
        let window = Window(size: Size(width: 200, height: 200))
        let button = Button(image: nil, title: "Go")
        button.frame = Rect(x: 0, y: 0, width: 50, height: 30)
        window.addSubview(button)
        var log: [String] = []
        button.addAction(ControlAction { _ in log.append("up") }, for: .touchUpInside)
        button.addAction(ControlAction { _ in log.append("primary") }, for: .primaryActionTriggered)
        window.dispatch(key: .tab)
        #expect(button.isFocused)
        #expect(button.state.contains(.focused))
        window.dispatch(key: .returnKey)
        window.dispatch(key: .space)
        #expect(log == ["up", "primary", "up", "primary"])
    }

    @Test func arrowsDriveValueControls() {
        let window = Window(size: Size(width: 400, height: 200))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        let stepper = Stepper()
        stepper.frame.origin = Point(x: 0, y: 50)
        let toggle = Switch()
        toggle.frame.origin = Point(x: 0, y: 100)
        window.addSubview(slider)
        window.addSubview(stepper)
        window.addSubview(toggle)
        window.focus(slider)
        window.dispatch(key: .right)
        window.dispatch(key: .right)
        #expect(abs(slider.value - 0.2) < 1e-9)
        window.dispatch(key: .end)
        #expect(slider.value == 1)
        window.dispatch(key: .tab)
        window.dispatch(key: .up)
        #expect(stepper.value == 1)
        window.dispatch(key: .tab)
        window.dispatch(key: .space)
        #expect(toggle.isOn)
        window.dispatch(key: .tab)
        #expect(window.focusedView === slider)
    }

    @Test func disabledAndHiddenControlsAreSkipped() {
        let window = Window(size: Size(width: 200, height: 200))
        let a = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Control(frame: Rect(x: 0, y: 20, width: 10, height: 10))
        let c = Control(frame: Rect(x: 0, y: 40, width: 10, height: 10))
        b.isEnabled = false
        c.isHidden = true
        for view in [a, b, c] { window.addSubview(view) }
        #expect(window.focusableViews.count == 1)
        #expect(!window.focus(b))
    }
}
