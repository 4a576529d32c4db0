import Testing
import Trellis
import TrellisTerminalRenderer

/// Every control in every state as the terminal backend draws it from its semantic hint, in
/// default 8 × 16-point cells, against recorded goldens (`TRELLIS_RECORD_GOLDENS=1`).
///
/// A golden holds the rows of text, then the colours of each cell (the window's background
/// `.`, other backgrounds `A`, `B`, …, the text colour of a glyph `1`, `2`, … in order of first
/// appearance), then the attributes (`b` bold, `u` underlined, `i` italic).
@MainActor @Suite struct ControlCellTests {
    /// The screen of a view alone, `width` × `height` points, on a white window.
    private func cells(of view: View, width: Double = 160, height: Double = 32) throws -> String {
        let window = Window(size: Size(width: width, height: height))
        window.backgroundColor = .white
        view.frame = Rect(x: 0, y: 0, width: width, height: height)
        window.addSubview(view)
        return try cells(of: window)
    }

    /// The screen of a control with the window's keyboard focus.
    private func focusedCells(
        of control: Control, width: Double = 160, height: Double = 32
    ) throws -> String {
        let window = Window(size: Size(width: width, height: height))
        window.backgroundColor = .white
        control.frame = Rect(x: 0, y: 0, width: width, height: height)
        window.addSubview(control)
        #expect(window.focus(control))
        return try cells(of: window)
    }

    private func cells(of window: Window) throws -> String {
        let screen = try freshScreen(window.makeDisplayList(), json: "{}")
        let rows = screen.cells.map { line in line.filter { !$0.isContinuation } }
        // Colours are named by first appearance: the window's background (the top-left cell)
        // is `.`, other backgrounds `A`, `B`, …; the text colours of glyphs on it `1`, `2`, ….
        let window = rows.first?.first?.background ?? "default"
        var backgrounds: [String] = []
        var foregrounds: [String] = []
        func name(for index: Int, _ first: Character) -> Character {
            Character(Unicode.Scalar(UInt8(first.asciiValue ?? 0) + UInt8(index)))
        }
        func name(_ value: String, in names: inout [String], from first: Character) -> Character {
            if !names.contains(value) { names.append(value) }
            return name(for: names.firstIndex(of: value) ?? 0, first)
        }
        var text = screen.lines
        text.append("colours:")
        for line in rows {
            text.append(
                String(
                    line.map { cell -> Character in
                        if cell.background != window {
                            return name(cell.background, in: &backgrounds, from: "A")
                        }
                        if cell.text == " " { return "." }
                        return name(cell.foreground, in: &foregrounds, from: "1")
                    }))
        }
        text.append(
            "backgrounds: "
                + backgrounds.enumerated().map { "\(name(for: $0.offset, "A"))=\($0.element)" }
                .joined(separator: " "))
        text.append(
            "text colours: "
                + foregrounds.enumerated().map { "\(name(for: $0.offset, "1"))=\($0.element)" }
                .joined(separator: " "))
        text.append("attributes:")
        for line in rows {
            text.append(
                String(
                    line.map { cell -> Character in
                        if cell.text == " " && !cell.attributes.contains("underline") {
                            return "."
                        }
                        if cell.attributes.contains("bold") { return "b" }
                        if cell.attributes.contains("underline") { return "u" }
                        if cell.attributes.contains("italic") { return "i" }
                        return "."
                    }))
        }
        return text.joined(separator: "\n") + "\n"
    }

    @Test func switchesShowTheirThumbOnEitherSide() throws {
        var shown: [String] = []
        for (name, configure) in [
            ("off", { (_: Switch) in }),
            ("on", { $0.isOn = true }),
            (
                "disabled",
                {
                    $0.isOn = true
                    $0.isEnabled = false
                }
            ),
            ("highlighted", { $0.isHighlighted = true }),
        ] as [(String, (Switch) -> Void)] {
            let control = Switch()
            configure(control)
            shown.append("\(name):\n" + (try cells(of: control, width: 64)))
        }
        shown.append("focused:\n" + (try focusedCells(of: Switch(), width: 64)))
        let text = shown.joined(separator: "\n")
        #expect(text.contains("[○───]"))
        #expect(text.contains("[━━━●]"))
        try Golden.check(text, named: "control-switch")
    }

    @Test func slidersPutTheirThumbWhereTheValueStands() throws {
        var shown: [String] = []
        for value in [0.0, 0.4, 1.0] {
            let slider = Slider()
            slider.value = Double(value)
            shown.append("value \(value):\n" + (try cells(of: slider, width: 96)))
        }
        let disabled = Slider()
        disabled.value = 0.5
        disabled.isEnabled = false
        shown.append("disabled:\n" + (try cells(of: disabled, width: 96)))
        shown.append("focused:\n" + (try focusedCells(of: Slider(), width: 96)))
        // 12 columns: the thumb at column round(0.4 × 11) = 4.
        let line = try #require(shown[1].split(separator: "\n").first { $0.contains("●") })
        #expect(Array(line).firstIndex(of: "●") == 4)
        try Golden.check(shown.joined(separator: "\n"), named: "control-slider")
    }

    @Test func steppersShowALegibleMinusAndPlus() throws {
        var shown: [String] = []
        for (name, value, enabled) in [
            ("middle", 5.0, true), ("minimum", 0.0, true), ("maximum", 10.0, true),
            ("disabled", 5.0, false),
        ] {
            let stepper = Stepper()
            stepper.maximumValue = 10
            stepper.value = value
            stepper.isEnabled = enabled
            shown.append("\(name):\n" + (try cells(of: stepper, width: 96)))
        }
        shown.append("focused:\n" + (try focusedCells(of: Stepper(), width: 96)))
        #expect(shown[0].contains("−") && shown[0].contains("+"))
        try Golden.check(shown.joined(separator: "\n"), named: "control-stepper")
    }

    @Test func segmentedControlsMarkTheSelectedSegment() throws {
        var shown: [String] = []
        for selected in [SegmentedControl.noSegment, 1] {
            let control = SegmentedControl(items: ["One", "Two", "Three"])
            control.selectedSegmentIndex = selected
            shown.append("selected \(selected):\n" + (try cells(of: control, width: 200)))
        }
        let disabled = SegmentedControl(items: ["One", "Two", "Three"])
        disabled.selectedSegmentIndex = 0
        disabled.isEnabled = false
        shown.append("disabled:\n" + (try cells(of: disabled, width: 200)))
        let focused = SegmentedControl(items: ["One", "Two", "Three"])
        shown.append("focused:\n" + (try focusedCells(of: focused, width: 200)))
        #expect(shown[1].contains("[Two]"))
        #expect(!shown[0].contains("["))
        try Golden.check(shown.joined(separator: "\n"), named: "control-segmented")
    }

    @Test func pageControlsShowOneDotPerPage() throws {
        var shown: [String] = []
        for (current, count) in [(0, 5), (2, 5), (0, 1)] {
            let control = PageControl()
            control.numberOfPages = count
            control.currentPage = current
            shown.append("page \(current) of \(count):\n" + (try cells(of: control, width: 120)))
        }
        let focused = PageControl()
        focused.numberOfPages = 3
        shown.append("focused:\n" + (try focusedCells(of: focused, width: 120)))
        #expect(shown[0].contains("● ○ ○ ○ ○"))
        #expect(shown[1].contains("○ ○ ● ○ ○"))
        try Golden.check(shown.joined(separator: "\n"), named: "control-page")
    }

    @Test func textFieldsKeepTextPlaceholderAndCaretInsideTheirBox() throws {
        var shown: [String] = []
        for (name, text, height) in [
            ("placeholder", "", 32.0), ("text", "Hello", 32.0), ("boxed", "Hello", 48.0),
            ("overflowing", "A line far too long for the field", 32.0),
        ] {
            let field = TextField()
            field.placeholder = "Name"
            field.text = text
            shown.append("\(name):\n" + (try cells(of: field, width: 120, height: height)))
        }
        // Editing: focused in its window, the caret after the text.
        let window = Window(size: Size(width: 120, height: 48))
        window.backgroundColor = .white
        let field = TextField(frame: Rect(x: 0, y: 0, width: 120, height: 48))
        field.text = "Hi"
        window.addSubview(field)
        #expect(window.focus(field))
        shown.append("editing:\n" + (try cells(of: window)))
        #expect(shown[0].contains("[Name"))
        #expect(shown[2].contains("┌") && shown[2].contains("│Hello"))
        #expect(shown[3].contains("…]"))
        try Golden.check(shown.joined(separator: "\n"), named: "control-textfield")
    }

    @Test func buttonsCentreTheirTitleAndShowTheirState() throws {
        var shown: [String] = []
        for (name, configure) in [
            ("normal", { (_: Button) in }),
            ("highlighted", { $0.isHighlighted = true }),
            ("selected", { $0.isSelected = true }),
            ("disabled", { $0.isEnabled = false }),
        ] as [(String, (Button) -> Void)] {
            let button = Button()
            button.setTitle("Save", for: .normal)
            configure(button)
            shown.append("\(name):\n" + (try cells(of: button, width: 96)))
        }
        let window = Window(size: Size(width: 96, height: 32))
        window.backgroundColor = .white
        let button = Button(frame: Rect(x: 0, y: 0, width: 96, height: 32))
        button.setTitle("Save", for: .normal)
        window.addSubview(button)
        #expect(window.focus(button))
        shown.append("focused:\n" + (try cells(of: window)))
        #expect(shown[0].contains("[   Save   ]"))
        try Golden.check(shown.joined(separator: "\n"), named: "control-button")
    }

    @Test func aButtonKeepsItsImageAsHalfBlocksBesideItsTitle() throws {
        let button = Button()
        button.setTitle("Go", for: .normal)
        button.setImage(Image(size: Size(width: 8, height: 16), color: .red), for: .normal)
        let text = try cells(of: button, width: 96)
        // The image (one red cell, two pixels of the same colour: a red background) stays
        // above the title, which stays whole between the brackets.
        #expect(text.contains("backgrounds: A=#ff0000"), "\(text)")
        #expect(text.contains("[    Go    ]"), "\(text)")
    }

    /// A 128 × 64-point button (16 × 4 cells) with a red 16-point image and a title, in a
    /// direction and a layout direction.
    private func imageButton(
        _ direction: Button.Direction?, title: String? = "Go", rightToLeft: Bool = false
    ) -> Button {
        let image = direction == nil ? nil : Image(size: Size(width: 16, height: 16), color: .red)
        let button = Button(
            image: image, title: title, spacing: 8, direction: direction ?? .row)
        button.contentEdgeInsets = EdgeInsets(top: 2, left: 8, bottom: 2, right: 8)
        if rightToLeft { button.layoutDirection = .rightToLeft }
        return button
    }

    @Test func anImageButtonWritesItsTitleWhereItsLayoutPutIt() throws {
        var shown: [String] = []
        var screens: [String: [Substring]] = [:]  // Each screen's lines, by name.
        for rightToLeft in [false, true] {
            for direction in Button.Direction.allCases {
                let name = "\(direction.rawValue)\(rightToLeft ? " rtl" : "")"
                let screen = try cells(
                    of: imageButton(direction, rightToLeft: rightToLeft), width: 128, height: 64)
                screens[name] = screen.split(separator: "\n", omittingEmptySubsequences: false)
                shown.append("\(name):\n" + screen)
            }
        }
        let titleOnly = try cells(of: imageButton(nil), width: 128, height: 64)
        shown.append("title only:\n" + titleOnly)
        let imageOnly = try cells(of: imageButton(.row, title: nil), width: 128, height: 64)
        shown.append("image only:\n" + imageOnly)
        let text = shown.joined(separator: "\n")

        // The colour rows: the image's cells are `A` (a red background), the title's `2`.
        func colours(_ name: String) -> [Substring] {
            let lines = screens[name] ?? []
            return Array(lines.dropFirst(5).prefix(4))
        }
        // Beside the image the title shares its row, one cell (the 8-point spacing) away, on
        // the side the direction and the layout direction say.
        let names = ["row", "rowReverse", "column", "columnReverse"]
        try #require(names.allSatisfy { colours($0).count > 2 }, "\(text)")
        #expect(colours("row")[1] == "1....AA.22.....1", "\(text)")
        #expect(colours("rowReverse")[1] == "1....22..AA....1")
        #expect(colours("row rtl") == colours("rowReverse"))
        #expect(colours("rowReverse rtl") == colours("row"))
        // Above or below the image, the title takes the row under or over it, centred.
        #expect(colours("column")[1] == ".......AA.......")
        #expect(colours("column")[2] == "1......22......1")
        #expect(colours("columnReverse")[1] == "1......22......1")
        #expect(colours("columnReverse")[2] == ".......AA.......")
        #expect(colours("column rtl") == colours("column"))
        // Without an image the title keeps the middle row; without a title the image is alone.
        #expect(titleOnly.contains("[      Go      ]"))
        #expect(!imageOnly.contains("[") && imageOnly.contains("backgrounds: A=#ff0000"))
        try Golden.check(text, named: "control-button-image")
    }

    @Test func aFocusedViewThatIsNoControlShowsAFocusRingAtItsCorners() throws {
        final class Card: View {
            override var canBecomeFocused: Bool { true }
        }
        let window = Window(size: Size(width: 96, height: 80))
        window.backgroundColor = .white
        let card = Card(frame: Rect(x: 16, y: 16, width: 64, height: 48))
        card.backgroundColor = Color(white: 0.9)
        window.addSubview(card)
        let unfocused = try cells(of: window)
        #expect(!unfocused.contains("┌"))
        #expect(window.focus(card))
        let text = try cells(of: window)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Eight columns from column 2, three rows from row 1: a corner at each end.
        try #require(lines.count > 3, "\(text)")
        #expect(lines[1] == "  ┌      ┐  ")
        #expect(lines[3] == "  └      ┘  ")
        try Golden.check(text, named: "control-focus-ring")
    }

    /// Found by fuzz-displaylist: more segments than cells, and a slider's range too wide
    /// for a double, crashed the drawing.
    @Test func hintsOutOfProportionWithTheirCellsDrawWithoutCrashing() throws {
        var list = DisplayList(size: Size(width: 24, height: 16))
        let frame = Rect(x: 0, y: 0, width: 24, height: 16)
        for kind: SemanticHint.Kind in [
            .segmentedControl(titles: Array(repeating: "segment", count: 40), selectedIndex: 39),
            .slider(minimum: -1e308, maximum: 1e308, value: 1e308),
            .pageControl(currentPage: 9_999, numberOfPages: 10_000),
            .textField(text: "保存", placeholder: "", cursor: 2),
        ] {
            list.commands = [.beginSemantic(SemanticHint(frame: frame, kind: kind)), .endSemantic]
            let screen = try freshScreen(list, json: "{}")
            #expect(screen.lines.count == 1)
        }
        // The pages that fit: three dots for 10 000 pages in three cells.
        list.commands = [
            .beginSemantic(
                SemanticHint(
                    frame: frame, kind: .pageControl(currentPage: 1, numberOfPages: 10_000))),
            .endSemantic,
        ]
        #expect(try freshScreen(list, json: "{}").lines == ["○●○"])
    }

    @Test func aLabelWiderInCellsThanInPointsIsCutWithAnEllipsis() throws {
        let window = Window(size: Size(width: 160, height: 32))
        window.backgroundColor = .white
        let left = Label(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        left.text = "direction: rowReverse"
        let right = Label(frame: Rect(x: 80, y: 0, width: 80, height: 16))
        right.text = "next"
        let wide = Label(frame: Rect(x: 0, y: 16, width: 48, height: 16))
        wide.text = "保存文件夹"
        wide.lineBreakMode = .byTruncatingHead
        for label in [left, right, wide] {
            // Small enough to fit the frame in points, too wide for it in cells.
            label.font = .system(size: 6)
            window.addSubview(label)
        }
        let lines = try cells(of: window).split(separator: "\n", omittingEmptySubsequences: false)
        // Ten columns each: the first label stops with an ellipsis where the second starts.
        try #require(lines.count > 1, "\(lines)")
        #expect(lines[0] == "direction…next      ")
        // Six columns, wide characters two each: an ellipsis and the last two characters.
        #expect(lines[1].hasPrefix("…件夹"))
    }
}
