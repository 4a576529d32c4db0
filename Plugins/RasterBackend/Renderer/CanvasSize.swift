import TrellisGeometry
public import TrellisPluginKit

/// The size in device pixels of the canvas a display list is drawn on: its size in points
/// times its scale, rounded up to whole pixels.
public struct CanvasSize: Sendable, Hashable {
    /// The largest side, in pixels.
    public static let maximumSide = 16_384
    /// The most pixels in one canvas (256 Mpx, a gibibyte of 32-bit pixels).
    public static let maximumPixelCount = 1 << 28

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int

    /// The canvas of a display list.
    ///
    /// - Throws: `RendererError` of kind `resource` when a side is above ``maximumSide``
    ///   pixels or the area above ``maximumPixelCount``.
    public init(for list: DisplayList) throws(RendererError) {
        func pixels(_ points: Double) -> Double {
            (points * list.scale - 1e-9).rounded(.up)
        }
        let width = max(0, pixels(list.size.width))
        let height = max(0, pixels(list.size.height))
        let side = Double(CanvasSize.maximumSide)
        guard width <= side, height <= side,
            width * height <= Double(CanvasSize.maximumPixelCount)
        else {
            throw RendererError(
                .resource,
                "the canvas is \(Int(width))×\(Int(height)) pixels (\(list.size.width)×"
                    + "\(list.size.height) points at scale \(list.scale)); the most is "
                    + "\(CanvasSize.maximumSide) pixels a side: draw at a smaller scale or size")
        }
        self.width = Int(width)
        self.height = Int(height)
    }

    /// Whether the canvas has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }
}
