import Testing
import TrellisGeometry
import TrellisLayout

/// Behaviours that the conformance suite does not reach: measure requests and baseline
/// functions, which its fixtures cannot express.
@Suite struct FlexBehaviourTests {
    final class RequestLog: @unchecked Sendable {
        var requests: [FlexMeasureRequest] = []
    }

    @Test func measureFunctionsReceiveContentBoxSizes() throws {
        let log = RequestLog()
        var style = FlexStyle()
        style.width = 100
        style.padding = FlexEdges(all: 10)
        style.border = FlexEdges(all: 2)
        style.alignItems = .stretch
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.width = 200
        let root = FlexNode(style: rootStyle)
        let leaf = FlexNode(style: style) { request in
            log.requests.append(request)
            return Size(width: request.knownWidth ?? 0, height: 30)
        }
        try root.appendChild(leaf)
        try root.calculateLayout()
        #expect(log.requests.contains { $0.knownWidth == 76 })
        #expect(leaf.layout.frame.size == Size(width: 100, height: 54))
    }

    @Test func baselineFunctionsAlignARow() throws {
        var rootStyle = FlexStyle()
        rootStyle.alignItems = .baseline
        let root = FlexNode(style: rootStyle)
        let big = FlexNode(measure: { _ in Size(width: 30, height: 40) })
        big.baseline = { _ in 32 }
        let small = FlexNode(measure: { _ in Size(width: 20, height: 14) })
        small.baseline = { _ in 11 }
        try root.appendChild(big)
        try root.appendChild(small)
        try root.calculateLayout()
        #expect(big.layout.frame.minY == 0)
        #expect(small.layout.frame.minY == 21)
        #expect(root.layout.frame.height == 40)
    }

    @Test func itemsThatAddUpToTheLineFitOnIt() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:449px">
        //   <div style="position:absolute;flex-wrap:wrap-reverse;padding:12px 1px 8px 10%">
        //     <div style="width:85px"></div><div style="width:130px"></div></div></div>
        // The box is as wide as its items, 215, plus its padding (44.9 and 1); the items add up
        // to its content width and share one line, though 260.9 − 44.9 − 1 is a hair under
        // 215 in binary floating point.
        var rootStyle = FlexStyle()
        rootStyle.width = 449
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.flexWrap = .wrapReverse
        boxStyle.padding = FlexEdges(top: 12, right: 1, bottom: 8, left: .percent(10))
        let box = FlexNode(style: boxStyle)
        var items: [FlexNode] = []
        for width in [85.0, 130] {
            var style = FlexStyle()
            style.width = .points(width)
            style.height = 13
            let item = FlexNode(style: style)
            try box.appendChild(item)
            items.append(item)
        }
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame.height == 33)
        #expect(items.map(\.layout.frame.minY) == [12, 12])
    }

    @Test func autoMarginsCentreAnItem() throws {
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 60
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 20
        itemStyle.height = 20
        itemStyle.margin = FlexEdges(all: .auto)
        let item = FlexNode(style: itemStyle)
        try root.appendChild(item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 40, y: 20, width: 20, height: 20))
    }

    @Test func percentagesResolveAgainstTheParentsInnerSize() throws {
        var rootStyle = FlexStyle()
        rootStyle.width = 220
        rootStyle.height = 100
        rootStyle.padding = FlexEdges(all: 10)
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = .percent(50)
        itemStyle.height = .percent(25)
        itemStyle.flexShrink = 0
        let item = FlexNode(style: itemStyle)
        try root.appendChild(item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 10, y: 10, width: 100, height: 20))
    }

    @Test func rowReverseInRightToLeftRunsLeftToRight() throws {
        let stack = StackLayout(direction: .rowReverse, spacing: 5, alignment: .top)
        let items = [
            StackItem(intrinsicSize: Size(width: 10, height: 10)),
            StackItem(intrinsicSize: Size(width: 20, height: 10)),
        ]
        let frames = try stack.frames(
            for: items, in: Size(width: 35, height: 10), layoutDirection: .rightToLeft)
        #expect(frames.map(\.minX) == [0, 15])
    }
}
