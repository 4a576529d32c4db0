public import TrellisGeometry

/// The axis and order of a stack: the four directions of an image-and-title button.
public enum StackDirection: String, Sendable, Hashable, CaseIterable {
    /// Horizontal, from the leading edge (left in left-to-right layouts).
    case row
    /// Horizontal, from the trailing edge.
    case rowReverse
    /// Vertical, from the top.
    case column
    /// Vertical, from the bottom.
    case columnReverse

    /// Whether items are laid out horizontally.
    public var isHorizontal: Bool { self == .row || self == .rowReverse }
}

/// The axis of a stack, as `UIStackView` names it.
public enum StackAxis: String, Sendable, Hashable, CaseIterable {
    /// Items side by side.
    case horizontal
    /// Items one above the other.
    case vertical
}

/// How a stack sizes and spaces its items along its axis (`UIStackView.Distribution`).
public enum StackDistribution: String, Sendable, Hashable, CaseIterable {
    /// Items keep their intrinsic sizes; extra space goes to the item with the lowest hugging
    /// priority, a shortfall is taken from the item with the lowest compression resistance
    /// (the first such item on ties).
    case fill
    /// Every item gets the same size, filling the axis.
    case fillEqually
    /// Items are sized in proportion to their intrinsic sizes, filling the axis.
    case fillProportionally
    /// Items keep their intrinsic sizes and the space between them is equal, at least
    /// ``StackLayout/spacing``.
    case equalSpacing
    /// Items keep their intrinsic sizes and their centres are equally far apart, with at least
    /// ``StackLayout/spacing`` between neighbours (equal spacing when that cannot hold).
    case equalCentering
}

/// How a stack places its items across its axis (`UIStackView.Alignment`).
public enum StackAlignment: String, Sendable, Hashable, CaseIterable {
    /// Items are stretched to the stack's cross size.
    case fill
    /// At the leading edge (vertical stacks) or the top (horizontal stacks).
    case leading
    /// The top edge; the same as ``leading`` in a horizontal stack.
    case top
    /// Items' first baselines coincide (horizontal stacks; leading in vertical ones).
    case firstBaseline
    /// Centred across the axis.
    case center
    /// At the trailing edge (vertical stacks) or the bottom (horizontal stacks).
    case trailing
    /// The bottom edge; the same as ``trailing`` in a horizontal stack.
    case bottom
    /// Items' last baselines coincide (horizontal stacks; trailing in vertical ones).
    case lastBaseline
}

/// One arranged item of a stack: its intrinsic size, visibility, priorities and baselines.
public struct StackItem: Sendable, Hashable {
    /// The size the item wants; a negative component means no intrinsic size (zero).
    public var intrinsicSize: Size
    /// Hidden items take no space and no spacing, as in `UIStackView`.
    public var isHidden: Bool
    /// Resistance to growing beyond the intrinsic size along the stack's axis (default 250).
    public var huggingPriority: Double
    /// Resistance to shrinking below the intrinsic size along the stack's axis (default 750).
    public var compressionResistance: Double
    /// The distance from the top to the first baseline; `nil` uses the bottom edge.
    public var firstBaseline: Double?
    /// The distance from the top to the last baseline; `nil` uses the first baseline.
    public var lastBaseline: Double?

    /// Creates an item.
    public init(
        intrinsicSize: Size, isHidden: Bool = false, huggingPriority: Double = 250,
        compressionResistance: Double = 750, firstBaseline: Double? = nil,
        lastBaseline: Double? = nil
    ) {
        self.intrinsicSize = intrinsicSize
        self.isHidden = isHidden
        self.huggingPriority = huggingPriority
        self.compressionResistance = compressionResistance
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}
