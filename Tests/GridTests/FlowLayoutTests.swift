import Testing
import TrellisGeometry
import TrellisGrid
import TrellisViews

/// A delegate with per-section insets and spacing.
@MainActor
private final class SectionSpacing: CollectionViewDelegateFlowLayout {
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout, insetForSectionAt section: Int
    ) -> EdgeInsets {
        section == 0 ? .zero : EdgeInsets(all: 20)
    }
    func collectionView(
        _ collectionView: CollectionView, layout: FlowLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        section == 0 ? 10 : 0
    }
}

@MainActor
@Suite struct FlowLayoutTests {
    private func sized(_ sizes: [Size], width: Double = 200) -> (CollectionView, EventLog) {
        let log = EventLog()
        log.sizes = { sizes[$0.item] }
        let (collectionView, _) = makeCollection(
            [sizes.count], size: Size(width: width, height: 480))
        collectionView.delegate = log
        (collectionView as? HoldingCollectionView)?.heldDelegate = log
        return (collectionView, log)
    }

    @Test func defaultsAreUIKits() {
        let layout = FlowLayout()
        #expect(layout.itemSize == Size(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.headerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical)
    }

    @Test func fullLinesAreJustifiedAndTheLastKeepsTheColumns() throws {
        let (collectionView, _) = makeCollection([12])
        let frames = itemFrames(collectionView)
        // Five 50-point items fit in 320 with 10 between; the 70 left over spreads to 17.5.
        #expect(frames.prefix(5).map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(frames.map(\.minY) == [0, 0, 0, 0, 0, 60, 60, 60, 60, 60, 120, 120])
        try #require(frames.count > 11)
        #expect(frames[10].minX == 0)
        #expect(frames[11].minX == 67.5)
        #expect(
            collectionView.collectionViewLayout.collectionViewContentSize
                == Size(width: 320, height: 170))
    }

    @Test func itemsWithSizesOfTheirOwnFillLinesGreedily() {
        let widths = [60.0, 50, 70, 40, 30, 100, 20]
        let heights = [20.0, 30, 20, 40, 10, 20, 30]
        let (collectionView, _) = sized(zip(widths, heights).map { Size(width: $0, height: $1) })
        #expect(
            itemFrames(collectionView) == [
                // Line 0: 60 + 50 + 70 = 180, 10 between; items centred in its 30-point height.
                Rect(x: 0, y: 5, width: 60, height: 20), Rect(x: 70, y: 0, width: 50, height: 30),
                Rect(x: 130, y: 5, width: 70, height: 20),
                // Line 1 at 40: 40 + 30 + 100 = 170, so 15 between.
                Rect(x: 0, y: 40, width: 40, height: 40), Rect(x: 55, y: 55, width: 30, height: 10),
                Rect(x: 100, y: 50, width: 100, height: 20),
                // The last line is not justified, even for one item.
                Rect(x: 0, y: 90, width: 20, height: 30),
            ])
        #expect(collectionView.collectionViewLayout.collectionViewContentSize.height == 120)
    }

    @Test func aLineWithOneItemCentresItUnlessItIsTheLast() {
        let (collectionView, _) = sized([
            Size(width: 150, height: 20), Size(width: 120, height: 20), Size(width: 30, height: 20),
        ])
        #expect(
            itemFrames(collectionView) == [
                Rect(x: 25, y: 0, width: 150, height: 20),
                Rect(x: 0, y: 30, width: 120, height: 20),
                Rect(x: 130, y: 30, width: 30, height: 20),
            ])
        let layout = FlowLayout(itemSize: Size(width: 250, height: 40))
        let (uniform, _) = makeCollection([2], layout: layout)
        #expect(itemFrames(uniform).map(\.minX) == [35, 35])
    }

    @Test func aSectionsOnlyItemIsCentred() {
        let (uniform, _) = makeCollection([1, 2])
        #expect(itemFrames(uniform).map(\.minX) == [135])
        #expect(itemFrames(uniform, section: 1).map(\.minX) == [0, 67.5])
        let (sized, _) = sized([Size(width: 80, height: 20)])
        #expect(itemFrames(sized) == [Rect(x: 60, y: 0, width: 80, height: 20)])
    }

    @Test func theLastLineWithMixedSizesUsesTheMinimumSpacing() {
        let sizes =
            Array(repeating: Size(width: 50, height: 50), count: 6) + [Size(width: 40, height: 50)]
        let (collectionView, _) = sized(sizes, width: 320)
        let frames = itemFrames(collectionView)
        #expect(frames.prefix(5).map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(frames.dropFirst(5).prefix(2).map(\.minX) == [0, 60])
    }

    @Test func equalSizesFromTheDelegateLayOutAsAnItemSize() {
        let (uniform, _) = makeCollection([23])
        let (delegated, log) = sized(
            Array(repeating: Size(width: 50, height: 50), count: 23), width: 320)
        #expect(itemFrames(delegated) == itemFrames(uniform))
        #expect(log.sizeRequests == 23)
    }

    @Test func headersAndFootersBracketEachSection() {
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.footerReferenceSize = Size(width: 0, height: 25)
        layout.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        let (collectionView, _) = makeCollection([3, 2], layout: layout)
        let all = allAttributes(collectionView)
        let headers = all.filter { $0.representedElementKind == .sectionHeader }.map(\.frame)
        let footers = all.filter { $0.representedElementKind == .sectionFooter }.map(\.frame)
        #expect(
            headers == [
                Rect(x: 0, y: 0, width: 320, height: 40),
                Rect(x: 0, y: 135, width: 320, height: 40),
            ])
        #expect(
            footers == [
                Rect(x: 0, y: 110, width: 320, height: 25),
                Rect(x: 0, y: 245, width: 320, height: 25),
            ])
        #expect(itemFrames(collectionView).map(\.minX) == [5, 70, 135])
        #expect(itemFrames(collectionView, section: 1).map(\.minY) == [185, 185])
        #expect(layout.collectionViewContentSize.height == 270)
        layout.headerReferenceSize = .zero
        #expect(
            allAttributes(collectionView).filter { $0.representedElementKind == .sectionHeader }
                .isEmpty)
    }

    @Test func horizontalScrollingFillsColumnsAndStacksThemRightwards() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        let (collectionView, _) = makeCollection(
            [7], layout: layout, size: Size(width: 320, height: 200))
        let frames = itemFrames(collectionView)
        #expect(frames.map(\.minY) == [0, 75, 150, 0, 75, 150, 0])
        #expect(frames.map(\.minX) == [0, 0, 0, 60, 60, 60, 120])
        #expect(layout.collectionViewContentSize == Size(width: 170, height: 200))
    }

    @Test func delegateSpacingAppliesPerSection() {
        let (collectionView, _) = makeCollection([6, 6])
        let spacing = SectionSpacing()
        collectionView.delegate = spacing
        #expect(itemFrames(collectionView).map(\.minY) == [0, 0, 0, 0, 0, 60])
        // Section 1 starts at 110, inset by 20 on each side: 280 wide, four items a line.
        let second = itemFrames(collectionView, section: 1)
        #expect(second.map(\.minY) == [130, 130, 130, 130, 180, 180])
        let pitch = 50 + 80.0 / 3
        #expect(second.map(\.minX) == [0, 1, 2, 3, 0, 1].map { 20 + Double($0) * pitch })
    }

    @Test func rectangleQueriesMatchAScanOfEveryItem() {
        var seed: UInt64 = 42
        func random(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53)
                * (range.upperBound - range.lowerBound)
        }
        let counts = [120, 0, 300, 45]
        let sizes = counts.map { count in
            (0..<count).map { _ in
                Size(width: random(10...140).rounded(), height: random(5...80).rounded())
            }
        }
        let log = EventLog()
        log.sizes = { sizes[$0.section][$0.item] }
        let layout = FlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 30)
        layout.footerReferenceSize = Size(width: 0, height: 12)
        layout.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        let (collectionView, _) = makeCollection(counts, layout: layout)
        collectionView.delegate = log
        let everything = allAttributes(collectionView)
        #expect(everything.filter(\.isCell).count == counts.reduce(0, +))
        let height = layout.collectionViewContentSize.height
        for _ in 0..<200 {
            let rect = Rect(
                x: random(-20...320), y: random(-50...height), width: random(1...200),
                height: random(1...600))
            let expected = Set(everything.filter { $0.frame.intersects(rect) })
            let found = layout.layoutAttributesForElements(in: rect)
            #expect(Set(found) == expected)
            #expect(found.count == expected.count)
        }
    }

    @Test func absurdSizesAreClampedToFiniteFrames() {
        let (collectionView, _) = sized([
            Size(width: .nan, height: 10), Size(width: .infinity, height: 1e300),
            Size(width: -40, height: -3), Size(width: 30, height: 30),
        ])
        let frames = itemFrames(collectionView)
        #expect(frames.count == 4)
        #expect(frames.allSatisfy { $0.origin.isFinite && $0.size.isFinite && $0.width >= 0 })
        #expect(collectionView.collectionViewLayout.collectionViewContentSize.height.isFinite)
        #expect(
            collectionView.collectionViewLayout.layoutAttributesForElements(
                in: Rect(x: .nan, y: 0, width: 10, height: 10)
            ).isEmpty)
    }
}
