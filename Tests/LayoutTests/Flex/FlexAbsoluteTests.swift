import Testing
import TrellisGeometry
import TrellisLayout

/// Absolutely positioned children with both insets of an axis set, with the frames headless
/// Chromium gives the same boxes (`box-sizing: border-box`, every box a flex container).
@Suite struct FlexAbsoluteTests {
    /// A container of the given style holding one absolutely positioned child, laid out.
    static func layOut(_ containerStyle: FlexStyle, child childStyle: FlexStyle) throws -> FlexNode
    {
        var style = childStyle
        style.position = .absolute
        let child = FlexNode(style: style)
        let root = FlexNode(style: containerStyle)
        try root.appendChild(child)
        try root.calculateLayout(rounding: .none)
        return child
    }

    @Test func alignSelfAlignsAnEmptyBoxBetweenVerticalInsets() throws {
        // top: 25% of 160 and bottom: 20 leave 40...140; centred, the empty box is at 90.
        var rootStyle = FlexStyle()
        rootStyle.width = 142
        rootStyle.height = 160
        var style = FlexStyle()
        style.alignSelf = .center
        style.top = .percent(25)
        style.bottom = 20
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 90, width: 0, height: 0))
    }

    @Test func aBoxThatOverflowsItsInsetsIsAtTheirStart() throws {
        // The 16 high box does not fit between top: 0 and bottom: 0 of an empty container.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        var style = FlexStyle()
        style.alignSelf = .center
        style.top = 0
        style.bottom = 0
        style.border = FlexEdges(all: 8)
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 16, height: 16))
    }

    @Test func anOverflowingAlignedBoxStaysWithinItsInsetsOrTheContainer() throws {
        // Chromium, every div `display: flex`, each box absolutely positioned in the container:
        //   width:100px (0 high); top:40px;bottom:-10%;border:4px 2px 8px 6px;align-self:
        //     flex-end → y 28 (the insets overlap: the inset-modified block is empty at 40,
        //     and the 12 high box ends there)
        //   width:100px;height:50px;flex-direction:column; top:45px;bottom:0;height:16px;
        //     align-self:flex-start → y 34 (it cannot fit between the insets, so it is kept
        //     within them and the container, which it fits: its end at the container's)
        //   width:100px;height:50px; top:-20px;bottom:60px;height:16px;align-self:flex-end
        //     → y -20 (it cannot fit between the insets; the union of the block they leave
        //     and the container starts at -20, which wins)
        func origin(
            height: Double? = nil, direction: FlexDirection = .row,
            _ child: (inout FlexStyle) -> Void
        ) throws -> Point {
            var rootStyle = FlexStyle()
            rootStyle.width = 100
            rootStyle.height = height.map { .points($0) } ?? .auto
            rootStyle.flexDirection = direction
            var style = FlexStyle()
            child(&style)
            return try Self.layOut(rootStyle, child: style).layout.frame.origin
        }
        #expect(
            try origin {
                $0.alignSelf = .flexEnd
                $0.top = 40
                $0.bottom = .percent(-10)
                $0.border = FlexEdges(top: 4, right: 2, bottom: 8, left: 6)
            }.y == 28)
        #expect(
            try origin(height: 50, direction: .column) {
                $0.alignSelf = .flexStart
                $0.top = 45
                $0.bottom = 0
                $0.height = 16
            }.y == 34)
        #expect(
            try origin(height: 50) {
                $0.alignSelf = .flexEnd
                $0.top = -20
                $0.bottom = 60
                $0.height = 16
            }.y == -20)
    }

    @Test func anAutomaticWidthFitsTheSpaceFromTheStaticPositionOrTheInsets() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`: a wrapping box
        // (`position: absolute; flex-wrap: wrap`) holding items 150 and 120 wide, in
        // <div style="width:200px;padding:0 30px 0 10px"> with:
        //   nothing → 190 (the static position is the content box's start, 10: the space
        //     grows from there to the padding box's end)
        //   justify-content:flex-end, or flex-direction:row-reverse → 170 (from the content
        //     box's end, 170, back to the padding box's start)
        //   justify-content:center → 180 (from the content box's centre, 90, both ways)
        //   left:40px, or right:40px → 160
        //   flex-direction:column;align-items:flex-end → 170; align-items:center → 180
        func width(
            _ configureContainer: (inout FlexStyle) -> Void,
            child configureChild: (inout FlexStyle) -> Void = { _ in }
        ) throws -> Double {
            var containerStyle = FlexStyle()
            containerStyle.width = 200
            containerStyle.padding = FlexEdges(top: 0, right: 30, bottom: 0, left: 10)
            configureContainer(&containerStyle)
            let container = FlexNode(style: containerStyle)
            var boxStyle = FlexStyle()
            boxStyle.position = .absolute
            boxStyle.flexWrap = .wrap
            configureChild(&boxStyle)
            let box = FlexNode(style: boxStyle)
            try box.appendChild(FlexAspectRatioTests.box(width: 150, height: 0))
            try box.appendChild(FlexAspectRatioTests.box(width: 120, height: 0))
            try container.appendChild(box)
            try container.calculateLayout(rounding: .none)
            return box.layout.frame.width
        }
        #expect(try width { _ in } == 190)
        #expect(try width { $0.justifyContent = .flexEnd } == 170)
        #expect(try width { $0.flexDirection = .rowReverse } == 170)
        #expect(try width { $0.justifyContent = .center } == 180)
        #expect(try width({ _ in }, child: { $0.left = 40 }) == 160)
        #expect(try width({ _ in }, child: { $0.right = 40 }) == 160)
        #expect(
            try width {
                $0.flexDirection = .column
                $0.alignItems = .flexEnd
            } == 170)
        #expect(
            try width {
                $0.flexDirection = .column
                $0.alignItems = .center
            } == 180)
    }

    @Test func aSizeWithinItsLimitsGoesThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`, each box
        // absolutely positioned with `aspect-ratio: 1.5; min-width: 10px` in
        // <div style="width:100px">:
        //   height:101px;min-height:114px → 171 × 114 (the height within its minimum, 114,
        //     gives the width)
        //   top:-19px;bottom:-19px;min-height:114px → 171 × 114 (the insets' 38, within the
        //     minimum)
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        func size(_ configure: (inout FlexStyle) -> Void) throws -> Size {
            var style = FlexStyle()
            style.aspectRatio = 1.5
            style.minWidth = 10
            style.minHeight = 114
            configure(&style)
            return try Self.layOut(rootStyle, child: style).layout.frame.size
        }
        #expect(try size { $0.height = 101 } == Size(width: 171, height: 114))
        #expect(
            try size {
                $0.top = -19
                $0.bottom = -19
            } == Size(width: 171, height: 114))
    }

    @Test func theContainersAlignItemsLeavesTheBoxStretched() throws {
        // align-items: center does not apply: the box fills 22.5...90.
        var rootStyle = FlexStyle()
        rootStyle.width = 149
        rootStyle.height = 90
        rootStyle.alignItems = .center
        var style = FlexStyle()
        style.top = .percent(25)
        style.bottom = 0
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 22.5, width: 0, height: 67.5))
    }

    @Test func aColumnsHorizontalInsetsStretchWhateverTheAlignment() throws {
        // The cross axis of a column is the inline axis: align-self does not apply there.
        var rootStyle = FlexStyle()
        rootStyle.width = 255
        rootStyle.flexDirection = .column
        var style = FlexStyle()
        style.alignSelf = .flexEnd
        style.left = 0
        style.right = 0
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 255, height: 0))
    }

    @Test func aHeightFromContentResolvesNoPercentages() throws {
        // The absolutely positioned box is 110 high from its first child's minimum; that
        // height is not definite, so its second child's height: 75% behaves as auto.
        var rootStyle = FlexStyle()
        rootStyle.width = 125
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        let box = FlexNode(style: boxStyle)
        var tallStyle = FlexStyle()
        tallStyle.minHeight = 110
        var percentStyle = FlexStyle()
        percentStyle.height = .percent(75)
        let percent = FlexNode(style: percentStyle)
        try box.appendChild(FlexNode(style: tallStyle))
        try box.appendChild(percent)
        try root.appendChild(box)
        try root.calculateLayout()
        #expect(box.layout.frame.height == 110)
        #expect(percent.layout.frame.height == 0)
    }

    @Test func aHeightFromContentResolvesNoPercentageRowGap() throws {
        // The column is 40 high from its content; its row gap of 10% of that is zero, so the
        // padded child starts at 0.
        var rootStyle = FlexStyle()
        rootStyle.width = 99
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.position = .absolute
        columnStyle.flexDirection = .column
        columnStyle.rowGap = .percent(10)
        let column = FlexNode(style: columnStyle)
        var paddedStyle = FlexStyle()
        paddedStyle.padding = FlexEdges(all: 20)
        let padded = FlexNode(style: paddedStyle)
        try column.appendChild(FlexNode(style: FlexStyle()))
        try column.appendChild(padded)
        try root.appendChild(column)
        try root.calculateLayout()
        #expect(column.layout.frame.size == Size(width: 40, height: 40))
        #expect(padded.layout.frame == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func overlappingInsetsLeaveAnEmptySpaceAtTheirStart() throws {
        // top: 90 and bottom: 30 of a 100 high container overlap: the space is empty at 90.
        // Centred there the 20 high box starts at 80, inside the container.
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 100
        var style = FlexStyle()
        style.alignSelf = .center
        style.top = 90
        style.bottom = 30
        style.height = 20
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 80, width: 0, height: 20))
        style.alignSelf = .flexEnd
        style.height = .auto
        let empty = try Self.layOut(rootStyle, child: style)
        #expect(empty.layout.frame == Rect(x: 0, y: 90, width: 0, height: 0))
    }

    @Test func anAutomaticHeightComesFromTheContentWidthThroughTheRatio() throws {
        // The box is 60 wide from its child's minimum width, so 60 / 1.5 high.
        var rootStyle = FlexStyle()
        rootStyle.width = 179
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.aspectRatio = 1.5
        let box = FlexNode(style: boxStyle)
        var childStyle = FlexStyle()
        childStyle.minWidth = 60
        try box.appendChild(FlexNode(style: childStyle))
        try root.appendChild(box)
        try root.calculateLayout()
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 60, height: 40))
    }

    @Test func percentagePaddingResolvesAgainstThePaddingBox() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:200px;height:100px;padding:0 20px">
        //   <div style="position:absolute;padding-left:10%">
        //     <div style="width:50px;height:30px"></div></div></div>
        // The containing block of the absolutely positioned box is the container's padding
        // box (200 wide, not its 160 wide content box): padding-left is 20, the box 70 wide.
        var rootStyle = FlexStyle()
        rootStyle.width = 200
        rootStyle.height = 100
        rootStyle.padding = FlexEdges(top: 0, right: 20, bottom: 0, left: 20)
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.padding = FlexEdges(top: 0, right: 0, bottom: 0, left: .percent(10))
        let box = FlexNode(style: boxStyle)
        var childStyle = FlexStyle()
        childStyle.width = 50
        childStyle.height = 30
        let child = FlexNode(style: childStyle)
        try box.appendChild(child)
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame == Rect(x: 20, y: 0, width: 70, height: 30))
        #expect(child.layout.frame == Rect(x: 20, y: 0, width: 50, height: 30))
    }

    /// An absolutely positioned box with an aspect ratio holding one fixed-size child, laid
    /// out in a 300 × 200 container; returns the box.
    static func ratioBox(_ style: FlexStyle, child: (width: Double, height: Double)) throws
        -> FlexNode
    {
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        let root = FlexNode(style: rootStyle)
        var boxStyle = style
        boxStyle.position = .absolute
        let box = FlexNode(style: boxStyle)
        var childStyle = FlexStyle()
        childStyle.width = .points(child.width)
        childStyle.height = .points(child.height)
        try box.appendChild(FlexNode(style: childStyle))
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        return box
    }

    @Test func aRatioBoxOfGivenHeightIsAtLeastItsMinContentWidth() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;width:70px;height:105px;aspect-ratio:1">
        //     <div style="width:133px;height:10px"></div></div></div>
        // gives the box 133 × 105: with an aspect ratio, `min-width: auto` is the min-content
        // width even though both sizes are set; a max-width of 100 caps it, a min-width of 20
        // replaces it. Without a height there is no such minimum (70 × 70).
        var style = FlexStyle()
        style.width = 70
        style.height = 105
        style.aspectRatio = 1
        var box = try Self.ratioBox(style, child: (133, 10))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 133, height: 105))
        style.maxWidth = 100
        box = try Self.ratioBox(style, child: (133, 10))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 100, height: 105))
        style.maxWidth = .auto
        style.minWidth = 20
        box = try Self.ratioBox(style, child: (133, 10))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 70, height: 105))
        style.minWidth = .auto
        style.height = .auto
        box = try Self.ratioBox(style, child: (133, 10))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 70, height: 70))
    }

    @Test func aRatioBoxBetweenVerticalInsetsTakesItsHeightFromItsWidth() throws {
        // Chromium: <div style="position:absolute;top:0;bottom:0;aspect-ratio:2">
        //   <div style="width:500px;height:10px"></div></div> in the 300 × 200 container is
        // 500 × 250 (the insets' 200 × 2 is below the min-content width, and the height follows
        // the width through the ratio); with width: 20px and a 50 × 100 child it is 50 × 100
        // (the min-content width, and at least the content's height).
        var style = FlexStyle()
        style.top = 0
        style.bottom = 0
        style.aspectRatio = 2
        var box = try Self.ratioBox(style, child: (500, 10))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 500, height: 250))
        style.width = 20
        box = try Self.ratioBox(style, child: (50, 100))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 50, height: 100))
    }

    @Test func aRatioBoxBetweenHorizontalInsetsIsAtLeastItsContentsHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;left:100px;right:150px;aspect-ratio:1">
        //     <div style="width:10px;height:80px"></div></div></div>
        // The insets give the box its width, 50; the height through the ratio, 50, is at least
        // the content's 80 (`min-height: auto`). With a 20 high child it stays 50.
        var style = FlexStyle()
        style.left = 100
        style.right = 150
        style.aspectRatio = 1
        var box = try Self.ratioBox(style, child: (10, 80))
        #expect(box.layout.frame == Rect(x: 100, y: 0, width: 50, height: 80))
        box = try Self.ratioBox(style, child: (10, 20))
        #expect(box.layout.frame == Rect(x: 100, y: 0, width: 50, height: 50))
    }

    @Test func aWrappingRatioColumnIsAtLeastItsContentBrokenAtItsRatioHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;width:40px;aspect-ratio:2;flex-direction:column;
        //     flex-wrap:wrap">
        //     <div style="width:10px;height:15px"></div>
        //     <div style="width:10px;height:15px"></div></div></div>
        // The column is 20 high through its ratio and breaks its lines there: its content is
        // one 15 high line beside the other (the second item at x = 20), so the content floor
        // leaves it 20 high. Without wrapping the content is 30 high, and so is the column.
        func layOut(wrap: FlexWrap) throws -> (root: FlexNode, box: FlexNode, second: FlexNode) {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.height = 200
            let root = FlexNode(style: rootStyle)
            var style = FlexStyle()
            style.position = .absolute
            style.width = 40
            style.aspectRatio = 2
            style.flexDirection = .column
            style.flexWrap = wrap
            let box = FlexNode(style: style)
            var itemStyle = FlexStyle()
            itemStyle.width = 10
            itemStyle.height = 15
            let second = FlexNode(style: itemStyle)
            try box.appendChild(FlexNode(style: itemStyle))
            try box.appendChild(second)
            try root.appendChild(box)
            try root.calculateLayout(rounding: .none)
            return (root, box, second)
        }
        let wrapping = try layOut(wrap: .wrap)
        #expect(wrapping.box.layout.frame == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(wrapping.second.layout.frame == Rect(x: 20, y: 0, width: 10, height: 15))
        let single = try layOut(wrap: .noWrap)
        #expect(single.box.layout.frame == Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(single.second.layout.frame == Rect(x: 0, y: 15, width: 10, height: 15))
    }

    @Test func aRatioBoxOfAutomaticSizeStretchesItsContentToItsRatioHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;aspect-ratio:1">
        //     <div style="flex-direction:column">
        //       <div style="width:50px;height:100px"></div></div></div></div>
        // The box is 50 wide from its content and 50 high through its ratio; that height is
        // definite for its single line, which stretches the column to it, and the column's
        // item shrinks to 50: the content is 50 high, so the box is not 100.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.aspectRatio = 1
        let box = FlexNode(style: boxStyle)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        let column = FlexNode(style: columnStyle)
        var itemStyle = FlexStyle()
        itemStyle.width = 50
        itemStyle.height = 100
        let item = FlexNode(style: itemStyle)
        try column.appendChild(item)
        try box.appendChild(column)
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test func aRatioBoxsHeightFromItsWidthResolvesItsItemsPercentages() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;aspect-ratio:2">
        //     <div style="width:40px;height:25%"></div></div></div>
        // The box is 40 wide from its content and 20 high through its ratio: that height
        // resolves its item's 25%, 5. In a column (aspect-ratio: 0.5, so 80 high), an item's
        // flex-basis: 75% is 60.
        func layOut(ratio: Double, column: Bool, item itemStyle: FlexStyle) throws -> (
            FlexNode, FlexNode, FlexNode
        ) {
            var rootStyle = FlexStyle()
            rootStyle.width = 300
            rootStyle.height = 200
            let root = FlexNode(style: rootStyle)
            var boxStyle = FlexStyle()
            boxStyle.position = .absolute
            boxStyle.aspectRatio = ratio
            if column { boxStyle.flexDirection = .column }
            let box = FlexNode(style: boxStyle)
            let item = FlexNode(style: itemStyle)
            try box.appendChild(item)
            try root.appendChild(box)
            try root.calculateLayout(rounding: .none)
            return (root, box, item)
        }
        var itemStyle = FlexStyle()
        itemStyle.width = 40
        itemStyle.height = .percent(25)
        var (_, box, item) = try layOut(ratio: 2, column: false, item: itemStyle)
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 40, height: 5))
        itemStyle.height = .auto
        itemStyle.flexBasis = .percent(75)
        (_, box, item) = try layOut(ratio: 0.5, column: true, item: itemStyle)
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 40, height: 80))
        #expect(item.layout.frame == Rect(x: 0, y: 0, width: 40, height: 60))
    }

    @Test func aMinimumCarriedThroughTheRatioIsCappedByTheOwnMaximum() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;aspect-ratio:1.5;min-height:114px;max-width:4px">
        //   </div></div>
        // min-height: 114 carries a minimum width of 171 through the ratio, but the box's own
        // max-width caps it: 4 × 114. With max-width: 100 and min-height: 20 the carried 30
        // stands: 30 × 20.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        var style = FlexStyle()
        style.aspectRatio = 1.5
        style.minHeight = 114
        style.maxWidth = 4
        var child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 4, height: 114))
        style.minHeight = 20
        style.maxWidth = 100
        child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func aRatioBoxsMinContentWidthIsNotCappedByACarriedMaximum() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;aspect-ratio:1;height:88px;max-height:40px">
        //     <div style="width:86px"></div></div></div>
        // The box is 40 high; max-height carries a maximum width of 40 through the ratio, but
        // `min-width: auto` (its min-content width, 86) is capped only by its own max-width:
        // 86 × 40. With max-width: 60 it is 60 × 40.
        var style = FlexStyle()
        style.aspectRatio = 1
        style.height = 88
        style.maxHeight = 40
        var box = try Self.ratioBox(style, child: (86, 0))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 86, height: 40))
        style.maxWidth = 60
        box = try Self.ratioBox(style, child: (86, 0))
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 60, height: 40))
    }

    @Test func autoMarginsShareTheSpaceTheInsetsLeave() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`, each box
        // absolutely positioned in <div style="width:100px;height:50px">:
        //   top:10px;bottom:10px;height:10px;margin:auto 0 16px 0 → y 14 (the 30 between
        //     the insets, less 10 and 16, leaves 4 to the top margin)
        //   top:33px;bottom:19px;margin:auto 0 16px 0 → y 17 (no space between the insets:
        //     the top margin takes -16)
        //   top:10px;bottom:10px;height:50px;margin:auto 0 → y 0 (two auto margins share -20)
        //   left:30px;right:80px;width:10px;margin:0 auto → x 30 (in the inline axis a
        //     negative space leaves the start margin at 0)
        //   left:30px;right:80px;width:10px;margin:0 5px 0 auto → x 15 (one auto margin
        //     takes -15)
        //   left:30px;right:20px;width:70px;margin:0 auto → x 30
        var rootStyle = FlexStyle()
        rootStyle.width = 100
        rootStyle.height = 50
        func position(_ configure: (inout FlexStyle) -> Void) throws -> Point {
            var style = FlexStyle()
            configure(&style)
            return try Self.layOut(rootStyle, child: style).layout.frame.origin
        }
        #expect(
            try position {
                $0.top = 10
                $0.bottom = 10
                $0.height = 10
                $0.margin = FlexEdges(top: .auto, right: 0, bottom: 16, left: 0)
            }.y == 14)
        #expect(
            try position {
                $0.top = 33
                $0.bottom = 19
                $0.margin = FlexEdges(top: .auto, right: 0, bottom: 16, left: 0)
            }.y == 17)
        #expect(
            try position {
                $0.top = 10
                $0.bottom = 10
                $0.height = 50
                $0.margin = FlexEdges(top: .auto, right: 0, bottom: .auto, left: 0)
            }.y == 0)
        #expect(
            try position {
                $0.left = 30
                $0.right = 80
                $0.width = 10
                $0.margin = FlexEdges(top: 0, right: .auto, bottom: 0, left: .auto)
            }.x == 30)
        #expect(
            try position {
                $0.left = 30
                $0.right = 80
                $0.width = 10
                $0.margin = FlexEdges(top: 0, right: 5, bottom: 0, left: .auto)
            }.x == 15)
        #expect(
            try position {
                $0.left = 30
                $0.right = 20
                $0.width = 70
                $0.margin = FlexEdges(top: 0, right: .auto, bottom: 0, left: .auto)
            }.x == 30)
    }

    @Test func aRatioBoxTallerThanItsRatioResolvesPercentagesAgainstTheRatioHeight() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;width:5px;aspect-ratio:1">
        //     <div style="height:122px;top:-10%"></div></div></div>
        // The box is 5 high through its ratio, and 122 with its content: its item's top: -10%
        // resolves against the 5 (-0.5), not the 122.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        let root = FlexNode(style: rootStyle)
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.width = 5
        boxStyle.aspectRatio = 1
        let box = FlexNode(style: boxStyle)
        var itemStyle = FlexStyle()
        itemStyle.height = 122
        itemStyle.top = .percent(-10)
        let item = FlexNode(style: itemStyle)
        try box.appendChild(item)
        try root.appendChild(box)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame == Rect(x: 0, y: 0, width: 5, height: 122))
        #expect(item.layout.frame == Rect(x: 0, y: -0.5, width: 0, height: 122))
    }

    @Test func aRatioColumnsItemsResolveTheirChildrensPercentageInsets() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:300px;height:200px">
        //   <div style="position:absolute;aspect-ratio:2;flex-direction:column;width:100px">
        //     <div>
        //       <div style="width:10px;height:20px"></div>
        //       <div style="width:10px;height:10px;top:25%;bottom:38px"></div></div></div></div>
        // The column is 50 high through its ratio, a height Chromium treats as definite: the
        // flexed height of its item (20, from its content) is definite too, so the inner
        // box's top: 25% resolves (5) and wins over its bottom. Were the row's height not
        // definite, top would be auto and bottom: 38 would move the box to -38.
        var rootStyle = FlexStyle()
        rootStyle.width = 300
        rootStyle.height = 200
        let root = FlexNode(style: rootStyle)
        var columnStyle = FlexStyle()
        columnStyle.position = .absolute
        columnStyle.aspectRatio = 2
        columnStyle.flexDirection = .column
        columnStyle.width = 100
        let column = FlexNode(style: columnStyle)
        let row = FlexNode(style: FlexStyle())
        var firstStyle = FlexStyle()
        firstStyle.width = 10
        firstStyle.height = 20
        try row.appendChild(FlexNode(style: firstStyle))
        var boxStyle = FlexStyle()
        boxStyle.width = 10
        boxStyle.height = 10
        boxStyle.top = .percent(25)
        boxStyle.bottom = 38
        let box = FlexNode(style: boxStyle)
        try row.appendChild(box)
        try column.appendChild(row)
        try root.appendChild(column)
        try root.calculateLayout(rounding: .none)
        #expect(column.layout.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(row.layout.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(box.layout.frame == Rect(x: 10, y: 5, width: 10, height: 10))
    }

    @Test func aRatioBoxIsAtLeastItsPaddingThroughTheRatio() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:113px"><div>
        //   <div style="position:absolute;aspect-ratio:1.5;border:6px solid;left:25px;
        //     right:-9px"></div></div></div>
        // The insets leave no width (0 - 25 + 9 < 0); the box is as tall as its borders, 12,
        // and that minimum carries through the ratio to its width: 18, not 12.
        var rootStyle = FlexStyle()
        rootStyle.width = 113
        let root = FlexNode(style: rootStyle)
        let outer = FlexNode(style: FlexStyle())
        var boxStyle = FlexStyle()
        boxStyle.position = .absolute
        boxStyle.aspectRatio = 1.5
        boxStyle.border = FlexEdges(all: 6)
        boxStyle.left = 25
        boxStyle.right = -9
        let box = FlexNode(style: boxStyle)
        try outer.appendChild(box)
        try root.appendChild(outer)
        try root.calculateLayout(rounding: .none)
        #expect(box.layout.frame == Rect(x: 25, y: 0, width: 18, height: 12))
    }

    @Test func alignSelfAlignsBetweenVerticalInsetsInAColumnToo() throws {
        // Chromium, with every div `display: flex; box-sizing: border-box`:
        // <div style="width:157px;flex-direction:column">
        //   <div style="position:absolute;align-self:center;top:-7px;bottom:-1px"></div></div>
        // align-self aligns in the block axis, the main axis of a column: the empty box is not
        // stretched between its insets (-7...1) but centred there, at -3; horizontally it is
        // centred too (78.5), as a static position.
        var rootStyle = FlexStyle()
        rootStyle.width = 157
        rootStyle.flexDirection = .column
        var style = FlexStyle()
        style.alignSelf = .center
        style.top = -7
        style.bottom = -1
        let child = try Self.layOut(rootStyle, child: style)
        #expect(child.layout.frame == Rect(x: 78.5, y: -3, width: 0, height: 0))
    }
}
