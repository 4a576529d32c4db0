/// Writes pixels as a sixel image.
///
/// Pixels with alpha below 128 are left out (the image's background is transparent: `P2 = 1`),
/// so the cells beneath show through; the others are blended over the assumed background and
/// drawn opaque. The palette is the image's own colours when it has at most 256 of them (in
/// increasing `0xRRGGBB` order), else the 252 colours of a 6 × 7 × 6 cube, each pixel taking
/// the nearest level of each channel: at most 26 units of 255 off in red and blue, 22 in
/// green. Sixel states colours in percent, which costs at most 2 units more. The same pixels
/// always give the same bytes.
enum SixelEncoder {
    /// The levels of the cube's red and blue (6) and green (7) channels.
    static let redLevels = 6
    static let greenLevels = 7
    static let blueLevels = 6

    /// Encodes `width × height` straight RGBA pixels as a complete sixel sequence, from
    /// `ESC P` to `ESC \`.
    ///
    /// - Complexity: O(*w* × *h* + *c* × *w* × *h* / 6) for *c* colours.
    static func encode(rgba pixels: [UInt8], width: Int, height: Int, background: UInt32)
        -> [UInt8]
    {
        // Opaque colours, -1 for transparent pixels.
        var colors = [Int32](repeating: -1, count: width * height)
        for index in 0..<(width * height) {
            let alpha = UInt32(pixels[index * 4 + 3])
            guard alpha >= 128 else { continue }
            let straight =
                alpha << 24 | UInt32(pixels[index * 4]) << 16 | UInt32(pixels[index * 4 + 1]) << 8
                | UInt32(pixels[index * 4 + 2])
            colors[index] = Int32(PackedColor.over(straight, 0xFF00_0000 | background) & 0xFF_FFFF)
        }
        let distinct = Set(colors.filter { $0 >= 0 }).sorted()
        var palette: [Int32]
        var indices = [Int](repeating: -1, count: width * height)
        if distinct.count <= 256 {
            palette = distinct
            var lookup: [Int32: Int] = [:]
            for (index, color) in distinct.enumerated() { lookup[color] = index }
            for index in 0..<colors.count where colors[index] >= 0 {
                indices[index] = lookup[colors[index]] ?? 0
            }
        } else {
            palette = []
            for r in 0..<redLevels {
                for g in 0..<greenLevels {
                    for b in 0..<blueLevels {
                        palette.append(
                            Int32(
                                level(r, of: redLevels) << 16 | level(g, of: greenLevels) << 8
                                    | level(b, of: blueLevels)))
                    }
                }
            }
            for index in 0..<colors.count where colors[index] >= 0 {
                let color = Int(colors[index])
                let r = nearest(color >> 16 & 0xFF, of: redLevels)
                let g = nearest(color >> 8 & 0xFF, of: greenLevels)
                let b = nearest(color & 0xFF, of: blueLevels)
                indices[index] = (r * greenLevels + g) * blueLevels + b
            }
        }
        var output: [UInt8] = []
        append("\u{1B}P0;1q\"1;1;\(width);\(height)", to: &output)
        for (index, color) in palette.enumerated() {
            let percent = [16, 8, 0].map { ((Int(color) >> $0 & 0xFF) * 100 + 127) / 255 }
            append("#\(index);2;\(percent[0]);\(percent[1]);\(percent[2])", to: &output)
        }
        var band = [UInt8](repeating: 0, count: width)
        var bandTop = 0
        while bandTop < height {
            let bandRows = min(6, height - bandTop)
            var used: [Int] = []
            var seen = Set<Int>()
            for y in bandTop..<(bandTop + bandRows) {
                for x in 0..<width {
                    let color = indices[y * width + x]
                    if color >= 0, seen.insert(color).inserted { used.append(color) }
                }
            }
            used.sort()
            for (position, color) in used.enumerated() {
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for dy in 0..<bandRows where indices[(bandTop + dy) * width + x] == color {
                        bits |= 1 << UInt8(dy)
                    }
                    band[x] = bits
                }
                var last = width
                while last > 0 && band[last - 1] == 0 { last -= 1 }
                append("#\(color)", to: &output)
                var x = 0
                while x < last {
                    var run = 1
                    while x + run < last && band[x + run] == band[x] { run += 1 }
                    let character = 0x3F + band[x]
                    if run >= 4 {
                        append("!\(run)", to: &output)
                        output.append(character)
                    } else {
                        for _ in 0..<run { output.append(character) }
                    }
                    x += run
                }
                if position + 1 < used.count { output.append(UInt8(ascii: "$")) }
            }
            bandTop += 6
            if bandTop < height { output.append(UInt8(ascii: "-")) }
        }
        append("\u{1B}\\", to: &output)
        return output
    }

    /// The 8-bit value of level `index` of `count` evenly spaced levels.
    static func level(_ index: Int, of count: Int) -> Int {
        (index * 255 * 2 + (count - 1)) / (2 * (count - 1))
    }

    /// The nearest of `count` evenly spaced levels to an 8-bit value.
    static func nearest(_ value: Int, of count: Int) -> Int {
        (value * (count - 1) * 2 + 255) / 510
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}

/// The sixel images a frame shows, and the ones the terminal shows from the frames before.
///
/// A sixel image is pixels written over cells, with no identity the terminal keeps: an image
/// shown where it was, over cells that did not change, costs nothing; one that is new, moved,
/// changed, or whose cells were written again is written again, after the cells. The cells an
/// image no longer covers are written again, so that its pixels go.
struct SixelGraphics {
    /// One image shown: its identity and the cells it covers.
    struct Shown: Hashable {
        var identity: UInt64
        var visible: CellBox
        var box: CellBox
    }

    private(set) var shown: [Shown] = []

    /// The cells that images no longer shown there covered: the frame encoder writes them
    /// again.
    func vacated(by placements: [ImagePlacement]) -> [CellBox] {
        let kept = Set(
            placements.map { Shown(identity: $0.identity, visible: $0.visible, box: $0.box) })
        return shown.filter { !kept.contains($0) }.map(\.visible)
    }

    /// Writes the images that must be written: all of them after a full repaint, else the new
    /// ones and those over cells the frame wrote.
    ///
    /// - Parameters:
    ///   - placements: The frame's placements.
    ///   - written: Whether the frame wrote a cell of a box.
    ///   - isFull: Whether the frame is a full repaint.
    ///   - pixelWidth: A cell's width in pixels.
    ///   - pixelHeight: A cell's height in pixels.
    ///   - background: The colour semi-transparent pixels are blended over, `0xRRGGBB`.
    ///   - output: Where the sixel sequences go.
    mutating func encode(
        _ placements: [ImagePlacement], written: (CellBox) -> Bool, isFull: Bool,
        pixelWidth: Int, pixelHeight: Int, background: UInt32, into output: inout [UInt8]
    ) {
        let before = Set(shown)
        shown = []
        for placement in placements {
            let entry = Shown(
                identity: placement.identity, visible: placement.visible, box: placement.box)
            shown.append(entry)
            if !isFull && before.contains(entry) && !written(placement.visible) { continue }
            let (pixels, width, height) = SixelGraphics.scaled(
                placement, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            output.append(
                contentsOf: "\u{1B}[\(placement.visible.row + 1);\(placement.visible.column + 1)H"
                    .utf8)
            output.append(
                contentsOf: SixelEncoder.encode(
                    rgba: pixels, width: width, height: height, background: background))
        }
    }

    /// The pixels of a placement's visible cells: the image scaled to its whole box of cells
    /// (nearest pixel, sampled at each target pixel's centre) and cut to the visible ones.
    static func scaled(_ placement: ImagePlacement, pixelWidth: Int, pixelHeight: Int) -> (
        [UInt8], Int, Int
    ) {
        let source = placement.pixels()
        let boxWidth = placement.box.columns * pixelWidth
        let boxHeight = placement.box.rows * pixelHeight
        let left = (placement.visible.column - placement.box.column) * pixelWidth
        let top = (placement.visible.row - placement.box.row) * pixelHeight
        let width = placement.visible.columns * pixelWidth
        let height = placement.visible.rows * pixelHeight
        var result = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let sourceY = ((top + y) * 2 + 1) * placement.sourceHeight / (2 * boxHeight)
            for x in 0..<width {
                let sourceX = ((left + x) * 2 + 1) * placement.sourceWidth / (2 * boxWidth)
                let from = (sourceY * placement.sourceWidth + sourceX) * 4
                let to = (y * width + x) * 4
                result[to] = source[from]
                result[to + 1] = source[from + 1]
                result[to + 2] = source[from + 2]
                result[to + 3] = source[from + 3]
            }
        }
        return (result, width, height)
    }
}
