import Testing
import TrellisGeometry
import TrellisLayout
import TrellisText
import TrellisViews

@MainActor
@Suite struct ViewFlexLayoutTests {
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
