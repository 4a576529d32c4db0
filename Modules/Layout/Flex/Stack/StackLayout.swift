public import TrellisGeometry

/// A stack in `UIStackView`'s terms, laid out by the flexbox engine: items along an axis with
/// spacing, layout margins, an alignment and a distribution.
///
/// ```swift
/// var stack = StackLayout(direction: .row, spacing: 10)
/// stack.layoutMargins = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
/// stack.alignment = .center
/// let items = [StackItem(intrinsicSize: Size(width: 20, height: 20)),
///              StackItem(intrinsicSize: Size(width: 96, height: 17))]
/// let size = try stack.fittingSize(for: items)               // 136×40
/// let frames = try stack.frames(for: items, in: size)        // (5, 10, 20, 20), (35, 11.5, 96, 17)
/// ```
public struct StackLayout: Sendable, Hashable {
    private enum Margins: Sendable, Hashable {
        case absolute(EdgeInsets)
        case directional(DirectionalEdgeInsets)
    }

    /// The axis and order of the items.
    public var direction: StackDirection
    /// The space between adjacent visible items (the minimum for the spacing distributions).
    public var spacing: Double
    /// Cross-axis placement of the items.
    public var alignment: StackAlignment
    /// Main-axis sizing and spacing of the items.
    public var distribution: StackDistribution
    private var margins: Margins = .absolute(.zero)

    /// Creates a stack.
    public init(
        direction: StackDirection = .row, spacing: Double = 0, alignment: StackAlignment = .fill,
        distribution: StackDistribution = .fill
    ) {
        self.direction = direction
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
    }

    /// The axis; setting it keeps whether the order is reversed.
    public var axis: StackAxis {
        get { direction.isHorizontal ? .horizontal : .vertical }
        set {
            let reversed = direction == .rowReverse || direction == .columnReverse
            switch newValue {
            case .horizontal: direction = reversed ? .rowReverse : .row
            case .vertical: direction = reversed ? .columnReverse : .column
            }
        }
    }

    /// Insets from the stack's edges to its items, with fixed left and right edges.
    public var layoutMargins: EdgeInsets {
        get {
            switch margins {
            case .absolute(let insets): insets
            case .directional(let insets): insets.resolved(for: .leftToRight)
            }
        }
        set { margins = .absolute(newValue) }
    }

    /// Insets from the stack's edges to its items, with leading and trailing edges that follow
    /// the layout direction.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            switch margins {
            case .directional(let insets): insets
            case .absolute(let insets):
                DirectionalEdgeInsets(
                    top: insets.top, leading: insets.left, bottom: insets.bottom,
                    trailing: insets.right)
            }
        }
        set { margins = .directional(newValue) }
    }

    /// The margins for a layout direction.
    func resolvedMargins(_ layoutDirection: LayoutDirection) -> EdgeInsets {
        switch margins {
        case .absolute(let insets): insets
        case .directional(let insets): insets.resolved(for: layoutDirection)
        }
    }

    /// The smallest size that holds the items at their intrinsic sizes, with spacing and margins.
    ///
    /// - Parameters:
    ///   - items: The arranged items.
    ///   - layoutDirection: The direction leading and trailing margins resolve against.
    /// - Returns: The fitting size.
    /// - Throws: ``FlexLayoutError`` if a size, the spacing or a margin is not finite.
    /// - Complexity: O(n).
    public func fittingSize(for items: [StackItem], layoutDirection: LayoutDirection = .leftToRight)
        throws -> Size
    {
        let root = try makeTree(items, size: nil, layoutDirection: layoutDirection)
        try root.calculateLayout(direction: layoutDirection, rounding: .none)
        return root.layout.frame.size
    }

    /// The frames of the items in a stack of a given size, in the stack's coordinates.
    ///
    /// Hidden items get an empty frame at the top-left corner of the margins.
    ///
    /// - Parameters:
    ///   - items: The arranged items.
    ///   - size: The stack's size.
    ///   - layoutDirection: Right to left reverses horizontal stacks, as in UIKit.
    /// - Returns: One frame per item, in order.
    /// - Throws: ``FlexLayoutError`` if a size, the spacing or a margin is not finite or is
    ///   negative.
    /// - Complexity: O(n).
    public func frames(
        for items: [StackItem], in size: Size, layoutDirection: LayoutDirection = .leftToRight
    )
        throws -> [Rect]
    {
        let root = try makeTree(items, size: size, layoutDirection: layoutDirection)
        try root.calculateLayout(
            availableWidth: .definite(size.width), availableHeight: .definite(size.height),
            direction: layoutDirection,
            rounding: .none)
        var frames = root.children.map(\.layout.frame)
        if distribution == .equalCentering {
            applyEqualCentering(&frames, items: items, size: size, layoutDirection: layoutDirection)
        }
        let margins = resolvedMargins(layoutDirection)
        for index in items.indices where items[index].isHidden {
            frames[index] = Rect(x: margins.left, y: margins.top, width: 0, height: 0)
        }
        return frames
    }
}
