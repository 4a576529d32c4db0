public import TrellisRender
public import TrellisText

extension Font {
    /// The font as a display list describes it to a backend: the family, the size, and the
    /// weight on the CSS scale (100 to 900), where UIKit's regular (0) is 400 and bold (0.4)
    /// is 700.
    public var descriptor: FontDescriptor {
        FontDescriptor(
            family: family == Font.systemFamily ? "system" : family, size: size,
            weight: Font.cssWeight(of: weight), isItalic: isItalic, isMonospaced: isMonospaced)
    }

    /// UIKit's named weights and their CSS values; other weights interpolate between them.
    private static let cssAnchors: [(uikit: Double, css: Double)] = [
        (-1, 100), (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600),
        (0.4, 700), (0.56, 800), (0.62, 900), (1, 900),
    ]

    /// The CSS weight (100…900) of a UIKit weight.
    public static func cssWeight(of weight: Weight) -> Int {
        let value = weight.rawValue
        for (a, b) in zip(cssAnchors, cssAnchors.dropFirst()) where value <= b.uikit {
            let span = b.uikit - a.uikit
            let fraction = span > 0 ? (value - a.uikit) / span : 0
            return Int((a.css + fraction * (b.css - a.css)).rounded())
        }
        return 900
    }
}
