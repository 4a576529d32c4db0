import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

@MainActor
@Suite struct GridLayoutTests {
    /// Seed 003: twelve 85×90 apps, three columns, a 320-point-wide view, rows 15 apart from 30.
    private func seedLayout() -> GridLayout {
        GridLayout(
            columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
            interitemSpacing: .auto,
            sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
    }

    @Test func reproducesSeed003FramesExactly() {
        let (collectionView, _) = makeCollection([12], layout: seedLayout())
        let margin = (320.0 - 3 * 85) / 4
        #expect(margin == 16.25)
        let expected = (0..<12).map { index in
            let row = Double(index / 3)
            let column = Double(index % 3)
            return Rect(
                x: margin + column * (85 + margin), y: 30 + row * (90 + 15), width: 85, height: 90)
        }
        #expect(itemFrames(collectionView) == expected)
        #expect(expected[4] == Rect(x: 117.5, y: 135, width: 85, height: 90))
        #expect(expected[11] == Rect(x: 218.75, y: 345, width: 85, height: 90))
        #expect(
            collectionView.collectionViewLayout.collectionViewContentSize
                == Size(width: 320, height: 435))
    }

    @Test func cellsOnScreenTakeTheSeedFrames() {
        let (collectionView, _) = makeCollection([12], layout: seedLayout())
        collectionView.layoutIfNeeded()
        let frames = collectionView.visibleCells.map(\.frame)
        #expect(frames == itemFrames(collectionView))
        #expect(collectionView.indexPathsForVisibleItems.count == 12)
    }

    @Test func fixedSpacingStartsAtTheLeftInset() {
        let layout = GridLayout(
            columns: 4, itemSize: Size(width: 60, height: 40), lineSpacing: 8, interitemSpacing: 4,
            sectionInsets: EdgeInsets(top: 10, left: 12, bottom: 6, right: 12))
        let (collectionView, _) = makeCollection([6], layout: layout)
        #expect(
            itemFrames(collectionView) == [
                Rect(x: 12, y: 10, width: 60, height: 40),
                Rect(x: 76, y: 10, width: 60, height: 40),
                Rect(x: 140, y: 10, width: 60, height: 40),
                Rect(x: 204, y: 10, width: 60, height: 40),
                Rect(x: 12, y: 58, width: 60, height: 40),
                Rect(x: 76, y: 58, width: 60, height: 40),
            ])
        #expect(layout.collectionViewContentSize.height == 10 + 40 + 8 + 40 + 6)
    }

    @Test func autoMarginUsesTheWidthInsideTheSectionInsets() {
        let layout = GridLayout(
            columns: 2, itemSize: Size(width: 100, height: 50),
            sectionInsets: EdgeInsets(top: 0, left: 20, bottom: 0, right: 0))
        let (collectionView, _) = makeCollection([2], layout: layout)
        // (320 - 20 - 200) / 3
        let margin = 100.0 / 3
        #expect(
            itemFrames(collectionView) == [
                Rect(x: 20 + margin, y: 0, width: 100, height: 50),
                Rect(x: 20 + margin + (100 + margin), y: 0, width: 100, height: 50),
            ])
    }

    @Test func sectionsStackWithHeadersAndFooters() {
        let layout = seedLayout()
        layout.headerHeight = 40
        layout.footerHeight = 20
        let (collectionView, _) = makeCollection([4, 2], layout: layout)
        let header1 = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: .sectionHeader, at: IndexPath(item: 0, section: 1))
        // Section 0: header 40, inset 30, two rows (90 + 15 + 90), footer 20.
        #expect(header1?.frame == Rect(x: 0, y: 40 + 30 + 195 + 20, width: 320, height: 40))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
                == Rect(x: 16.25, y: 285 + 40 + 30, width: 85, height: 90))
        let footer0 = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: .sectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer0?.frame == Rect(x: 0, y: 265, width: 320, height: 20))
    }

    @Test func badValuesAreClampedNotTrusted() {
        let layout = GridLayout(
            columns: 0, itemSize: Size(width: .nan, height: -5), lineSpacing: .infinity)
        let (collectionView, _) = makeCollection([3], layout: layout)
        let frames = itemFrames(collectionView)
        #expect(frames.count == 3)
        #expect(frames.allSatisfy { $0.origin.isFinite && $0.width == 0 && $0.height == 0 })
        #expect(layout.collectionViewContentSize.height.isFinite)
        layout.columns = 1_000_000_000
        layout.itemSize = Size(width: 10, height: 10)
        #expect(itemFrames(collectionView).map(\.minY) == [0, 0, 0])
    }

    @Test func queriesReturnOnlyTheRowsInTheRectangle() {
        let (collectionView, _) = makeCollection([1_000_000], layout: seedLayout())
        collectionView.collectionViewLayout.prepare()
        let rect = Rect(x: 0, y: 30 + 105 * 100_000, width: 320, height: 200)
        let items = collectionView.collectionViewLayout.layoutAttributesForElements(in: rect)
            .map(\.indexPath.item).sorted()
        // Rows 100000 and 100001 start in the rectangle; row 99999 ends 15 points above it.
        #expect(items == Array(300_000..<300_006))
        let narrow = Rect(x: 110, y: 30, width: 20, height: 10)
        let middle = collectionView.collectionViewLayout.layoutAttributesForElements(in: narrow)
        #expect(middle.map(\.indexPath.item) == [1])
    }
}
