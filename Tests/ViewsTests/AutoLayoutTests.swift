import Testing
import TrellisEvents
import TrellisGeometry
import TrellisLayout
import TrellisText
import TrellisViews

@MainActor
@Suite struct ViewAutoLayoutTests {
    @Test func aLayoutItemThatOutlivesItsViewNoLongerCallsIt() throws {
        let root = LayoutItem(identifier: "root")
        var item: LayoutItem?
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            item = view.layoutItem
            #expect(item?.constraintsDidChange != nil)
        }
        let orphan = try #require(item)
        #expect(orphan.constraintsDidChange == nil)
        root.addChild(orphan)
        orphan.translatesFrameIntoConstraints = false
        try LayoutConstraint.activate([orphan.widthAnchor.constraint(equalToConstant: 4)])
        root.layoutIfNeeded()
        #expect(orphan.frame.width == 4)
    }

    @Test func anchorsCentreAButtonInItsWindow() throws {
        let window = Window(size: Size(width: 320, height: 480))
        let button = Button()
        button.setTitle("Tap", for: .normal)
        button.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(button)
        try LayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            button.centerYAnchor.constraint(equalTo: window.centerYAnchor, constant: -22.5),
            button.widthAnchor.constraint(equalToConstant: 75),
            button.heightAnchor.constraint(equalToConstant: 45),
        ])
        window.layoutIfNeeded()
        #expect(button.frame == Rect(x: 122.5, y: 195, width: 75, height: 45))
        #expect(window.constraints.count == 2)
        #expect(button.constraints.count == 2)
    }

    @Test func activatingConstraintsAfterALayoutPassSchedulesAnother() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        window.layoutIfNeeded()
        let width = box.widthAnchor.constraint(equalToConstant: 40)
        try LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 5),
            width,
            box.heightAnchor.constraint(equalToConstant: 20),
        ])
        #expect(window.subtreeNeedsLayout)
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 5, width: 40, height: 20))
        width.constant = 90
        window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 5, width: 90, height: 20))
    }

    @Test func leadingAndTrailingFollowTheWindowsDirection() throws {
        for (direction, expectedX) in [(LayoutDirection.leftToRight, 10.0), (.rightToLeft, 140.0)] {
            let window = Window(size: Size(width: 200, height: 50), layoutDirection: direction)
            let box = View()
            box.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(box)
            try LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                box.widthAnchor.constraint(equalToConstant: 50),
                box.topAnchor.constraint(equalTo: window.topAnchor),
                box.heightAnchor.constraint(equalToConstant: 10),
            ])
            window.layoutIfNeeded()
            #expect(box.frame.minX == expectedX, "\(direction)")
        }
    }

    @Test func aLabelTakesItsIntrinsicSizeAndFollowsItsText() throws {
        let window = Window(size: Size(width: 300, height: 100))
        let label = Label()
        label.font = .system(size: 10)
        label.text = "Hi"
        label.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(label)
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: window.topAnchor, constant: 8),
        ])
        window.layoutIfNeeded()
        let short = label.frame
        #expect(short.origin == Point(x: 8, y: 8))
        #expect(short.size == label.intrinsicContentSize)
        label.text = "Hello, world"
        window.layoutIfNeeded()
        #expect(label.frame.origin == Point(x: 8, y: 8))
        #expect(label.frame.width > short.width)
        #expect(label.frame.size == label.intrinsicContentSize)
    }

    @Test func constraintsToTheSuperviewFollowItsSize() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let bar = View()
        bar.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(bar)
        try LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            bar.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10),
            bar.bottomAnchor.constraint(equalTo: window.bottomAnchor),
            bar.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 10, y: 80, width: 180, height: 20))
        window.size = Size(width: 400, height: 300)
        window.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 10, y: 280, width: 380, height: 20))
    }

    @Test func nestedViewsAreSolvedInTheirContainersCoordinates() throws {
        let window = Window(size: Size(width: 300, height: 200))
        let card = View()
        card.translatesAutoresizingMaskIntoConstraints = false
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(badge)
        window.addSubview(card)
        try LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 50),
            card.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            card.widthAnchor.constraint(equalToConstant: 100),
            card.heightAnchor.constraint(equalToConstant: 80),
            badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -4),
            badge.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
            badge.widthAnchor.constraint(equalToConstant: 12),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
        ])
        window.layoutIfNeeded()
        #expect(card.frame == Rect(x: 50, y: 40, width: 100, height: 80))
        #expect(badge.frame == Rect(x: 84, y: 4, width: 12, height: 12))
    }

    @Test func viewsFramedByHandPinTheViewsConstrainedToThem() throws {
        let window = Window(size: Size(width: 300, height: 200))
        let anchor = View(frame: Rect(x: 20, y: 30, width: 60, height: 40))
        let follower = View()
        follower.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(anchor)
        window.addSubview(follower)
        try LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: anchor.trailingAnchor, constant: 8),
            follower.centerYAnchor.constraint(equalTo: anchor.centerYAnchor),
            follower.widthAnchor.constraint(equalTo: anchor.widthAnchor, multiplier: 0.5),
            follower.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(follower.frame == Rect(x: 88, y: 45, width: 30, height: 10))
        anchor.frame = Rect(x: 0, y: 0, width: 100, height: 20)
        window.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(follower.frame == Rect(x: 108, y: 5, width: 50, height: 10))
    }

    @Test func labelsAlignOnTheirFirstBaselines() throws {
        let window = Window(size: Size(width: 300, height: 100))
        let big = Label()
        big.font = .system(size: 24)
        big.text = "Big"
        let small = Label()
        small.font = .system(size: 10)
        small.text = "small"
        for label in [big, small] {
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
        }
        try LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            big.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 4),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let bigBaseline = try #require(big.baselineOffsetsFromTop.first)
        let smallBaseline = try #require(small.baselineOffsetsFromTop.first)
        #expect(big.frame.minY + bigBaseline == small.frame.minY + smallBaseline)
        #expect(small.frame.minY > big.frame.minY)
    }

    @Test func conflictingRequiredConstraintsAreRefusedWhole() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        try LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 10)])
        let error = #expect(throws: LayoutError.self) {
            try box.addConstraints([
                box.heightAnchor.constraint(equalToConstant: 5),
                box.widthAnchor.constraint(equalToConstant: 20),
            ])
        }
        #expect(error?.conflicts.count == 2)
        #expect(box.constraints.count == 1)
    }

    @Test func removingAViewDeactivatesTheConstraintsThatLeaveIt() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = View()
        inner.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(inner)
        window.addSubview(container)
        let toWindow = inner.topAnchor.constraint(equalTo: window.topAnchor, constant: 5)
        let toContainer = inner.leadingAnchor.constraint(equalTo: container.leadingAnchor)
        let own = inner.widthAnchor.constraint(equalToConstant: 10)
        try LayoutConstraint.activate([toWindow, toContainer, own])
        container.removeFromSuperview()
        #expect(!toWindow.isActive)
        #expect(toContainer.isActive)
        #expect(own.isActive)
        #expect(window.constraints.isEmpty)
    }

    @Test func fittingSizeComesFromTheContentsConstraints() throws {
        let card = View()
        let title = Label()
        title.font = .system(size: 10)
        title.text = "Title"
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        try LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
            title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -6),
        ])
        let size = try card.systemLayoutSizeFitting(.zero)
        let intrinsic = title.intrinsicContentSize
        #expect(size == Size(width: intrinsic.width + 24, height: intrinsic.height + 12))
    }

    @Test func huggingDecidesWhichLabelStretches() throws {
        let window = Window(size: Size(width: 200, height: 40))
        let name = Label()
        let value = Label()
        for (label, text) in [(name, "Name"), (value, "42")] {
            label.font = .system(size: 10)
            label.text = text
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
        }
        value.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        #expect(value.contentHuggingPriority(for: .horizontal) == .defaultHigh)
        try LayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            name.topAnchor.constraint(equalTo: window.topAnchor),
            value.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(value.frame.width == value.intrinsicContentSize.width)
        #expect(name.frame.width == 200 - 8 - value.frame.width)
    }
}
