import Testing
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisText
import TrellisViews

/// Controls and labels record their drawing inside a semantic hint that describes them.
@MainActor
@Suite struct SemanticHintRecordingTests {
    /// The hints a view's display list opens, in order.
    private func hints(of view: View) -> [SemanticHint] {
        view.makeDisplayList().commands.compactMap {
            if case .beginSemantic(let hint) = $0 { return hint }
            return nil
        }
    }

    @Test func eachControlDescribesItsValueAndState() throws {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        toggle.isOn = true
        toggle.isEnabled = false
        let hint = try #require(hints(of: toggle).first)
        #expect(hint.kind == .toggle(isOn: true))
        #expect(hint.state == .disabled)
        // The frame is the track, centred in the bounds.
        #expect(hint.frame.size == Switch.naturalSize)

        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        slider.minimumValue = 10
        slider.maximumValue = 20
        slider.value = 14
        #expect(hints(of: slider).first?.kind == .slider(minimum: 10, maximum: 20, value: 14))

        let stepper = Stepper(frame: Rect(x: 0, y: 0, width: 94, height: 32))
        stepper.maximumValue = 3
        stepper.value = 3
        #expect(
            hints(of: stepper).first?.kind
                == .stepper(value: 3, canDecrement: true, canIncrement: false))

        let segments = SegmentedControl(items: ["A", "B"])
        segments.selectedSegmentIndex = 1
        #expect(
            hints(of: segments).first?.kind
                == .segmentedControl(titles: ["A", "B"], selectedIndex: 1))

        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 120, height: 26))
        pages.numberOfPages = 4
        pages.currentPage = 3
        #expect(hints(of: pages).first?.kind == .pageControl(currentPage: 3, numberOfPages: 4))

        let field = TextField(frame: Rect(x: 0, y: 0, width: 120, height: 34))
        field.placeholder = "Name"
        field.isSecureTextEntry = true
        field.text = "abc"
        #expect(
            hints(of: field).first?.kind
                == .textField(text: "•••", placeholder: "Name", cursor: nil))

        let button = Button(frame: Rect(x: 0, y: 0, width: 80, height: 32))
        button.setTitle("Go", for: .normal)
        button.isSelected = true
        let buttonHints = hints(of: button)
        #expect(
            buttonHints.first?.kind
                == .button(title: "Go", titleFrame: button.titleLabel.frame, imageFrame: nil))
        #expect(buttonHints.first?.state == .selected)
        // Its title label says how its text is cut, inside the button's hint.
        #expect(buttonHints.dropFirst().first?.kind == .label(truncation: .tail))
    }

    @Test func aButtonsHintSaysWhereItsLayoutPutTheTitleAndTheImage() throws {
        let image = Image(size: Size(width: 16, height: 16), color: .red)
        for direction in Button.Direction.allCases {
            let button = Button(image: image, title: "Go", spacing: 6, direction: direction)
            button.contentEdgeInsets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
            button.frame = Rect(x: 0, y: 0, width: 120, height: 80)
            button.layoutIfNeeded()
            let hint = try #require(hints(of: button).first)
            guard case .button(let title, let titleFrame, let imageFrame) = hint.kind else {
                Issue.record("\(direction): \(hint.kind)")
                continue
            }
            #expect(title == "Go")
            let titleRect = try #require(titleFrame)
            let imageRect = try #require(imageFrame)
            #expect(titleRect == button.titleLabel.frame)
            #expect(imageRect == button.imageView.frame)
            // The parts sit inside the insets, apart by the spacing, on the direction's side.
            #expect(
                bounds(contain: titleRect, in: button) && bounds(contain: imageRect, in: button))
            switch direction {
            case .row: #expect(titleRect.minX - imageRect.maxX == 6)
            case .rowReverse: #expect(imageRect.minX - titleRect.maxX == 6)
            case .column: #expect(titleRect.minY - imageRect.maxY == 6)
            case .columnReverse: #expect(imageRect.minY - titleRect.maxY == 6)
            }
        }
    }

    private func bounds(contain rect: Rect, in button: Button) -> Bool {
        let area = button.bounds.inset(by: button.contentEdgeInsets)
        return rect.minX >= area.minX && rect.maxX <= area.maxX && rect.minY >= area.minY
            && rect.maxY <= area.maxY
    }

    @Test func theHintEnclosesTheViewsWholeDrawing() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        toggle.backgroundColor = .red
        let commands = toggle.makeDisplayList().commands
        let begin = commands.firstIndex { if case .beginSemantic = $0 { true } else { false } }
        let end = commands.lastIndex { $0 == .endSemantic }
        let fills = commands.indices.filter {
            if case .fillRect = commands[$0] { return true }
            if case .fillRoundedRect = commands[$0] { return true }
            return false
        }
        // The background and the track and thumb all lie between the hint's ends.
        #expect(fills.count == 3)
        #expect(fills.allSatisfy { $0 > (begin ?? .max) && $0 < (end ?? .min) })
    }

    @Test func aFocusedViewWithoutAHintIsMarkedWithAFocusRing() {
        final class Focusable: View {
            override var canBecomeFocused: Bool { true }
        }
        let window = Window(size: Size(width: 100, height: 100))
        let view = Focusable(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        window.addSubview(view)
        #expect(hints(of: window).isEmpty)
        #expect(window.focus(view))
        #expect(
            hints(of: window)
                == [
                    SemanticHint(
                        frame: Rect(x: 0, y: 0, width: 40, height: 40), kind: .focusRing,
                        state: .focused)
                ])
    }

    @Test func labelsMapTheirLineBreakModeToATruncation() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20))
        label.text = "text"
        for (mode, truncation) in [
            (LineBreakMode.byClipping, SemanticHint.Truncation.clip),
            (.byTruncatingHead, .head), (.byTruncatingMiddle, .middle),
            (.byTruncatingTail, .tail), (.byWordWrapping, .tail),
        ] {
            label.lineBreakMode = mode
            #expect(hints(of: label).first?.kind == .label(truncation: truncation))
        }
    }
}
