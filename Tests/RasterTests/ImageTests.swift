import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct ImageTests {
    /// A 30×30 image whose 10-pixel corners are red, edges green and centre blue.
    private static let nineSliceImage: DisplayImage = {
        var pixels: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<30 {
                let edgeX = x < 10 || x >= 20
                let edgeY = y < 10 || y >= 20
                let color: [UInt8] =
                    edgeX && edgeY
                    ? [255, 0, 0, 255] : (edgeX || edgeY ? [0, 255, 0, 255] : [0, 0, 255, 255])
                pixels += color
            }
        }
        return DisplayImage(id: 3, width: 30, height: 30, pixels: pixels)
    }()

    private func draw(
        _ image: DisplayImage, source: Rect? = nil, into destination: Rect,
        caps: EdgeInsets? = nil, tint: Color? = nil, width: Double = 100, height: Double = 100
    ) throws -> RasterBitmap {
        try Raster.render(
            Raster.list(
                width: width, height: height,
                [
                    .drawImage(
                        id: image.id,
                        source: source
                            ?? Rect(
                                x: 0, y: 0, width: Double(image.width), height: Double(image.height)
                            ),
                        destination: destination, capInsets: caps, tint: tint)
                ], images: [image]))
    }

    @Test func imageIsScaledIntoTheDestination() throws {
        let image = DisplayImage(
            id: 1, width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let bitmap = try draw(image, into: Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(bitmap.matches(x: 10, y: 25, .red))
        #expect(bitmap.matches(x: 90, y: 25, .blue))
        #expect(bitmap.alpha(x: 50, y: 60) == 0)
    }

    @Test func straightAlphaSurvivesTheRoundTrip() throws {
        let image = DisplayImage(id: 1, width: 1, height: 1, pixels: [200, 100, 50, 128])
        let bitmap = try draw(image, into: Rect(x: 0, y: 0, width: 10, height: 10))
        let pixel = try #require(bitmap.rgba(x: 5, y: 5))
        #expect(pixel.alpha == 128)
        #expect(abs(Int(pixel.red) - 200) <= 2)
        #expect(abs(Int(pixel.green) - 100) <= 2)
        #expect(abs(Int(pixel.blue) - 50) <= 2)
    }

    @Test func sourceRectangleSelectsPartOfTheImage() throws {
        let image = DisplayImage(
            id: 1, width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let bitmap = try draw(
            image, source: Rect(x: 1, y: 0, width: 1, height: 1),
            into: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(bitmap.matches(x: 0, y: 0, .blue))
        #expect(bitmap.matches(x: 99, y: 99, .blue))
    }

    @Test func nineSliceKeepsCornersAndStretchesTheCentre() throws {
        let bitmap = try draw(
            ImageTests.nineSliceImage, into: Rect(x: 0, y: 0, width: 200, height: 100),
            caps: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), width: 200)
        // Corners stay 10 points.
        #expect(bitmap.matches(x: 0, y: 0, .red))
        #expect(bitmap.matches(x: 9, y: 9, .red))
        #expect(bitmap.matches(x: 190, y: 90, .red))
        #expect(bitmap.matches(x: 199, y: 99, .red))
        // Edges stretch along their length only.
        #expect(bitmap.matches(x: 11, y: 5, .green))
        #expect(bitmap.matches(x: 100, y: 5, .green))
        #expect(bitmap.matches(x: 188, y: 5, .green))
        #expect(bitmap.matches(x: 5, y: 50, .green))
        #expect(bitmap.matches(x: 195, y: 50, .green))
        // The centre fills the rest.
        #expect(bitmap.matches(x: 11, y: 11, .blue))
        #expect(bitmap.matches(x: 100, y: 50, .blue))
        #expect(bitmap.matches(x: 188, y: 88, .blue))
    }

    @Test func capsCoveringTheWholeImageStretchTheSeam() throws {
        // A 30-pixel image with 15-pixel caps, as a button background often is: nothing lies
        // between the caps, so the middle stretches the pixels where they meet.
        let image = DisplayImage(id: 1, width: 30, height: 30, color: .blue)
        let bitmap = try draw(
            image, into: Rect(x: 0, y: 0, width: 84, height: 37),
            caps: EdgeInsets(top: 15, left: 15, bottom: 15, right: 15), width: 84, height: 37)
        for (x, y) in [(42, 18), (42, 2), (2, 18), (20, 20), (70, 30)] {
            #expect(bitmap.matches(x: x, y: y, .blue), "(\(x), \(y))")
        }
    }

    @Test func nineSliceCornersShrinkWhenTheDestinationIsSmall() throws {
        let bitmap = try draw(
            ImageTests.nineSliceImage, into: Rect(x: 0, y: 0, width: 10, height: 10),
            caps: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        // Four 5-point corners and no edges or centre.
        for (x, y) in [(1, 1), (8, 1), (1, 8), (8, 8)] {
            #expect(bitmap.matches(x: x, y: y, .red, tolerance: 8))
        }
        #expect(bitmap.inkBounds().map { ($0.maxX, $0.maxY) } ?? (0, 0) == (9, 9))
    }

    @Test func nineSliceAtTwiceTheScaleHasNoSeams() throws {
        let bitmap = try Raster.render(
            Raster.list(
                width: 101, height: 61, scale: 2,
                [
                    .drawImage(
                        id: 3, source: Rect(x: 0, y: 0, width: 30, height: 30),
                        destination: Rect(x: 0.3, y: 0.3, width: 100.4, height: 60.4),
                        capInsets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), tint: nil)
                ], images: [ImageTests.nineSliceImage]))
        // Every pixel of a row inside the image is opaque, seams included.
        for x in 2..<200 { #expect(bitmap.alpha(x: x, y: 60) == 255) }
    }

    @Test func tintFillsTheImagesAlphaWithTheTint() throws {
        // Left pixel opaque red, right pixel transparent.
        let image = DisplayImage(id: 1, width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
        let bitmap = try draw(
            image, into: Rect(x: 0, y: 0, width: 100, height: 50), tint: .green)
        #expect(bitmap.matches(x: 10, y: 25, .green))
        #expect(bitmap.alpha(x: 90, y: 25) == 0)
    }

    @Test func tintKeepsPartialAlpha() throws {
        let image = DisplayImage(id: 1, width: 1, height: 1, pixels: [255, 255, 255, 102])
        let bitmap = try draw(image, into: Rect(x: 0, y: 0, width: 10, height: 10), tint: .blue)
        #expect(bitmap.matches(x: 5, y: 5, Color(red: 0, green: 0, blue: 1, alpha: 0.4)))
    }

    @Test func tintedNineSliceColoursEverySlice() throws {
        let bitmap = try draw(
            ImageTests.nineSliceImage, into: Rect(x: 0, y: 0, width: 100, height: 100),
            caps: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), tint: .black)
        #expect(bitmap.matches(x: 5, y: 5, .black))
        #expect(bitmap.matches(x: 50, y: 5, .black))
        #expect(bitmap.matches(x: 50, y: 50, .black))
    }

    @Test func sourceOutsideTheImageDrawsOnlyTheOverlap() throws {
        let image = DisplayImage(id: 1, width: 10, height: 10, color: .red)
        let bitmap = try draw(
            image, source: Rect(x: 5, y: 0, width: 10, height: 10),
            into: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(bitmap.matches(x: 25, y: 50, .red))
        #expect(bitmap.alpha(x: 75, y: 50) == 0)
    }
}
