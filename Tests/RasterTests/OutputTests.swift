import Testing
import TrellisGeometry
import TrellisPNG
import TrellisPluginKit
import TrellisRasterRenderer
import _TrellisTestSupport

/// A frame with every kind of command, text in two scripts and two images.
func complexFrame(scale: Double = 2) -> DisplayList {
    var list = DisplayList(size: Size(width: 240, height: 160), scale: scale)
    var gradientPixels: [UInt8] = []
    for y in 0..<16 {
        for x in 0..<16 {
            gradientPixels += [UInt8(x * 16), UInt8(y * 16), 128, UInt8(255 - x * 8)]
        }
    }
    list.addImage(DisplayImage(id: 1, width: 16, height: 16, pixels: gradientPixels))
    list.addImage(DisplayImage(id: 2, width: 3, height: 3, color: .white))
    list.commands = [
        .fillRect(Rect(x: 0, y: 0, width: 240, height: 160), color: Color(white: 0.96)),
        .save,
        .shadow(color: Color(white: 0, alpha: 0.3), offset: Size(width: 0, height: 3), blur: 6),
        .fillRoundedRect(
            Rect(x: 12, y: 12, width: 100, height: 40),
            radii: CornerRadii(topLeft: 12, topRight: 4, bottomRight: 12, bottomLeft: 4),
            color: .blue),
        .restore,
        .linearGradient(
            Rect(x: 124, y: 12, width: 100, height: 40), start: Point(x: 124, y: 12),
            end: Point(x: 224, y: 52),
            stops: [
                GradientStop(location: 0, color: .orange),
                GradientStop(location: 0.6, color: .purple),
                GradientStop(location: 1, color: .cyan),
            ]),
        .save,
        .clipRoundedRect(Rect(x: 12, y: 64, width: 100, height: 40), radii: .uniform(10)),
        .drawImage(
            id: 1, source: Rect(x: 0, y: 0, width: 16, height: 16),
            destination: Rect(x: 12, y: 64, width: 100, height: 40),
            capInsets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4), tint: nil),
        .restore,
        .drawImage(
            id: 2, source: Rect(x: 0, y: 0, width: 3, height: 3),
            destination: Rect(x: 124, y: 64, width: 20, height: 20), capInsets: nil, tint: .red),
        .beginLayer(alpha: 0.7),
        .concatenate(AffineTransform(translationX: 180, y: 84).rotated(by: 0.3)),
        .strokeRoundedRect(
            Rect(x: -20, y: -12, width: 40, height: 24), radii: .uniform(6), color: .black,
            lineWidth: 1.5),
        .endLayer,
        .glyphRun(
            GlyphRun(
                text: "Trellis — 保存 Save", font: FontDescriptor(size: 15, weight: 700),
                color: .black, origin: Point(x: 12, y: 130), width: 150, ascent: 14, descent: 4,
                background: .yellow, underline: TextLineStyle(.double, color: .red))),
        .glyphRun(
            GlyphRun(
                text: "italic mono",
                font: FontDescriptor(size: 11, isItalic: true, isMonospaced: true),
                color: .purple, origin: Point(x: 12, y: 150), width: 0, ascent: 0, descent: 0,
                strikethrough: TextLineStyle(.thick))),
    ]
    return list
}

@Suite struct OutputTests {
    @Test func twoRendersOfAComplexFrameAreByteIdenticalPNGs() throws {
        let first = try Raster.png(complexFrame())
        let second = try Raster.png(complexFrame())
        #expect(first == second)
        // The same renderer drawing the frame again, after other work, agrees too.
        let renderer = try RasterRenderer(configuration: RasterConfiguration())
        _ = try renderer.render(complexFrame(scale: 1))
        #expect(try renderer.render(complexFrame()) == first)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func pngPixelsEqualTheRawPixels(scale: Double) throws {
        let list = complexFrame(scale: scale)
        let png = try Raster.decodePNG(Raster.png(list))
        let raw = try Raster.render(list)
        #expect(png.width == raw.width && png.height == raw.height)
        #expect(png.width == Int(240 * scale))
        #expect(png.pixels == raw.pixels)
    }

    @Test func pngOfNoisyTranslucentPixelsDecodesToTheSamePixels() throws {
        // Pseudo-random translucent pixels: every partial alpha is unpremultiplied.
        var generator = SeededGenerator(seed: 12_345)
        let pixels = (0..<(37 * 23 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let list = Raster.list(
            width: 37, height: 23,
            [
                .drawImage(
                    id: 9, source: Rect(x: 0, y: 0, width: 37, height: 23),
                    destination: Rect(x: 0, y: 0, width: 37, height: 23), capInsets: nil,
                    tint: nil),
                .linearGradient(
                    Rect(x: 0, y: 12, width: 37, height: 11), start: .zero,
                    end: Point(x: 37, y: 0),
                    stops: [
                        GradientStop(location: 0, color: .clear),
                        GradientStop(location: 1, color: Color(red: 0.2, green: 0.9, blue: 0.4)),
                    ]),
            ], images: [DisplayImage(id: 9, width: 37, height: 23, pixels: pixels)])
        let png = try Raster.decodePNG(Raster.png(list))
        #expect(try png.pixels == Raster.render(list).pixels)
    }

    @Test func rgbaOutputHasAHeaderAndStraightPixels() throws {
        let bytes = try Raster.rgbaRenderer().render(
            Raster.list(
                width: 3, height: 2,
                [
                    .fillRect(
                        Rect(x: 0, y: 0, width: 1, height: 1), color: Color(white: 1, alpha: 0.5))
                ]))
        #expect(bytes.count == 8 + 3 * 2 * 4)
        #expect(Array(bytes[0..<8]) == [3, 0, 0, 0, 2, 0, 0, 0])
        #expect(Array(bytes[8..<12]) == [255, 255, 255, 128])
        #expect(bytes[12...].allSatisfy { $0 == 0 })
    }

    @Test func encodedListRendersLikeTheDecodedOne() throws {
        let renderer = try Raster.rgbaRenderer()
        let list = complexFrame(scale: 1)
        let encoded = list.encoded()
        let fromBytes = try encoded.withUnsafeBytes { try renderer.render($0) }
        #expect(try fromBytes == renderer.render(list))
    }
}
