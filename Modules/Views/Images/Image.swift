import Synchronization
import TrellisCore
public import TrellisGeometry

/// The pixels of an image: 8-bit RGBA with straight alpha, row by row from the top. Shared by
/// every image derived from the same source, so that a frame carries them once.
public final class PixelBuffer: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public let bytes: [UInt8]
    /// The content key, computed on first use.
    private let cachedContentKey = Mutex<UInt64?>(nil)

    /// A stable identity of the pixels (`DisplayImage.contentKey(width:height:pixels:)`),
    /// computed once: image views mark the images they show with it, so that a backend that
    /// keeps images on its device sends each one once.
    ///
    /// - Complexity: O(*n*) in the number of bytes the first time, O(1) after.
    public var contentKey: UInt64 {
        cachedContentKey.withLock { cached in
            if let cached { return cached }
            let key = DisplayImage.contentKey(width: width, height: height, pixels: bytes)
            cached = key
            return key
        }
    }

    /// Creates a buffer; the byte count must be `width × height × 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && bytes.count == width * height * 4, "pixel count mismatch")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The colour of a pixel, or `nil` outside the buffer.
    public func color(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return Color(
            red: Double(bytes[i]) / 255, green: Double(bytes[i + 1]) / 255,
            blue: Double(bytes[i + 2]) / 255, alpha: Double(bytes[i + 3]) / 255)
    }
}

/// An immutable bitmap image with a scale, optional cap insets for nine-slice stretching, and a
/// rendering mode, as UIKit's `UIImage`.
///
/// ```swift
/// let icon = try Image(contentsOfFile: "icon@2x.png", scale: 2)
/// let background = Image(size: Size(width: 40, height: 40), color: .gray)
///     .resizableImage(withCapInsets: EdgeInsets(all: 15))   // seed 004's button background
/// let glyph = icon.withRenderingMode(.alwaysTemplate)      // drawn in the tint colour
/// ```
public final class Image: Sendable {
    /// How an image uses the tint colour.
    public enum RenderingMode: Sendable, Hashable {
        /// As the context decides: original colours.
        case automatic
        /// Always its own colours.
        case alwaysOriginal
        /// Its alpha filled with the tint colour.
        case alwaysTemplate
    }

    /// The pixels.
    public let pixels: PixelBuffer
    /// Pixels per point.
    public let scale: Double
    /// Cap insets in points when the image is resizable: the corners keep their size and the
    /// edges and centre stretch.
    public let capInsets: EdgeInsets?
    /// The rendering mode.
    public let renderingMode: RenderingMode
    /// The colour a template image is drawn in, overriding the view's tint.
    public let tintColor: Color?
    /// What the image shows, in a few words, for assistive technologies: a button that shows
    /// only this image is read by it (see ``withAccessibilityLabel(_:)``).
    public let accessibilityLabel: String?

    /// Creates an image from pixels.
    public init(
        pixels: PixelBuffer, scale: Double = 1, capInsets: EdgeInsets? = nil,
        renderingMode: RenderingMode = .automatic, tintColor: Color? = nil,
        accessibilityLabel: String? = nil
    ) {
        self.pixels = pixels
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.capInsets = capInsets
        self.renderingMode = renderingMode
        self.tintColor = tintColor
        self.accessibilityLabel = accessibilityLabel
    }

    /// Creates an image of one colour: a synthetic image, as scenes describe with
    /// `{"size": [w, h], "color": "#…"}`.
    public convenience init(size: Size, color: Color, scale: Double = 1) {
        let width = max(0, min(16_384, Int((size.width * scale).rounded())))
        let height = max(0, min(16_384, Int((size.height * scale).rounded())))
        let (r, g, b, a) = color.rgba8
        let count = width * height
        // One 32-bit store a pixel: a 4096 × 4096 image fills in milliseconds.
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            guard count > 0, let start = buffer.baseAddress else { return }
            let pixel = [r, g, b, a].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            UnsafeMutableRawPointer(start).withMemoryRebound(
                to: UInt32.self, capacity: count
            ) { pixels in
                pixels.initialize(repeating: pixel, count: count)
            }
            initialized = count * 4
        }
        self.init(pixels: PixelBuffer(width: width, height: height, bytes: bytes), scale: scale)
    }

    /// The width in pixels.
    public var pixelWidth: Int { pixels.width }
    /// The height in pixels.
    public var pixelHeight: Int { pixels.height }

    /// The size in points.
    public var size: Size {
        Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }

    /// Returns the image made resizable with cap insets in points.
    public func resizableImage(withCapInsets insets: EdgeInsets) -> Image {
        Image(
            pixels: pixels, scale: scale, capInsets: insets, renderingMode: renderingMode,
            tintColor: tintColor, accessibilityLabel: accessibilityLabel)
    }

    /// Returns the image with a rendering mode.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(
            pixels: pixels, scale: scale, capInsets: capInsets, renderingMode: mode,
            tintColor: tintColor, accessibilityLabel: accessibilityLabel)
    }

    /// Returns a template image drawn in a colour.
    public func withTintColor(_ color: Color) -> Image {
        Image(
            pixels: pixels, scale: scale, capInsets: capInsets, renderingMode: .alwaysTemplate,
            tintColor: color, accessibilityLabel: accessibilityLabel)
    }

    /// The look UIKit gives a button's image when it falls back from the normal state.
    public enum Adjustment: Sendable, Hashable {
        /// Darkened, for the highlighted state: colour channels halved.
        case highlighted
        /// Faded, for the disabled state: alpha multiplied by 0.4.
        case disabled
    }

    /// Returns the image adjusted for a state, as `adjustsImageWhenHighlighted` and
    /// `adjustsImageWhenDisabled` draw it.
    public func adjusted(_ adjustment: Adjustment) -> Image {
        var bytes = pixels.bytes
        for i in stride(from: 0, to: bytes.count, by: 4) {
            switch adjustment {
            case .highlighted:
                for c in 0..<3 { bytes[i + c] = bytes[i + c] / 2 }
            case .disabled:
                bytes[i + 3] = UInt8((Double(bytes[i + 3]) * 0.4).rounded())
            }
        }
        return Image(
            pixels: PixelBuffer(width: pixels.width, height: pixels.height, bytes: bytes),
            scale: scale,
            capInsets: capInsets, renderingMode: renderingMode, tintColor: tintColor,
            accessibilityLabel: accessibilityLabel)
    }
}
