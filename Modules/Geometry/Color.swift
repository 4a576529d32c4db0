/// A colour in the sRGB space with straight (not premultiplied) alpha.
///
/// Components are `Double` values in `0...1`. The initialiser clamps values outside that range
/// and replaces NaN with 0, so a `Color` always holds valid components.
///
/// ```swift
/// let overlay = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
/// let seen = overlay.composited(over: .white)   // mid grey, opaque
/// let brand = try Color(hex: "#FF8800")
/// brand.hexString                                // "#FF8800"
/// ```
public struct Color: Sendable, Hashable {
    /// The red component, in `0...1`.
    public let red: Double
    /// The green component, in `0...1`.
    public let green: Double
    /// The blue component, in `0...1`.
    public let blue: Double
    /// The opacity, in `0...1`; 0 is fully transparent.
    public let alpha: Double

    /// Creates a colour from components, clamping each to `0...1` (NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// Creates a grey with equal red, green and blue components.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates an opaque colour from a 24-bit `0xRRGGBB` value.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255,
            green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255,
            alpha: alpha
        )
    }

    private static func clamp(_ value: Double) -> Double {
        if value.isNaN { return 0 }
        return Swift.min(Swift.max(value, 0), 1)
    }

    /// Returns the colour with a different alpha.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the colour is fully opaque.
    public var isOpaque: Bool { alpha == 1 }

    /// Returns this colour drawn over `background` with source-over compositing.
    ///
    /// Both colours have straight alpha; so does the result. Drawing a fully transparent colour
    /// returns the background, and drawing an opaque colour returns itself.
    public func composited(over background: Color) -> Color {
        let outAlpha = alpha + background.alpha * (1 - alpha)
        if outAlpha == 0 { return .clear }
        func channel(_ source: Double, _ destination: Double) -> Double {
            (source * alpha + destination * background.alpha * (1 - alpha)) / outAlpha
        }
        return Color(
            red: channel(red, background.red),
            green: channel(green, background.green),
            blue: channel(blue, background.blue),
            alpha: outAlpha
        )
    }

    /// Returns the colour a fraction of the way to another, interpolating every component
    /// linearly (as a gradient between the two does). The fraction is clamped to `0...1`.
    public func interpolated(to other: Color, fraction: Double) -> Color {
        let t = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        return Color(
            red: red + (other.red - red) * t,
            green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t,
            alpha: alpha + (other.alpha - alpha) * t
        )
    }

    /// The components rounded to 8 bits each, in the order red, green, blue, alpha.
    public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }
}

extension Color {
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// A fully transparent black.
    public static let clear = Color(white: 0, alpha: 0)
    /// UIKit's red (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// UIKit's green (0, 1, 0).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// UIKit's blue (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// UIKit's cyan (0, 1, 1).
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// UIKit's yellow (1, 1, 0).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// UIKit's magenta (1, 0, 1).
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// UIKit's orange (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// UIKit's purple (0.5, 0, 0.5).
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// UIKit's brown (0.6, 0.4, 0.2).
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// UIKit's gray (white 0.5).
    public static let gray = Color(white: 0.5)
    /// UIKit's dark gray (white 1/3).
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// UIKit's light gray (white 2/3).
    public static let lightGray = Color(white: 2.0 / 3.0)
}
