import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

/// Images converted once and kept between frames, by content.
@Suite struct ImageCacheTests {
    private static let canvas = Rect(x: 0, y: 0, width: 20, height: 20)

    /// A frame that draws a 4×4 image of one colour over the whole canvas, nine-sliced too so
    /// that pieces are cut from the cached surface.
    private func frame(_ image: DisplayImage) -> DisplayList {
        let source = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        return Raster.list(
            width: 40, height: 20,
            [
                .drawImage(
                    id: image.id, source: source, destination: ImageCacheTests.canvas,
                    capInsets: nil, tint: nil),
                .drawImage(
                    id: image.id, source: source,
                    destination: Rect(x: 20, y: 0, width: 20, height: 20),
                    capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), tint: nil),
            ], images: [image])
    }

    private func image(id: UInt32 = 7, _ color: Color) -> DisplayImage {
        DisplayImage(id: id, width: 4, height: 4, color: color)
    }

    @Test func anUnchangedImageIsConvertedOnceAcrossFrames() throws {
        let renderer = try Raster.rgbaRenderer()
        let first = try RasterBitmap(rgbaOutput: renderer.render(frame(image(.red))))
        #expect(renderer.imageConversionCount == 1)
        // A new list with an equal image, as a window sends with every frame.
        let second = try RasterBitmap(rgbaOutput: renderer.render(frame(image(.red))))
        #expect(renderer.imageConversionCount == 1)
        #expect(second.pixels == first.pixels)
        #expect(second.matches(x: 10, y: 10, .red))
        #expect(second.matches(x: 30, y: 10, .red))
    }

    @Test func newPixelsUnderTheSameIdAreConvertedAndDrawn() throws {
        let renderer = try Raster.rgbaRenderer()
        _ = try renderer.render(frame(image(.red)))
        var changed = image(.red)
        // One pixel differs: the comparison is by content, not by id or size.
        changed.pixels[0] = 0
        changed.pixels[1] = 0
        changed.pixels[2] = 255
        _ = try renderer.render(frame(changed))
        #expect(renderer.imageConversionCount == 2)
        let blue = try RasterBitmap(rgbaOutput: renderer.render(frame(image(.blue))))
        #expect(renderer.imageConversionCount == 3)
        #expect(blue.matches(x: 10, y: 10, .blue))
        #expect(blue.matches(x: 30, y: 10, .blue))
    }

    @Test func theCacheIsBoundedAndDropsTheLeastRecentlyUsedImage() throws {
        let renderer = try Raster.rgbaRenderer()
        // Room for one 4×4 image (64 bytes of surface and 64 of pixels), not two.
        renderer.imageCacheByteLimit = 200
        let red = image(id: 1, .red)
        let green = image(id: 2, .green)
        _ = try renderer.render(frame(red))
        _ = try renderer.render(frame(green))
        #expect(renderer.imageConversionCount == 2)
        _ = try renderer.render(frame(green))
        #expect(renderer.imageConversionCount == 2)
        // Red was dropped to make room for green.
        let again = try RasterBitmap(rgbaOutput: renderer.render(frame(red)))
        #expect(renderer.imageConversionCount == 3)
        #expect(again.matches(x: 10, y: 10, .red))
    }

    @Test func anImageLargerThanTheCacheIsStillDrawn() throws {
        let renderer = try Raster.rgbaRenderer()
        renderer.imageCacheByteLimit = 16
        for expected in 1...2 {
            let bitmap = try RasterBitmap(rgbaOutput: renderer.render(frame(image(.green))))
            #expect(bitmap.matches(x: 10, y: 10, .green))
            #expect(renderer.imageConversionCount == expected)
        }
    }
}
