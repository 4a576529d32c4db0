import TrellisGeometry
import TrellisPluginKit

extension Rasterizer {
    /// The upper half block, whose foreground is the upper pixel and background the lower.
    static let upperHalfBlock: UInt32 = 0x2580

    /// Draws an image as half blocks: each cell shows two pixels, sampled at the centres of its
    /// upper and lower halves, as `▀` with the upper pixel as foreground and the lower as
    /// background (a space when they are equal). Cap insets (in image pixels; a corner keeps
    /// `inset / scale` points) keep the corners their size and stretch the rest; a tint fills
    /// the image's alpha with the tint colour.
    mutating func drawImage(
        _ image: DisplayImage, source: Rect, in destination: Rect, capInsets: EdgeInsets?,
        tint: Color?
    ) {
        let (columns, rows) = clippedRange(of: destination)
        guard !columns.isEmpty, !rows.isEmpty, destination.width > 0, destination.height > 0,
            let inverse = state.transform.inverted()
        else { return }
        let horizontal = SliceAxis(
            length: destination.width, sourceStart: source.minX, sourceLength: source.width,
            startCap: capInsets?.left ?? 0, endCap: capInsets?.right ?? 0, scale: scale,
            pixels: image.width)
        let vertical = SliceAxis(
            length: destination.height, sourceStart: source.minY, sourceLength: source.height,
            startCap: capInsets?.top ?? 0, endCap: capInsets?.bottom ?? 0, scale: scale,
            pixels: image.height)
        let tintColor = tint.map(packed)
        func sample(_ device: Point) -> UInt32 {
            let local = device.applying(inverse)
            let x = horizontal.pixel(at: local.x - destination.minX)
            let y = vertical.pixel(at: local.y - destination.minY)
            let offset = (y * image.width + x) * 4
            guard offset >= 0, offset + 3 < image.pixels.count else { return 0 }
            let alpha = UInt32(image.pixels[offset + 3])
            if let tintColor { return PackedColor.fade(tintColor, by: alpha) }
            let rgb =
                UInt32(image.pixels[offset]) << 16 | UInt32(image.pixels[offset + 1]) << 8
                | UInt32(image.pixels[offset + 2])
            return PackedColor.fade(alpha << 24 | rgb, by: state.opacity)
        }
        if let shadow = state.shadow {
            for row in rows {
                for column in columns {
                    let target = (column + shadow.columns, row + shadow.rows)
                    guard state.clipColumns.contains(target.0), state.clipRows.contains(target.1)
                    else { continue }
                    canvas.paint(shadow.color, at: target.1 * canvas.columns + target.0)
                }
            }
        }
        let isScreen = canvasIsScreen
        for row in rows {
            for column in columns {
                let x = (Double(column) + 0.5) * cellWidth
                let upper = sample(Point(x: x, y: (Double(row) + 0.25) * cellHeight))
                let lower = sample(Point(x: x, y: (Double(row) + 0.75) * cellHeight))
                if PackedColor.alpha(upper) == 0 && PackedColor.alpha(lower) == 0 { continue }
                let index = row * canvas.columns + column
                var beneath = canvas.cells[index].background
                if isScreen && PackedColor.alpha(beneath) == 0 { beneath = assumedBackground }
                let top = PackedColor.over(upper, beneath)
                let bottom = PackedColor.over(lower, beneath)
                if top == bottom {
                    canvas.cells[index] = Cell(
                        glyph: Cell.space, foreground: 0, background: bottom, style: 0)
                } else {
                    canvas.cells[index] = Cell(
                        glyph: Rasterizer.upperHalfBlock, foreground: top, background: bottom,
                        style: 0)
                }
            }
        }
    }
}

/// How one axis of a destination maps onto image pixels, with nine-slice caps.
struct SliceAxis {
    let length: Double
    let sourceStart: Double
    let sourceLength: Double
    /// The caps in pixels, and in destination points.
    let startCap: Double
    let endCap: Double
    let startPoints: Double
    let endPoints: Double
    let pixels: Int

    init(
        length: Double, sourceStart: Double, sourceLength: Double, startCap: Double,
        endCap: Double, scale: Double, pixels: Int
    ) {
        self.length = length
        self.sourceStart = sourceStart
        self.sourceLength = sourceLength
        let capsFit = startCap + endCap <= sourceLength
        let start = capsFit ? max(startCap, 0) : 0
        let end = capsFit ? max(endCap, 0) : 0
        self.startCap = start
        self.endCap = end
        var startPoints = start / scale
        var endPoints = end / scale
        if startPoints + endPoints > length, startPoints + endPoints > 0 {
            let shrink = length / (startPoints + endPoints)
            startPoints *= shrink
            endPoints *= shrink
        }
        self.startPoints = startPoints
        self.endPoints = endPoints
        self.pixels = pixels
    }

    /// The pixel column (or row) shown at a distance from the destination's start.
    func pixel(at position: Double) -> Int {
        let source: Double
        if startPoints > 0 && position < startPoints {
            source = sourceStart + position / startPoints * startCap
        } else if endPoints > 0 && position > length - endPoints {
            source = sourceStart + sourceLength - (length - position) / endPoints * endCap
        } else {
            let middle = length - startPoints - endPoints
            let middleSource = sourceLength - startCap - endCap
            let fraction = middle > 0 ? (position - startPoints) / middle : 0
            source = sourceStart + startCap + fraction * middleSource
        }
        let lowest = max(0, Int(max(sourceStart, 0).rounded(.down)))
        let highest = min(pixels - 1, Int(min(sourceStart + sourceLength, 1e9).rounded(.up)) - 1)
        guard source.isFinite else { return lowest }
        let value = Int(min(max(source, -1), 1e9).rounded(.down))
        return min(max(value, lowest), max(highest, lowest))
    }
}
