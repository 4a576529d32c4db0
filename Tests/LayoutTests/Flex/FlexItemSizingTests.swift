import Testing
import TrellisGeometry
import TrellisLayout

/// How items are sized, with the numbers Chromium gives for the same trees.
@Suite struct FlexItemSizingTests {
    @Test func aShrinkingItemKeepsItsPaddingWhenItsMinimumIsSmaller() throws {
        // 130 pt of items in 50 pt: the second item's share of the 80 pt of shrinking
        // (18 × 10 of 100 + 180) takes it below its 6 pt minimum, but a box is never
        // narrower than its padding, 12: it freezes at 12 and the first item takes the rest.
        var rootStyle = FlexStyle()
        rootStyle.width = 50
        rootStyle.height = 20
        let root = FlexNode(style: rootStyle)
        var firstStyle = FlexStyle()
        firstStyle.flexBasis = 100
        firstStyle.minWidth = 0
        let first = FlexNode(style: firstStyle)
        var secondStyle = FlexStyle()
        secondStyle.flexBasis = 30
        secondStyle.flexShrink = 10
        secondStyle.minWidth = 6
        secondStyle.padding = FlexEdges(top: 0, right: 6, bottom: 0, left: 6)
        let second = FlexNode(style: secondStyle)
        try root.appendChild(first)
        try root.appendChild(second)
        try root.calculateLayout()
        #expect(first.layout.frame.width == 38)
        #expect(second.layout.frame == Rect(x: 38, y: 0, width: 12, height: 20))
    }

    @Test func aMaximumBoundsAContributionWithoutItsMargins() throws {
        // The wrapping row's automatic minimum is its largest outer min-content contribution:
        // the inner item's content (100) within its maximum width (80), plus its 2 × 10 pt
        // margins, 100 — the maximum does not bound the margins.
        var rootStyle = FlexStyle()
        rootStyle.width = 50
        rootStyle.height = 40
        let root = FlexNode(style: rootStyle)
        var wrapStyle = FlexStyle()
        wrapStyle.flexWrap = .wrap
        let wrapping = FlexNode(style: wrapStyle)
        var boundedStyle = FlexStyle()
        boundedStyle.maxWidth = 80
        boundedStyle.margin = FlexEdges(top: 0, right: 10, bottom: 0, left: 10)
        let bounded = FlexNode(style: boundedStyle)
        var contentStyle = FlexStyle()
        contentStyle.width = 100
        contentStyle.height = 10
        try bounded.appendChild(FlexNode(style: contentStyle))
        try wrapping.appendChild(bounded)
        try root.appendChild(wrapping)
        try root.calculateLayout()
        #expect(wrapping.layout.frame.width == 100)
        #expect(bounded.layout.frame.width == 80)
    }

    @Test func aWrappingColumnStretchedByARowIsAsWideAsTheLinesItsHeightMakes() throws {
        // The row's single line is 100 pt tall and stretches the column, which wraps its three
        // 60 pt tall items into three lines at that height: its flex basis (its max-content
        // width) is the three lines' 3 × 40 pt, not its widest item's 40 pt.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 100
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 40
        itemStyle.height = 60
        for _ in 0..<3 { try column.appendChild(FlexNode(style: itemStyle)) }
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 120, height: 100))
        #expect(column.children.map(\.layout.frame.minX) == [0, 40, 80])
    }

    @Test func aColumnMeasuredForItsWidthDoesNotBreakItsItemsLinesAtTheirFlexedHeights() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:400px;flex-direction:column;align-items:flex-start">
        //   <div style="flex-direction:column;flex-wrap:wrap;height:142px">
        //     <div style="width:16px;height:16px"></div>
        //     <div style="flex-direction:column;flex-wrap:wrap;min-height:0">
        //       <div style="width:65px;height:80px"></div>
        //       <div style="width:105px;height:100px"></div></div></div></div>
        // The outer column's width is its lines' widths: 16 and the inner column's
        // contribution, which is its widest item, 105 (Chromium's intrinsic inline size of a
        // multi-line column without a height of its own), not the 170 of its two lines at its
        // flexed height: 121. Laid out at its flexed height of 142 it then breaks its lines and
        // overflows (121 wide, its fit-content width in the 121). With the outer column on one
        // line (flex-wrap: nowrap), the contribution is the same 105.
        func layOut(wrap: FlexWrap) throws -> (root: FlexNode, outer: FlexNode, inner: FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 400
            rootStyle.flexDirection = .column
            rootStyle.alignItems = .flexStart
            let root = FlexNode(style: rootStyle)
            var outerStyle = FlexStyle()
            outerStyle.flexDirection = .column
            outerStyle.flexWrap = wrap
            outerStyle.height = 142
            let outer = FlexNode(style: outerStyle)
            var boxStyle = FlexStyle()
            boxStyle.width = 16
            boxStyle.height = 16
            try outer.appendChild(FlexNode(style: boxStyle))
            var innerStyle = FlexStyle()
            innerStyle.flexDirection = .column
            innerStyle.flexWrap = .wrap
            innerStyle.minHeight = 0
            let inner = FlexNode(style: innerStyle)
            for (width, height) in [(65.0, 80.0), (105, 100)] {
                var itemStyle = FlexStyle()
                itemStyle.width = .points(width)
                itemStyle.height = .points(height)
                try inner.appendChild(FlexNode(style: itemStyle))
            }
            try outer.appendChild(inner)
            try root.appendChild(outer)
            try root.calculateLayout(rounding: .none)
            return (root, outer, inner)
        }
        let wrapping = try layOut(wrap: .wrap)
        #expect(wrapping.outer.layout.frame == Rect(x: 0, y: 0, width: 121, height: 142))
        #expect(wrapping.inner.layout.frame == Rect(x: 16, y: 0, width: 121, height: 142))
        #expect(wrapping.inner.children.map(\.layout.frame.minX) == [0, 65])
        let single = try layOut(wrap: .noWrap)
        #expect(single.outer.layout.frame.width == 105)
    }

    @Test func anItemsContributionIsNotStretchedByItsContainersMargins() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:180px;height:68px;flex-direction:column">
        //   <div style="align-self:flex-start;margin:18px">
        //     <div style="flex-basis:75%;min-height:6px;aspect-ratio:2"></div></div></div>
        // The row's width is its item's contribution: its minimum height through the ratio,
        // 12 (the row's own margins do not raise the height the item is measured at).
        var rootStyle = FlexStyle()
        rootStyle.width = 180
        rootStyle.height = 68
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.alignSelf = .flexStart
        rowStyle.margin = FlexEdges(all: 18)
        let row = FlexNode(style: rowStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexBasis = .percent(75)
        itemStyle.minHeight = 6
        itemStyle.aspectRatio = 2
        try row.appendChild(FlexNode(style: itemStyle))
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(row.layout.frame == Rect(x: 18, y: 18, width: 12, height: 6))
    }

    @Test func aRowOfIndefiniteHeightMeasuresItsItemsWithoutStretchingThem() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:143px">
        //   <div style="position:absolute">
        //     <div style="flex-direction:column;flex-wrap:wrap;max-height:183px">
        //       <div style="width:64px"></div>
        //       <div style="padding:6px 13px 1px 6px"></div></div></div></div>
        // The absolutely positioned row has no definite height (the space left to it is the
        // empty container's 0): its width comes from the column's contribution measured
        // without a stretched height, one line of its two items, 64 wide. Measured at the
        // 0 it would stretch to, the column would break a line after each item: 83.
        var rootStyle = FlexStyle()
        rootStyle.width = 143
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        let box = FlexNode(style: boxStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        columnStyle.maxHeight = 183
        let column = FlexNode(style: columnStyle)
        var firstStyle = FlexStyle()
        firstStyle.width = 64
        try column.appendChild(FlexNode(style: firstStyle))
        var secondStyle = FlexStyle()
        secondStyle.padding = FlexEdges(top: 6, right: 13, bottom: 1, left: 6)
        try column.appendChild(FlexNode(style: secondStyle))
        try box.appendChild(column)
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame.width == 64)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 64, height: 7))
    }

    @Test func aStretchedHeightThatIsNotDefiniteResolvesNoPercentagesWhileMeasuring() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:109px;align-items:flex-start">
        //   <div style="max-width:115px">
        //     <div style="margin:17px">
        //       <div style="flex-shrink:0;flex-basis:53px;height:100%;aspect-ratio:0.5;
        //         margin:18px"></div></div></div></div>
        // The middle row is not stretched by the root, so its height (176, from its content)
        // is not definite: the inner row, stretched to 142 in it, is measured for its width
        // (its flex base size and its automatic minimum) with its item's `height: 100%`
        // unresolved, 53 + 36 = 89 wide. Only once the inner row is laid out at its stretched
        // height does the percentage resolve (142, and 71 wide through the ratio: it
        // overflows). With flex-basis: auto and flex-shrink: 1 (the item then 0 wide while
        // measured), the inner row is 36 wide, its margins' width.
        func layOut(basis: FlexLength, shrink: Double) throws -> (FlexNode, FlexNode, FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 109
            rootStyle.alignItems = .flexStart
            let root = FlexNode(style: rootStyle)
            var middleStyle = FlexStyle()
            middleStyle.maxWidth = 115
            let middle = FlexNode(style: middleStyle)
            var rowStyle = FlexStyle()
            rowStyle.margin = FlexEdges(all: 17)
            let row = FlexNode(style: rowStyle)
            var itemStyle = FlexStyle()
            itemStyle.flexShrink = shrink
            itemStyle.flexBasis = basis
            itemStyle.height = .percent(100)
            itemStyle.aspectRatio = 0.5
            itemStyle.margin = FlexEdges(all: 18)
            let item = FlexNode(style: itemStyle)
            try row.appendChild(item)
            try middle.appendChild(row)
            try root.appendChild(middle)
            try root.calculateLayout(rounding: .none)
            return (root, row, item)
        }
        var (_, row, item) = try layOut(basis: 53, shrink: 0)
        #expect(row.layout.frame == Rect(x: 17, y: 17, width: 89, height: 142))
        #expect(item.layout.frame == Rect(x: 18, y: 18, width: 71, height: 142))
        (_, row, item) = try layOut(basis: .auto, shrink: 1)
        #expect(row.layout.frame.width == 36)
    }

    @Test func percentagesInsideAnItemResolveAgainstTheWidthItIsGiven() throws {
        // The inner row is measured at max-content while the outer row's base size is found:
        // its percentages have nothing to resolve against, and its width is the third item's
        // 80. Laid out at that width, 25 % is 20 for the first item's width and the third's
        // basis, and the growing middle item takes the other 40.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 100
        let root = FlexNode(style: rootStyle)
        var outerStyle = FlexStyle()
        outerStyle.minWidth = 50
        let outer = FlexNode(style: outerStyle)
        var innerStyle = FlexStyle()
        innerStyle.margin = FlexEdges(all: 15)
        let inner = FlexNode(style: innerStyle)
        var firstStyle = FlexStyle()
        firstStyle.width = .percent(25)
        var middleStyle = FlexStyle()
        middleStyle.flexGrow = 1
        var lastStyle = FlexStyle()
        lastStyle.flexBasis = .percent(25)
        lastStyle.width = 80
        for style in [firstStyle, middleStyle, lastStyle] {
            try inner.appendChild(FlexNode(style: style))
        }
        try outer.appendChild(inner)
        try root.appendChild(outer)
        try root.calculateLayout()
        #expect(inner.layout.frame == Rect(x: 15, y: 15, width: 80, height: 70))
        #expect(inner.children.map(\.layout.frame.minX) == [0, 20, 60])
        #expect(inner.children.map(\.layout.frame.width) == [20, 40, 20])
    }

    @Test func linesWrapAtTheContentBoxOfAMinimumThatOverridesTheMaximum() throws {
        // The wrapping row is 47 pt wide (its minimum beats its maximum of 7), so 17 pt inside
        // its padding: each item takes a line of its own. The three lines (30, 10 and 10 pt)
        // share the other 210 pt of the stretched 260 pt of content height.
        var rootStyle = FlexStyle()
        rootStyle.width = 346
        rootStyle.height = 290
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.flexWrap = .wrap
        rowStyle.flexBasis = 100
        rowStyle.minWidth = 47
        rowStyle.maxWidth = 7
        rowStyle.padding = FlexEdges(all: 15)
        let row = FlexNode(style: rowStyle)
        for (width, height) in [(23.0, 30.0), (10, 10), (10, 10)] {
            var itemStyle = FlexStyle()
            itemStyle.width = .points(width)
            itemStyle.height = .points(height)
            try row.appendChild(FlexNode(style: itemStyle))
        }
        try root.appendChild(row)
        try root.calculateLayout()
        #expect(row.layout.frame.width == 47)
        #expect(row.children.map(\.layout.frame.minX) == [15, 15, 15])
        #expect(row.children.map(\.layout.frame.minY) == [15, 115, 195])
    }

    /// A wrapping column of automatic size and a 40 pt maximum height holding three 30 × 30
    /// items, which its maximum height puts in three lines.
    static func wrappingColumn() throws -> FlexNode {
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        columnStyle.maxHeight = 40
        columnStyle.alignSelf = .flexStart
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 30
        itemStyle.height = 30
        for _ in 0..<3 { try column.appendChild(FlexNode(style: itemStyle)) }
        return column
    }

    @Test func aWrappingColumnKeepsItsLinesAtAHeightItsRowDoesNotStretch() throws {
        // In a wrapping row, the column is not stretched: its height, 30 (its longest line),
        // is not definite, and it still wraps at its maximum height, as when it was measured:
        // three lines side by side in its 90 pt width.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.flexWrap = .wrap
        let root = FlexNode(style: rootStyle)
        let column = try Self.wrappingColumn()
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 90, height: 30))
        #expect(column.children.map(\.layout.frame.minX) == [0, 30, 60])
        #expect(column.children.map(\.layout.frame.minY) == [0, 0, 0])
    }

    @Test func aWrappingColumnInAColumnTakesItsFitContentWidth() throws {
        // In a 50 pt wide column, the wrapping column's width is
        // min(max-content 90, max(min-content 30, available 50)) = 50; its lines overflow it.
        var rootStyle = FlexStyle()
        rootStyle.width = 50
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        let column = try Self.wrappingColumn()
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(column.children.map(\.layout.frame.minX) == [0, 30, 60])
    }

    @Test func percentagePaddingResolvesAgainstTheFinalWidthOfItsContainer() throws {
        // The wrapping row is measured at its max-content width, 140, then shrinks to the 120
        // it has: its first item's 10 % bottom padding is 12 pt of 120, not 14 of 140, and
        // the second item, on a line of its own, starts below it.
        var rootStyle = FlexStyle()
        rootStyle.width = 120
        rootStyle.height = 200
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.flexWrap = .wrap
        let row = FlexNode(style: rowStyle)
        var paddedStyle = FlexStyle()
        paddedStyle.width = 40
        paddedStyle.padding = FlexEdges(top: 0, right: 0, bottom: .percent(10), left: 0)
        var wideStyle = FlexStyle()
        wideStyle.width = 100
        wideStyle.height = 20
        let padded = FlexNode(style: paddedStyle)
        let wide = FlexNode(style: wideStyle)
        try row.appendChild(padded)
        try row.appendChild(wide)
        try root.appendChild(row)
        try root.calculateLayout()
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 120, height: 32))
        #expect(padded.layout.frame == Rect(x: 0, y: 0, width: 40, height: 12))
        #expect(wide.layout.frame == Rect(x: 0, y: 12, width: 100, height: 20))
    }

    @Test func aPercentageGapOfAHeightThatIsNotDefiniteIsZero() throws {
        // The inner column's 150 pt height comes from flexing in a column of automatic
        // height, so it is not definite: its 10 % row gap is 0 and its items keep their sizes.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.rowGap = .percent(10)
        let column = FlexNode(style: columnStyle)
        for height in [100.0, 50] {
            var itemStyle = FlexStyle()
            itemStyle.height = .points(height)
            try column.appendChild(FlexNode(style: itemStyle))
        }
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame.height == 150)
        #expect(column.children.map(\.layout.frame.minY) == [0, 100])
        #expect(column.children.map(\.layout.frame.height) == [100, 50])
    }

    @Test func aContainerMeasuredWithoutItsWidthIsMeasuredAgainWhenPercentagesNeedIt() throws {
        // The column is first measured at max-content: 100 pt wide, and its item's 20 %
        // bottom padding has no width to resolve against. Given that width, the padding is
        // 20 pt, and so is the column's height.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.height = 200
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 100
        itemStyle.padding = FlexEdges(top: 0, right: 0, bottom: .percent(20), left: 0)
        let item = FlexNode(style: itemStyle)
        try column.appendChild(item)
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    }

    @Test func aWrappingColumnInAColumnWrapsAtItsDefiniteFlexedHeight() throws {
        // The inner column's 100 pt basis in a column of definite height is definite: it
        // wraps its three 60 pt tall items into three lines at that height, and is as wide as
        // they are, 90 pt (within the 200 pt it has), not as its widest item.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.height = 300
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        columnStyle.flexBasis = 100
        columnStyle.flexShrink = 0
        columnStyle.minHeight = 0
        columnStyle.alignSelf = .flexStart
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 30
        itemStyle.height = 60
        for _ in 0..<3 { try column.appendChild(FlexNode(style: itemStyle)) }
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 90, height: 100))
        #expect(column.children.map(\.layout.frame.minX) == [0, 30, 60])
    }

    @Test func aColumnFindsItsWidthBeforeItsItemsPercentagesResolveAgainstIt() throws {
        // The inner column's width is its widest item's 100 pt; its other item's 20 % bottom
        // padding is 20 pt of that, so the column, and the outer column, are 20 pt tall.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        let column = FlexNode(style: columnStyle)
        var wideStyle = FlexStyle()
        wideStyle.width = 100
        var paddedStyle = FlexStyle()
        paddedStyle.padding = FlexEdges(top: 0, right: 0, bottom: .percent(20), left: 0)
        let padded = FlexNode(style: paddedStyle)
        try column.appendChild(FlexNode(style: wideStyle))
        try column.appendChild(padded)
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(root.layout.frame.height == 20)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(padded.layout.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    }

    @Test func aWrappingColumnsAutomaticMinimumComesFromTheLinesItsOwnHeightMakes() throws {
        // The wrapping column's own 100 pt height puts its three 60 pt items in three lines,
        // so its content is 60 pt tall, and its automatic minimum is min(100, 60) = 60: it
        // shrinks that far to make room for the 180 pt item that does not shrink.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 200
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        columnStyle.height = 100
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 20
        itemStyle.height = 60
        for _ in 0..<3 { try column.appendChild(FlexNode(style: itemStyle)) }
        var rigidStyle = FlexStyle()
        rigidStyle.height = 180
        rigidStyle.flexShrink = 0
        let rigid = FlexNode(style: rigidStyle)
        try root.appendChild(column)
        try root.appendChild(rigid)
        try root.calculateLayout()
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(rigid.layout.frame.minY == 60)
    }

    @Test func aWrappingRowFindsItsWidthBeforeItsHeightIsMeasured() throws {
        // In a column, the wrapping row's width is its max-content width, 80 (its 25 % items
        // count for nothing then). At that width they are 20 pt wide and wrap below the first
        // item: the row is 40 + 30 pt tall.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.flexWrap = .wrap
        let row = FlexNode(style: rowStyle)
        let sizes: [(FlexLength, Double)] = [
            (.points(80), 40), (.percent(25), 10), (.percent(25), 30),
        ]
        for (width, height) in sizes {
            var itemStyle = FlexStyle()
            itemStyle.width = width
            itemStyle.height = .points(height)
            try row.appendChild(FlexNode(style: itemStyle))
        }
        try root.appendChild(row)
        try root.calculateLayout()
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 80, height: 70))
        #expect(row.children.map(\.layout.frame.minX) == [0, 0, 20])
        #expect(row.children.map(\.layout.frame.minY) == [0, 40, 40])
    }

    @Test func aWrappingColumnsWidthMakesRoomForItsBaselineOffsets() throws {
        // The column's items share a baseline at their left border edges: the first item's
        // 10 pt margin moves the second item 10 pt right, so the column of automatic height
        // (its items in one line) is 10 + 80 pt wide, not its widest item's 80.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        columnStyle.alignItems = .baseline
        let column = FlexNode(style: columnStyle)
        var firstStyle = FlexStyle()
        firstStyle.width = 50
        firstStyle.height = 10
        firstStyle.margin = FlexEdges(top: 0, right: 0, bottom: 0, left: 10)
        var secondStyle = FlexStyle()
        secondStyle.width = 80
        secondStyle.height = 10
        try column.appendChild(FlexNode(style: firstStyle))
        try column.appendChild(FlexNode(style: secondStyle))
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame.width == 90)
        #expect(column.children.map(\.layout.frame.minX) == [10, 10])
    }

    @Test func aWrappingColumnMeasuresAnItemsHeightAtItsFitContentWidth() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;flex-flow:column wrap">
        //   <div><div style="margin:10px 0 25% 4px"></div></div></div>
        // is 11 high: the item's height is measured at its fit-content width, 4 (its child's
        // margin), whose 25% is 1; stretched to 300 afterwards, it keeps that height.
        // <div style="width:300px;flex-flow:column wrap"><div style="max-width:20px">
        //   <div style="min-width:40px;padding-bottom:50%"></div></div></div>
        // is 10 high: the fit-content width is 40, within the item's maximum 20.
        func layOut(item itemStyle: FlexStyle, child childStyle: FlexStyle) throws -> FlexNode {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.flexDirection = .column
            rootStyle.flexWrap = .wrap
            let root = FlexNode(style: rootStyle)
            let item = FlexNode(style: itemStyle)
            try item.appendChild(FlexNode(style: childStyle))
            try root.appendChild(item)
            try root.calculateLayout(rounding: .none)
            return root
        }
        var childStyle = FlexStyle()
        childStyle.margin = FlexEdges(top: 10, right: 0, bottom: .percent(25), left: 4)
        let root = try layOut(item: FlexStyle(), child: childStyle)
        #expect(root.layout.frame == Rect(x: 0, y: 0, width: 300, height: 11))
        #expect(root.children[0].layout.frame == Rect(x: 0, y: 0, width: 300, height: 11))
        #expect(root.children[0].children[0].layout.frame == Rect(x: 4, y: 10, width: 0, height: 0))
        var itemStyle = FlexStyle()
        itemStyle.maxWidth = 20
        childStyle = FlexStyle()
        childStyle.minWidth = 40
        childStyle.padding = FlexEdges(top: 0, right: 0, bottom: .percent(50), left: 0)
        let clamped = try layOut(item: itemStyle, child: childStyle)
        #expect(clamped.layout.frame == Rect(x: 0, y: 0, width: 300, height: 10))
        #expect(clamped.children[0].layout.frame == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func aWrappingRowMeasuresAnItemWithoutItsLinesHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:456px"><div style="flex-wrap:wrap;height:73px">
        //   <div><div style="aspect-ratio:0.5"></div></div></div></div>
        // The item is 0 wide: its width is measured before its line's height is known, when
        // its child (an empty box with a ratio) is 0 × 0. Stretched to 73 afterwards, its child
        // stretches too and overflows it, 36.5 wide. The wrapping row is 0 wide.
        var rootStyle = FlexStyle()
        rootStyle.width = 456
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.flexWrap = .wrap
        rowStyle.height = 73
        let row = FlexNode(style: rowStyle)
        let item = FlexNode(style: FlexStyle())
        var childStyle = FlexStyle()
        childStyle.aspectRatio = 0.5
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try row.appendChild(item)
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 0, height: 73))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 0, height: 73))
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 36.5, height: 73))
    }

    @Test func aColumnMeasuresAnItemsHeightAtItsWidthWithinItsLimits() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:204px"><div style="flex-direction:column">
        //   <div style="max-width:30px"><div style="width:35px;aspect-ratio:1"></div></div>
        // </div></div>
        // The column's item is 30 wide (its content's 35 within its max-width), so its child
        // shrinks to 30 × 30 and the item, the column and the root are 30 high — not the 35
        // its content would be at its unclamped width.
        var rootStyle = FlexStyle()
        rootStyle.width = 204
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.maxWidth = 30
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.width = 35
        childStyle.aspectRatio = 1
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try column.appendChild(item)
        try root.appendChild(column)
        try root.calculateLayout(rounding: .none)
        #expect(root.layout.frame == Rect(x: 0, y: 0, width: 204, height: 30))
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func baselineAlignmentDoesNotWidenASingleLineColumn() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:109px"><div>
        //   <div style="flex-direction:column;align-items:baseline">
        //     <div style="width:13px"></div><div style="margin:5% 3px"></div></div></div></div>
        // The column is as wide as its widest item, 13: the 3 the second item's start margin
        // moves the first one by (baseline alignment at the start edges) overflows it. Its
        // second item's 5% margins are of those 13.
        var rootStyle = FlexStyle()
        rootStyle.width = 109
        let root = FlexNode(style: rootStyle)
        let outer = FlexNode(style: FlexStyle())
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.alignItems = .baseline
        let column = FlexNode(style: columnStyle)
        var firstStyle = FlexStyle()
        firstStyle.width = 13
        let first = FlexNode(style: firstStyle)
        var secondStyle = FlexStyle()
        secondStyle.margin = FlexEdges(top: .percent(5), right: 3, bottom: .percent(5), left: 3)
        let second = FlexNode(style: secondStyle)
        try column.appendChild(first)
        try column.appendChild(second)
        try outer.appendChild(column)
        try root.appendChild(outer)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 13, height: 1.3))
        #expect(first.layout.frame == Rect(x: 3, y: 0, width: 13, height: 0))
        #expect(second.layout.frame == Rect(x: 3, y: 0.65, width: 0, height: 0))
    }
}
