import Testing
import TrellisEvents
import TrellisGeometry
import TrellisViews

/// Every view's and control's accessibility defaults, as UIKit's, and assigned values winning
/// over them.
@MainActor
@Suite struct AccessibilityDefaultsTests {
    @Test func aPlainViewIsAContainerWithNothingToSay() {
        let view = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(!view.isAccessibilityElement)
        #expect(view.accessibilityLabel == nil && view.accessibilityValue == nil)
        #expect(view.accessibilityHint == nil && view.accessibilityTraits.isEmpty)
        #expect(view.accessibilityElements == nil && view.accessibilityCustomActions.isEmpty)
        #expect(!view.accessibilityElementsHidden && !view.shouldGroupAccessibilityChildren)
        #expect(!view.accessibilityViewIsModal)
        #expect(!view.accessibilityActivate())
    }

    @Test func theFrameIsInWindowCoordinatesUnlessAssigned() {
        let window = Window(size: Size(width: 200, height: 200))
        let outer = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let inner = View(frame: Rect(x: 5, y: 6, width: 30, height: 40))
        outer.addSubview(inner)
        window.addSubview(outer)
        #expect(inner.accessibilityFrame == Rect(x: 15, y: 26, width: 30, height: 40))
        #expect(inner.accessibilityActivationPoint == Point(x: 30, y: 46))
        inner.accessibilityFrame = Rect(x: 0, y: 0, width: 44, height: 44)
        outer.frame.origin = Point(x: 50, y: 50)
        #expect(inner.accessibilityFrame == Rect(x: 0, y: 0, width: 44, height: 44))
    }

    @Test func aButtonIsReadByItsTitleAsAButton() {
        let button = Button(image: nil, title: "Save")
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Save")
        #expect(button.accessibilityTraits == .button)
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .selected])
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .selected, .notEnabled])
        button.setTitle("Saved", for: [.selected, .disabled])
        #expect(button.accessibilityLabel == "Saved")
    }

    @Test func aButtonWithOnlyAnImageIsReadByTheImagesLabel() {
        let trash = Image(size: Size(width: 20, height: 20), color: .red)
            .withAccessibilityLabel("Delete")
        let button = Button(image: trash, title: nil)
        #expect(button.accessibilityLabel == "Delete")
        #expect(
            Button(image: trash.withAccessibilityLabel(nil), title: "").accessibilityLabel == nil)
    }

    @Test func assignedValuesWinOverTheDefaultsAndNilRestoresThem() {
        let button = Button(image: nil, title: "Save")
        button.accessibilityLabel = "Save document"
        button.accessibilityTraits = [.link]
        button.isAccessibilityElement = false
        #expect(button.accessibilityLabel == "Save document")
        #expect(button.accessibilityTraits == .link)
        #expect(!button.isAccessibilityElement)
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "Save")
    }

    @Test func aSwitchIsAToggleButtonValuedOneOrZero() {
        let toggle = Switch()
        #expect(toggle.isAccessibilityElement)
        #expect(toggle.accessibilityValue == "0")
        #expect(toggle.accessibilityTraits == [.button, .toggleButton])
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "1")
        toggle.isEnabled = false
        #expect(toggle.accessibilityTraits == [.button, .toggleButton, .notEnabled])
    }

    @Test func activatingASwitchTapsItThroughTheWindow() {
        let window = Window(size: Size(width: 200, height: 100))
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(toggle)
        let events = traceEvents(toggle)
        #expect(toggle.accessibilityActivate())
        #expect(toggle.isOn && events() == ["valueChanged", "primaryActionTriggered"])
        toggle.isEnabled = false
        #expect(!toggle.accessibilityActivate())
        #expect(toggle.isOn)
        #expect(!Switch().accessibilityActivate())
    }

    @Test func aSliderIsAdjustableAndReadsAsAPercentage() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        slider.value = 0.3
        #expect(slider.isAccessibilityElement)
        #expect(slider.accessibilityValue == "30%")
        #expect(slider.accessibilityTraits == .adjustable)
        slider.minimumValue = 100
        slider.maximumValue = 300
        slider.value = 150
        #expect(slider.accessibilityValue == "25%")
        #expect(!slider.accessibilityActivate())
    }

    @Test func incrementAndDecrementMoveASliderByATenthAndSendValueChanged() {
        let slider = Slider()
        slider.maximumValue = 200
        slider.value = 50
        let events = traceEvents(slider)
        slider.accessibilityIncrement()
        #expect(slider.value == 70 && events() == ["valueChanged"])
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(slider.value == 30 && events().count == 3)
        slider.value = 200
        slider.accessibilityIncrement()
        #expect(slider.value == 200 && events().count == 3)
        slider.isEnabled = false
        slider.accessibilityDecrement()
        #expect(slider.value == 200 && events().count == 3)
        #expect(slider.accessibilityTraits == [.adjustable, .notEnabled])
    }

    @Test func aStepperIsTwoButtonsThatStepOnce() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 29))
        window.addSubview(stepper)
        #expect(!stepper.isAccessibilityElement)
        let halves = try #require(stepper.accessibilityElements)
        #expect(halves.map(\.accessibilityLabel) == ["Decrement", "Increment"])
        #expect(halves.map(\.accessibilityValue) == ["0", "0"])
        try #require(halves.count > 1)
        #expect(halves[0].accessibilityTraits == [.button, .notEnabled])
        #expect(halves[1].accessibilityTraits == .button)
        #expect(halves[0].accessibilityFrame == Rect(x: 10, y: 10, width: 47, height: 29))
        #expect(halves[1].accessibilityFrame == Rect(x: 57, y: 10, width: 47, height: 29))
        let events = traceEvents(stepper)
        #expect(halves[1].accessibilityActivate())
        #expect(stepper.value == 1 && events() == ["valueChanged"])
        #expect(halves[0].accessibilityTraits == .button)
        #expect(halves.map(\.accessibilityValue) == ["1", "1"])
        #expect(halves[0].accessibilityActivate())
        #expect(!halves[0].accessibilityActivate())
        #expect(stepper.value == 0 && events().count == 2)
    }

    @Test func aSteppersHalvesSendOneValueChangedWhenNotContinuous() throws {
        let stepper = Stepper()
        stepper.isContinuous = false
        let events = traceEvents(stepper)
        let increment = try #require(stepper.accessibilityElements?.last)
        #expect(increment.accessibilityActivate())
        #expect(stepper.value == 1 && events() == ["valueChanged"])
    }

    @Test func segmentsAreButtonsAndTheSelectedOneIsSelected() throws {
        let control = SegmentedControl(items: ["Day", "Week", "Month"])
        control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
        control.selectedSegmentIndex = 1
        control.setEnabled(false, forSegmentAt: 2)
        let segments = try #require(control.accessibilityElements)
        #expect(segments.map(\.accessibilityLabel) == ["Day", "Week", "Month"])
        #expect(
            segments.map(\.accessibilityTraits) == [
                .button, [.button, .selected], [.button, .notEnabled],
            ])
        try #require(segments.count > 2)
        #expect(segments[0].accessibilityFrame == Rect(x: 0, y: 0, width: 100, height: 32))
        let events = traceEvents(control)
        #expect(segments[0].accessibilityActivate())
        #expect(control.selectedSegmentIndex == 0 && events() == ["valueChanged"])
        #expect(!segments[2].accessibilityActivate())
        control.insertSegment(withTitle: "Year", at: 3)
        #expect(control.accessibilityElements?.count == 4)
        control.removeSegment(at: 0)
        #expect(
            control.accessibilityElements?.map(\.accessibilityLabel) == ["Week", "Month", "Year"])
    }

    @Test func aPageControlIsAdjustableAndReadsThePage() {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 100, height: 26))
        #expect(pages.accessibilityValue == nil)
        pages.numberOfPages = 5
        pages.currentPage = 1
        #expect(pages.isAccessibilityElement)
        #expect(pages.accessibilityValue == "page 2 of 5")
        #expect(pages.accessibilityTraits == .adjustable)
        #expect(!pages.accessibilityActivate())
    }

    @Test func incrementAndDecrementTurnAPageAndSendValueChanged() {
        let pages = PageControl()
        pages.numberOfPages = 3
        let events = traceEvents(pages)
        pages.accessibilityDecrement()
        #expect(pages.currentPage == 0 && events().isEmpty)
        pages.accessibilityIncrement()
        pages.accessibilityIncrement()
        pages.accessibilityIncrement()
        #expect(pages.currentPage == 2 && events() == ["valueChanged", "valueChanged"])
        #expect(pages.accessibilityValue == "page 3 of 3")
    }

    @Test func aTextFieldIsLabelledByItsPlaceholderAndValuedByItsText() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 44))
        #expect(field.isAccessibilityElement)
        #expect(field.accessibilityLabel == nil)
        #expect(field.accessibilityValue == "")
        #expect(field.accessibilityTraits == .textEntry)
        field.placeholder = "Name"
        field.text = "Ada"
        #expect(field.accessibilityLabel == "Name" && field.accessibilityValue == "Ada")
        field.accessibilityLabel = "Full name"
        #expect(field.accessibilityLabel == "Full name")
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == "•••")
        field.isEnabled = false
        #expect(field.accessibilityTraits == [.textEntry, .notEnabled])
        field.accessibilityTraits = [.textEntry, .searchField]
        #expect(field.accessibilityTraits == [.textEntry, .searchField])
    }

    @Test func aLabelIsStaticTextReadByItsText() {
        let label = Label()
        #expect(!label.isAccessibilityElement)
        label.text = "Hello"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Hello")
        #expect(label.accessibilityTraits == .staticText)
        label.accessibilityTraits = [.staticText, .header]
        #expect(label.accessibilityTraits == [.staticText, .header])
    }

    @Test func anImageViewIsAnImageButNotAnElementUnlessMadeOne() {
        let image = ImageView(
            image: Image(size: Size(width: 10, height: 10), color: .red)
                .withAccessibilityLabel("Red square"))
        #expect(!image.isAccessibilityElement)
        #expect(image.accessibilityTraits == .image)
        #expect(image.accessibilityLabel == "Red square")
        image.isAccessibilityElement = true
        #expect(image.isAccessibilityElement)
    }

    @Test func customActionsRunTheirHandler() {
        let view = View()
        var deleted = 0
        view.accessibilityCustomActions = [
            AccessibilityCustomAction(name: "Delete") { action in
                deleted += 1
                return action.name == "Delete"
            }
        ]
        #expect(view.accessibilityCustomActions.map(\.name) == ["Delete"])
        #expect(view.accessibilityCustomActions[0].perform())
        #expect(deleted == 1)
    }

    @Test func traitsHaveUIKitsRawValuesAndNames() {
        #expect(AccessibilityTraits.button.rawValue == 1)
        #expect(AccessibilityTraits.notEnabled.rawValue == 256)
        #expect(AccessibilityTraits.adjustable.rawValue == 1 << 12)
        #expect(AccessibilityTraits.header.rawValue == 1 << 16)
        #expect(AccessibilityTraits.toggleButton.rawValue == 1 << 53)
        #expect(AccessibilityTraits([.selected, .button]).names == ["button", "selected"])
        #expect(AccessibilityTraits(rawValue: 1 << 40 | 1).names == ["button", "bit40"])
        #expect(AccessibilityTraits.trait(named: "toggleButton") == .toggleButton)
        #expect(AccessibilityTraits.trait(named: "toggle") == nil)
        for (name, trait) in AccessibilityTraits.named {
            #expect(trait.names == [name])
        }
    }
}
