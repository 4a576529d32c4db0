import Testing
import TrellisEvents
import TrellisGeometry
import TrellisText
import TrellisViews

@MainActor
private func makeButton(
    _ direction: Button.Direction = .row, title: String? = "OK", image: Bool = true
) -> Button {
    let button = Button(
        image: image ? Image(size: Size(width: 20, height: 20), color: .red) : nil, title: title,
        font: .system(size: 10), spacing: 4, direction: direction)
    button.contentEdgeInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    return button
}

@MainActor
@Suite struct ButtonSizingTests {
    @Test func titleMeasuresAsExpected() {
        // "OK" at 10 pt: two 0.6 em capitals, 1.2 em line height.
        #expect(makeButton().titleLabel.intrinsicContentSize == Size(width: 12, height: 12))
    }

    @Test(arguments: [
        (Button.Direction.row, Size(width: 42, height: 24)),
        (.rowReverse, Size(width: 42, height: 24)),
        (.column, Size(width: 26, height: 40)),
        (.columnReverse, Size(width: 26, height: 40)),
    ])
    func intrinsicSizeAddsInsetsImageSpacingAndTitle(direction: Button.Direction, size: Size) {
        #expect(makeButton(direction).intrinsicContentSize == size)
    }

    @Test(arguments: Button.Direction.allCases)
    func spacingAppliesOnlyWhenBothShow(direction: Button.Direction) {
        #expect(
            makeButton(direction, image: false).intrinsicContentSize == Size(width: 18, height: 16))
        #expect(
            makeButton(direction, title: nil).intrinsicContentSize == Size(width: 26, height: 24))
        #expect(
            makeButton(direction, title: "", image: false).intrinsicContentSize
                == Size(width: 6, height: 4))
    }

    @Test func sizeToFitUsesTheIntrinsicSize() {
        let button = makeButton(.column)
        button.frame.origin = Point(x: 5, y: 5)
        button.sizeToFit()
        #expect(button.frame == Rect(x: 5, y: 5, width: 26, height: 40))
    }

    @Test func aNarrowWidthWrapsTheTitle() {
        let button = Button(image: nil, title: "Save and close", font: .system(size: 10))
        let oneLine = button.intrinsicContentSize
        let wrapped = button.sizeThatFits(Size(width: 40, height: 0))
        #expect(oneLine.height == 12)
        #expect(wrapped.width <= 40)
        #expect(wrapped.height > 12)
    }

    @Test func changingTheTitleLaysTheButtonOutAgain() {
        let window = Window(size: Size(width: 200, height: 100))
        let button = makeButton()
        window.addSubview(button)
        button.sizeToFit()
        window.layoutIfNeeded()
        #expect(button.titleLabel.frame.width == 12)
        button.setTitle("OK OK", for: .normal)
        #expect(button.needsLayout)
        #expect(button.intrinsicContentSize.width == 42 - 12 + 27)
        button.sizeToFit()
        #expect(button.frame.size == Size(width: 57, height: 24))
        #expect(button.needsLayout)
        window.layoutIfNeeded()
        #expect(button.titleLabel.frame.width == 27)
    }
}

@MainActor
@Suite struct ButtonLayoutTests {
    private func layOut(_ button: Button, direction: LayoutDirection = .leftToRight) -> (Rect, Rect)
    {
        let window = Window(size: Size(width: 300, height: 300), layoutDirection: direction)
        button.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        window.addSubview(button)
        window.layoutIfNeeded()
        return (button.imageView.frame, button.titleLabel.frame)
    }

    @Test(arguments: [
        (
            Button.Direction.row, LayoutDirection.leftToRight,
            Rect(x: 31, y: 14, width: 20, height: 20), Rect(x: 55, y: 14, width: 12, height: 20)
        ),
        (
            .rowReverse, .leftToRight, Rect(x: 47, y: 14, width: 20, height: 20),
            Rect(x: 31, y: 14, width: 12, height: 20)
        ),
        (
            .row, .rightToLeft, Rect(x: 47, y: 14, width: 20, height: 20),
            Rect(x: 31, y: 14, width: 12, height: 20)
        ),
        (
            .rowReverse, .rightToLeft, Rect(x: 31, y: 14, width: 20, height: 20),
            Rect(x: 55, y: 14, width: 12, height: 20)
        ),
        (
            .column, .leftToRight, Rect(x: 39, y: 6, width: 20, height: 20),
            Rect(x: 39, y: 30, width: 20, height: 12)
        ),
        (
            .columnReverse, .leftToRight, Rect(x: 39, y: 22, width: 20, height: 20),
            Rect(x: 39, y: 6, width: 20, height: 12)
        ),
    ])
    func directionsPlaceImageAndTitle(
        direction: Button.Direction, layout: LayoutDirection, image: Rect, title: Rect
    ) {
        let (imageFrame, titleFrame) = layOut(makeButton(direction), direction: layout)
        #expect(imageFrame == image)
        #expect(titleFrame == title)
    }

    @Test(arguments: [
        (
            ContentHorizontalAlignment.left, ContentVerticalAlignment.top,
            LayoutDirection.leftToRight, Point(x: 2, y: 1)
        ),
        (.center, .center, .leftToRight, Point(x: 31, y: 14)),
        (.right, .bottom, .leftToRight, Point(x: 60, y: 27)),
        (.leading, .top, .leftToRight, Point(x: 2, y: 1)),
        (.trailing, .bottom, .leftToRight, Point(x: 60, y: 27)),
        (.leading, .center, .rightToLeft, Point(x: 60, y: 14)),
        (.trailing, .center, .rightToLeft, Point(x: 2, y: 14)),
        (.left, .bottom, .rightToLeft, Point(x: 2, y: 27)),
    ])
    func contentAlignmentPlacesTheContentBox(
        horizontal: ContentHorizontalAlignment, vertical: ContentVerticalAlignment,
        layout: LayoutDirection, origin: Point
    ) {
        let button = makeButton(.rowReverse)
        button.contentHorizontalAlignment = horizontal
        button.contentVerticalAlignment = vertical
        let (imageFrame, titleFrame) = layOut(button, direction: layout)
        let box = imageFrame.union(titleFrame)
        #expect(box.origin == origin)
        #expect(box.size == Size(width: 36, height: 20))
    }

    @Test func fillStretchesTheBoxAndTheTitleTakesTheRest() {
        let button = makeButton(.row)
        button.contentHorizontalAlignment = .fill
        button.contentVerticalAlignment = .fill
        let (imageFrame, titleFrame) = layOut(button)
        #expect(imageFrame == Rect(x: 2, y: 14, width: 20, height: 20))
        #expect(titleFrame == Rect(x: 26, y: 1, width: 70, height: 46))
    }
}

@MainActor
@Suite struct ButtonStateTests {
    @Test func perStateValuesFallBackToNormal() {
        let button = makeButton()
        button.setTitle("选中了", for: .selected)
        button.setTitle("正在按下...", for: .highlighted)
        button.setTitleColor(.blue, for: .selected)
        button.setTitleColor(.yellow, for: .highlighted)
        #expect(button.currentTitle == "OK")
        #expect(button.currentTitleColor == .white)
        button.isSelected = true
        #expect(button.currentTitle == "选中了")
        #expect(button.titleLabel.text == "选中了")
        #expect(button.titleLabel.textColor == .blue)
        button.isHighlighted = true
        // [.selected, .highlighted] has no value of its own: normal, not selected.
        #expect(button.currentTitle == "OK")
        button.isSelected = false
        #expect(button.currentTitle == "正在按下...")
        #expect(button.titleLabel.textColor == .yellow)
    }

    @Test func fallbackImagesAreAdjustedForHighlightAndDisabled() {
        let image = Image(size: Size(width: 2, height: 2), color: Color(red: 1, green: 1, blue: 1))
        let button = Button(image: image, title: nil)
        button.isHighlighted = true
        #expect(button.currentImage?.pixels.color(x: 0, y: 0)?.red == 127.0 / 255)
        button.adjustsImageWhenHighlighted = false
        #expect(button.currentImage === image)
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.currentImage?.pixels.color(x: 0, y: 0)?.alpha == 102.0 / 255)
        let own = Image(size: Size(width: 2, height: 2), color: .blue)
        button.setImage(own, for: .disabled)
        #expect(button.currentImage === own)
    }

    @Test func backgroundColoursAndImagesFollowTheState() {
        let button = makeButton()
        button.setBackgroundColor(.gray, for: .normal)
        button.setBackgroundColor(.black, for: .highlighted)
        #expect(button.backgroundColor == .gray)
        button.isHighlighted = true
        #expect(button.backgroundColor == .black)
        button.isHighlighted = false
        #expect(button.backgroundColor == .gray)
        let normal = Image(size: Size(width: 30, height: 30), color: .gray).resizableImage(
            withCapInsets: EdgeInsets(all: 15))
        let pressed = Image(size: Size(width: 30, height: 30), color: .black).resizableImage(
            withCapInsets: EdgeInsets(all: 15))
        button.setBackgroundImage(normal, for: .normal)
        button.setBackgroundImage(pressed, for: .highlighted)
        button.isHighlighted = true
        #expect(button.currentBackgroundImage === pressed)
    }

    @Test func tapsSendTouchUpInsideThenPrimaryAction() {
        let window = Window(size: Size(width: 200, height: 200))
        let button = makeButton()
        button.frame = Rect(x: 20, y: 100, width: 120, height: 40)
        window.addSubview(button)
        var log: [String] = []
        button.addAction(ControlAction { _ in log.append("up") }, for: .touchUpInside)
        button.addAction(ControlAction { _ in log.append("primary") }, for: .primaryActionTriggered)
        window.dispatch(Touch(phase: .began, location: Point(x: 30, y: 110)))
        #expect(button.titleLabel.textColor == .white)
        window.dispatch(Touch(phase: .ended, location: Point(x: 30, y: 110)))
        #expect(log == ["up", "primary"])
    }
}

@MainActor
@Suite struct ButtonBackgroundColorTests {
    private func setUp(_ configure: (Button) -> Void) -> (Window, Button) {
        let window = Window(size: Size(width: 200, height: 200))
        let button = makeButton()
        button.frame = Rect(x: 20, y: 100, width: 120, height: 40)
        configure(button)
        window.addSubview(button)
        return (window, button)
    }

    private func press(_ window: Window) {
        window.dispatch(Touch(phase: .began, location: Point(x: 30, y: 110)))
    }

    private func release(_ window: Window) {
        window.dispatch(Touch(phase: .ended, location: Point(x: 30, y: 110)))
    }

    /// The button's own background fill, as the text backend prints it.
    private func backgroundFills(_ window: Window) throws -> [String] {
        try flatCommandLines(window)
            .filter { $0.hasPrefix("fill-rect 0 0 120 40") }
    }

    @Test func aHighlightColourAloneGoesAwayOnRelease() throws {
        let (window, button) = setUp { $0.setBackgroundColor(.black, for: .highlighted) }
        #expect(button.backgroundColor == nil)
        press(window)
        #expect(button.backgroundColor == .black)
        #expect(try backgroundFills(window) == ["fill-rect 0 0 120 40 #000000"])
        release(window)
        #expect(button.backgroundColor == nil)
        #expect(try backgroundFills(window).isEmpty)
    }

    @Test func aPlainBackgroundColourComesBackAfterTheHighlight() throws {
        // Seed 002: `myButton.backgroundColor = UIColor.grayColor`, a colour per state on top.
        let (window, button) = setUp { button in
            button.backgroundColor = .gray
            button.setBackgroundColor(.black, for: .highlighted)
        }
        press(window)
        #expect(button.backgroundColor == .black)
        release(window)
        #expect(button.backgroundColor == .gray)
        #expect(try backgroundFills(window) == ["fill-rect 0 0 120 40 #808080"])
        button.isSelected = true
        #expect(button.backgroundColor == .gray)
    }

    @Test func theNormalColourWinsOverThePlainOneAndRemovingItRestoresIt() {
        let (window, button) = setUp { button in
            button.backgroundColor = .gray
            button.setBackgroundColor(.blue, for: .normal)
            button.setBackgroundColor(.black, for: .highlighted)
        }
        #expect(button.backgroundColor == .blue)
        press(window)
        #expect(button.backgroundColor == .black)
        release(window)
        #expect(button.backgroundColor == .blue)
        button.isSelected = true
        #expect(button.backgroundColor == .blue)
        button.setBackgroundColor(nil, for: .normal)
        #expect(button.backgroundColor == .gray)
        button.backgroundColor = .green
        press(window)
        // Selected and highlighted has no colour of its own and normal has none left: the
        // plain colour shows.
        #expect(button.backgroundColor == .green)
        release(window)
        button.isSelected = false
        #expect(button.backgroundColor == .green)
        press(window)
        #expect(button.backgroundColor == .black)
        release(window)
        #expect(button.backgroundColor == .green)
    }
}

@MainActor
@Suite struct ButtonWrappingTests {
    /// "Save and close" wrapped by a plain label at a width: the title's expected size.
    private func wrappedTitle(width: Double) -> Size {
        let label = Label()
        label.font = .system(size: 10)
        label.numberOfLines = 0
        label.text = "Save and close"
        return label.sizeThatFits(Size(width: width, height: 0))
    }

    @Test(arguments: [
        (Button.Direction.row, 70.0), (.rowReverse, 70), (.column, 46), (.columnReverse, 46),
    ])
    func aNarrowButtonWrapsItsTitleInsideItsBounds(direction: Button.Direction, width: Double)
        throws
    {
        let window = Window(size: Size(width: 300, height: 300))
        let button = makeButton(direction, title: "Save and close")
        window.addSubview(button)
        // Either way the title may be 40 wide: 70 − 6 of insets − 24 of image and spacing
        // beside it, or 46 − 6 with the image above or below.
        let title = wrappedTitle(width: 40)
        #expect(title.width <= 40 && title.height > 12)
        let fitted = button.sizeThatFits(Size(width: width, height: 0))
        if direction.isHorizontal {
            #expect(fitted == Size(width: 6 + 24 + title.width, height: 4 + title.height))
        } else {
            #expect(fitted == Size(width: 6 + title.width, height: 4 + 24 + title.height))
        }
        button.frame = Rect(origin: .zero, size: fitted)
        window.layoutIfNeeded()
        let frame = button.titleLabel.frame
        #expect(frame.size == title)
        #expect(button.bounds.inset(by: button.contentEdgeInsets).contains(frame))
        #expect(button.titleLabel.numberOfLines == 0)
    }

    @Test func aWideEnoughButtonKeepsTheTitleOnOneLine() {
        let window = Window(size: Size(width: 300, height: 300))
        let button = makeButton(.column, title: "Save and close")
        window.addSubview(button)
        button.sizeToFit()
        window.layoutIfNeeded()
        let oneLine = wrappedTitle(width: 0)
        #expect(oneLine.height == 12)
        #expect(button.titleLabel.frame.size == oneLine)
        #expect(button.titleLabel.numberOfLines == 1)
    }
}
