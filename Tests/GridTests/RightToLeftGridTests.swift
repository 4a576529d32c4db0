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
