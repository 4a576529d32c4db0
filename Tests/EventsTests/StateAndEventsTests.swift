import Testing
import TrellisEvents
import TrellisGeometry

@Suite struct ControlStateTests {
    @Test func rawValuesMatchUIKit() {
        #expect(ControlState.normal.rawValue == 0)
        #expect(ControlState.highlighted.rawValue == 1)
        #expect(ControlState.disabled.rawValue == 2)
        #expect(ControlState.selected.rawValue == 4)
        #expect(ControlState.focused.rawValue == 8)
        #expect(ControlState.application.rawValue == 0x00FF_0000)
        #expect(ControlState.reserved.rawValue == 0xFF00_0000)
    }

    @Test func descriptionNamesEveryFlag() {
        #expect(ControlState.normal.description == "normal")
        #expect(ControlState([.selected, .highlighted]).description == "highlighted|selected")
        #expect(ControlState(rawValue: 0x0001_0004).description == "selected|0x10000")
    }
}

@Suite struct ControlEventsTests {
    @Test func rawValuesMatchUIKit() {
        let expected: [(ControlEvents, UInt)] = [
            (.touchDown, 1 << 0), (.touchDownRepeat, 1 << 1), (.touchDragInside, 1 << 2),
            (.touchDragOutside, 1 << 3), (.touchDragEnter, 1 << 4), (.touchDragExit, 1 << 5),
            (.touchUpInside, 1 << 6), (.touchUpOutside, 1 << 7), (.touchCancel, 1 << 8),
            (.valueChanged, 1 << 12), (.primaryActionTriggered, 1 << 13),
            (.menuActionTriggered, 1 << 14), (.editingDidBegin, 1 << 16),
            (.editingChanged, 1 << 17), (.editingDidEnd, 1 << 18),
            (.editingDidEndOnExit, 1 << 19), (.allTouchEvents, 0xFFF),
            (.allEditingEvents, 0xF_0000), (.applicationReserved, 0x0F00_0000),
            (.systemReserved, 0xF000_0000), (.allEvents, 0xFFFF_FFFF),
        ]
        for (event, raw) in expected { #expect(event.rawValue == raw, "\(event)") }
    }

    @Test func masksContainTheirEvents() {
        #expect(ControlEvents.allTouchEvents.contains([.touchDown, .touchCancel]))
        #expect(!ControlEvents.allTouchEvents.contains(.valueChanged))
        #expect(
            ControlEvents.allEditingEvents
                == [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit])
        #expect(ControlEvents.allEvents.contains(.applicationReserved))
    }

    @Test func namesListSingleEventsInBitOrder() {
        #expect(
            ControlEvents([.touchUpInside, .touchDown]).names == ["touchDown", "touchUpInside"])
        #expect(ControlEvents().description == "none")
        #expect(ControlEvents(rawValue: 1 << 24).names == ["0x1000000"])
    }
}

@Suite struct ContentAlignmentTests {
    @Test func rawValuesMatchUIKit() {
        #expect(
            ContentHorizontalAlignment.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(ContentVerticalAlignment.allCases.map(\.rawValue) == [0, 1, 2, 3])
    }

    @Test func effectiveAlignmentResolvesLeadingAndTrailing() {
        #expect(ContentHorizontalAlignment.leading.effective(for: .leftToRight) == .left)
        #expect(ContentHorizontalAlignment.leading.effective(for: .rightToLeft) == .right)
        #expect(ContentHorizontalAlignment.trailing.effective(for: .leftToRight) == .right)
        #expect(ContentHorizontalAlignment.trailing.effective(for: .rightToLeft) == .left)
        for fixed in [ContentHorizontalAlignment.left, .right, .center, .fill] {
            #expect(fixed.effective(for: .rightToLeft) == fixed)
        }
    }

    static let bounds = Rect(x: 10, y: 20, width: 200, height: 100)
    static let content = Size(width: 40, height: 60)

    @Test(arguments: [
        (ContentHorizontalAlignment.left, LayoutDirection.leftToRight, 10.0, 40.0),
        (.center, .leftToRight, 90, 40),
        (.right, .leftToRight, 170, 40),
        (.fill, .leftToRight, 10, 200),
        (.leading, .leftToRight, 10, 40),
        (.trailing, .leftToRight, 170, 40),
        (.leading, .rightToLeft, 170, 40),
        (.trailing, .rightToLeft, 10, 40),
        (.left, .rightToLeft, 10, 40),
        (.fill, .rightToLeft, 10, 200),
    ])
    func horizontalPlacement(
        alignment: ContentHorizontalAlignment, direction: LayoutDirection, x: Double,
        width: Double
    ) {
        let frame = ContentPlacement.place(
            Self.content, in: Self.bounds, horizontal: alignment, vertical: .top,
            direction: direction)
        #expect(frame == Rect(x: x, y: 20, width: width, height: 60))
    }

    @Test(arguments: [
        (ContentVerticalAlignment.top, 20.0, 60.0),
        (.center, 40, 60),
        (.bottom, 60, 60),
        (.fill, 20, 100),
    ])
    func verticalPlacement(alignment: ContentVerticalAlignment, y: Double, height: Double) {
        let frame = ContentPlacement.place(
            Self.content, in: Self.bounds, horizontal: .left, vertical: alignment)
        #expect(frame == Rect(x: 10, y: y, width: 40, height: height))
    }

    @Test func oversizedContentOverflowsAsUIKitDoes() {
        let big = Size(width: 300, height: 50)
        let centered = ContentPlacement.place(
            big, in: Self.bounds, horizontal: .center, vertical: .center)
        #expect(centered == Rect(x: -40, y: 45, width: 300, height: 50))
        let right = ContentPlacement.place(
            big, in: Self.bounds, horizontal: .right, vertical: .center)
        #expect(right.maxX == Self.bounds.maxX)
    }

    @Test func invalidContentSizesCountAsZero() {
        let frame = ContentPlacement.place(
            Size(width: .nan, height: -5), in: Self.bounds, horizontal: .center,
            vertical: .center)
        #expect(frame == Rect(x: 110, y: 70, width: 0, height: 0))
    }
}

@Suite struct StateValuesTests {
    @Test func lookupFallsBackToNormalOnly() {
        var titles = StateValues<String>()
        titles[.normal] = "Save"
        titles[.selected] = "Saved"
        titles[.highlighted] = "Saving"
        #expect(titles.value(for: .normal) == "Save")
        #expect(titles.value(for: .selected) == "Saved")
        #expect(titles.value(for: .highlighted) == "Saving")
        // No partial-mask fallback: [.selected, .highlighted] is not .selected.
        #expect(titles.value(for: [.selected, .highlighted]) == "Save")
        #expect(titles.value(for: .disabled) == "Save")
        titles[[.selected, .highlighted]] = "Both"
        #expect(titles.value(for: [.selected, .highlighted]) == "Both")
    }

    @Test func missingNormalGivesNil() {
        var colors = StateValues<Color>()
        colors[.selected] = .blue
        #expect(colors.value(for: .highlighted) == nil)
        #expect(colors.value(for: .selected) == .blue)
    }

    @Test func removingAndFallbackQueries() {
        var images = StateValues<String>()
        images[.normal] = "icon"
        #expect(images.isFallback(for: .highlighted))
        #expect(!images.isFallback(for: .normal))
        images[.highlighted] = "icon-hi"
        #expect(!images.isFallback(for: .highlighted))
        images[.highlighted] = nil
        #expect(images.value(for: .highlighted) == "icon")
        #expect(images.states == [.normal])
        images[.normal] = nil
        #expect(images.isEmpty)
        #expect(!images.isFallback(for: .highlighted))
    }

    @Test func equalityIgnoresInsertionOrder() {
        var a = StateValues<Int>()
        a[.normal] = 1
        a[.selected] = 2
        var b = StateValues<Int>()
        b[.selected] = 2
        b[.normal] = 1
        #expect(a == b)
        b[.selected] = 3
        #expect(a != b)
    }
}
