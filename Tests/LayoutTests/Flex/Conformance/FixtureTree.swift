import Foundation
import Testing
import TrellisGeometry
import TrellisLayout

/// Builds a flex tree from a fixture's input elements.
enum FixtureTree {
    /// Attributes that are not styles of the node.
    private static let ignored: Set<String> = ["writing-mode"]

    static func build(_ element: FixtureElement) throws -> FlexNode {
        var style = FlexStyle()
        style.boxSizing = .borderBox
        for (key, value) in element.attributes.sorted(by: { $0.key < $1.key })
        where !ignored.contains(key) {
            try style.set(key, to: .string(value))
        }
        let node = FlexNode(style: style)
        if element.name == "text" {
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let vertical = element.attributes["writing-mode"]?.hasPrefix("vertical") ?? false
            node.measure = AhemText(text: text, isVertical: vertical).measure
        } else {
            for child in element.children { try node.appendChild(try build(child)) }
        }
        return node
    }
}

/// The conformance suite's text measurement: runs of 10×10 glyphs broken only at zero-width
/// spaces.
struct AhemText {
    let words: [Int]
    let isVertical: Bool

    init(text: String, isVertical: Bool) {
        words = text.split(separator: "\u{200B}", omittingEmptySubsequences: false).map {
            $0.unicodeScalars.count
        }
        self.isVertical = isVertical
    }

    func measure(_ request: FlexMeasureRequest) -> Size {
        let glyph = 10.0
        let knownInline = isVertical ? request.knownHeight : request.knownWidth
        let knownBlock = isVertical ? request.knownWidth : request.knownHeight
        if let width = request.knownWidth, let height = request.knownHeight {
            return Size(width: width, height: height)
        }
        let availableInline = isVertical ? request.availableHeight : request.availableWidth
        let longest = Double(words.max() ?? 0) * glyph
        let total = Double(words.reduce(0, +)) * glyph
        let inline: Double
        if let knownInline {
            inline = max(knownInline, longest)
        } else {
            switch availableInline {
            case .minContent: inline = longest
            case .maxContent: inline = total
            case .definite(let space): inline = max(min(space, total), longest)
            }
        }
        let block = knownBlock ?? Double(lineCount(inline: inline)) * glyph
        return isVertical ? Size(width: block, height: inline) : Size(width: inline, height: block)
    }

    private func lineCount(inline: Double) -> Int {
        guard let perLine = Int(exactly: (inline / 10).rounded(.down)) else {
            Issue.record("lines broken in an inline size of \(inline)")
            return 1
        }
        var lines = 1
        var current = 0
        for word in words {
            if current + word > perLine {
                if current > 0 { lines += 1 }
                current = word
            } else {
                current += word
            }
        }
        return lines
    }
}
