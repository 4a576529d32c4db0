import Testing
import TrellisEvents
import TrellisGeometry
import TrellisText
import TrellisViews

/// Every horizontal and vertical alignment under both layout directions: 6 × 4 × 2 = 48.
private let alignmentCases:
    [(ContentHorizontalAlignment, ContentVerticalAlignment, LayoutDirection)] =
        ContentHorizontalAlignment.allCases.flatMap { horizontal in
            ContentVerticalAlignment.allCases.flatMap { vertical in
                LayoutDirection.allCases.map { (horizontal, vertical, $0) }
            }
        }

/// Where the content box of a 100 × 50 button with insets (top 1, left 2, bottom 3, right 4)
/// lands, worked out by hand. The inset area spans x 2...96 (94 wide) and y 1...47 (46 high).
/// A row holds a 20-point image, 4 of spacing and the 12 × 12 "OK": 36 × 20. A column holds the
/// image above the title: 20 × 36.
private enum Expected {
    /// x and width on the left, centred ((94 − w) / 2 in), on the right, and filling.
    static let rowX: [ContentHorizontalAlignment: (x: Double, width: Double)] = [
        .left: (2, 36), .center: (31, 36), .right: (60, 36), .fill: (2, 94),
    ]
    static let columnX: [ContentHorizontalAlignment: (x: Double, width: Double)] = [
        .left: (2, 20), .center: (39, 20), .right: (76, 20), .fill: (2, 94),
    ]
    /// y and height at the top, centred ((46 − h) / 2 in), at the bottom, and filling.
    static let rowY: [ContentVerticalAlignment: (y: Double, height: Double)] = [
        .top: (1, 20), .center: (14, 20), .bottom: (27, 20), .fill: (1, 46),
    ]
    static let columnY: [ContentVerticalAlignment: (y: Double, height: Double)] = [
        .top: (1, 36), .center: (6, 36), .bottom: (11, 36), .fill: (1, 46),
    ]

    /// Leading is the left edge left to right and the right edge right to left; trailing the
    /// opposite.
    static func physical(_ alignment: ContentHorizontalAlignment, _ layout: LayoutDirection)
        -> ContentHorizontalAlignment
    {
        switch (alignment, layout) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): .left
        case (.leading, .rightToLeft), (.trailing, .leftToRight): .right
        default: alignment
        }
    }

    static func box(
        _ direction: Button.Direction, _ horizontal: ContentHorizontalAlignment,
        _ vertical: ContentVerticalAlignment, _ layout: LayoutDirection
    ) -> Rect? {
        let xs = direction.isHorizontal ? rowX : columnX
        let ys = direction.isHorizontal ? rowY : columnY
        guard let x = xs[physical(horizontal, layout)], let y = ys[vertical] else { return nil }
        return Rect(x: x.x, y: y.y, width: x.width, height: y.height)
    }
}

@MainActor
@Suite struct ButtonContentPlacementTests {
    private func layOut(
        _ direction: Button.Direction, _ horizontal: ContentHorizontalAlignment,
        _ vertical: ContentVerticalAlignment, _ layout: LayoutDirection
    ) -> Button {
        let window = Window(size: Size(width: 300, height: 300), layoutDirection: layout)
        let button = Button(
            image: Image(size: Size(width: 20, height: 20), color: .red), title: "OK",
            font: .system(size: 10), spacing: 4, direction: direction)
        button.contentEdgeInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        button.contentHorizontalAlignment = horizontal
        button.contentVerticalAlignment = vertical
        button.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        window.addSubview(button)
        window.layoutIfNeeded()
        return button
    }

    @Test func theCasesCoverEveryAlignmentPairInBothDirections() {
        #expect(alignmentCases.count == 48)
        #expect(Set(alignmentCases.map { "\($0.0)-\($0.1)-\($0.2)" }).count == 48)
    }

    @Test(arguments: Button.Direction.allCases, alignmentCases)
    func contentLandsWhereTheAlignmentsPutIt(
        direction: Button.Direction,
        alignment: (ContentHorizontalAlignment, ContentVerticalAlignment, LayoutDirection)
    ) throws {
        let (horizontal, vertical, layout) = alignment
        let button = layOut(direction, horizontal, vertical, layout)
        let expected = try #require(Expected.box(direction, horizontal, vertical, layout))
        let image = button.imageView.frame
        let title = button.titleLabel.frame
        #expect(image.union(title) == expected)
        #expect(image.size == Size(width: 20, height: 20))
        // The image sits at its end of the box, centred across the axis.
        let rightToLeft = layout == .rightToLeft
        switch direction {
        case .row, .rowReverse:
            let imageOnLeft = (direction == .row) != rightToLeft
            #expect(imageOnLeft ? image.minX == expected.minX : image.maxX == expected.maxX)
            #expect(image.midY == expected.midY)
            #expect(title.width == expected.width - 24)
        case .column:
            #expect(image.minY == expected.minY && image.midX == expected.midX)
            #expect(title.minY == expected.minY + 24)
        case .columnReverse:
            #expect(image.maxY == expected.maxY && image.midX == expected.midX)
            #expect(title.minY == expected.minY)
        }
    }
}
