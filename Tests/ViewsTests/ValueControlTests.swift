import Testing
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisViews
import _TrellisTestSupport

@MainActor
func traceEvents(_ control: Control) -> () -> [String] {
    var events: [String] = []
    for (event, name) in ControlEvents.namedEvents
    where event != .touchDown && !ControlEvents.allTouchEvents.contains(event) {
        control.addAction(ControlAction(identifier: name) { _ in events.append(name) }, for: event)
    }
    return { events }
}

@MainActor
@Suite struct SwitchTests {
    @Test func tapTogglesAndSendsValueChanged() {
        let window = Window(size: Size(width: 200, height: 200))
        let toggle = Switch()
        toggle.frame.origin = Point(x: 10, y: 10)
        window.addSubview(toggle)
        #expect(toggle.frame.size == Size(width: 51, height: 31))
        let events = traceEvents(toggle)
        tap(window, 20, 20)
        #expect(toggle.isOn)
        #expect(events() == ["valueChanged", "primaryActionTriggered"])
        tap(window, 20, 20)
        #expect(!toggle.isOn)
    }

    @Test func programmaticChangesSendNothing() {
        let toggle = Switch()
        let events = traceEvents(toggle)
        toggle.setOn(true, animated: true)
        toggle.isOn = false
        #expect(events().isEmpty)
    }

    @Test func releaseOutsideDoesNotToggle() {
        let window = Window(size: Size(width: 400, height: 400))
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(toggle)
        window.dispatch(Touch(phase: .began, location: Point(x: 20, y: 20)))
        window.dispatch(Touch(phase: .ended, location: Point(x: 300, y: 300)))
        #expect(!toggle.isOn)
    }
}

@MainActor
@Suite struct SliderTests {
    @Test func defaultsAndClamping() {
        let slider = Slider()
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        slider.value = 3
        #expect(slider.value == 1)
        slider.value = -3
        #expect(slider.value == 0)
        slider.value = .nan
        #expect(slider.value == 0)
    }

    @Test func raisingTheMinimumAboveTheMaximumRaisesBoth() {
        let slider = Slider()
        slider.value = 0.5
        slider.minimumValue = 5
        #expect(slider.maximumValue == 5)
        #expect(slider.value == 5)
        slider.maximumValue = 2
        #expect(slider.minimumValue == 2 && slider.value == 2)
    }

    @Test func draggingTheThumbSendsValueChangedContinuously() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 31))  // a 200-point track
        window.addSubview(slider)
        let events = traceEvents(slider)
        let thumb = slider.thumbRect
        window.dispatch(Touch(phase: .began, location: Point(x: thumb.midX, y: thumb.midY)))
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 50, y: thumb.midY)))
        #expect(abs(slider.value - 0.25) < 1e-9)
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 500, y: thumb.midY)))
        #expect(slider.value == 1)
        window.dispatch(Touch(phase: .ended, location: Point(x: thumb.midX + 500, y: thumb.midY)))
        #expect(events() == ["valueChanged", "valueChanged"])
    }

    @Test func nonContinuousSlidersSendOnceOnRelease() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 31))
        slider.isContinuous = false
        window.addSubview(slider)
        let events = traceEvents(slider)
        let thumb = slider.thumbRect
        window.dispatch(Touch(phase: .began, location: Point(x: thumb.midX, y: thumb.midY)))
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 40, y: thumb.midY)))
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 80, y: thumb.midY)))
        #expect(events().isEmpty)
        window.dispatch(Touch(phase: .ended, location: Point(x: thumb.midX + 80, y: thumb.midY)))
        #expect(events() == ["valueChanged"])
    }

    @Test func touchingTheTrackAwayFromTheThumbDoesNotTrack() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 31))
        window.addSubview(slider)
        let events = traceEvents(slider)
        drag(window, from: Point(x: 200, y: 15), to: Point(x: 220, y: 15))
        #expect(slider.value == 0)
        #expect(events().isEmpty)
    }
}

@MainActor
@Suite struct PageControlTests {
    @Test func currentPageIsPinned() {
        let pages = PageControl()
        pages.currentPage = 3
        #expect(pages.currentPage == 0)
        pages.numberOfPages = 5
        pages.currentPage = 9
        #expect(pages.currentPage == 4)
        pages.currentPage = -2
        #expect(pages.currentPage == 0)
        pages.currentPage = 4
        pages.numberOfPages = 2
        #expect(pages.currentPage == 1)
        pages.numberOfPages = -1
        #expect(pages.numberOfPages == 0 && pages.currentPage == 0)
        #expect(pages.size(forNumberOfPages: 3) == Size(width: 48, height: 26))
    }

    @Test func tapsOnEitherSideStepThePage() {
        let window = Window(size: Size(width: 200, height: 100))
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 160, height: 26))
        pages.numberOfPages = 3
        window.addSubview(pages)
        let events = traceEvents(pages)
        tap(window, 150, 10)
        tap(window, 150, 10)
        tap(window, 150, 10)  // already on the last page: no change, no event
        #expect(pages.currentPage == 2)
        tap(window, 10, 10)
        #expect(pages.currentPage == 1)
        #expect(events() == ["valueChanged", "valueChanged", "valueChanged"])
    }
}

extension PageControlTests {
    /// A billion pages draw what fits, not a dot per page, with the current page among them.
    @Test func manyPagesDrawAWindowOfDotsAroundTheCurrentPage() {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 160, height: 26))
        pages.numberOfPages = 999_999_999
        pages.currentPage = 500_000_000
        #expect(pages.visiblePages == 499_999_995..<500_000_005)
        #expect(
            pages.intrinsicContentSize.width
                == Double(PageControl.maximumIndicators) * PageControl.dotSpacing)
        let list = pages.makeDisplayList()
        let dots = list.commands.filter {
            if case .fillRoundedRect = $0 { return true }
            return false
        }
        #expect(dots.count == 10)
        pages.currentPage = 1
        #expect(pages.visiblePages == 0..<10)
        pages.currentPage = 999_999_998
        #expect(pages.visiblePages == 999_999_989..<999_999_999)
        pages.numberOfPages = 4
        #expect(pages.visiblePages == 0..<4)
        // A width a hair short of five dots, as layout arithmetic gives, holds five.
        pages.numberOfPages = 5
        pages.frame.size.width = 5 * PageControl.dotSpacing - 1e-12
        #expect(pages.visiblePages == 0..<5)
        // A frame wider than the indicators allow still draws at most that many.
        pages.frame.size.width = 100_000
        pages.numberOfPages = 100_000
        #expect(pages.visiblePages.count == PageControl.maximumIndicators)
    }
}

@MainActor
@Suite struct StepperTests {
    private func makeStepper() -> (Window, Stepper) {
        let window = Window(size: Size(width: 200, height: 100))
        let stepper = Stepper()
        window.addSubview(stepper)
        return (window, stepper)
    }

    @Test func defaultsMatchUIKit() {
        let stepper = Stepper()
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
        #expect(
            stepper.stepValue == 1 && !stepper.wraps && stepper.autorepeat && stepper.isContinuous)
        #expect(stepper.frame.size == Size(width: 94, height: 29))
        stepper.stepValue = 0
        #expect(stepper.stepValue == 1)
    }

    @Test func tapsStepAndClamp() {
        let (window, stepper) = makeStepper()
        let events = traceEvents(stepper)
        tap(window, 80, 10)
        tap(window, 80, 10)
        #expect(stepper.value == 2)
        tap(window, 10, 10)
        #expect(stepper.value == 1)
        stepper.value = 100
        tap(window, 80, 10)
        #expect(stepper.value == 100)
        #expect(events() == ["valueChanged", "valueChanged", "valueChanged"])
    }

    @Test func wrappingContinuesFromTheOtherEnd() {
        let (window, stepper) = makeStepper()
        stepper.wraps = true
        stepper.maximumValue = 3
        tap(window, 10, 10)
        #expect(stepper.value == 3)
        tap(window, 80, 10)
        #expect(stepper.value == 0)
    }

    @Test func holdingRepeatsAfterHalfASecond() {
        let (window, stepper) = makeStepper()
        let events = traceEvents(stepper)
        window.dispatch(Touch(phase: .began, location: Point(x: 80, y: 10), timestamp: 10))
        window.advanceTime(to: 10.4)
        #expect(stepper.value == 1)
        window.advanceTime(to: 10.5)
        #expect(stepper.value == 2)
        window.advanceTime(to: 10.85)
        #expect(stepper.value == 5)
        window.dispatch(Touch(phase: .ended, location: Point(x: 80, y: 10), timestamp: 10.9))
        window.advanceTime(to: 12)
        #expect(stepper.value == 5)
        #expect(events().count == 5)
    }

    @Test func withoutAutorepeatHoldingStepsOnce() {
        let (window, stepper) = makeStepper()
        stepper.autorepeat = false
        window.dispatch(Touch(phase: .began, location: Point(x: 80, y: 10), timestamp: 0))
        window.advanceTime(to: 3)
        window.dispatch(Touch(phase: .ended, location: Point(x: 80, y: 10), timestamp: 3))
        #expect(stepper.value == 1)
    }
}

@MainActor
@Suite struct ScrollViewTests {
    private func makeScroll() -> (Window, ScrollView, Control) {
        let window = Window(size: Size(width: 200, height: 200))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = Size(width: 200, height: 1000)
        let button = Control(frame: Rect(x: 0, y: 300, width: 200, height: 44))
        scroll.addSubview(button)
        window.addSubview(scroll)
        return (window, scroll, button)
    }

    @Test func offsetsAreClampedToTheContentAndInsets() {
        let (_, scroll, _) = makeScroll()
        scroll.contentOffset = Point(x: 0, y: 5000)
        #expect(scroll.contentOffset == Point(x: 0, y: 800))
        scroll.contentOffset = Point(x: -10, y: -10)
        #expect(scroll.contentOffset == .zero)
        scroll.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        scroll.contentOffset = Point(x: 0, y: -100)
        #expect(scroll.contentOffset == Point(x: 0, y: -20))
        scroll.contentOffset = Point(x: 0, y: 5000)
        #expect(scroll.contentOffset == Point(x: 0, y: 830))
    }

    @Test func draggingScrollsAndControlsMoveWithTheContent() {
        let (window, scroll, button) = makeScroll()
        drag(window, from: Point(x: 100, y: 150), to: Point(x: 100, y: 50))
        #expect(scroll.contentOffset == Point(x: 0, y: 100))
        // The button's content y is 300, so it shows at window y 200..244 now.
        #expect(window.hitTest(Point(x: 100, y: 210)) == nil)
        scroll.contentOffset = Point(x: 0, y: 150)
        #expect(window.hitTest(Point(x: 100, y: 160)) === button)
    }

    @Test func wheelScrollsTheInnermostScrollViewThatCanMove() {
        let (window, scroll, _) = makeScroll()
        #expect(
            window.dispatchScroll(Size(width: 0, height: 40), at: Point(x: 10, y: 10)) === scroll)
        #expect(scroll.contentOffset.y == 40)
        scroll.contentOffset = Point(x: 0, y: 800)
        #expect(window.dispatchScroll(Size(width: 0, height: 40), at: Point(x: 10, y: 10)) == nil)
        scroll.isScrollEnabled = false
        #expect(window.dispatchScroll(Size(width: 0, height: -40), at: Point(x: 10, y: 10)) == nil)
    }

    @Test func touchesOnControlsInsideGoToTheControl() {
        let (window, scroll, button) = makeScroll()
        scroll.contentOffset = Point(x: 0, y: 250)
        let events = traceEvents(button)
        var ups = 0
        button.addAction(ControlAction { _ in ups += 1 }, for: .touchUpInside)
        tap(window, 100, 60)
        #expect(ups == 1)
        #expect(scroll.contentOffset.y == 250)
        #expect(events().isEmpty)
    }
}

@MainActor
@Suite struct OverlayTests {
    @Test func backdropTapDismissesAndContentTapsDoNot() {
        let window = Window(size: Size(width: 320, height: 480))
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 190))
        let overlay = Overlay(content: card)
        var dismissals = 0
        overlay.onDismiss = { dismissals += 1 }
        overlay.present(in: window)
        #expect(overlay.isPresented)
        #expect(card.frame == Rect(x: 10, y: 145, width: 300, height: 190))
        #expect(overlay.backdrop.frame == window.bounds)
        tap(window, 160, 240)  // on the card
        #expect(overlay.isPresented)
        tap(window, 160, 20)  // on the backdrop
        #expect(!overlay.isPresented)
        #expect(overlay.backdrop.superview == nil)
        #expect(dismissals == 1)
    }

    @Test func theBackdropCanBeMadeInert() {
        let window = Window(size: Size(width: 320, height: 480))
        let overlay = Overlay(content: View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        overlay.dismissesOnBackdropTap = false
        overlay.present(in: window)
        tap(window, 5, 5)
        #expect(overlay.isPresented)
    }
}

/// Every event a control sends, touch events included, in order.
@MainActor
private func traceAllEvents(_ control: Control) -> () -> [String] {
    var events: [String] = []
    for (event, name) in ControlEvents.namedEvents {
        control.addAction(ControlAction(identifier: name) { _ in events.append(name) }, for: event)
    }
    return { events }
}

@MainActor
@Suite struct ValueEventTests {
    @Test func settingTheSliderInCodeSendsNothing() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 31))
        window.addSubview(slider)
        let events = traceAllEvents(slider)
        slider.value = 0.5
        slider.setValue(0.75, animated: true)
        slider.setValue(Float(0.25), animated: false)
        slider.maximumValue = 0.2  // clamps the value down
        slider.minimumValue = 0.1
        #expect(slider.value == 0.2)
        #expect(events().isEmpty)
    }

    @Test func draggingTheSliderSendsExactlyTheseEvents() {
        let window = Window(size: Size(width: 300, height: 100))
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 31))  // a 200-point track
        window.addSubview(slider)
        let events = traceAllEvents(slider)
        let thumb = slider.thumbRect
        let y = thumb.midY
        window.dispatch(Touch(phase: .began, location: Point(x: thumb.midX, y: y)))
        #expect(events() == ["touchDown"])
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 50, y: y)))
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 50, y: y + 5)))
        window.dispatch(Touch(phase: .moved, location: Point(x: thumb.midX + 100, y: y)))
        window.dispatch(Touch(phase: .ended, location: Point(x: thumb.midX + 100, y: y)))
        #expect(slider.value == 0.5)
        // valueChanged comes from continueTracking, before the drag event of the same move; a
        // move that does not change the value sends only the drag.
        #expect(
            events() == [
                "touchDown", "valueChanged", "touchDragInside", "touchDragInside", "valueChanged",
                "touchDragInside", "touchUpInside",
            ])
    }

    @Test func settingThePageInCodeSendsNothing() {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 160, height: 26))
        let events = traceAllEvents(pages)
        pages.numberOfPages = 4
        pages.currentPage = 3
        pages.numberOfPages = 2  // pins the page to 1
        #expect(pages.currentPage == 1)
        pages.currentPage = -1
        #expect(pages.currentPage == 0)
        #expect(events().isEmpty)
    }

    @Test func tappingThePageControlSendsExactlyTheseEvents() {
        let window = Window(size: Size(width: 200, height: 100))
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 160, height: 26))
        pages.numberOfPages = 2
        window.addSubview(pages)
        let events = traceAllEvents(pages)
        tap(window, 150, 10)
        #expect(pages.currentPage == 1)
        #expect(events() == ["touchDown", "valueChanged", "touchUpInside"])
        tap(window, 150, 10)  // already the last page
        #expect(events().suffix(2) == ["touchDown", "touchUpInside"])
        tap(window, 10, 10)
        #expect(pages.currentPage == 0)
        #expect(
            events() == [
                "touchDown", "valueChanged", "touchUpInside", "touchDown", "touchUpInside",
                "touchDown", "valueChanged", "touchUpInside",
            ])
    }
}
