import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

/// A cell that shows a name and a caption.
@MainActor
private final class NameCell: ModelCell<String> {
    let name = Label()
    let caption = Label()
    let icon = ImageView()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        for view in [icon, name, caption] { contentView.addSubview(view) }
    }

    override func modelDidChange() {
        name.text = model
        caption.text = model.map { "about \($0)" }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        name.frame = Rect(x: 24, y: 0, width: 76, height: 20)
        caption.frame = Rect(x: 0, y: 24, width: 100, height: 20)
    }
}

/// Collection views as assistive technologies read them: a group of the cells in view, each
/// cell one element saying its content.
@MainActor
@Suite struct CollectionAccessibilityTests {
    private func grid(items: Int, height: Double = 200) -> (Window, CollectionView, AnyObject) {
        let window = Window(size: Size(width: 320, height: 480))
        let layout = GridLayout(
            columns: 3, itemSize: Size(width: 100, height: 50), lineSpacing: 10,
            interitemSpacing: .auto)
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
        collectionView.accessibilityIdentifier = "grid"
        let source = ModelDataSource(
            collectionView: collectionView, cellType: NameCell.self,
            sections: [(1...items).map { "Item \($0)" }])
        window.addSubview(collectionView)
        return (window, collectionView, source)
    }

    @Test func cellsAreElementsThatReadTheirContentTogether() throws {
        let (window, _, source) = grid(items: 4)
        defer { withExtendedLifetime(source) {} }
        let tree = window.accessibilityTree()
        let group = try #require(tree.nodes.first)
        #expect(tree.nodes.count == 1 && group.role == .group && group.identifier == "grid")
        #expect(group.children.map(\.label) == (1...4).map { "Item \($0), about Item \($0)" })
        #expect(group.children.allSatisfy { $0.role == .element && $0.children.isEmpty })
    }

    @Test func onlyCellsInTheBoundsAreReadInIndexOrder() throws {
        // Three rows of 60 points fit 200 points; the fourth, kept in the overscan, does not.
        let (window, collectionView, source) = grid(items: 12, height: 170)
        defer { withExtendedLifetime(source) {} }
        let labels = window.accessibilityTree().allNodes.dropFirst().compactMap(\.label)
        #expect(labels.count == 9)
        #expect(labels.first == "Item 1, about Item 1" && labels.last == "Item 9, about Item 9")
        collectionView.contentOffset = Point(x: 0, y: 60)
        let scrolled = window.accessibilityTree().allNodes.dropFirst().compactMap(\.label)
        #expect(scrolled.first == "Item 4, about Item 4")
    }

    @Test func aSelectedCellIsSelectedAndActivatingOneSelectsIt() throws {
        let (window, collectionView, source) = grid(items: 3)
        defer { withExtendedLifetime(source) {} }
        window.layoutIfNeeded()
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(cell.accessibilityTraits.isEmpty)
        #expect(cell.accessibilityActivate())
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(cell.accessibilityTraits == .selected)
        cell.accessibilityLabel = "Second"
        #expect(cell.accessibilityLabel == "Second")
    }

    @Test func assignedElementsReplaceTheCells() throws {
        let (window, collectionView, source) = grid(items: 2)
        defer { withExtendedLifetime(source) {} }
        let summary = AccessibilityElement(accessibilityContainer: collectionView)
        summary.accessibilityLabel = "2 items"
        collectionView.accessibilityElements = [summary]
        #expect(window.accessibilityTree().allNodes.compactMap(\.label) == ["2 items"])
        collectionView.accessibilityElements = nil
        #expect(collectionView.accessibilityElements?.count == 2)
    }
}
