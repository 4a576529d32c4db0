/// The alignment of content along an axis: `justify-content` on the main axis and
/// `align-content` for the lines on the cross axis.
///
/// ```swift
/// style.justifyContent = .spaceBetween
/// style.alignContent = .safe(.end)  // `safe end`: start instead when lines overflow
/// ```
public struct FlexContentAlignment: Sendable, Hashable {
    /// The alignment keywords.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// Packed at the main-start or cross-start edge of the flex container.
        case flexStart = "flex-start"
        /// Packed at the main-end or cross-end edge.
        case flexEnd = "flex-end"
        /// Packed at the start edge in the writing direction.
        case start
        /// Packed at the end edge in the writing direction.
        case end
        /// Centred.
        case center
        /// First and last at the edges, equal space between.
        case spaceBetween = "space-between"
        /// Equal space around each, half-size space at the edges.
        case spaceAround = "space-around"
        /// Equal space between and at the edges.
        case spaceEvenly = "space-evenly"
        /// Lines grow to fill the container (`align-content` only; `flex-start` otherwise).
        case stretch
    }

    /// The alignment keyword.
    public var position: Position
    /// Whether the alignment is `safe`: when the content overflows, it is aligned at the start
    /// instead, so that nothing overflows the start edge.
    public var isSafe: Bool

    /// Creates an alignment from a keyword and whether it is safe.
    public init(_ position: Position, isSafe: Bool = false) {
        self.position = position
        self.isSafe = isSafe
    }

    /// Returns the `safe` form of an alignment keyword.
    public static func safe(_ position: Position) -> FlexContentAlignment {
        FlexContentAlignment(position, isSafe: true)
    }

    /// `flex-start`.
    public static let flexStart = FlexContentAlignment(.flexStart)
    /// `flex-end`.
    public static let flexEnd = FlexContentAlignment(.flexEnd)
    /// `start`.
    public static let start = FlexContentAlignment(.start)
    /// `end`.
    public static let end = FlexContentAlignment(.end)
    /// `center`.
    public static let center = FlexContentAlignment(.center)
    /// `space-between`.
    public static let spaceBetween = FlexContentAlignment(.spaceBetween)
    /// `space-around`.
    public static let spaceAround = FlexContentAlignment(.spaceAround)
    /// `space-evenly`.
    public static let spaceEvenly = FlexContentAlignment(.spaceEvenly)
    /// `stretch`.
    public static let stretch = FlexContentAlignment(.stretch)
}

/// The alignment of an item across its flex line: `align-items` on the container and
/// `align-self` on an item.
///
/// ```swift
/// container.style.alignItems = .center
/// item.style.alignSelf = .safe(.flexEnd)
/// ```
public struct FlexItemAlignment: Sendable, Hashable {
    /// The alignment keywords.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// At the cross-start edge of the line.
        case flexStart = "flex-start"
        /// At the cross-end edge of the line.
        case flexEnd = "flex-end"
        /// At the start edge in the container's writing direction.
        case start
        /// At the end edge in the container's writing direction.
        case end
        /// At the start edge in the item's own writing direction.
        case selfStart = "self-start"
        /// At the end edge in the item's own writing direction.
        case selfEnd = "self-end"
        /// Centred in the line.
        case center
        /// First baselines of the line's baseline-aligned items coincide.
        case baseline
        /// Stretched to the line's cross size when the item's cross size is `auto`.
        case stretch
    }

    /// The alignment keyword.
    public var position: Position
    /// Whether the alignment is `safe`: an item that overflows its line is aligned at the start.
    public var isSafe: Bool

    /// Creates an alignment from a keyword and whether it is safe.
    public init(_ position: Position, isSafe: Bool = false) {
        self.position = position
        self.isSafe = isSafe
    }

    /// Returns the `safe` form of an alignment keyword.
    public static func safe(_ position: Position) -> FlexItemAlignment {
        FlexItemAlignment(position, isSafe: true)
    }

    /// `flex-start`.
    public static let flexStart = FlexItemAlignment(.flexStart)
    /// `flex-end`.
    public static let flexEnd = FlexItemAlignment(.flexEnd)
    /// `start`.
    public static let start = FlexItemAlignment(.start)
    /// `end`.
    public static let end = FlexItemAlignment(.end)
    /// `self-start`.
    public static let selfStart = FlexItemAlignment(.selfStart)
    /// `self-end`.
    public static let selfEnd = FlexItemAlignment(.selfEnd)
    /// `center`.
    public static let center = FlexItemAlignment(.center)
    /// `baseline`.
    public static let baseline = FlexItemAlignment(.baseline)
    /// `stretch`.
    public static let stretch = FlexItemAlignment(.stretch)
}
