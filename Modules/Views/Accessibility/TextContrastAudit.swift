import TrellisCore
import TrellisGeometry
import TrellisRichText
import TrellisText

/// The contrast rule of the accessibility audit: the text of every shown label (buttons'
/// titles included) against the background its ancestors paint behind it, by WCAG 2.2.
@MainActor
struct TextContrastAudit {
    /// A colour of text in a font, over an optional highlight.
    private struct Sample: Hashable {
        var color: Color
        var font: Font
        var highlight: Color?
    }

    /// The views a modal view hides, whose text is not audited.
    let hidden: Set<ObjectIdentifier>

    /// The labels in a subtree, in the order of the tree, whose text contrasts too little, each
    /// with what to say about it.
    ///
    /// - Complexity: O(*n* × depth) in the number of views.
    mutating func findings(in root: View) -> [(label: Label, message: String)] {
        var result: [(label: Label, message: String)] = []
        var pending = [root]
        while let view = pending.popLast() {
            guard !view.isHidden, view.alpha >= 0.01, !hidden.contains(ObjectIdentifier(view))
            else { continue }
            if let label = view as? Label, let message = TextContrastAudit.check(label) {
                result.append((label, message))
            }
            pending += view.subviews.reversed()
        }
        return result
    }

    /// What is wrong with a label's contrast, or `nil` when every colour of its text is
    /// readable on every background it may be drawn over.
    static func check(_ label: Label) -> String? {
        let samples = samples(of: label)
        guard !samples.isEmpty else { return nil }
        let backgrounds = backgrounds(behind: label)
        var worst: (ratio: Double, required: Double, text: Color, background: Color, font: Font)?
        for sample in samples {
            let required =
                isLarge(sample.font)
                ? AccessibilityIssue.minimumLargeTextContrast
                : AccessibilityIssue.minimumTextContrast
            for behind in backgrounds {
                let background = sample.highlight.map { $0.composited(over: behind) } ?? behind
                let text = sample.color.composited(over: background)
                let ratio = text.contrastRatio(with: background)
                guard ratio < required else { continue }
                if let known = worst, known.ratio / known.required <= ratio / required { continue }
                worst = (ratio, required, text, background, sample.font)
            }
        }
        guard let worst else { return nil }
        let shown = ((worst.ratio * 100).rounded(.down) / 100).decimalDescription
        let bold = worst.font.weight >= .bold ? " bold" : ""
        return "text \(worst.text.hexString) on \(worst.background.hexString) contrasts "
            + "\(shown):1, below the \(worst.required.decimalDescription):1 WCAG 2.2 asks of "
            + "\(worst.font.size.decimalDescription)-point\(bold) text; darken or lighten one "
            + "of them"
    }

    /// Whether text in a font is large for WCAG: 18 points, or 14 points bold.
    static func isLarge(_ font: Font) -> Bool {
        font.size >= 18 || (font.size >= 14 && font.weight >= .bold)
    }

    /// The colours and fonts of a label's visible text.
    private static func samples(of label: Label) -> [Sample] {
        if let attributed = label.attributedText {
            var seen = Set<Sample>()
            var result: [Sample] = []
            for run in attributed.runs
            where !attributed.string(in: run.range).allSatisfy(\.isWhitespace) {
                let sample = Sample(
                    color: run.attributes.foregroundColor ?? label.textColor,
                    font: run.attributes.font ?? label.font,
                    highlight: run.attributes.backgroundColor)
                if seen.insert(sample).inserted { result.append(sample) }
            }
            return result
        }
        guard let text = label.text, !text.allSatisfy(\.isWhitespace) else { return [] }
        return [Sample(color: label.textColor, font: label.font, highlight: nil)]
    }

    /// The opaque colours the text may be drawn over: white, under each ancestor's (and the
    /// label's own) background colour, gradient (each stop in turn) and, for a button, its
    /// background image's average colour, composited from the top of the hierarchy down.
    static func backgrounds(behind view: View) -> [Color] {
        var chain: [View] = []
        var current: View? = view
        while let step = current {
            chain.append(step)
            current = step.superview
        }
        var layers: [Color] = [.white]
        for step in chain.reversed() {
            if let color = step.backgroundColor {
                layers = layers.map { color.composited(over: $0) }
            }
            if let gradient = step.gradient {
                let stops = gradient.stops.map(\.color)
                layers = stops.flatMap { stop in layers.map { stop.composited(over: $0) } }
            }
            if let button = step as? Button, let image = button.currentBackgroundImage,
                let average = averageColor(of: image, tint: button.effectiveTintColor)
            {
                layers = layers.map { average.composited(over: $0) }
            }
            var seen = Set<Color>()
            layers = Array(layers.filter { seen.insert($0).inserted }.prefix(64))
        }
        return layers
    }

    /// The average colour of an image's pixels, weighted by their alpha, with their average
    /// alpha; a template image's in its tint. At most 64 × 64 pixels are sampled.
    static func averageColor(of image: Image, tint: Color) -> Color? {
        let pixels = image.pixels
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        let stepX = max(1, pixels.width / 64)
        let stepY = max(1, pixels.height / 64)
        var sums = (red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0)
        var count = 0.0
        for y in stride(from: 0, to: pixels.height, by: stepY) {
            for x in stride(from: 0, to: pixels.width, by: stepX) {
                guard let color = pixels.color(x: x, y: y) else { continue }
                sums.red += color.red * color.alpha
                sums.green += color.green * color.alpha
                sums.blue += color.blue * color.alpha
                sums.alpha += color.alpha
                count += 1
            }
        }
        guard sums.alpha > 0 else { return nil }
        let alpha = sums.alpha / count
        if image.renderingMode == .alwaysTemplate {
            return (image.tintColor ?? tint).withAlphaComponent(alpha)
        }
        return Color(
            red: sums.red / sums.alpha, green: sums.green / sums.alpha,
            blue: sums.blue / sums.alpha, alpha: alpha)
    }
}
