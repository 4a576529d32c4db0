import Testing
import TrellisEvents
import TrellisGeometry
import TrellisText
import TrellisViews

/// The accessibility audit: each rule failing and passing, and where it says the problem is.
@MainActor
@Suite struct AccessibilityAuditTests {
    private func window() -> Window {
        Window(size: Size(width: 320, height: 480))
    }

    private func kinds(_ window: Window) -> [AccessibilityIssue.Kind] {
        window.accessibilityAudit().map(\.kind)
    }

    @Test func aControlWithoutALabelIsAnIssue() throws {
        let window = window()
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 44))
        toggle.accessibilityIdentifier = "wifi"
        window.addSubview(toggle)
        let issues = window.accessibilityAudit()
        let issue = try #require(issues.first)
        #expect(issues.count == 1 && issue.kind == .missingLabel)
        #expect(issue.path == "Window/Switch#wifi" && issue.identifier == "wifi")
        #expect(issue.frame == Rect(x: 10, y: 10, width: 51, height: 44))
        #expect(
            issue.description.hasPrefix(
                "missingLabel: Window/Switch#wifi frame=(10, 10, 51, 44): a toggleButton has no "))
        toggle.accessibilityLabel = "Wi-Fi"
        #expect(window.accessibilityAudit().isEmpty)
    }

    @Test func anElementWithAButtonTraitWithoutALabelIsAnIssue() {
        let window = window()
        let view = View(frame: Rect(x: 10, y: 10, width: 44, height: 44))
        view.isAccessibilityElement = true
        view.accessibilityTraits = .link
        window.addSubview(view)
        #expect(kinds(window) == [.missingLabel])
        view.accessibilityLabel = "Terms"
        #expect(kinds(window).isEmpty)
        // A blank label is no label.
        view.accessibilityLabel = "  "
        #expect(kinds(window) == [.missingLabel])
    }

    @Test func aSegmentWithoutATitleIsAnIssueNamedByItsIndex() throws {
        let window = window()
        let control = SegmentedControl(items: ["Day", ""])
        control.frame = Rect(x: 0, y: 0, width: 200, height: 44)
        window.addSubview(control)
        let issue = try #require(window.accessibilityAudit().first)
        #expect(
            issue.kind == .missingLabel && issue.path == "Window/SegmentedControl[0]/element[1]")
        control.setTitle("Week", forSegmentAt: 1)
        #expect(kinds(window).isEmpty)
    }

    @Test func anAdjustableElementWithoutALabelIsNamedByItsRole() throws {
        let window = window()
        window.addSubview(Slider(frame: Rect(x: 10, y: 10, width: 200, height: 44)))
        let issue = try #require(window.accessibilityAudit().first)
        #expect(issue.kind == .missingLabel)
        #expect(issue.message.hasPrefix("an adjustable has no accessibility label"))
    }

    @Test func anImageElementWithoutALabelIsAnIssue() {
        let window = window()
        let image = ImageView(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        image.image = Image(size: Size(width: 60, height: 60), color: .red)
        window.addSubview(image)
        // Not an element: decoration, not read.
        #expect(kinds(window).isEmpty)
        image.isAccessibilityElement = true
        #expect(kinds(window) == [.imageWithoutLabel])
        image.image = image.image?.withAccessibilityLabel("Red square")
        #expect(kinds(window).isEmpty)
    }

    @Test func aHitTargetUnder44PointsIsAnIssue() throws {
        let window = window()
        let button = Button(image: nil, title: "OK")
        button.frame = Rect(x: 10, y: 10, width: 80, height: 30)
        button.setTitleColor(.black, for: .normal)
        window.addSubview(button)
        let issue = try #require(window.accessibilityAudit().first)
        #expect(issue.kind == .smallHitTarget)
        #expect(issue.message.hasPrefix("the hit target is 80 × 30 points"))
        button.frame.size.height = 44
        #expect(kinds(window).isEmpty)
        // A disabled control takes no taps: its size does not matter.
        button.frame.size.height = 30
        button.isEnabled = false
        #expect(kinds(window).isEmpty)
    }

    @Test func aSteppersHalvesAreHitTargets() {
        let window = window()
        let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 29))
        stepper.value = 1
        window.addSubview(stepper)
        #expect(kinds(window) == [.smallHitTarget, .smallHitTarget])
        stepper.frame = Rect(x: 10, y: 10, width: 94, height: 44)
        #expect(kinds(window).isEmpty)
    }

    @Test func textBelowFourAndAHalfToOneIsAnIssue() throws {
        let window = window()
        let caption = Label(frame: Rect(x: 10, y: 10, width: 200, height: 20))
        caption.text = "Caption"
        caption.font = .system(size: 14)
        caption.textColor = try Color(hex: "#8E8E93")
        caption.accessibilityIdentifier = "caption"
        window.addSubview(caption)
        let issue = try #require(window.accessibilityAudit().first)
        #expect(issue.kind == .lowContrast && issue.path == "Window/Label#caption")
        #expect(
            issue.message
                == "text #8E8E93 on #FFFFFF contrasts 3.26:1, below the 4.5:1 WCAG 2.2 asks of "
                + "14-point text; darken or lighten one of them")
        caption.textColor = try Color(hex: "#767676")
        #expect(kinds(window).isEmpty)
    }

    @Test func largeTextNeedsThreeToOne() throws {
        let window = window()
        let title = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        title.text = "Title"
        title.textColor = try Color(hex: "#949494")  // 3.03:1 on white
        title.font = .system(size: 17)
        window.addSubview(title)
        #expect(kinds(window) == [.lowContrast])
        title.font = .system(size: 18)
        #expect(kinds(window).isEmpty)
        title.font = .system(size: 14, weight: .bold)
        #expect(kinds(window).isEmpty)
        title.font = .system(size: 14, weight: .semibold)
        #expect(kinds(window) == [.lowContrast])
    }

    @Test func theBackgroundIsTheAncestorsColoursCompositedOverWhite() {
        let window = window()
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        card.backgroundColor = Color(white: 0, alpha: 0.8)
        let text = Label(frame: Rect(x: 10, y: 10, width: 200, height: 20))
        text.text = "On grey"
        text.textColor = Color(white: 0.35)
        card.addSubview(text)
        window.addSubview(card)
        // Black at 80% over the window's white is dark grey, which grey text fails.
        #expect(kinds(window) == [.lowContrast])
        text.textColor = .white
        #expect(kinds(window).isEmpty)
    }

    @Test func aGradientCountsAsItsWorstStop() {
        let window = window()
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        card.gradient = Gradient(colors: [.black, .white])
        let text = Label(frame: Rect(x: 10, y: 10, width: 200, height: 20))
        text.text = "On a gradient"
        text.textColor = .white
        card.addSubview(text)
        window.addSubview(card)
        #expect(kinds(window) == [.lowContrast])
        card.gradient = Gradient(colors: [.black, Color(white: 0.2)])
        #expect(kinds(window).isEmpty)
    }

    @Test func aButtonsTitleIsReadAgainstItsBackgroundImage() {
        let window = window()
        let button = Button(image: nil, title: "Go")
        button.frame = Rect(x: 10, y: 10, width: 80, height: 44)
        button.setBackgroundImage(
            Image(size: Size(width: 30, height: 30), color: Color(white: 0.9)), for: .normal)
        window.addSubview(button)
        // Titles are white by default: on a light image, too faint.
        #expect(kinds(window) == [.lowContrast])
        button.setBackgroundImage(
            Image(size: Size(width: 30, height: 30), color: Color(white: 0.2)), for: .normal)
        #expect(kinds(window).isEmpty)
    }

    @Test func anInteractiveElementBehindAModalThatATapReachesIsAnIssue() throws {
        let window = window()
        let behind = Button(image: nil, title: "Delete")
        behind.frame = Rect(x: 10, y: 10, width: 100, height: 44)
        behind.setTitleColor(.black, for: .normal)
        window.addSubview(behind)
        let sheet = View(frame: Rect(x: 10, y: 200, width: 300, height: 100))
        sheet.accessibilityViewIsModal = true
        window.addSubview(sheet)
        let issue = try #require(window.accessibilityAudit().first)
        #expect(issue.kind == .hittableBehindModal && issue.path == "Window/Button[0]")
        #expect(issue.message.contains("behind the modal View[1]"))
        // A backdrop between them takes the tap.
        let backdrop = View(frame: window.bounds)
        window.insertSubview(backdrop, belowSubview: sheet)
        #expect(kinds(window).isEmpty)
    }

    @Test func anOverlayCoversWhatItHides() {
        let window = window()
        let behind = Button(image: nil, title: "Delete")
        behind.frame = Rect(x: 10, y: 10, width: 100, height: 44)
        behind.setTitleColor(.black, for: .normal)
        window.addSubview(behind)
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        card.backgroundColor = .white
        Overlay(content: card).present(in: window)
        #expect(kinds(window).isEmpty)
    }

    @Test func kindsChooseTheRules() {
        let window = window()
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(toggle)
        #expect(kinds(window) == [.missingLabel, .smallHitTarget])
        #expect(
            window.accessibilityAudit(checking: [.smallHitTarget]).map(\.kind) == [.smallHitTarget])
        #expect(window.accessibilityAudit(checking: []).isEmpty)
    }

    @Test func contrastRatiosAreWCAGs() throws {
        #expect(Color.black.contrastRatio(with: .white) == 21)
        #expect(Color.white.contrastRatio(with: .white) == 1)
        let grey = try Color(hex: "#767676")
        #expect(abs(grey.contrastRatio(with: .white) - 4.54) < 0.005)
        #expect(grey.contrastRatio(with: .white) == Color.white.contrastRatio(with: grey))
        #expect(abs(Color(white: 0.5).relativeLuminance - 0.214) < 0.001)
    }
}
