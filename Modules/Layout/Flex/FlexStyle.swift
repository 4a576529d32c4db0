public import TrellisGeometry

/// The CSS flexbox properties of one node: how it is sized and placed in its parent, and how it
/// lays out its own children.
///
/// Defaults are CSS's, except `box-sizing`, which is `border-box`. Lengths are points,
/// percentages or `auto` (see ``FlexLength``).
///
/// ```swift
/// var row = FlexStyle()
/// row.flexDirection = .row
/// row.columnGap = 8
/// row.padding = FlexEdges(all: 10)
/// row.alignItems = .center
///
/// var title = FlexStyle()
/// title.flexGrow = 1
/// title.minWidth = 0
/// ```
public struct FlexStyle: Sendable, Hashable {
    /// Whether the node takes part in layout (`display`).
    public var display: FlexDisplay = .flex
    /// In flow or absolutely positioned (`position`).
    public var position: FlexPosition = .relative
    /// The inline direction of this node and, unless they set their own, its descendants;
    /// `nil` inherits the parent's (or, at the root, the direction given to the layout call).
    public var direction: LayoutDirection?
    /// Whether sizes include padding and border (`box-sizing`).
    public var boxSizing: FlexBoxSizing = .borderBox
    /// Horizontal overflow (`overflow-x`).
    public var overflowX: FlexOverflow = .visible
    /// Vertical overflow (`overflow-y`).
    public var overflowY: FlexOverflow = .visible
    /// The thickness reserved for a scrollbar when overflow is ``FlexOverflow/scroll``.
    public var scrollbarWidth: Double = 0

    /// The left inset (`left`): an offset for relative nodes, a placement for absolute ones.
    public var left: FlexLength = .auto
    /// The top inset (`top`).
    public var top: FlexLength = .auto
    /// The right inset (`right`).
    public var right: FlexLength = .auto
    /// The bottom inset (`bottom`).
    public var bottom: FlexLength = .auto

    /// The main axis (`flex-direction`).
    public var flexDirection: FlexDirection = .row
    /// Single- or multi-line (`flex-wrap`).
    public var flexWrap: FlexWrap = .noWrap
    /// The least number of lines a multi-line container breaks its items into
    /// (`flex-line-count`, CSS Flexbox level 2); at least 1.
    public var flexLineCount: Int = 1
    /// Main-axis alignment of the items in each line (`justify-content`).
    public var justifyContent: FlexContentAlignment = .flexStart
    /// Cross-axis alignment of the lines of a multi-line container (`align-content`).
    public var alignContent: FlexContentAlignment = .stretch
    /// Default cross-axis alignment of the items (`align-items`).
    public var alignItems: FlexItemAlignment = .stretch
    /// This item's cross-axis alignment; `nil` uses the parent's ``alignItems`` (`align-self`).
    public var alignSelf: FlexItemAlignment?

    /// How the container's main size is found when it is automatic: as browsers do (the
    /// default) or as CSS Flexible Box Layout §9.9.1 specifies (`intrinsicSizing`).
    public var intrinsicSizing: FlexIntrinsicSizing = .browser

    /// How much of the free space the item takes when its line grows (`flex-grow`).
    public var flexGrow: Double = 0
    /// How much the item gives up when its line shrinks (`flex-shrink`).
    public var flexShrink: Double = 1
    /// The item's size before flexing (`flex-basis`); `auto` uses the main size.
    public var flexBasis: FlexLength = .auto

    /// The preferred width (`width`).
    public var width: FlexLength = .auto
    /// The preferred height (`height`).
    public var height: FlexLength = .auto
    /// The minimum width (`min-width`); `auto` is the automatic minimum of flex items.
    public var minWidth: FlexLength = .auto
    /// The minimum height (`min-height`).
    public var minHeight: FlexLength = .auto
    /// The maximum width (`max-width`); `auto` means none.
    public var maxWidth: FlexLength = .auto
    /// The maximum height (`max-height`); `auto` means none.
    public var maxHeight: FlexLength = .auto
    /// The preferred width divided by the height (`aspect-ratio`); positive, or `nil` for none.
    public var aspectRatio: Double?

    /// The space between lines of a multi-line row container, or between the items of a
    /// column (`row-gap`).
    public var rowGap: FlexLength = .zero
    /// The space between items of a row, or between the lines of a wrapping column
    /// (`column-gap`).
    public var columnGap: FlexLength = .zero

    /// The outer space around the box (`margin`); `auto` margins absorb free space.
    public var margin: FlexEdges = .zero
    /// The inner space between the border and the content (`padding`).
    public var padding: FlexEdges = .zero
    /// The border widths (`border`).
    public var border: FlexEdges = .zero

    /// Creates a style with CSS's defaults (and `border-box` sizing).
    public init() {}

    /// Both gaps at once (`gap`); reading returns ``rowGap``.
    public var gap: FlexLength {
        get { rowGap }
        set {
            rowGap = newValue
            columnGap = newValue
        }
    }

    /// The four insets in CSS order, as edges.
    var inset: FlexEdges {
        FlexEdges(top: top, right: right, bottom: bottom, left: left)
    }

    /// Whether any size property constrains the node (results then depend on whether its parent
    /// has applied them already).
    var hasSizeConstraints: Bool {
        width != .auto || height != .auto || minWidth != .auto || minHeight != .auto
            || maxWidth != .auto
            || maxHeight != .auto || aspectRatio != nil
    }

    /// Whether a box property or a minimum or maximum size is a percentage, so that the node's
    /// results depend on the size its parent passes for percentages.
    var hasPercentageBoxOrLimits: Bool { percentageBoxOrLimits(nonzeroOnly: false) }

    /// Whether a box property or a minimum or maximum size is a percentage other than zero, so
    /// that the node's results change with the size its parent passes for percentages.
    var hasNonzeroPercentageBoxOrLimits: Bool { percentageBoxOrLimits(nonzeroOnly: true) }

    private func percentageBoxOrLimits(nonzeroOnly: Bool) -> Bool {
        func isPercent(_ length: FlexLength) -> Bool {
            if case .percent(let value) = length { return !nonzeroOnly || value != 0 }
            return false
        }
        func isPercent(_ edges: FlexEdges) -> Bool {
            isPercent(edges.top) || isPercent(edges.right) || isPercent(edges.bottom)
                || isPercent(edges.left)
        }
        return isPercent(margin) || isPercent(padding) || isPercent(border)
            || isPercent(minWidth) || isPercent(minHeight) || isPercent(maxWidth)
            || isPercent(maxHeight)
    }

    /// Whether either axis makes this node a scroll container.
    var isScrollContainer: Bool { overflowX.isScrollContainer || overflowY.isScrollContainer }
}
