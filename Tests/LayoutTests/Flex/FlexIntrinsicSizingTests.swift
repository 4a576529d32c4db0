import Testing
import TrellisGeometry
import TrellisLayout

/// `FlexStyle.intrinsicSizing`: the automatic main size of a container as browsers find it
/// (the default) or as CSS Flexible Box Layout §9.9.1 specifies.
@Suite struct FlexIntrinsicSizingTests {
    /// A column of automatic height holding two growing items of zero basis, the first with
    /// 100 pt of content.
    static func column(_ sizing: FlexIntrinsicSizing) throws -> FlexNode {
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .column
        rootStyle.width = 100
        rootStyle.intrinsicSizing = sizing
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexGrow = 1
        itemStyle.flexBasis = 0
        let tall = FlexNode(style: itemStyle)
        var contentStyle = FlexStyle()
        contentStyle.height = 100
        try tall.appendChild(FlexNode(style: contentStyle))
        try root.appendChild(tall)
        try root.appendChild(FlexNode(style: itemStyle))
        try root.calculateLayout(availableWidth: 100, availableHeight: .maxContent)
        return root
    }

    /// A row of automatic width in 500 pt of space, holding an item of 50 pt basis whose
    /// content is 100 pt wide.
    static func row(_ sizing: FlexIntrinsicSizing) throws -> FlexNode {
        var rootStyle = FlexStyle()
        rootStyle.intrinsicSizing = sizing
        let root = FlexNode(style: rootStyle)
        var itemStyle = FlexStyle()
        itemStyle.flexBasis = 50
        let item = FlexNode(style: itemStyle)
        var contentStyle = FlexStyle()
        contentStyle.width = 100
        contentStyle.height = 10
        try item.appendChild(FlexNode(style: contentStyle))
        try root.appendChild(item)
        try root.calculateLayout(availableWidth: 500, availableHeight: .maxContent)
        return root
    }

    @Test func browserColumnsAreTheirLongestLineOfHypotheticalSizes() throws {
        // The first item's hypothetical height is its automatic minimum, 100; the second's 0.
        let root = try Self.column(.browser)
        #expect(root.layout.frame.height == 100)
        #expect(root.children[0].layout.frame.height == 100)
        #expect(root.children[1].layout.frame.height == 0)
    }

    @Test func specificationColumnsShareTheLargestFlexFraction() throws {
        // §9.9.1: the first item needs a flex fraction of 100 to reach its contribution; each
        // item gets 1 × 100 on top of its zero basis.
        let root = try Self.column(.specification)
        #expect(root.layout.frame.height == 200)
        #expect(root.children[0].layout.frame.height == 100)
        #expect(root.children[1].layout.frame.height == 100)
    }

    @Test func browserRowsTakeTheirFitContentWidth() throws {
        // The item's contribution is its basis raised to its automatic minimum (the content's
        // 100); min(max-content, max(min-content, 500)) is 100.
        let root = try Self.row(.browser)
        #expect(root.layout.frame.width == 100)
        #expect(root.children[0].layout.frame.width == 100)
    }

    @Test func specificationRowsTakeTheirLongestLineOfFlexBaseSizes() throws {
        let root = try Self.row(.specification)
        #expect(root.layout.frame.width == 50)
        // The item does not shrink below its automatic minimum, and overflows.
        #expect(root.children[0].layout.frame.width == 100)
    }

    @Test func theSceneKeyNamesEitherMode() throws {
        var style = FlexStyle()
        #expect(style.intrinsicSizing == .browser)
        try style.set("intrinsicSizing", to: "spec")
        #expect(style.intrinsicSizing == .specification)
        try style.set("intrinsic-sizing", to: "browser")
        #expect(style.intrinsicSizing == .browser)
        #expect(throws: FlexStyleError.self) { try style.set("intrinsicSizing", to: "css") }
    }
}
