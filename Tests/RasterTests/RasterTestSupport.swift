import Foundation
import Testing
import TrellisGeometry
import TrellisPNG
import TrellisPluginKit
import TrellisRasterRenderer

/// Renders lists in process and reads their pixels.
enum Raster {
    /// A renderer of raw RGBA.
    static func rgbaRenderer() throws -> RasterRenderer {
        try RasterRenderer(configuration: RasterConfiguration(format: .rgba))
    }

    /// Renders a list to a bitmap.
    static func render(_ list: DisplayList) throws -> RasterBitmap {
        try RasterBitmap(rgbaOutput: rgbaRenderer().render(list))
    }

    /// Renders a list to PNG bytes.
    static func png(_ list: DisplayList) throws -> [UInt8] {
        try RasterRenderer(configuration: RasterConfiguration(format: .png)).render(list)
    }

    /// Decodes a PNG the renderer wrote.
    static func decodePNG(_ bytes: [UInt8]) throws -> PNGImage {
        try PNGDecoder.decode(bytes, maximumPixels: CanvasSize.maximumPixelCount)
    }

    /// A list of a size and scale with the given commands.
    static func list(
        width: Double = 100, height: Double = 100, scale: Double = 1,
        _ commands: [DisplayCommand], images: [DisplayImage] = []
    ) -> DisplayList {
        DisplayList(
            size: Size(width: width, height: height), scale: scale, commands: commands,
            images: images)
    }
}

extension RasterBitmap {
    /// Whether the pixel is within `tolerance` (in 0...255 units) of a colour on every channel.
    func matches(x: Int, y: Int, _ color: Color, tolerance: Int = 2) -> Bool {
        guard let (r, g, b, a) = rgba(x: x, y: y) else { return false }
        let (er, eg, eb, ea) = color.rgba8
        return [(r, er), (g, eg), (b, eb), (a, ea)].allSatisfy {
            abs(Int($0.0) - Int($0.1)) <= tolerance
        }
    }

    /// The alpha of a pixel (0 outside).
    func alpha(x: Int, y: Int) -> Int {
        rgba(x: x, y: y).map { Int($0.alpha) } ?? 0
    }

    /// The bounding box of pixels with alpha above `threshold`, or `nil` when there are none.
    func inkBounds(threshold: Int = 0, in area: (x: Range<Int>, y: Range<Int>)? = nil)
        -> (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    {
        var result: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in area?.y ?? 0..<height {
            for x in area?.x ?? 0..<width where alpha(x: x, y: y) > threshold {
                if let r = result {
                    result = (min(r.minX, x), min(r.minY, y), max(r.maxX, x), max(r.maxY, y))
                } else {
                    result = (x, y, x, y)
                }
            }
        }
        return result
    }

    /// The number of pixels with alpha above `threshold`.
    func inkCount(threshold: Int = 0) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where alpha(x: x, y: y) > threshold { count += 1 }
        }
        return count
    }
}
