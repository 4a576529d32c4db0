import Testing
import TrellisGeometry
import TrellisLayout

/// How items are sized, with the numbers Chromium gives for the same trees.
@Suite struct FlexItemSizingTests {
    @Test func aMaximumBoundsAContributionWithoutItsMargins() throws {
        // The wrapping row's automatic minimum is its largest outer min-content contribution:
        // the inner item's content (100) within its maximum width (80), plus its 2 × 10 pt
        // margins, 100 — the maximum does not bound the margins.
        var rootStyle = FlexStyle()
        rootStyle.width = 50
        rootStyle.height = 40
        let root = FlexNode(style: rootStyle)
        var wrapStyle = FlexStyle()
        wrapStyle.flexWrap = .wrap
        let wrapping = FlexNode(style: wrapStyle)
        var boundedStyle = FlexStyle()
        boundedStyle.maxWidth = 80
        boundedStyle.margin = FlexEdges(top: 0, right: 10, bottom: 0, left: 10)
        let bounded = FlexNode(style: boundedStyle)
        var contentStyle = FlexStyle()
        contentStyle.width = 100
        contentStyle.height = 10
        try bounded.appendChild(FlexNode(style: contentStyle))
        try wrapping.appendChild(bounded)
        try root.appendChild(wrapping)
        try root.calculateLayout()
        #expect(wrapping.layout.frame.width == 100)
        #expect(bounded.layout.frame.width == 80)
    }
}
