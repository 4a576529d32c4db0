import TrellisGeometry
import TrellisText

/// Ahem at 10 points: every visible cluster 10 wide, lines 10 high, baseline 8 below the top.
let ahem = Font(family: "Ahem", size: 10)
let ahemMeasurer = TextMeasurer(metrics: AhemMetrics())
let cellMeasurer = TextMeasurer(metrics: CellMetrics())
let unlimited = Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

/// Lays text out with Ahem at a width.
func ahemLayout(
    _ text: String, width: Double, mode: LineBreakMode = .byWordWrapping, lines: Int = 0,
    alignment: TextAlignment = .natural
) -> TextLayout {
    let style = TextStyle(
        font: ahem, lineBreakMode: mode, alignment: alignment, numberOfLines: lines)
    return ahemMeasurer.layout(text, style: style, in: Size(width: width, height: 0))
}

/// Lays text out in terminal cells at a width.
func cellLines(_ text: String, width: Double, mode: LineBreakMode = .byWordWrapping, lines: Int = 0)
    -> [String]
{
    let style = TextStyle(font: .system(size: 1), lineBreakMode: mode, numberOfLines: lines)
    return cellMeasurer.layout(text, style: style, in: Size(width: width, height: 0)).lines.map(
        \.text)
}
