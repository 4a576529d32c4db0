import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct StackLayoutTests {
    /// Three items of different sizes with baselines, as labels of different fonts would have.
    static let items = [
        StackItem(intrinsicSize: Size(width: 20, height: 20), firstBaseline: 15, lastBaseline: 18),
        StackItem(intrinsicSize: Size(width: 40, height: 10), firstBaseline: 8),
        StackItem(intrinsicSize: Size(width: 30, height: 30), firstBaseline: 25, lastBaseline: 28),
    ]
    static let bounds = Size(width: 200, height: 50)

    static func frames(_ stack: StackLayout, _ items: [StackItem] = items) throws -> [Rect] {
        try stack.frames(for: items, in: bounds)
    }

    @Test func fillGrowsTheFirstItemWhenPrioritiesTie() throws {
        let frames = try Self.frames(StackLayout(direction: .row, spacing: 10, distribution: .fill))
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 110, height: 50), Rect(x: 120, y: 0, width: 40, height: 50),
                Rect(x: 170, y: 0, width: 30, height: 50),
            ])
    }

    @Test func fillGrowsTheItemWithTheLowestHuggingPriority() throws {
        var items = Self.items
        items[1].huggingPriority = 200
        let frames = try Self.frames(StackLayout(direction: .row, spacing: 10), items)
        #expect(frames.map(\.width) == [20, 130, 30])
        #expect(frames.map(\.minX) == [0, 30, 170])
    }

    @Test func fillShrinksTheItemWithTheLowestCompressionResistance() throws {
        var items = Self.items
        items[2].compressionResistance = 500
        let frames = try StackLayout(direction: .row, spacing: 10).frames(
            for: items, in: Size(width: 100, height: 50))
        #expect(frames.map(\.width) == [20, 40, 20])
        #expect(frames.map(\.minX) == [0, 30, 80])
    }

    @Test func fillEquallyGivesEveryItemTheSameSize() throws {
        let frames = try Self.frames(
            StackLayout(direction: .row, spacing: 10, distribution: .fillEqually))
        #expect(frames.map(\.width) == [60, 60, 60])
        #expect(frames.map(\.minX) == [0, 70, 140])
    }

    @Test func fillProportionallySizesByIntrinsicWidth() throws {
        let frames = try Self.frames(
            StackLayout(direction: .row, spacing: 10, distribution: .fillProportionally))
        #expect(frames.map(\.width) == [40, 80, 60])
        #expect(frames.map(\.minX) == [0, 50, 140])
    }

    @Test func equalSpacingKeepsSizesAndSpreadsTheGaps() throws {
        let frames = try Self.frames(
            StackLayout(direction: .row, spacing: 10, distribution: .equalSpacing))
        #expect(frames.map(\.width) == [20, 40, 30])
        #expect(frames.map(\.minX) == [0, 75, 170])
    }

    @Test func equalCenteringSpacesTheCentres() throws {
        let frames = try Self.frames(
            StackLayout(direction: .row, spacing: 10, distribution: .equalCentering))
        #expect(frames.map(\.width) == [20, 40, 30])
        #expect(frames.map(\.midX) == [10, 97.5, 185])
    }

    @Test func equalCenteringFallsBackToEqualSpacingWhenTheMinimumSpacingCannotHold() throws {
        let items = [
            StackItem(intrinsicSize: Size(width: 10, height: 10)),
            StackItem(intrinsicSize: Size(width: 100, height: 10)),
            StackItem(intrinsicSize: Size(width: 10, height: 10)),
        ]
        let stack = StackLayout(direction: .row, spacing: 10, distribution: .equalCentering)
        let frames = try stack.frames(for: items, in: Size(width: 150, height: 10))
        #expect(frames.map(\.minX) == [0, 25, 140])
    }

    @Test(arguments: [
        (StackAlignment.fill, [0.0, 0, 0], [50.0, 50, 50]),
        (.leading, [0, 0, 0], [20, 10, 30]),
        (.top, [0, 0, 0], [20, 10, 30]),
        (.center, [15, 20, 10], [20, 10, 30]),
        (.trailing, [30, 40, 20], [20, 10, 30]),
        (.bottom, [30, 40, 20], [20, 10, 30]),
        (.firstBaseline, [10, 17, 0], [20, 10, 30]),
        (.lastBaseline, [10, 20, 0], [20, 10, 30]),
    ])
    func alignmentPlacesItemsAcrossTheAxis(
        alignment: StackAlignment, ys: [Double], heights: [Double]
    ) throws {
        let stack = StackLayout(
            direction: .row, spacing: 10, alignment: alignment, distribution: .equalSpacing)
        let frames = try Self.frames(stack)
        #expect(frames.map(\.minY) == ys)
        #expect(frames.map(\.height) == heights)
    }

    @Test func verticalStackAlignsLeadingAndTrailingEdges() throws {
        var stack = StackLayout(direction: .column, spacing: 5, alignment: .trailing)
        stack.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 4, right: 8)
        let frames = try stack.frames(for: Self.items, in: Size(width: 100, height: 200))
        #expect(frames.map(\.maxX) == [92, 92, 92])
        // `fill`: the first item takes the 122 points the others leave.
        #expect(frames.map(\.height) == [142, 10, 30])
        #expect(frames.map(\.minY) == [4, 151, 166])
        stack.alignment = .center
        let centred = try stack.frames(for: Self.items, in: Size(width: 100, height: 200))
        #expect(centred.map(\.midX) == [49, 49, 49])
    }

    @Test func hiddenItemsTakeNoSpaceOrSpacing() throws {
        var items = Self.items
        items[1].isHidden = true
        let stack = StackLayout(direction: .row, spacing: 10, alignment: .top)
        let size = try stack.fittingSize(for: items)
        #expect(size == Size(width: 60, height: 30))
        let frames = try stack.frames(for: items, in: size)
        try #require(frames.count > 2)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(frames[1].size == .zero)
        #expect(frames[2] == Rect(x: 30, y: 0, width: 30, height: 30))
    }

    @Test func directionalMarginsFollowTheLayoutDirection() throws {
        var stack = StackLayout(direction: .row, spacing: 0, alignment: .top)
        stack.directionalLayoutMargins = DirectionalEdgeInsets(
            top: 0, leading: 10, bottom: 0, trailing: 30)
        let item = [StackItem(intrinsicSize: Size(width: 20, height: 20))]
        let leftToRight = try stack.frames(for: item, in: Size(width: 100, height: 20))
        let rightToLeft = try stack.frames(
            for: item, in: Size(width: 100, height: 20), layoutDirection: .rightToLeft)
        #expect(leftToRight.first?.minX == 10)
        #expect(rightToLeft.first?.maxX == 90)
    }

    @Test func axisKeepsTheReversal() {
        var stack = StackLayout(direction: .rowReverse)
        stack.axis = .vertical
        #expect(stack.direction == .columnReverse)
        #expect(stack.axis == .vertical)
    }

    @Test func nonFiniteSizesAreErrors() {
        let items = [StackItem(intrinsicSize: Size(width: .nan, height: 10))]
        #expect(throws: FlexLayoutError.self) { try StackLayout().fittingSize(for: items) }
        #expect(throws: FlexLayoutError.self) {
            try StackLayout(spacing: .infinity).frames(for: Self.items, in: Self.bounds)
        }
    }
}

/// Seed 004: an image-and-title button laid out in four directions with spacing and content
/// insets (UIKit order: top, left, bottom, right).
@Suite struct SeedButtonStackTests {
    static let image = StackItem(intrinsicSize: Size(width: 20, height: 20))
    static let title = StackItem(intrinsicSize: Size(width: 100, height: 17))

    static func button(_ direction: StackDirection, spacing: Double, insets: EdgeInsets)
        -> StackLayout
    {
        var stack = StackLayout(direction: direction, spacing: spacing, alignment: .center)
        stack.layoutMargins = insets
        return stack
    }

    @Test func rowPutsTheImageLeftOfTheTitle() throws {
        let stack = Self.button(
            .row, spacing: 10, insets: EdgeInsets(top: 10, left: 5, bottom: 10, right: 5))
        let size = try stack.fittingSize(for: [Self.image, Self.title])
        #expect(size == Size(width: 140, height: 40))
        let frames = try stack.frames(for: [Self.image, Self.title], in: size)
        #expect(
            frames == [
                Rect(x: 5, y: 10, width: 20, height: 20),
                Rect(x: 35, y: 11.5, width: 100, height: 17),
            ])
    }

    @Test func rowReversePutsTheTitleLeftOfTheImage() throws {
        let stack = Self.button(
            .rowReverse, spacing: 10, insets: EdgeInsets(top: 10, left: 5, bottom: 10, right: 5))
        let size = try stack.fittingSize(for: [Self.image, Self.title])
        #expect(size == Size(width: 140, height: 40))
        let frames = try stack.frames(for: [Self.image, Self.title], in: size)
        #expect(
            frames == [
                Rect(x: 115, y: 10, width: 20, height: 20),
                Rect(x: 5, y: 11.5, width: 100, height: 17),
            ])
    }

    @Test func columnPutsTheImageAboveTheTitle() throws {
        let stack = Self.button(
            .column, spacing: 5, insets: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))
        let size = try stack.fittingSize(for: [Self.image, Self.title])
        #expect(size == Size(width: 120, height: 52))
        let frames = try stack.frames(for: [Self.image, Self.title], in: size)
        #expect(
            frames == [
                Rect(x: 50, y: 5, width: 20, height: 20),
                Rect(x: 10, y: 30, width: 100, height: 17),
            ])
    }

    @Test func columnReversePutsTheTitleAboveTheImage() throws {
        let stack = Self.button(
            .columnReverse, spacing: 5, insets: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))
        let size = try stack.fittingSize(for: [Self.image, Self.title])
        #expect(size == Size(width: 120, height: 52))
        let frames = try stack.frames(for: [Self.image, Self.title], in: size)
        #expect(
            frames == [
                Rect(x: 50, y: 27, width: 20, height: 20),
                Rect(x: 10, y: 5, width: 100, height: 17),
            ])
    }

    @Test func aLargerButtonCentresItsContent() throws {
        let stack = Self.button(
            .row, spacing: 10, insets: EdgeInsets(top: 10, left: 5, bottom: 10, right: 5))
        let frames = try stack.frames(
            for: [Self.image, Self.title], in: Size(width: 140, height: 60))
        try #require(frames.count > 1)
        #expect(frames[0] == Rect(x: 5, y: 20, width: 20, height: 20))
        #expect(frames[1] == Rect(x: 35, y: 21.5, width: 100, height: 17))
    }
}
