import Testing
import TrellisGeometry
import TrellisLayout

/// Items with an aspect ratio, with the frames headless Chromium gives the same boxes
/// (`box-sizing: border-box`, every box a flex container).
@Suite struct FlexAspectRatioTests {
    /// A row container of the given size holding one item.
    static func row(
        width: Double, height: Double, item: FlexNode, alignItems: FlexItemAlignment? = nil
    )
        throws -> FlexNode
    {
        var style = FlexStyle()
        style.width = .points(width)
        style.height = .points(height)
        if let alignItems { style.alignItems = alignItems }
        let root = FlexNode(style: style)
        try root.appendChild(item)
        return root
    }

    /// A box of fixed size.
    static func box(width: Double, height: Double) -> FlexNode {
        var style = FlexStyle()
        style.width = .points(width)
        style.height = .points(height)
        return FlexNode(style: style)
    }

    @Test func aStretchedCrossSizeIsClampedBeforeItGoesThroughTheRatio() throws {
        // The line is 20 high, less the 10 of margins: 10, raised to the minimum height of 30;
        // the width is 30 × 2.
        var style = FlexStyle()
        style.aspectRatio = 2
        style.minHeight = 30
        style.margin = FlexEdges(all: 5)
        let item = FlexNode(style: style)
        let root = try Self.row(width: 200, height: 20, item: item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 5, y: 5, width: 60, height: 30))
    }

    @Test func contentWinsOverAMaximumCarriedThroughTheRatio() throws {
        // max-width 100 carries a maximum height of 100 / 1.5 into the height; the automatic
        // minimum height (the 94 of content) wins over it.
        var style = FlexStyle()
        style.aspectRatio = 1.5
        style.flexBasis = 133
        style.maxWidth = 100
        let item = FlexNode(style: style)
        try item.appendChild(Self.box(width: 49, height: 94))
        let root = try Self.row(width: 266, height: 286, item: item, alignItems: .flexStart)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 100, height: 94))
    }

    @Test func aMinimumOfTheItemsOwnDropsTheContentFloor() throws {
        // With min-height 10 the height is 133 / 1.5 and the content overflows.
        var style = FlexStyle()
        style.aspectRatio = 1.5
        style.flexBasis = 133
        style.minHeight = 10
        let item = FlexNode(style: style)
        try item.appendChild(Self.box(width: 49, height: 94))
        let root = try Self.row(width: 266, height: 286, item: item, alignItems: .flexStart)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame.width == 133)
        #expect(abs(item.layout.frame.height - 133 / 1.5) < 1e-9)
    }

    @Test func paddingHoldsAStretchedCrossSizeAboveItsMaximum() throws {
        // A column 200 wide stretches the item to its max-width of 40, but its padding holds
        // it at 50; the height is 50 / 0.5.
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.width = 200
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 0.5
        style.maxWidth = 40
        style.padding = FlexEdges(all: 25)
        let item = FlexNode(style: style)
        try root.appendChild(item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 50, height: 100))
        #expect(root.layout.frame.height == 100)
    }

    @Test func anItemsOwnMinimumDoesNotRaiseItsFlexBaseSize() throws {
        // The empty item's content basis is 0, not its min-width of 60: the 240 of free space
        // goes 2 : 1, so it is 160 wide and 160 / 0.5 high.
        var rootStyle = FlexStyle()
        rootStyle.width = 240
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 0.5
        style.flexGrow = 1
        style.minWidth = 60
        let item = FlexNode(style: style)
        var otherStyle = FlexStyle()
        otherStyle.flexGrow = 0.5
        let other = FlexNode(style: otherStyle)
        try root.appendChild(item)
        try root.appendChild(other)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 160, height: 320))
        #expect(other.layout.frame == Rect(x: 160, y: 0, width: 80, height: 320))
    }

    @Test func aDefiniteStretchedHeightGivesContentWidthThroughTheRatio() throws {
        // The inner item is stretched to the 20 high line of a container of definite height,
        // so it is 20 × 2 wide, and so is the container stretched around it.
        var outerStyle = FlexStyle()
        outerStyle.width = 50
        outerStyle.height = 20
        let outer = FlexNode(style: outerStyle)
        let middle = FlexNode(style: FlexStyle())
        var style = FlexStyle()
        style.aspectRatio = 2
        let inner = FlexNode(style: style)
        try middle.appendChild(inner)
        try outer.appendChild(middle)
        let root = try Self.row(width: 113, height: 20, item: outer)
        try root.calculateLayout()
        #expect(middle.layout.frame.size == Size(width: 40, height: 20))
        #expect(inner.layout.frame.size == Size(width: 40, height: 20))
    }

    @Test func aHeightThatIsNotDefiniteGivesNoWidthThroughTheRatio() throws {
        // The item with auto margins is as high as its content, not stretched: the innermost
        // box's height of 190 from the available space is not definite, so everything is
        // empty and centred.
        var marginStyle = FlexStyle()
        marginStyle.margin = FlexEdges(all: .auto)
        let centred = FlexNode(style: marginStyle)
        let middle = FlexNode(style: FlexStyle())
        var style = FlexStyle()
        style.aspectRatio = 2
        let inner = FlexNode(style: style)
        try middle.appendChild(inner)
        try centred.appendChild(middle)
        let root = try Self.row(width: 126, height: 190, item: centred)
        try root.calculateLayout()
        #expect(centred.layout.frame == Rect(x: 63, y: 95, width: 0, height: 0))
        #expect(inner.layout.frame.size == Size(width: 0, height: 0))
    }

    @Test func aHeightRaisedToPaddingAndBorderGoesThroughTheRatio() throws {
        // An empty box with borders of 8 is 16 high, so 16 × 1.5 wide, and its container's
        // content width is that.
        var containerStyle = FlexStyle()
        containerStyle.maxHeight = 100
        let container = FlexNode(style: containerStyle)
        var style = FlexStyle()
        style.aspectRatio = 1.5
        style.height = 0
        style.border = FlexEdges(all: 8)
        let item = FlexNode(style: style)
        try container.appendChild(item)
        var rootStyle = FlexStyle()
        rootStyle.width = 240
        let root = FlexNode(style: rootStyle)
        try root.appendChild(container)
        try root.calculateLayout()
        #expect(container.layout.frame.size == Size(width: 24, height: 16))
        #expect(item.layout.frame.size == Size(width: 24, height: 16))
    }

    @Test func aMaximumCarriedThroughTheRatioDoesNotClampAStretchedSize() throws {
        // Stretched to 100 less its margins: 90 high; 90 through the ratio is 90 wide, held at
        // the max-width of 40. The 40 carried back as a maximum height does not apply.
        var style = FlexStyle()
        style.aspectRatio = 1
        style.maxWidth = 40
        style.margin = FlexEdges(all: 5)
        let item = FlexNode(style: style)
        let root = try Self.row(width: 200, height: 100, item: item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 5, y: 5, width: 40, height: 90))
    }

    @Test func theRatioCarriesAClampedSize() throws {
        // height: 160 within max-height: 30 is 30, so the width is 30 × 2, and the container
        // around the item is as wide.
        let container = FlexNode(style: FlexStyle())
        var style = FlexStyle()
        style.aspectRatio = 2
        style.height = 160
        style.maxHeight = 30
        let item = FlexNode(style: style)
        try container.appendChild(item)
        var rootStyle = FlexStyle()
        rootStyle.width = 254
        let root = FlexNode(style: rootStyle)
        try root.appendChild(container)
        try root.calculateLayout()
        #expect(item.layout.frame.size == Size(width: 60, height: 30))
        #expect(container.layout.frame.size == Size(width: 60, height: 30))
    }

    @Test func aClampedSizeStillGivesTheFlexBaseSize() throws {
        // width: 30 is the flex base size although min-width is 80: a quarter of the 314 of
        // free space makes 108.5, and the height is 108.5 / 0.5.
        var style = FlexStyle()
        style.aspectRatio = 0.5
        style.width = 30
        style.minWidth = 80
        style.flexGrow = 0.25
        let item = FlexNode(style: style)
        var rootStyle = FlexStyle()
        rootStyle.width = 344
        let root = FlexNode(style: rootStyle)
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame.size == Size(width: 108.5, height: 217))
    }

    @Test func anAbsoluteBoxsOwnWidthTakesNoMinimumThroughTheRatio() throws {
        // width: 10% of 150 is 15; min-height: 70 does not carry a minimum width of 210
        // through the ratio into a width of the box's own.
        var rootStyle = FlexStyle()
        rootStyle.width = 150
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.position = .absolute
        style.aspectRatio = 3
        style.width = .percent(10)
        style.minHeight = 70
        let item = FlexNode(style: style)
        try root.appendChild(item)
        try root.calculateLayout()
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 15, height: 70))
    }

    @Test func aCrossSizeThroughTheRatioIsNotAFixedOne() throws {
        // The row in a column of definite height is as high as its item: 63 / 0.5.
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.width = 192
        rootStyle.height = 390
        let root = FlexNode(style: rootStyle)
        let row = FlexNode(style: FlexStyle())
        var style = FlexStyle()
        style.aspectRatio = 0.5
        style.width = 63
        let item = FlexNode(style: style)
        try row.appendChild(item)
        try root.appendChild(row)
        try root.calculateLayout()
        #expect(row.layout.frame.size == Size(width: 192, height: 126))
        #expect(item.layout.frame.size == Size(width: 63, height: 126))
    }

    @Test func aHeightThroughTheRatioResolvesPercentages() throws {
        // The item grows to 300 wide, so 100 high through its ratio; that height is definite,
        // and its child's height: 50% is 50.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 3
        style.flexGrow = 1
        let item = FlexNode(style: style)
        var childStyle = FlexStyle()
        childStyle.height = .percent(50)
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try root.appendChild(item)
        try root.calculateLayout()
        #expect(item.layout.frame.size == Size(width: 300, height: 100))
        #expect(child.layout.frame.height == 50)
    }

    @Test func aColumnItemsBasisIsItsContentWidthThroughTheRatio() throws {
        // The item is 14 wide from its bordered child, so its basis is 14 / 2 = 7 (its
        // content's 14 is its minimum only). It gets a third of 250 - 7 more: 88 high, and
        // 176 wide through the ratio; the other item gets the rest.
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .flexStart
        rootStyle.width = 102
        rootStyle.height = 250
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 2
        style.flexGrow = 1
        let item = FlexNode(style: style)
        var childStyle = FlexStyle()
        childStyle.border = FlexEdges(all: 7)
        try item.appendChild(FlexNode(style: childStyle))
        var otherStyle = FlexStyle()
        otherStyle.flexGrow = 2
        let other = FlexNode(style: otherStyle)
        try root.appendChild(item)
        try root.appendChild(other)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 176, height: 88))
        #expect(other.layout.frame == Rect(x: 0, y: 88, width: 0, height: 162))
    }

    @Test func aStretchedColumnItemGivesTheColumnTheWidthOfItsOwnHeightOnly() throws {
        // Chromium: the first column is 18 wide (its other item), not 65 × 0.5 from the item's
        // flex basis, and stretches the item to 18; the second column takes 40 × 0.5 = 20 from
        // its item's own height.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 0.5
        itemStyle.flexBasis = 65
        let item = FlexNode(style: itemStyle)
        var otherStyle = FlexStyle()
        otherStyle.width = 18
        otherStyle.height = 10
        otherStyle.flexShrink = 0
        try column.appendChild(item)
        try column.appendChild(FlexNode(style: otherStyle))
        let secondColumn = FlexNode(style: columnStyle)
        var sizedStyle = FlexStyle()
        sizedStyle.aspectRatio = 0.5
        sizedStyle.height = 40
        let sized = FlexNode(style: sizedStyle)
        try secondColumn.appendChild(sized)
        try root.appendChild(column)
        try root.appendChild(secondColumn)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 18, height: 75))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 18, height: 65))
        #expect(secondColumn.layout.frame == Rect(x: 18, y: 0, width: 20, height: 40))
        #expect(sized.layout.frame == Rect(x: 0, y: 0, width: 20, height: 40))
    }

    @Test func aColumnItemDoesNotShrinkBelowItsFitContentWidthThroughTheRatio() throws {
        // Chromium: the item is 160 wide from its child, so its minimum height is 160 / 2 = 80
        // (more than the 30 of content), and it overflows the 50 high column.
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .flexStart
        rootStyle.width = 300
        rootStyle.height = 50
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 2
        let item = FlexNode(style: style)
        var childStyle = FlexStyle()
        childStyle.width = 160
        childStyle.height = 30
        childStyle.flexShrink = 0
        try item.appendChild(FlexNode(style: childStyle))
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 160, height: 80))
    }

    @Test func aStretchedHeightSetsTheMinimumWidthThroughTheRatio() throws {
        // Chromium: both items shrink to their automatic minimum, the stretched height through
        // the ratio (100 × 0.5 and 74 × 0.5), not the 114 high their width carries.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 100
        let root = FlexNode(style: rootStyle)
        var wideStyle = FlexStyle()
        wideStyle.width = 200
        wideStyle.flexShrink = 0
        try root.appendChild(FlexNode(style: wideStyle))
        var style = FlexStyle()
        style.width = 57
        style.aspectRatio = 0.5
        style.flexBasis = 86
        let item = FlexNode(style: style)
        style.margin = FlexEdges(all: 13)
        let withMargins = FlexNode(style: style)
        try root.appendChild(item)
        try root.appendChild(withMargins)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 200, y: 0, width: 50, height: 100))
        #expect(withMargins.layout.frame == Rect(x: 263, y: 13, width: 37, height: 74))
    }

    @Test func aColumnItemsFlexedHeightSetsItsWidthOverItsContent() throws {
        // Chromium: the item grows to its maximum height of 38 and is 38 wide through the
        // ratio; its child's 55 does not hold the width up.
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .center
        rootStyle.width = 200
        rootStyle.height = 100
        let root = FlexNode(style: rootStyle)
        var style = FlexStyle()
        style.aspectRatio = 1
        style.flexGrow = 1
        style.maxHeight = 38
        let item = FlexNode(style: style)
        var childStyle = FlexStyle()
        childStyle.width = 55
        childStyle.height = 10
        try item.appendChild(FlexNode(style: childStyle))
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 81, y: 0, width: 38, height: 38))
    }

    @Test func aColumnItemsBasisGivesNoWidthToTheColumnThroughTheRatio() throws {
        // Chromium: the wrapping column is 76 wide (its other item); the item is still
        // 39 × 3 = 117 wide from its flex basis once the column has its width.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.flexWrap = .wrap
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 3
        itemStyle.flexBasis = 39
        itemStyle.alignSelf = .flexStart
        itemStyle.margin = FlexEdges(all: 12)
        let item = FlexNode(style: itemStyle)
        var otherStyle = FlexStyle()
        otherStyle.width = 76
        otherStyle.height = 6
        try column.appendChild(item)
        try column.appendChild(FlexNode(style: otherStyle))
        try root.appendChild(column)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 76, height: 69))
        #expect(item.layout.frame == Rect(x: 12, y: 12, width: 117, height: 39))
    }

    @Test func anAutoCrossMarginKeepsTheLineFromSizingTheItemsContribution() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:444px"><div><div style="height:153px">
        //   <div style="aspect-ratio:1.5;margin:16px 5% auto auto"></div></div></div></div>
        // The item's auto bottom margin keeps it from stretching to its 153 high line, so its
        // max-content width is not 137 × 1.5: the boxes of automatic width around it are
        // 0 wide.
        var rootStyle = FlexStyle()
        rootStyle.width = 444
        let root = FlexNode(style: rootStyle)
        let outer = FlexNode(style: FlexStyle())
        var lineStyle = FlexStyle()
        lineStyle.height = 153
        let line = FlexNode(style: lineStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 1.5
        itemStyle.margin = FlexEdges(top: 16, right: .percent(5), bottom: .auto, left: .auto)
        let item = FlexNode(style: itemStyle)
        try line.appendChild(item)
        try outer.appendChild(line)
        try root.appendChild(outer)
        try root.calculateLayout(rounding: .none)
        #expect(outer.layout.frame == Rect(x: 0, y: 0, width: 0, height: 153))
        #expect(line.layout.frame == Rect(x: 0, y: 0, width: 0, height: 153))
        #expect(item.layout.frame == Rect(x: 0, y: 16, width: 0, height: 0))
    }

    @Test func aPercentageHeightThatDoesNotResolveTakesNoContentFloor() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:318px"><div>
        //   <div style="height:100%;aspect-ratio:0.5"><div style="height:63px"></div></div>
        // </div></div>
        // The item's height: 100% of a height that is not definite behaves as auto for its
        // size, but it is not `auto`: the height is its 0 width through the ratio, without the
        // content's 63 as a minimum. Everything but the child (which overflows) is 0 high.
        var rootStyle = FlexStyle()
        rootStyle.width = 318
        let root = FlexNode(style: rootStyle)
        let row = FlexNode(style: FlexStyle())
        var itemStyle = FlexStyle()
        itemStyle.height = .percent(100)
        itemStyle.aspectRatio = 0.5
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.height = 63
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try row.appendChild(item)
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(root.layout.frame == Rect(x: 0, y: 0, width: 318, height: 0))
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 0, height: 63))
    }

    @Test func anEmptyColumnItemIsAsWideAsItsPaddingHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:216px;height:149px"><div style="flex-direction:column-reverse">
        //   <div style="flex-grow:1;aspect-ratio:0.5;padding:4px 10% 8px 5px"></div>
        // </div></div>
        // The empty item is 12 high from its padding, so 6 wide through the ratio: the column
        // is 6 wide; the item then grows to 149 high and keeps its width (its 10% padding is
        // 0.6 of those 6).
        var rootStyle = FlexStyle()
        rootStyle.width = 216
        rootStyle.height = 149
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .columnReverse
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexGrow = 1
        itemStyle.aspectRatio = 0.5
        itemStyle.padding = FlexEdges(top: 4, right: .percent(10), bottom: 8, left: 5)
        let item = FlexNode(style: itemStyle)
        try column.appendChild(item)
        try root.appendChild(column)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 6, height: 149))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 6, height: 149))
    }

    @Test func aRowItemsOwnHeightKeepsItsCrossLimitsOffItsMinimumWidth() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:3px;height:100px;align-items:flex-start">
        //   <div style="flex-basis:109px;height:107px;max-height:10px;aspect-ratio:0.5">
        //     <div style="width:18px;height:5px"></div></div></div>
        // The item shrinks only to its content's 18 (max-height 10 through the ratio does not
        // clamp the content size suggestion of an item with a height of its own); without
        // height: 107px it shrinks to 10 × 0.5 = 5.
        func layOut(height: FlexLength) throws -> FlexNode {
            var itemStyle = FlexStyle()
            itemStyle.flexBasis = 109
            itemStyle.height = height
            itemStyle.maxHeight = 10
            itemStyle.aspectRatio = 0.5
            let item = FlexNode(style: itemStyle)
            try item.appendChild(Self.box(width: 18, height: 5))
            let root = try Self.row(width: 3, height: 100, item: item, alignItems: .flexStart)
            try root.calculateLayout(rounding: .none)
            return item
        }
        #expect(try layOut(height: 107).layout.frame == Rect(x: 0, y: 0, width: 18, height: 10))
        #expect(try layOut(height: .auto).layout.frame == Rect(x: 0, y: 0, width: 5, height: 10))
    }

    @Test func aRatioBoxWithContentContributesItsPaddingHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:200px"><div>
        //   <div style="aspect-ratio:3;padding:5px"><div style="height:20px"></div></div>
        // </div></div>
        // The ratio box contributes 10 × 3 = 30 (its padding height through the ratio, more
        // than its 10 of content width) to the width of the box around it. Stretched to that
        // box's 30 high line, it takes 30 × 3 = 90 as its flex base size and overflows it.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        let root = FlexNode(style: rootStyle)
        let outer = FlexNode(style: FlexStyle())
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 3
        itemStyle.padding = FlexEdges(all: 5)
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.height = 20
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try outer.appendChild(item)
        try root.appendChild(outer)
        try root.calculateLayout(rounding: .none)
        #expect(outer.layout.frame == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 90, height: 30))
        #expect(child.layout.frame == Rect(x: 5, y: 5, width: 0, height: 20))
    }

    @Test func aColumnOfUnknownWidthGivesARatioItemItsWidthOnceItIsLaidOut() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:478px;height:404px"><div>
        //   <div style="flex-direction:column-reverse;align-items:flex-end">
        //     <div style="flex-grow:3;aspect-ratio:1.5"></div></div></div></div>
        // The column is 0 wide (its empty item contributes nothing) and 404 high; its item
        // grows to 404 and takes 404 × 1.5 = 606 as its width from that, overflowing to the
        // left. (Laying the column out while its width was still being measured gave 0.)
        var rootStyle = FlexStyle()
        rootStyle.width = 478
        rootStyle.height = 404
        let root = FlexNode(style: rootStyle)
        let outer = FlexNode(style: FlexStyle())
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .columnReverse
        columnStyle.alignItems = .flexEnd
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexGrow = 3
        itemStyle.aspectRatio = 1.5
        let item = FlexNode(style: itemStyle)
        try column.appendChild(item)
        try outer.appendChild(column)
        try root.appendChild(outer)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 0, height: 404))
        #expect(item.layout.frame == Rect(x: -606, y: 0, width: 606, height: 404))
    }

    @Test func aMaximumHeightBelowThePaddingDoesNotNarrowAnEmptyRatioBox() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:143px">
        //   <div style="max-height:13px;aspect-ratio:2;padding:11px"></div></div>
        // The empty box is as tall as its padding, 22 (its 13 maximum cannot make it
        // shorter), and 22 × 2 = 44 wide: the maximum carried through the ratio is 44, not 26.
        var rootStyle = FlexStyle()
        rootStyle.width = 143
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.maxHeight = 13
        itemStyle.aspectRatio = 2
        itemStyle.padding = FlexEdges(all: 11)
        let item = FlexNode(style: itemStyle)
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 44, height: 22))
    }

    @Test func percentagesInsideARatioItemResolveAgainstItsHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:317px"><div style="aspect-ratio:2">
        //   <div style="height:100%;margin:0 9px 7px 3px"></div></div></div>
        // The item is 12 wide (its child's margins), so 6 high through the ratio: the child's
        // height: 100% is 6, and its margins make the item 13 high, taller than the ratio.
        // <div style="width:166px"><div style="aspect-ratio:1.5">
        //   <div style="height:20px"></div><div style="height:50%"></div></div></div>
        // The item is 0 wide, so 0 high through the ratio, and 20 high from its content: the
        // second child's 50% is of 0.
        var rootStyle = FlexStyle()
        rootStyle.width = 317
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 2
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.height = .percent(100)
        childStyle.margin = FlexEdges(top: 0, right: 9, bottom: 7, left: 3)
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 12, height: 13))
        #expect(child.layout.frame == Rect(x: 3, y: 0, width: 0, height: 6))

        rootStyle.width = 166
        let second = FlexNode(style: rootStyle)
        itemStyle.aspectRatio = 1.5
        let box = FlexNode(style: itemStyle)
        try box.appendChild(Self.box(width: 0, height: 20))
        var halfStyle = FlexStyle()
        halfStyle.height = .percent(50)
        let half = FlexNode(style: halfStyle)
        try box.appendChild(half)
        try second.appendChild(box)
        try second.calculateLayout(rounding: .none)
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 0, height: 20))
        #expect(half.layout.frame == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func anEmptyRatioItemShrinksNoFurtherThanItsPaddingHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:30px;height:40px;align-items:flex-start">
        //   <div style="width:107px;aspect-ratio:3;padding:2px 15px 13px 8px"></div></div>
        // The item is 15 high (its padding) and shrinks only to 15 × 3 = 45: its min-content
        // width is its padding height through the ratio, more than its 23 of padding width.
        var style = FlexStyle()
        style.width = 107
        style.aspectRatio = 3
        style.padding = FlexEdges(top: 2, right: 15, bottom: 13, left: 8)
        let item = FlexNode(style: style)
        let root = try Self.row(width: 30, height: 40, item: item, alignItems: .flexStart)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 45, height: 15))
    }

    @Test func aColumnOfAutomaticWidthMeasuresItsItemsBeforeTheirHeights() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:196px"><div style="flex-direction:column-reverse">
        //   <div style="flex-basis:44px"><div style="aspect-ratio:2"></div></div></div></div>
        // The column takes its item's width before the item's height: 0, as its empty ratio
        // child has no width yet. The item is then 44 high and its child, stretched to that,
        // 88 wide, overflowing both.
        var rootStyle = FlexStyle()
        rootStyle.width = 196
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .columnReverse
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexBasis = 44
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.aspectRatio = 2
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try column.appendChild(item)
        try root.appendChild(column)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 0, height: 44))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 0, height: 44))
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 88, height: 44))
    }

    @Test func percentageInsetsInsideARatioItemResolveAgainstItsHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:292px"><div style="aspect-ratio:1">
        //   <div style="height:122px;top:-10%"></div></div></div>
        // The item is 0 wide, so 0 high through the ratio (122 from its content): the child's
        // top: -10% is of 0, and it stays at the top. Stretched beyond that by a taller line,
        // the item would resolve it against the stretched height instead.
        var rootStyle = FlexStyle()
        rootStyle.width = 292
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 1
        let item = FlexNode(style: itemStyle)
        var childStyle = FlexStyle()
        childStyle.height = 122
        childStyle.top = .percent(-10)
        let child = FlexNode(style: childStyle)
        try item.appendChild(child)
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 0, height: 122))
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 0, height: 122))
    }

    @Test func aRowsHeightThroughItsRatioStretchesItsItems() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:200px;align-items:flex-start">
        //   <div style="width:76px;aspect-ratio:3;padding:3px 10px 11px 12px">
        //     <div style="aspect-ratio:0.5;margin:1px 0 7px 8px;padding:5px"></div></div></div>
        // The row is 76 / 3 high through its ratio, 11.33 inside: that height is definite, so
        // its item stretches to it (less its margins, at least its padding: 10) rather than
        // taking 20 from its 10 wide padding through its own ratio. The row's content then
        // makes it 32 high.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.width = 76
        rowStyle.aspectRatio = 3
        rowStyle.padding = FlexEdges(top: 3, right: 10, bottom: 11, left: 12)
        let row = FlexNode(style: rowStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 0.5
        itemStyle.margin = FlexEdges(top: 1, right: 0, bottom: 7, left: 8)
        itemStyle.padding = FlexEdges(all: 5)
        let item = FlexNode(style: itemStyle)
        try row.appendChild(item)
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 76, height: 32))
        #expect(item.layout.frame == Rect(x: 20, y: 4, width: 10, height: 10))
    }

    @Test func aColumnItemsMinimumHeightIsItsContentsWidthThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:100px;flex-direction:column">
        //   <div style="height:148px;aspect-ratio:1;align-self:flex-start">
        //     <div style="width:31px"></div></div>
        //   <div style="height:90px;flex-shrink:0"></div></div>
        // The ratio item shrinks from 148; its width comes only from its height, so its
        // automatic minimum is its content's width through the ratio, 31 (not its content's
        // height, 0): 31 × 31. With aspect-ratio: 2 and max-width: 20, the width is at most 20
        // and the minimum 10: 20 × 10.
        func layOut(ratio: Double, maxWidth: FlexLength) throws -> FlexNode {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.height = 100
            rootStyle.flexDirection = .column
            let root = FlexNode(style: rootStyle)
            var itemStyle = FlexStyle()
            itemStyle.height = 148
            itemStyle.aspectRatio = ratio
            itemStyle.alignSelf = .flexStart
            itemStyle.maxWidth = maxWidth
            let item = FlexNode(style: itemStyle)
            var contentStyle = FlexStyle()
            contentStyle.width = 31
            try item.appendChild(FlexNode(style: contentStyle))
            var siblingStyle = FlexStyle()
            siblingStyle.height = 90
            siblingStyle.flexShrink = 0
            try root.appendChild(item)
            try root.appendChild(FlexNode(style: siblingStyle))
            try root.calculateLayout(rounding: .none)
            return item
        }
        #expect(
            try layOut(ratio: 1, maxWidth: .auto).layout.frame
                == Rect(x: 0, y: 0, width: 31, height: 31))
        #expect(
            try layOut(ratio: 2, maxWidth: 20).layout.frame
                == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func aWrappingColumnBreaksItsLinesAtItsHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px;align-items:flex-start">
        //   <div style="aspect-ratio:2;flex-direction:column;flex-wrap:wrap">
        //     <div style="min-height:45px;width:10px"></div>
        //     <div style="width:12px;height:7px"></div></div></div>
        // The column is 12 wide (its widest item) and so 6 high through its ratio: it breaks
        // its lines there, the second item moves to a second line at x = 10, and the column is
        // as tall as its longest line, 45. Without wrapping it is 52 high.
        func layOut(wrap: FlexWrap) throws -> (FlexNode, FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.height = 200
            rootStyle.alignItems = .flexStart
            let root = FlexNode(style: rootStyle)
            var columnStyle = FlexStyle()
            columnStyle.aspectRatio = 2
            columnStyle.flexDirection = .column
            columnStyle.flexWrap = wrap
            let column = FlexNode(style: columnStyle)
            var firstStyle = FlexStyle()
            firstStyle.minHeight = 45
            firstStyle.width = 10
            try column.appendChild(FlexNode(style: firstStyle))
            let second = Self.box(width: 12, height: 7)
            try column.appendChild(second)
            try root.appendChild(column)
            try root.calculateLayout(rounding: .none)
            return (column, second)
        }
        var (column, second) = try layOut(wrap: .wrap)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 12, height: 45))
        #expect(second.layout.frame == Rect(x: 10, y: 0, width: 12, height: 7))
        (column, second) = try layOut(wrap: .noWrap)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 12, height: 52))
        #expect(second.layout.frame == Rect(x: 0, y: 45, width: 12, height: 7))
    }

    @Test func aRatioWidthContributesAtLeastItsAutomaticMinimum() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;align-items:flex-start">
        //   <div><div style="height:133px;aspect-ratio:0.5">
        //     <div style="width:93px"></div></div></div></div>
        // The ratio item is 66.5 wide through its ratio but at least its min-content width, 93
        // (`min-width: auto`); the row of automatic width around it takes that 93 from it,
        // not 66.5. With min-width: 0 both are 66.5 wide.
        func layOut(minWidth: FlexLength) throws -> (FlexNode, FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.alignItems = .flexStart
            let root = FlexNode(style: rootStyle)
            let row = FlexNode(style: FlexStyle())
            var itemStyle = FlexStyle()
            itemStyle.height = 133
            itemStyle.aspectRatio = 0.5
            itemStyle.minWidth = minWidth
            let item = FlexNode(style: itemStyle)
            var contentStyle = FlexStyle()
            contentStyle.width = 93
            try item.appendChild(FlexNode(style: contentStyle))
            try row.appendChild(item)
            try root.appendChild(row)
            try root.calculateLayout(rounding: .none)
            return (row, item)
        }
        var (row, item) = try layOut(minWidth: .auto)
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 93, height: 133))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 93, height: 133))
        (row, item) = try layOut(minWidth: 0)
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 66.5, height: 133))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 66.5, height: 133))
    }

    @Test func aStretchedRatioItemOfAWrappingRowIsMeasuredAtItsRatioHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;flex-wrap:wrap">
        //   <div style="width:60px;aspect-ratio:1.5;flex-direction:column;flex-wrap:wrap">
        //     <div style="width:10px;height:30px"></div>
        //     <div style="width:10px;height:30px"></div></div></div>
        // The item will be stretched to its line, whose height is not known while the item is
        // measured: its hypothetical height is measured with its height through the ratio,
        // 40, as its items' basis, so its column breaks its lines there (the second item at
        // x = 30) and its content is 30 high: the item and the row are 40 high, not 60.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.flexWrap = .wrap
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 60
        itemStyle.aspectRatio = 1.5
        itemStyle.flexDirection = .column
        itemStyle.flexWrap = .wrap
        let item = FlexNode(style: itemStyle)
        for _ in 0..<2 { try item.appendChild(Self.box(width: 10, height: 30)) }
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(root.layout.frame.height == 40)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(item.children.map(\.layout.frame.minX) == [0, 30])
    }

    @Test func aRatioRowMeasuresItsItemsInItsHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:900px;flex-direction:column;align-items:flex-start">
        //   <div><div style="width:30px;aspect-ratio:1.5">
        //     <div style="min-height:67px"></div><div style="aspect-ratio:2"></div></div></div>
        //   <div><div style="width:300px;aspect-ratio:1.5">(the same two)</div></div></div>
        // The first row is 20 high through its ratio; its content makes it 67 high, and its
        // line stretches it to that. Its ratio item is measured in the 20, so it is 40 wide,
        // though stretched to 67 (not 134). The second row is 200 high through its ratio,
        // taller than its content: its ratio item is 400 wide.
        var rootStyle = FlexStyle()
        rootStyle.width = 900
        rootStyle.flexDirection = .column
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var ratioItems: [FlexNode] = []
        for width in [30.0, 300] {
            var rowStyle = FlexStyle()
            rowStyle.width = .points(width)
            rowStyle.aspectRatio = 1.5
            let row = FlexNode(style: rowStyle)
            var tallStyle = FlexStyle()
            tallStyle.minHeight = 67
            try row.appendChild(FlexNode(style: tallStyle))
            var ratioStyle = FlexStyle()
            ratioStyle.aspectRatio = 2
            let ratioItem = FlexNode(style: ratioStyle)
            try row.appendChild(ratioItem)
            let wrapper = FlexNode(style: FlexStyle())
            try wrapper.appendChild(row)
            try root.appendChild(wrapper)
            ratioItems.append(ratioItem)
        }
        try root.calculateLayout(rounding: .none)
        #expect(ratioItems[0].layout.frame.size == Size(width: 40, height: 67))
        #expect(ratioItems[1].layout.frame.size == Size(width: 400, height: 200))
    }

    @Test func aPercentageRowGapResolvesAgainstTheHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:320px">
        //   <div style="flex-wrap:wrap-reverse;row-gap:5%;aspect-ratio:3">
        //     <div style="flex-basis:148px"></div>
        //     <div style="min-width:104px;aspect-ratio:3"></div></div></div>
        // The wrapping row is 104 wide (its widest item), so 104 / 3 high through its ratio;
        // its gap is 5 % of that, and the two lines with the gap between them make it taller:
        // 104 / 3 × 1.05 (Chromium 36.375, in 1/64 px).
        var rootStyle = FlexStyle()
        rootStyle.width = 320
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.flexWrap = .wrapReverse
        rowStyle.rowGap = .percent(5)
        rowStyle.aspectRatio = 3
        let row = FlexNode(style: rowStyle)
        var basisStyle = FlexStyle()
        basisStyle.flexBasis = 148
        try row.appendChild(FlexNode(style: basisStyle))
        var ratioStyle = FlexStyle()
        ratioStyle.minWidth = 104
        ratioStyle.aspectRatio = 3
        let ratioItem = FlexNode(style: ratioStyle)
        try row.appendChild(ratioItem)
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(abs(row.layout.frame.height - 104 / 3 * 1.05) < 1e-9)
        #expect(ratioItem.layout.frame.minY == 0)
    }

    @Test func aWrappingColumnItemBreaksItsLinesAtItsHeightThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;flex-direction:column">
        //   <div style="width:40px;aspect-ratio:2;flex-direction:column;flex-wrap:wrap">
        //     <div style="width:10px;height:15px"></div>
        //     <div style="width:10px;height:15px"></div></div></div>
        // The item of the column is 20 high through its ratio from its width, and breaks its
        // lines there: its second item is on a second line, at x = 20 (the lines share its
        // 40), and the item stays 20 high, not 30.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.flexDirection = .column
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 40
        itemStyle.aspectRatio = 2
        itemStyle.flexDirection = .column
        itemStyle.flexWrap = .wrap
        let item = FlexNode(style: itemStyle)
        for _ in 0..<2 { try item.appendChild(Self.box(width: 10, height: 15)) }
        try root.appendChild(item)
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(item.children.map(\.layout.frame.minX) == [0, 20])
    }

    @Test func aStretchedRatioItemsMinimumIsNotCappedByItsCarriedMaximum() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:456px;height:409px">
        //   <div style="max-height:153px;aspect-ratio:0.5">
        //     <div style="width:146px"></div></div></div>
        // The item is stretched to the row's definite height, within its maximum: 153, and so
        // 76.5 wide through the ratio; its automatic minimum width is its content's 146, which
        // the maximum width carried from max-height through the ratio (76.5) does not cap
        // when the line gives the item its height: 146 × 153. With align-items: flex-start it
        // is 76.5 × 153 (that maximum caps the content size suggestion, §4.5).
        func layOut(alignItems: FlexItemAlignment) throws -> (FlexNode, FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 456
            rootStyle.height = 409
            rootStyle.alignItems = alignItems
            let root = FlexNode(style: rootStyle)
            var itemStyle = FlexStyle()
            itemStyle.maxHeight = 153
            itemStyle.aspectRatio = 0.5
            let item = FlexNode(style: itemStyle)
            var contentStyle = FlexStyle()
            contentStyle.width = 146
            try item.appendChild(FlexNode(style: contentStyle))
            try root.appendChild(item)
            try root.calculateLayout(rounding: .none)
            return (root, item)
        }
        #expect(
            try layOut(alignItems: .stretch).1.layout.frame
                == Rect(x: 0, y: 0, width: 146, height: 153))
        #expect(
            try layOut(alignItems: .flexStart).1.layout.frame
                == Rect(x: 0, y: 0, width: 76.5, height: 153))
        // With width: 120 beside a 818 wide sibling, the item shrinks only to its automatic
        // minimum, min(120, 146) = 120, not to the carried 76.5: 120 × 153.
        var rootStyle = FlexStyle()
        rootStyle.width = 456
        rootStyle.height = 409
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 120
        itemStyle.maxHeight = 153
        itemStyle.aspectRatio = 0.5
        let item = FlexNode(style: itemStyle)
        var contentStyle = FlexStyle()
        contentStyle.width = 146
        try item.appendChild(FlexNode(style: contentStyle))
        try root.appendChild(item)
        var siblingStyle = FlexStyle()
        siblingStyle.width = 818
        try root.appendChild(FlexNode(style: siblingStyle))
        try root.calculateLayout(rounding: .none)
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 120, height: 153))
    }

    @Test func aRatioItemStretchedToADefiniteHeightContributesItsWidthThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:439px;align-items:flex-start">
        //   <div style="height:85px"><div style="aspect-ratio:1.5"><div></div></div></div></div>
        // The ratio item is stretched to its row's definite 85 and is 127.5 wide through its
        // ratio; the row of automatic width takes that width from it (not the 0 of its empty
        // content).
        var rootStyle = FlexStyle()
        rootStyle.width = 439
        rootStyle.alignItems = .flexStart
        let root = FlexNode(style: rootStyle)
        var rowStyle = FlexStyle()
        rowStyle.height = 85
        let row = FlexNode(style: rowStyle)
        var itemStyle = FlexStyle()
        itemStyle.aspectRatio = 1.5
        let item = FlexNode(style: itemStyle)
        try item.appendChild(FlexNode(style: FlexStyle()))
        try row.appendChild(item)
        try root.appendChild(row)
        try root.calculateLayout(rounding: .none)
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 127.5, height: 85))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 127.5, height: 85))
    }
}
