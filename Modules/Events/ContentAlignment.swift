public import TrellisGeometry

/// How a control places its content horizontally inside its bounds
/// (`UIControl.ContentHorizontalAlignment`, with UIKit's raw values).
public enum ContentHorizontalAlignment: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Centred (0), the default.
    case center = 0
    /// Against the left edge (1).
    case left = 1
    /// Against the right edge (2).
    case right = 2
    /// Stretched to the full width (3).
    case fill = 3
    /// Against the leading edge: left in left-to-right layouts, right otherwise (4).
    case leading = 4
    /// Against the trailing edge: right in left-to-right layouts, left otherwise (5).
    case trailing = 5

    /// The alignment with ``leading`` and ``trailing`` resolved to ``left`` or ``right`` for a
    /// layout direction; the other cases are returned unchanged, as UIKit's
    /// `effectiveContentHorizontalAlignment`.
    public func effective(for direction: LayoutDirection) -> ContentHorizontalAlignment {
        switch (self, direction) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): .left
        case (.leading, .rightToLeft), (.trailing, .leftToRight): .right
        default: self
        }
    }
}

/// How a control places its content vertically inside its bounds
/// (`UIControl.ContentVerticalAlignment`, with UIKit's raw values).
public enum ContentVerticalAlignment: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Centred (0), the default.
    case center = 0
    /// Against the top edge (1).
    case top = 1
    /// Against the bottom edge (2).
    case bottom = 2
    /// Stretched to the full height (3).
    case fill = 3
}

/// The placement of content inside a control's bounds.
///
/// This is the arithmetic seed 000's `RjxImageTitleView` performs with pairs of activated and
/// deactivated constraints, as one function:
///
/// ```swift
/// let frame = ContentPlacement.place(
///     Size(width: 60, height: 80), in: Rect(x: 0, y: 0, width: 200, height: 100),
///     horizontal: .trailing, vertical: .top, direction: .rightToLeft
/// )
/// // (0, 0, 60, 80): trailing is left in a right-to-left layout
/// ```
public enum ContentPlacement {
    /// Returns the frame of content of a given size placed in `bounds` under a pair of
    /// alignments.
    ///
    /// ``ContentHorizontalAlignment/fill`` and ``ContentVerticalAlignment/fill`` stretch the
    /// content to the bounds along that axis. Otherwise the content keeps its size, even when it
    /// is larger than the bounds: centred content then overflows equally on both sides, and
    /// edge-aligned content overflows away from its edge, as in UIKit. Negative or NaN content
    /// dimensions are treated as zero.
    ///
    /// - Parameters:
    ///   - content: The content's natural size.
    ///   - bounds: The rectangle to place it in, usually the control's bounds inset by its
    ///     content insets.
    ///   - horizontal: The horizontal alignment; leading and trailing resolve against
    ///     `direction`.
    ///   - vertical: The vertical alignment.
    ///   - direction: The layout direction.
    /// - Returns: The content's frame, in the coordinates of `bounds`.
    public static func place(
        _ content: Size,
        in bounds: Rect,
        horizontal: ContentHorizontalAlignment,
        vertical: ContentVerticalAlignment,
        direction: LayoutDirection = .leftToRight
    ) -> Rect {
        let area = bounds.standardized
        func sanitized(_ v: Double) -> Double { v.isNaN || v < 0 ? 0 : v }
        let width = sanitized(content.width)
        let height = sanitized(content.height)
        var frame = Rect(x: area.minX, y: area.minY, width: width, height: height)
        switch horizontal.effective(for: direction) {
        case .left, .leading: break
        case .right, .trailing: frame.origin.x = area.maxX - width
        case .center: frame.origin.x = area.minX + (area.width - width) / 2
        case .fill: frame.size.width = area.width
        }
        switch vertical {
        case .top: break
        case .bottom: frame.origin.y = area.maxY - height
        case .center: frame.origin.y = area.minY + (area.height - height) / 2
        case .fill: frame.size.height = area.height
        }
        return frame
    }
}
