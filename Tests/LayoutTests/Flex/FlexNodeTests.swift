import Testing
import TrellisGeometry
import TrellisLayout

/// Counts the calls a measure function receives.
final class CallCounter: @unchecked Sendable {
    var calls = 0
}

@Suite struct FlexNodeTests {
    static func fixed(width: Double, height: Double, grow: Double = 0) -> FlexNode {
        var style = FlexStyle()
        style.width = .points(width)
        style.height = .points(height)
        style.flexGrow = grow
        return FlexNode(style: style)
    }

    @Test func rowDistributesFreeSpaceAndGaps() throws {
        var style = FlexStyle()
        style.width = 200
        style.columnGap = 10
        style.padding = FlexEdges(all: 5)
        let root = FlexNode(style: style)
        try root.appendChild(Self.fixed(width: 20, height: 20))
        try root.appendChild(Self.fixed(width: 20, height: 10, grow: 1))
        try root.calculateLayout(availableWidth: 200, availableHeight: .maxContent)
        #expect(root.layout.frame == Rect(x: 0, y: 0, width: 200, height: 30))
        #expect(root.children[0].layout.frame == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(root.children[1].layout.frame == Rect(x: 35, y: 5, width: 160, height: 10))
    }

    /// A node made with its children at once lays out as one given them a child at a time,
    /// and the children know their parent.
    @Test func adoptedChildrenLayOutAsAppendedOnes() throws {
        var style = FlexStyle()
        style.width = 100
        style.flexWrap = .wrap
        style.columnGap = 4
        let widths: [Double] = [30, 50, 20, 40, 70]
        let appended = FlexNode(style: style)
        for width in widths {
            try appended.appendChild(Self.fixed(width: width, height: 10 + width / 10))
        }
        let adopting = FlexNode(
            styleStorage: FlexStyleStorage(style),
            adopting: widths.map { Self.fixed(width: $0, height: 10 + $0 / 10) })
        #expect(adopting.isDirty)
        #expect(adopting.children.allSatisfy { $0.parent === adopting })
        for root in [appended, adopting] {
            try root.calculateLayout(availableWidth: 100, availableHeight: .maxContent)
        }
        #expect(adopting.layout.frame == appended.layout.frame)
        #expect(adopting.children.map(\.layout.frame) == appended.children.map(\.layout.frame))
        #expect(adopting.children[2].layout.frame == Rect(x: 0, y: 15, width: 20, height: 12))
    }

    @Test func rootSizesToItsContentInDefiniteSpace() throws {
        let root = FlexNode()
        try root.appendChild(Self.fixed(width: 20, height: 20))
        try root.calculateLayout(availableWidth: 100, availableHeight: 100)
        #expect(root.layout.frame == Rect(x: 0, y: 0, width: 20, height: 20))
        try root.calculateLayout(availableWidth: 100, availableHeight: 100, direction: .rightToLeft)
        #expect(root.layout.frame == Rect(x: 80, y: 0, width: 20, height: 20))
    }

    @Test func rightToLeftMirrorsRows() throws {
        var style = FlexStyle()
        style.width = 100
        let root = FlexNode(style: style)
        try root.appendChild(Self.fixed(width: 20, height: 20))
        try root.calculateLayout(availableWidth: 100, availableHeight: 20, direction: .rightToLeft)
        #expect(root.children[0].layout.frame.minX == 80)
    }

    @Test func roundingKeepsNeighboursAdjacent() throws {
        var style = FlexStyle()
        style.width = 100
        let root = FlexNode(style: style)
        for _ in 0..<3 { try root.appendChild(Self.fixed(width: 0, height: 10, grow: 1)) }
        try root.calculateLayout()
        let frames = root.children.map(\.layout.frame)
        #expect(frames.map(\.width).reduce(0, +) == 100)
        #expect(frames[0].maxX == frames[1].minX && frames[1].maxX == frames[2].minX)
        try root.calculateLayout(rounding: .none)
        #expect(abs(root.children[0].layout.frame.width - 100.0 / 3) < 1e-9)
    }

    @Test func unchangedRelayoutMeasuresNothing() throws {
        let counter = CallCounter()
        var style = FlexStyle()
        style.flexDirection = .column
        style.width = 300
        let root = FlexNode(style: style)
        for index in 0..<50 {
            try root.appendChild(
                FlexNode(measure: { request in
                    counter.calls += 1
                    let width = min(request.knownWidth ?? 200, 200)
                    return Size(width: width, height: Double(10 + index % 3))
                }))
        }
        try root.calculateLayout()
        #expect(counter.calls > 0)
        #expect(counter.calls <= 2 * 50)
        counter.calls = 0
        try root.calculateLayout()
        #expect(counter.calls == 0)
        #expect(root.layout.frame.height == 50 * 11 - 1)
    }

    @Test func markingOneLeafDirtyRemeasuresOnlyThatLeaf() throws {
        let counters = (0..<10).map { _ in CallCounter() }
        let heights = CallCounter()
        heights.calls = 10
        var style = FlexStyle()
        style.flexDirection = .column
        style.width = 100
        let root = FlexNode(style: style)
        for counter in counters {
            try root.appendChild(
                FlexNode(measure: { _ in
                    counter.calls += 1
                    return Size(width: 50, height: Double(heights.calls))
                }))
        }
        try root.calculateLayout()
        #expect(root.layout.frame.height == 100)
        for counter in counters { counter.calls = 0 }
        heights.calls = 20
        root.children[3].markDirty()
        #expect(root.isDirty && root.children[3].isDirty && !root.children[4].isDirty)
        try root.calculateLayout()
        #expect(counters[3].calls > 0)
        #expect(counters.enumerated().allSatisfy { $0.offset == 3 || $0.element.calls == 0 })
        #expect(root.layout.frame.height == 110)
        #expect(root.children[4].layout.frame.minY == 50)
    }

    @Test func styleChangesMarkTheNodeAndItsAncestorsDirty() throws {
        let root = FlexNode()
        let child = Self.fixed(width: 10, height: 10)
        try root.appendChild(child)
        try root.calculateLayout()
        #expect(!root.isDirty && !child.isDirty)
        child.style.width = 30
        #expect(root.isDirty && child.isDirty)
        try root.calculateLayout()
        #expect(root.layout.frame.width == 30)
    }

    @Test func addingANodeToItselfOrADescendantIsAnError() throws {
        let root = FlexNode()
        let child = FlexNode()
        try root.appendChild(child)
        #expect(throws: FlexTreeError.self) { try child.appendChild(root) }
        #expect(throws: FlexTreeError.self) { try root.appendChild(root) }
        // A leaf skips the search of the ancestors, but is still never added to itself.
        let leaf = FlexNode()
        #expect(throws: FlexTreeError.self) { try leaf.appendChild(leaf) }
        #expect(leaf.children.isEmpty && leaf.parent == nil)
        #expect(throws: FlexTreeError.self) { try root.insertChild(FlexNode(), at: 5) }
        #expect(throws: FlexTreeError.self) { try root.removeChild(at: 1) }
        #expect(throws: FlexTreeError.self) { try root.setChildren([child, child]) }
        #expect(root.children.count == 1)
    }

    @Test func movingAChildDetachesItFromItsParent() throws {
        let first = FlexNode()
        let second = FlexNode()
        let child = FlexNode()
        try first.appendChild(child)
        try second.appendChild(child)
        #expect(first.children.isEmpty)
        #expect(second.children.count == 1 && child.parent === second)
        child.removeFromParent()
        #expect(second.children.isEmpty && child.parent == nil)
    }

    @Test(arguments: [
        FlexAvailableSpace.definite(.nan), .definite(.infinity), .definite(-1),
    ])
    func unusableAvailableSpaceIsAnError(space: FlexAvailableSpace) {
        #expect(throws: FlexLayoutError.self) {
            try FlexNode().calculateLayout(availableWidth: space)
        }
        #expect(throws: FlexLayoutError.self) {
            try FlexNode().calculateLayout(availableHeight: space)
        }
    }

    @Test func nonFiniteStylesAreErrorsThatNameTheNode() throws {
        let root = FlexNode()
        let child = FlexNode()
        try root.appendChild(FlexNode())
        try root.appendChild(child)
        child.style.width = .points(.nan)
        #expect {
            try root.calculateLayout()
        } throws: { error in
            "\(error)".hasPrefix("root.children[1].style.width:")
        }
        child.style.width = 10
        child.style.padding.left = .points(-3)
        #expect(throws: FlexLayoutError.self) { try root.calculateLayout() }
        child.style.padding.left = 0
        child.style.aspectRatio = 0
        #expect(throws: FlexLayoutError.self) { try root.calculateLayout() }
        child.style.aspectRatio = nil
        try root.calculateLayout()
        #expect(child.layout.frame.width == 10)
    }

    /// Nodes made from one stored style share it, yet each keeps value semantics: a style set on
    /// one is its own, and what layout reads from the stored style (percentages, validity)
    /// follows the style each node has.
    @Test func nodesSharingAStoredStyleStayIndependent() throws {
        var style = FlexStyle()
        style.width = .percent(50)
        style.height = 10
        let storage = FlexStyleStorage(style)
        let root = FlexNode(style: Self.fixed(width: 200, height: 100).style)
        let first = FlexNode(styleStorage: storage)
        let second = FlexNode(styleStorage: storage)
        try root.appendChild(first)
        try root.appendChild(second)
        try root.calculateLayout()
        #expect(first.layout.frame.size == Size(width: 100, height: 10))
        #expect(second.layout.frame.size == Size(width: 100, height: 10))

        second.style.width = .points(.nan)
        #expect(first.style.width == .percent(50))
        #expect(storage.style.width == .percent(50))
        #expect(throws: FlexLayoutError.self) { try root.calculateLayout() }
        second.style.width = 30
        try root.calculateLayout()
        #expect(first.layout.frame == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(second.layout.frame == Rect(x: 100, y: 0, width: 30, height: 10))
    }

    @Test func hugeValuesGiveFiniteOrInfiniteResultsWithoutHanging() throws {
        var style = FlexStyle()
        style.width = .points(1e300)
        let root = FlexNode(style: style)
        for _ in 0..<3 { try root.appendChild(Self.fixed(width: 1e300, height: 1e300, grow: 1)) }
        try root.calculateLayout(
            availableWidth: .definite(1e308), availableHeight: .maxContent, rounding: .none)
        #expect(root.layout.frame.width == 1e300)
        #expect(root.children.allSatisfy { !$0.layout.frame.width.isNaN })
    }

    @Test func nonFiniteMeasurementsCountAsZero() throws {
        var style = FlexStyle()
        style.alignItems = .flexStart
        let root = FlexNode(style: style)
        try root.appendChild(FlexNode(measure: { _ in Size(width: .nan, height: -5) }))
        try root.appendChild(FlexNode(measure: { _ in Size(width: .infinity, height: 10) }))
        try root.calculateLayout()
        #expect(root.children[0].layout.frame.size == .zero)
        #expect(root.children[1].layout.frame == Rect(x: 0, y: 0, width: 0, height: 10))
    }

    @Test func displayNoneTakesNoSpace() throws {
        let root = FlexNode()
        let hidden = Self.fixed(width: 50, height: 50)
        hidden.style.display = .none
        try root.appendChild(hidden)
        try root.appendChild(Self.fixed(width: 20, height: 20))
        try root.calculateLayout()
        #expect(hidden.layout.frame == .zero)
        #expect(root.children[1].layout.frame.minX == 0)
        #expect(root.layout.frame.size == Size(width: 20, height: 20))
    }

    @Test func absoluteChildrenArePlacedByTheirInsets() throws {
        var style = FlexStyle()
        style.width = 100
        style.height = 100
        let root = FlexNode(style: style)
        let child = Self.fixed(width: 10, height: 10)
        child.style.position = .absolute
        child.style.right = 5
        child.style.bottom = .percent(10)
        try root.appendChild(child)
        try root.calculateLayout()
        #expect(child.layout.frame == Rect(x: 85, y: 80, width: 10, height: 10))
    }
}

@Suite struct FlexDepthTests {
    static let allowed = 256

    static func chain(depth: Int) throws -> FlexNode {
        let root = FlexNode()
        var last = root
        for _ in 0..<depth {
            let child = FlexNode()
            try last.appendChild(child)
            last = child
        }
        last.style.width = 10
        last.style.height = 10
        return root
    }

    @Test func deepButAllowedTreesLayOut() throws {
        let root = try Self.chain(depth: FlexDepthTests.allowed)
        try root.calculateLayout()
        #expect(root.layout.frame.size == Size(width: 10, height: 10))
    }

    @Test func treesDeeperThanTheLimitAreAnError() throws {
        let root = try Self.chain(depth: 300)
        #expect {
            try root.calculateLayout()
        } throws: { error in
            "\(error)".contains("levels deep")
        }
    }
}

@Suite struct FlexBalanceTests {
    @Test func hugeBalancedContainersFinish() throws {
        var style = FlexStyle()
        style.flexWrap = .balance
        style.flexLineCount = 5000
        let root = FlexNode(style: style)
        for index in 0..<10_000 {
            var item = FlexStyle()
            item.width = .points(Double(10 + index % 7))
            item.height = 10
            try root.appendChild(FlexNode(style: item))
        }
        try root.calculateLayout(availableWidth: .maxContent, availableHeight: .maxContent)
        let lineTops = Set(root.children.map(\.layout.frame.minY))
        #expect(lineTops.count > 1)
        #expect(root.children.allSatisfy { $0.layout.frame.width >= 10 })
    }
}
