import Testing
import TrellisGeometry
import TrellisViews

/// The accessibility tree: which elements are read, in which order, grouped how.
@MainActor
@Suite struct AccessibilityTreeTests {
    /// A label with text at a frame.
    private func label(_ text: String, _ x: Double, _ y: Double, width: Double = 40) -> Label {
        let label = Label(frame: Rect(x: x, y: y, width: width, height: 20))
        label.text = text
        return label
    }

    private func labels(_ tree: AccessibilityTree) -> [String] {
        tree.allNodes.compactMap(\.label)
    }

    @Test func elementsReadTopToBottomThenLeftToRight() {
        let window = Window(size: Size(width: 300, height: 200))
        for view in [
            label("C", 10, 60), label("B", 200, 10), label("A", 10, 10), label("D", 100, 60),
        ] {
            window.addSubview(view)
        }
        #expect(labels(window.accessibilityTree()) == ["A", "B", "C", "D"])
    }

    @Test func rightToLeftReadsRowsFromTheRight() {
        let window = Window(size: Size(width: 300, height: 200), layoutDirection: .rightToLeft)
        for view in [
            label("C", 10, 60), label("B", 200, 10), label("A", 10, 10), label("D", 100, 60),
        ] {
            window.addSubview(view)
        }
        #expect(labels(window.accessibilityTree()) == ["B", "A", "D", "C"])
    }

    @Test func elementsCentredOnOneLineShareARow() {
        let window = Window(size: Size(width: 400, height: 200))
        // A tall switch and a shorter label beside it, centred on the same line: the label's
        // top is lower, but above the switch's middle, so it reads after it, not below.
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        toggle.accessibilityLabel = "Wi-Fi"
        window.addSubview(label("status", 80, 16))
        window.addSubview(toggle)
        // Starts below the first row's middle: a new row, though it is further left.
        window.addSubview(label("below", 0, 26))
        #expect(labels(window.accessibilityTree()) == ["Wi-Fi", "status", "below"])
    }

    @Test func plainContainersMixTheirElementsWithTheirNeighboursByPosition() {
        let window = Window(size: Size(width: 300, height: 200))
        let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        let right = View(frame: Rect(x: 100, y: 0, width: 100, height: 200))
        left.addSubview(label("L1", 0, 10))
        left.addSubview(label("L2", 0, 60))
        right.addSubview(label("R1", 0, 10))
        right.addSubview(label("R2", 0, 60))
        window.addSubview(left)
        window.addSubview(right)
        let tree = window.accessibilityTree()
        #expect(labels(tree) == ["L1", "R1", "L2", "R2"])
        #expect(tree.nodes.allSatisfy { $0.children.isEmpty })
        // Grouping reads each column as a unit, in the columns' order.
        left.shouldGroupAccessibilityChildren = true
        right.shouldGroupAccessibilityChildren = true
        right.accessibilityIdentifier = "right"
        let grouped = window.accessibilityTree()
        #expect(labels(grouped) == ["L1", "L2", "R1", "R2"])
        #expect(grouped.nodes.map(\.role) == [.group, .group])
        #expect(grouped.nodes.dropFirst().first?.identifier == "right")
        #expect(
            grouped.nodes.dropFirst().first?.frame == Rect(x: 100, y: 0, width: 100, height: 200))
    }

    @Test func anElementHidesItsSubviews() {
        let window = Window(size: Size(width: 300, height: 200))
        let button = Button(image: nil, title: "OK")
        button.frame = Rect(x: 10, y: 10, width: 80, height: 44)
        window.addSubview(button)
        let tree = window.accessibilityTree()
        #expect(tree.nodes.count == 1)
        #expect(tree.nodes.first?.role == .button && tree.nodes.first?.label == "OK")
    }

    @Test func accessibilityElementsReplaceTheSubviewsInTheirOrder() throws {
        let window = Window(size: Size(width: 300, height: 200))
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let first = label("first", 0, 100)
        let second = label("second", 0, 0)
        let ignored = label("ignored", 0, 50)
        for view in [first, second, ignored] { card.addSubview(view) }
        let extra = AccessibilityElement(accessibilityContainer: card)
        extra.accessibilityLabel = "chart"
        extra.accessibilityValue = "42"
        extra.accessibilityTraits = .image
        extra.accessibilityFrameInContainerSpace = Rect(x: 10, y: 150, width: 50, height: 30)
        card.accessibilityElements = [first, extra, second]
        window.addSubview(card)
        let tree = window.accessibilityTree()
        #expect(tree.nodes.count == 1 && tree.nodes.first?.role == .group)
        #expect(labels(tree) == ["first", "chart", "second"])
        let chart = try #require(tree.nodes.first?.children.dropFirst().first)
        #expect(chart.role == .image && chart.value == "42")
        #expect(chart.frame == Rect(x: 10, y: 150, width: 50, height: 30))
    }

    @Test func hiddenTransparentAndHiddenFromAccessibilityViewsAreLeftOut() {
        let window = Window(size: Size(width: 300, height: 200))
        let hidden = label("hidden", 0, 0)
        hidden.isHidden = true
        let clear = label("clear", 0, 30)
        clear.alpha = 0
        let box = View(frame: Rect(x: 0, y: 60, width: 100, height: 100))
        box.addSubview(label("inside", 0, 0))
        box.accessibilityElementsHidden = true
        let shown = label("shown", 0, 170)
        shown.alpha = 0.5
        for view in [hidden, clear, box, shown] { window.addSubview(view) }
        #expect(labels(window.accessibilityTree()) == ["shown"])
    }

    @Test func aModalViewHidesItsSiblings() {
        let window = Window(size: Size(width: 300, height: 300))
        let area = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        area.addSubview(label("behind", 0, 0))
        let sheet = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        sheet.addSubview(label("sheet", 10, 10))
        area.addSubview(sheet)
        window.addSubview(area)
        window.addSubview(label("outside", 0, 250))
        #expect(labels(window.accessibilityTree()) == ["behind", "sheet", "outside"])
        sheet.accessibilityViewIsModal = true
        let tree = window.accessibilityTree()
        // The modal view's siblings are left out, as VoiceOver does; what is outside its
        // superview is still read.
        #expect(labels(tree) == ["sheet", "outside"])
        #expect(tree.nodes.first?.role == .group)
        sheet.isHidden = true
        #expect(labels(window.accessibilityTree()) == ["behind", "outside"])
    }

    @Test func anOverlayIsModalWhilePresented() {
        let window = Window(size: Size(width: 320, height: 480))
        let behind = Button(image: nil, title: "Behind")
        behind.frame = Rect(x: 10, y: 10, width: 100, height: 44)
        window.addSubview(behind)
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        card.addSubview(label("card text", 10, 10, width: 150))
        let overlay = Overlay(content: card)
        overlay.present(in: window)
        #expect(labels(window.accessibilityTree()) == ["card text"])
        overlay.dismiss()
        #expect(labels(window.accessibilityTree()) == ["Behind"])
        #expect(!card.accessibilityViewIsModal)
    }

    @Test func rolesComeFromTraits() {
        #expect(
            AccessibilityRole(traits: [.button, .toggleButton], isGroup: false) == .toggleButton)
        #expect(AccessibilityRole(traits: [.button, .image], isGroup: false) == .button)
        #expect(
            AccessibilityRole(traits: [.textEntry, .searchField], isGroup: false) == .searchField)
        #expect(AccessibilityRole(traits: .textEntry, isGroup: false) == .textField)
        #expect(AccessibilityRole(traits: [.staticText, .header], isGroup: false) == .header)
        #expect(AccessibilityRole(traits: .staticText, isGroup: false) == .text)
        #expect(AccessibilityRole(traits: .notEnabled, isGroup: false) == .element)
        #expect(AccessibilityRole(traits: [], isGroup: true) == .group)
    }

    @Test func theOutlineWritesOneLinePerNodeWithEscapes() {
        let node = AccessibilityNode(
            role: .button, label: "Say \"hi\"\nnow", value: "1", hint: "Greets",
            traits: [.button, .selected], identifier: "greet",
            frame: Rect(x: 1.5, y: 2, width: 3, height: 4),
            actions: ["Delete"])
        #expect(
            node.description
                == #"- button "Say \"hi\"\nnow" value="1" hint="Greets" traits=[button, selected] actions=["Delete"] id=greet frame=(1.5, 2, 3, 4)"#
        )
        let group = AccessibilityNode(
            role: .group, identifier: "two words", frame: Rect(x: 0, y: 0, width: 10, height: 10),
            children: [node])
        let text = AccessibilityTree(nodes: [group]).description
        #expect(text.hasPrefix("- group id=\"two words\" frame=(0, 0, 10, 10)\n  - button "))
        #expect(text.hasSuffix("\n") && text.split(separator: "\n").count == 2)
        #expect(AccessibilityTree(nodes: []).description == "")
    }

    @Test func theTreeRecordsCustomActionsHintsAndValues() throws {
        let window = Window(size: Size(width: 300, height: 200))
        let row = label("Message", 0, 0, width: 200)
        row.accessibilityHint = "Opens the message"
        row.accessibilityValue = "unread"
        row.accessibilityCustomActions = [AccessibilityCustomAction(name: "Delete") { _ in true }]
        window.addSubview(row)
        let node = try #require(window.accessibilityTree().nodes.first)
        #expect(node.hint == "Opens the message" && node.value == "unread")
        #expect(node.actions == ["Delete"])
    }
}
