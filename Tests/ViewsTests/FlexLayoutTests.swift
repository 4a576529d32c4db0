import Testing
import TrellisGeometry
import TrellisLayout
import TrellisText
import TrellisViews

@MainActor
@Suite struct ViewFlexLayoutTests {
    /// A window of 200 × 100 points and a row filling it that lays its subviews out by flexbox.
    static func rowInWindow() -> (Window, View) {
        let window = Window(size: Size(width: 200, height: 100))
        let row = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        var style = FlexStyle()
        style.flexDirection = .row
        row.flexStyle = style
        window.addSubview(row)
        return (window, row)
    }

    @Test func aStyledViewLaysItsSubviewsOutByFlexbox() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let row = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        var style = FlexStyle()
        try style.set("flexDirection", to: .string("row"))
        try style.set("padding", to: .number(10))
        try style.set("gap", to: .number(5))
        try style.set("alignItems", to: .string("center"))
        row.flexStyle = style
        let label = Label()
        label.font = .system(size: 10)
        label.text = "OK"
        let filler = View()
        var grow = FlexStyle()
        try grow.set("flexGrow", to: .number(1))
        try grow.set("height", to: .number(20))
        filler.flexStyle = grow
        row.addSubview(label)
        row.addSubview(filler)
        window.addSubview(row)
        window.layoutIfNeeded()
        #expect(label.frame == Rect(x: 10, y: 44, width: 12, height: 12))
        #expect(filler.frame == Rect(x: 27, y: 40, width: 163, height: 20))
    }

    /// A subview that takes a sibling out of its superview while flexbox measures it: the
    /// pass still measures the sibling it started with, which its node keeps alive until the
    /// pass ends, and the next pass lays out what remains.
    @Test func aMeasurementThatRemovesASiblingLeavesLayoutSound() {
        final class Log: @unchecked Sendable {
            var events: [String] = []
        }
        final class Remover: View {
            weak var victim: View?
            override func sizeThatFits(_ size: Size) -> Size {
                victim?.removeFromSuperview()
                return Size(width: 30, height: 10)
            }
        }
        final class Sibling: View {
            let log: Log
            init(log: Log) {
                self.log = log
                super.init(frame: .zero)
            }
            deinit { log.events.append("deinit") }
            override func sizeThatFits(_ size: Size) -> Size {
                log.events.append("measure")
                return Size(width: 20, height: 10)
            }
        }
        let log = Log()
        let (window, root) = Self.rowInWindow()
        let inner = View()
        inner.flexStyle = root.flexStyle
        let remover = Remover()
        inner.addSubview(remover)
        do {
            let sibling = Sibling(log: log)
            inner.addSubview(sibling)
            remover.victim = sibling
        }
        root.addSubview(inner)
        window.layoutIfNeeded()
        #expect(remover.victim == nil)
        #expect(inner.subviews.count == 1)
        #expect(log.events.last == "deinit")
        #expect(log.events.dropLast().allSatisfy { $0 == "measure" })
        // The container's size depends on its content: its superview lays it out again.
        root.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(remover.frame == Rect(x: 0, y: 0, width: 30, height: 100))
        #expect(inner.frame.width == 30)
    }

    /// Views given equal styles share one stored style, and each still has its own: changing
    /// one view's style changes neither the others' styles nor their layout.
    @Test func viewsWithEqualStylesShareOneStoredStyle() {
        let (window, row) = Self.rowInWindow()
        var style = FlexStyle()
        style.width = 40
        style.height = 20
        let items = (0..<3).map { _ in View() }
        for item in items {
            item.flexStyle = style
            row.addSubview(item)
        }
        #expect(items[1].flexStyleStorage === items[0].flexStyleStorage)
        #expect(items[2].flexStyleStorage === items[0].flexStyleStorage)

        var wider = style
        wider.width = 50
        items[1].flexStyle = wider
        #expect(items[1].flexStyleStorage !== items[0].flexStyleStorage)
        #expect(items[0].flexStyle == style)
        #expect(items[2].flexStyle == style)
        #expect(items[1].flexStyle == wider)
        window.layoutIfNeeded()
        #expect(items.map(\.frame.width) == [40, 50, 40])
        #expect(items.map(\.frame.minX) == [0, 40, 90])

        items[1].flexStyle = nil
        #expect(items[1].flexStyle == nil)
        #expect(items[0].flexStyle == style)
    }

    /// A list whose items repeat a few dozen styles in turn shares every one of them: each
    /// item's stored style is the one of the item a period before it.
    @Test func aListsRepeatedStylesAreAllShared() {
        let styles = (0..<21).map { index -> FlexStyle in
            var style = FlexStyle()
            style.width = .points(Double(10 + 5 * (index % 7)))
            style.height = .points(Double(10 + 4 * (index / 7)))
            return style
        }
        let views = (0..<(3 * styles.count)).map { index -> View in
            let view = View()
            view.flexStyle = styles[index % styles.count]
            return view
        }
        for index in styles.count..<views.count {
            #expect(
                views[index].flexStyleStorage === views[index - styles.count].flexStyleStorage,
                "item \(index)")
        }
    }

    /// Many different styles, more than the table of shared styles holds, each stay with their
    /// views.
    @Test func manyDifferentStylesStayWithTheirViews() {
        let views = (0..<2000).map { index -> View in
            let view = View()
            var style = FlexStyle()
            style.width = .points(Double(index % 700))
            style.flexGrow = Double(index % 3)
            view.flexStyle = style
            return view
        }
        for (index, view) in views.enumerated() {
            #expect(view.flexStyle?.width == .points(Double(index % 700)))
            #expect(view.flexStyle?.flexGrow == Double(index % 3))
        }
    }

    @Test func labelsOfDifferentFontsAlignOnTheirFirstBaselines() throws {
        // A small and a large label and an empty box in a row aligned by baseline: the
        // labels' text baselines meet, and the box's bottom edge stands for its baseline.
        let window = Window(size: Size(width: 300, height: 100))
        let row = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        var style = FlexStyle()
        style.alignItems = .baseline
        row.flexStyle = style
        let small = Label()
        small.font = .system(size: 10)
        small.text = "Small"
        let large = Label()
        large.font = .system(size: 30)
        large.text = "Large"
        let box = View()
        var boxStyle = FlexStyle()
        boxStyle.width = 10
        boxStyle.height = 10
        box.flexStyle = boxStyle
        // A column whose first item is a label has that label's baseline.
        let column = View()
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        column.flexStyle = columnStyle
        let inner = Label()
        inner.font = .system(size: 20)
        inner.text = "Inner"
        column.addSubview(inner)
        for view in [small, large, box, column] { row.addSubview(view) }
        window.addSubview(row)
        window.layoutIfNeeded()
        func baseline(_ label: Label) throws -> Double {
            let offset = try #require(label.firstBaselineOffsetFromTop(in: label.bounds.size))
            return label.frame.minY + offset
        }
        #expect(large.frame.minY == 0)
        #expect(small.frame.minY > 0)
        #expect(try baseline(small) == baseline(large))
        let innerOffset = try #require(inner.firstBaselineOffsetFromTop(in: inner.bounds.size))
        // Frames snap to whole pixels (scale 1); the baseline they meet need not.
        let largeBaseline = try baseline(large)
        #expect(abs(column.frame.minY + inner.frame.minY + innerOffset - largeBaseline) <= 0.5)
        #expect(abs(box.frame.maxY - largeBaseline) <= 0.5)
        // A view without text has no baseline of its own.
        #expect(box.firstBaselineOffsetFromTop(in: box.bounds.size) == nil)
    }

    @Test func nestedContainersAreSizedByTheirContent() throws {
        let window = Window(size: Size(width: 300, height: 100))
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        var row = FlexStyle()
        try row.set("flexDirection", to: .string("row"))
        try row.set("alignItems", to: .string("flex-start"))
        outer.flexStyle = row
        let inner = View()
        var column = FlexStyle()
        try column.set("flexDirection", to: .string("column"))
        inner.flexStyle = column
        for size in [Size(width: 30, height: 10), Size(width: 50, height: 20)] {
            inner.addSubview(View(frame: Rect(size: size)))
        }
        outer.addSubview(inner)
        window.addSubview(outer)
        window.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(inner.subviews[1].frame == Rect(x: 0, y: 10, width: 50, height: 20))
    }

    /// A container inside another is sized by its content there: when its content changes,
    /// the container holding it lays it out again, as far up as containers hold containers.
    @Test func nestedContainersFollowTheirContentWhenItChanges() throws {
        let (window, row) = Self.rowInWindow()
        var inline = FlexStyle()
        inline.flexDirection = .row
        inline.alignItems = .flexStart
        let middle = View()
        middle.flexStyle = inline
        let inner = View()
        inner.flexStyle = inline
        let label = Label()
        label.font = .system(size: 10)
        label.text = "OK"
        inner.addSubview(label)
        middle.addSubview(inner)
        row.addSubview(middle)
        window.layoutIfNeeded()
        let short = label.frame.width
        #expect(middle.frame.width == short)

        label.text = "A longer title"
        window.layoutIfNeeded()
        #expect(label.frame.width > short)
        #expect(inner.frame.width == label.frame.width)
        #expect(middle.frame.width == label.frame.width)

        let box = View()
        var sized = FlexStyle()
        sized.width = 30
        sized.height = 10
        box.flexStyle = sized
        inner.addSubview(box)
        window.layoutIfNeeded()
        #expect(middle.frame.width == label.frame.width + 30)
        sized.width = 40
        box.flexStyle = sized
        window.layoutIfNeeded()
        #expect(middle.frame.width == label.frame.width + 40)
        inner.insertSubview(box, at: 0)
        window.layoutIfNeeded()
        #expect(label.frame.minX == 40)
    }

    @Test func rightToLeftRowsStartAtTheRight() throws {
        let window = Window(size: Size(width: 100, height: 20), layoutDirection: .rightToLeft)
        let row = View(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        var style = FlexStyle()
        try style.set("flexDirection", to: .string("row"))
        row.flexStyle = style
        row.addSubview(View(frame: Rect(size: Size(width: 30, height: 20))))
        window.addSubview(row)
        window.layoutIfNeeded()
        #expect(row.subviews[0].frame.minX == 70)
    }
}
