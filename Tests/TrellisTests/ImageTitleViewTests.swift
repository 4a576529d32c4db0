import Testing
import Trellis
import TrellisGallery

@MainActor
@Suite struct ImageTitleViewTests {
    /// Lays a view out in a window of its own size.
    private func laidOut(_ view: View, direction: LayoutDirection = .leftToRight) -> Window {
        let window = Window(size: view.bounds.size, layoutDirection: direction)
        window.addSubview(view)
        window.layoutIfNeeded()
        return window
    }

    @Test(arguments: ContentHorizontalAlignment.allCases)
    func contentFollowsTheHorizontalAlignment(horizontal: ContentHorizontalAlignment) throws {
        for vertical in ContentVerticalAlignment.allCases {
            let view = SeedComponents.imageTitleView(horizontal: horizontal, vertical: vertical)
            let window = laidOut(view)
            defer { withExtendedLifetime(window) {} }
            #expect(view.layoutError == nil)
            let title = view.titleLabel.intrinsicContentSize
            let width = max(24, title.width)
            let height = 24 + 2 + title.height
            let x: Double =
                switch horizontal {
                case .left, .leading: 0
                case .right, .trailing: 90 - width
                case .center: (90 - width) / 2
                case .fill: 0
                }
            let y: Double =
                switch vertical {
                case .top: 0
                case .bottom: 70 - height
                case .center: (70 - height) / 2
                case .fill: 0
                }
            let expected = Rect(
                x: x, y: y, width: horizontal == .fill ? 90 : width,
                height: vertical == .fill ? 70 : height)
            #expect(view.contentView.frame == expected, "\(horizontal) \(vertical)")
            let image = view.topImageView.frame
            #expect(image.size == Size(width: 24, height: 24), "\(horizontal) \(vertical)")
            #expect(image.midX == expected.width / 2)
            #expect(image.minY == 0)
            #expect(view.titleLabel.frame.maxY == expected.height)
        }
    }

    @Test func leadingIsOnTheRightInRightToLeftLayouts() {
        let view = SeedComponents.imageTitleView(horizontal: .leading, vertical: .center)
        let window = laidOut(view, direction: .rightToLeft)
        defer { withExtendedLifetime(window) {} }
        #expect(view.contentView.frame.maxX == 90)
    }

    @Test func spacingMovesTheTitle() {
        let view = SeedComponents.imageTitleView(horizontal: .center, vertical: .top)
        let window = laidOut(view)
        defer { withExtendedLifetime(window) {} }
        #expect(view.titleLabel.frame.minY == 26)
        view.spaceBetweenTitleAndImage = 10
        window.layoutIfNeeded()
        #expect(view.titleLabel.frame.minY == 34)
        #expect(view.contentView.frame.height == 34 + view.titleLabel.frame.height)
    }

    @Test func changingTheAlignmentSwapsTheConstraints() {
        let view = SeedComponents.imageTitleView(horizontal: .left, vertical: .top)
        let window = laidOut(view)
        defer { withExtendedLifetime(window) {} }
        #expect(view.contentView.frame.minX == 0)
        let count = view.constraints.count
        view.contentHorizontalAlignment = .right
        window.layoutIfNeeded()
        #expect(view.contentView.frame.maxX == 90)
        #expect(view.constraints.count == count)
        view.contentHorizontalAlignment = .fill
        window.layoutIfNeeded()
        #expect(view.contentView.frame.width == 90)
        #expect(view.constraints.count == count + 1)
    }

    @Test func selectionShowsTheSelectedTitleAndColour() {
        let view = SeedComponents.imageTitleView(horizontal: .center, vertical: .center)
        #expect(view.titleLabel.text == "Title")
        #expect(view.titleLabel.textColor == .black)
        view.isSelected = true
        #expect(view.titleLabel.text == "Selected")
        #expect(view.titleLabel.textColor == .red)
        #expect(view.topImageView.image != nil)
        view.isHighlighted = true
        #expect(view.titleLabel.text == "Title")
        view.isSelected = false
        view.isHighlighted = false
        #expect(view.titleLabel.textColor == .black)
    }
}
