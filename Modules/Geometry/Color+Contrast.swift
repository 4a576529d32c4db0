#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Color {
    /// The colour's relative luminance as WCAG 2.2 defines it: 0 for black, 1 for white.
    ///
    /// Each sRGB component is linearised (`c / 12.92` up to 0.04045, else
    /// `((c + 0.055) / 1.055)^2.4`) and the three are weighted 0.2126, 0.7152 and 0.0722. The
    /// alpha component is ignored: composite a translucent colour over what is behind it first
    /// (``composited(over:)``).
    ///
    /// ```swift
    /// Color.white.relativeLuminance               // 1
    /// Color(white: 0.5).relativeLuminance          // 0.214
    /// ```
    public var relativeLuminance: Double {
        func linear(_ component: Double) -> Double {
            component <= 0.04045 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG 2.2 contrast ratio between this colour and another, from 1 (the same
    /// luminance) to 21 (black and white): `(L1 + 0.05) / (L2 + 0.05)` with the lighter
    /// colour's luminance above.
    ///
    /// WCAG asks at least 4.5 for text, and 3 for large text (18 points, or 14 points bold).
    ///
    /// ```swift
    /// Color.black.contrastRatio(with: .white)                  // 21
    /// try Color(hex: "#767676").contrastRatio(with: .white)    // 4.54
    /// ```
    ///
    /// - Parameter other: The other colour; as for ``relativeLuminance``, alpha is ignored.
    /// - Returns: The ratio, at least 1.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }
}
