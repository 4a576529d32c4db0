/// Whether a node takes part in layout (`display`).
public enum FlexDisplay: String, Sendable, Hashable, CaseIterable {
    /// The node is a flex container (or a leaf) and takes part in layout.
    case flex
    /// The node and its descendants take no space and are laid out at zero size.
    case none
}

/// How a node is positioned (`position`).
public enum FlexPosition: String, Sendable, Hashable, CaseIterable {
    /// In the flow of its flex line, offset by its insets after layout.
    case relative
    /// Out of flow, placed by its insets against the parent's padding box.
    case absolute
}

/// The main axis and its direction (`flex-direction`).
public enum FlexDirection: String, Sendable, Hashable, CaseIterable {
    /// Horizontal, in the inline direction (left to right unless right-to-left).
    case row
    /// Horizontal, against the inline direction.
    case rowReverse = "row-reverse"
    /// Vertical, top to bottom.
    case column
    /// Vertical, bottom to top.
    case columnReverse = "column-reverse"

    /// Whether the main axis is horizontal.
    public var isRow: Bool { self == .row || self == .rowReverse }

    /// Whether items run against the axis' natural direction.
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// Whether items wrap onto several lines (`flex-wrap`).
public enum FlexWrap: String, Sendable, Hashable, CaseIterable {
    /// A single line; items shrink or overflow.
    case noWrap = "nowrap"
    /// Several lines, stacked in the cross direction.
    case wrap
    /// Several lines, stacked against the cross direction.
    case wrapReverse = "wrap-reverse"
    /// Several lines with the items balanced between them (`balance`, CSS Flexbox level 2).
    case balance
    /// Balanced lines stacked against the cross direction (`wrap-reverse balance`).
    case balanceReverse = "wrap-reverse balance"

    /// Whether the container may have more than one line.
    var isMultiLine: Bool { self != .noWrap }

    /// Whether lines stack against the cross direction.
    var isReverse: Bool { self == .wrapReverse || self == .balanceReverse }

    /// Whether items are balanced between lines.
    var isBalance: Bool { self == .balance || self == .balanceReverse }
}

/// How the width and height of a node are measured (`box-sizing`).
public enum FlexBoxSizing: String, Sendable, Hashable, CaseIterable {
    /// Sizes include padding and border (the default here, as in most UI toolkits).
    case borderBox = "border-box"
    /// Sizes exclude padding and border, as CSS's initial value.
    case contentBox = "content-box"
}

/// What happens to content that overflows a node (`overflow-x`, `overflow-y`).
///
/// Layout only distinguishes scroll containers (any value but ``visible``), whose automatic
/// minimum size is zero, and ``scroll``, which reserves space for a scrollbar of
/// ``FlexStyle/scrollbarWidth``.
public enum FlexOverflow: String, Sendable, Hashable, CaseIterable {
    /// Content may overflow and contributes to the node's minimum size.
    case visible
    /// Content is clipped; the node is not a scroll container.
    case clip
    /// Content is clipped and can be scrolled programmatically.
    case hidden
    /// Content scrolls, and a scrollbar gutter is reserved.
    case scroll

    /// Whether this value makes the node a scroll container.
    var isScrollContainer: Bool { self == .hidden || self == .scroll }
}

/// How a flex container of automatic main size is sized from its items (`intrinsicSizing`, a
/// Trellis property; see docs/FLEX-CONFORMANCE.md).
public enum FlexIntrinsicSizing: String, Sendable, Hashable, CaseIterable {
    /// As browsers do: a row of automatic width takes the sum (or, at min-content when it
    /// wraps, the largest) of its items' min- or max-content contributions, and its fit-content
    /// width when it does not stretch; a column of automatic height is as tall as its longest
    /// line of hypothetical main sizes and wraps only against its maximum height.
    case browser
    /// As CSS Flexible Box Layout §9.9.1 specifies: the container's min- and max-content main
    /// sizes come from its items' flex base sizes, flex factors and contributions, in both
    /// directions; a container laid out in definite space is its longest line of flex base
    /// sizes, or all of that space when it wraps onto several lines.
    case specification = "spec"
}
