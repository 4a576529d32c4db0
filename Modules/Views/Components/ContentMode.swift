public import TrellisGeometry

/// How a view fits content of one size into its bounds, as `UIView.ContentMode`.
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    /// Stretched to fill the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// Scaled to fit inside the bounds, keeping the aspect ratio (letterboxed).
    case scaleAspectFit
    /// Scaled to cover the bounds, keeping the aspect ratio (overflowing).
    case scaleAspectFill
    /// Unscaled, centred.
    case center
    /// Unscaled, centred horizontally at the top.
    case top
    /// Unscaled, centred horizontally at the bottom.
    case bottom
    /// Unscaled, centred vertically at the left.
    case left
    /// Unscaled, centred vertically at the right.
    case right
    /// Unscaled, at the top-left corner.
    case topLeft
    /// Unscaled, at the top-right corner.
    case topRight
    /// Unscaled, at the bottom-left corner.
    case bottomLeft
    /// Unscaled, at the bottom-right corner.
    case bottomRight

    /// The rectangle content of a size occupies in bounds under this mode.
    public func frame(for content: Size, in bounds: Rect) -> Rect {
        let w = content.width
        let h = content.height
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else {
                return Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
            }
            let sx = bounds.width / w
            let sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let size = Size(width: w * s, height: h * s)
            return Rect(
                x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                width: size.width, height: size.height)
        default:
            let x: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            let y: Double
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
