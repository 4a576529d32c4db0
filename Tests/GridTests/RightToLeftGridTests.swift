import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

/// Flow and grid layouts run from the right in a right-to-left window, as UIKit's flow layout
/// flips; a layout that does not flip keeps its frames.
@MainActor
@Suite struct RightToLeftGridTests {
    @Test func theFirstItemIsAtTheRight() {
        let (collectionView, _) = makeCollection([3], size: Size(width: 200, height: 300))
        let window = Window(size: Size(width: 200, height: 300), layoutDirection: .rightToLeft)
        window.addSubview(collectionView)
        collectionView.layoutIfNeeded()
        let first = collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        let last = collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))
        #expect((first?.frame.maxX ?? 0) > (last?.frame.maxX ?? 0))
        #expect(
            collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == first?.frame)
        // Mirrored across the width: the left-to-right frame's distance from the left edge is
        // this one's from the right edge.
        collectionView.semanticContentAttribute = .forceLeftToRight
        collectionView.layoutIfNeeded()
        let leftToRight = collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        #expect(
            abs((leftToRight?.frame.minX ?? -1) - (200 - (first?.frame.maxX ?? 0))) < 1e-9)
        #expect(
            collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.frame
                == leftToRight?.frame)
    }
}

/// A horizontally scrolling collection view in a right-to-left window starts at the right end,
/// where its first items are.
@MainActor
@Suite struct RightToLeftHorizontalScrollingTests {
    private func makeRow(
        _ direction: LayoutDirection, attribute: SemanticContentAttribute = .unspecified
    ) -> (Window, CollectionView) {
        let layout = FlowLayout(itemSize: Size(width: 50, height: 50), scrollDirection: .horizontal)
        let (collectionView, _) = makeCollection(
            [30], layout: layout, size: Size(width: 200, height: 50))
        collectionView.semanticContentAttribute = attribute
        let window = Window(size: Size(width: 200, height: 50), layoutDirection: direction)
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        return (window, collectionView)
    }

    @Test func theFirstItemIsShownAtTheRightEnd() throws {
        let (window, collectionView) = makeRow(.rightToLeft)
        defer { withExtendedLifetime(window) {} }
        let width = collectionView.contentSize.width
        #expect(width > 200)
        #expect(collectionView.contentOffset.x == width - 200)
        let first = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(collectionView.bounds.contains(first.frame))
        #expect(first.frame.maxX == width)
    }

    @Test func leftToRightAndForcedLeftToRightStartAtTheLeft() throws {
        for (window, collectionView) in [
            makeRow(.leftToRight), makeRow(.rightToLeft, attribute: .forceLeftToRight),
        ] {
            defer { withExtendedLifetime(window) {} }
            #expect(collectionView.contentOffset.x == 0)
            let first = try #require(
                collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
            #expect(first.frame.minX == 0)
        }
    }
}
