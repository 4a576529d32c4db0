/// A font: a family, a size in points, a weight and a slant, as `UIFont` describes one.
///
/// A font is only a description. What its glyphs measure comes from a ``FontMetrics``
/// provider, which each rendering backend supplies (terminal cells, shaped glyphs), so the same
/// `Font` can be measured by any backend.
///
/// ```swift
/// let body = Font.system(size: 16)
/// let title = Font.system(size: 14, weight: .semibold)
/// let code = Font.monospacedSystem(size: 12, weight: .regular)
/// let serif = Font(family: "DejaVu Serif", size: 14, isItalic: true)
/// ```
///
/// A size that is NaN, infinite or negative is stored as 0 (a zero-size font measures every
/// text as empty) and one above ``maximumSize`` as ``maximumSize``; decoding a font from JSON
/// rejects such sizes with an error instead.
public struct Font: Sendable, Hashable {
    /// The family name, or ``systemFamily`` for the system font.
    public var family: String
    /// The size in points (the em size).
    public var size: Double {
        didSet { size = Self.clampedSize(size) }
    }
    /// The weight.
    public var weight: Weight
    /// Whether the font is italic.
    public var isItalic: Bool
    /// Whether every character has the same advance (digits and code).
    public var isMonospaced: Bool

    /// The family name of the system font.
    public static let systemFamily = "System"
    /// The largest size a font can have, in points.
    public static let maximumSize = 10_000.0

    /// Creates a font.
    ///
    /// - Parameters:
    ///   - family: The family name.
    ///   - size: The size in points; clamped to `0...maximumSize`, NaN as 0.
    ///   - weight: The weight.
    ///   - isItalic: Whether the font is italic.
    ///   - isMonospaced: Whether every character has the same advance.
    public init(
        family: String, size: Double, weight: Weight = .regular, isItalic: Bool = false,
        isMonospaced: Bool = false
    ) {
        self.family = family
        self.size = Self.clampedSize(size)
        self.weight = weight
        self.isItalic = isItalic
        self.isMonospaced = isMonospaced
    }

    /// The size in points, as `UIFont.pointSize`.
    public var pointSize: Double { size }

    /// Returns the system font, as `UIFont.systemFont(ofSize:weight:)`.
    ///
    /// - Parameters:
    ///   - size: The size in points.
    ///   - weight: The weight.
    /// - Returns: The font of the ``systemFamily``.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(family: systemFamily, size: size, weight: weight)
    }

    /// Returns the bold system font, as `UIFont.boldSystemFont(ofSize:)`.
    ///
    /// - Parameter size: The size in points.
    /// - Returns: The system font with the weight ``Weight/bold``.
    public static func boldSystem(size: Double) -> Font {
        Font(family: systemFamily, size: size, weight: .bold)
    }

    /// Returns the italic system font, as `UIFont.italicSystemFont(ofSize:)`.
    ///
    /// - Parameter size: The size in points.
    /// - Returns: The italic system font.
    public static func italicSystem(size: Double) -> Font {
        Font(family: systemFamily, size: size, isItalic: true)
    }

    /// Returns the monospaced system font, as `UIFont.monospacedSystemFont(ofSize:weight:)`.
    ///
    /// - Parameters:
    ///   - size: The size in points.
    ///   - weight: The weight.
    /// - Returns: The monospaced font of the ``systemFamily``.
    public static func monospacedSystem(size: Double, weight: Weight = .regular) -> Font {
        Font(family: systemFamily, size: size, weight: weight, isMonospaced: true)
    }

    /// Returns the same font at another size, as `UIFont.withSize(_:)`.
    ///
    /// - Parameter size: The new size in points.
    /// - Returns: The font with the size replaced.
    public func withSize(_ size: Double) -> Font {
        var font = self
        font.size = size
        return font
    }

    static func clampedSize(_ size: Double) -> Double {
        guard size.isFinite else { return size == .infinity ? maximumSize : 0 }
        return min(max(size, 0), maximumSize)
    }
}

extension Font: CustomStringConvertible {
    /// The font as `family size weight [italic] [monospaced]`.
    public var description: String {
        var parts = [family, "\(size)", weight.name ?? "\(weight.rawValue)"]
        if isItalic { parts.append("italic") }
        if isMonospaced { parts.append("monospaced") }
        return parts.joined(separator: " ")
    }
}
