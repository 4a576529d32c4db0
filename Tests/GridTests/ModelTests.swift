import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

@MainActor
@Suite struct ModelTests {
    @Test func indexPathsOrderBySectionThenItem() {
        let paths = [
            IndexPath(item: 3, section: 1), IndexPath(item: 9, section: 0),
            IndexPath(item: 0, section: 1),
        ]
        #expect(paths.sorted().map(\.description) == ["0.9", "1.0", "1.3"])
        var path = IndexPath(item: 2, section: 0)
        path.row = 5
        #expect(path.item == 5)
        let custom: ElementKind = "badge"
        #expect(custom.rawValue == "badge")
        #expect(ElementKind.sectionHeader.description == "header")
    }

    @Test func viewItemsAreHostedInCells() {
        // A scene's `items` given as views: each view fills the cell that shows it.
        let views = (0..<4).map { index -> View in
            let view = View()
            view.backgroundColor = Color(red: Double(index) / 4, green: 0, blue: 0)
            view.accessibilityIdentifier = "tile\(index)"
            return view
        }
        let layout = GridLayout(columns: 2, itemSize: Size(width: 100, height: 60), lineSpacing: 10)
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let source = ModelDataSource(
            collectionView: collectionView, cellType: HostingCell.self, items: views)
        collectionView.layoutIfNeeded()
        #expect(source.sections.count == 1 && source.sections.first?.count == 4)
        let tile = collectionView.view(withIdentifier: "tile3")
        #expect(tile === views[3])
        #expect(
            tile?.superview
                === collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.contentView)
        #expect(tile?.frame == Rect(x: 0, y: 0, width: 100, height: 60))
        // (320 - 200) / 3 = 40: the second column starts at 40 + 140.
        #expect(tile.map { $0.convert(Point.zero, to: collectionView) } == Point(x: 180, y: 70))
    }

    @Test func supplementaryViewsComeFromTheProvider() {
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 24)
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collectionView.register(
            CollectionReusableView.self, forSupplementaryViewOfKind: .sectionHeader,
            withReuseIdentifier: "header")
        let source = ModelDataSource(
            collectionView: collectionView, cellType: HostingCell.self,
            sections: [[View()], [View(), View()]])
        source.supplementaryViewProvider = { collectionView, kind, indexPath in
            let view = collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            view.accessibilityLabel = "section \(indexPath.section)"
            return view
        }
        collectionView.layoutIfNeeded()
        let second = collectionView.supplementaryView(
            forElementKind: .sectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(second?.accessibilityLabel == "section 1")
        // Section 0: a 24-point header and one 50-point line.
        #expect(second?.frame == Rect(x: 0, y: 74, width: 320, height: 24))
        #expect(source.model(at: IndexPath(item: 5, section: 1)) == nil)
    }

    @Test func backgroundViewsStayBehindTheContent() {
        let cell = CollectionViewCell(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        let background = View()
        let selected = View()
        cell.selectedBackgroundView = selected
        cell.backgroundView = background
        #expect(
            cell.subviews.map { ObjectIdentifier($0) }
                == [background, selected, cell.contentView].map { ObjectIdentifier($0) })
        cell.frame = Rect(x: 0, y: 0, width: 80, height: 60)
        cell.layoutIfNeeded()
        #expect(background.frame == Rect(x: 0, y: 0, width: 80, height: 60))
        #expect(cell.contentView.frame == background.frame)
        cell.backgroundView = nil
        #expect(background.superview == nil)
    }
}
