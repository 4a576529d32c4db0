import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisViews

/// One `drawImage` command of a frame.
private struct DrawnImage: Equatable {
    var source: Rect
    var destination: Rect
    var capInsets: EdgeInsets?
    var tint: Color?
}

/// The images a window draws, in order.
@MainActor
private func drawnImages(_ window: Window) -> [DrawnImage] {
    window.makeDisplayList().commands.compactMap { command in
        guard case .drawImage(_, let source, let destination, let caps, let tint, _) = command
        else {
            return nil
        }
        return DrawnImage(source: source, destination: destination, capInsets: caps, tint: tint)
    }
}

/// A window holding an image view of 100 × 60 points at (10, 20).
@MainActor
private func makeImageView(_ image: Image?) -> (Window, ImageView) {
    let window = Window(size: Size(width: 200, height: 200))
    let view = ImageView(frame: Rect(x: 10, y: 20, width: 100, height: 60))
    view.image = image
    window.addSubview(view)
    return (window, view)
}

/// A file in this suite's fixtures folder.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__").appendingPathComponent(name).path
}

@MainActor
@Suite struct ImageViewContentModeTests {
    /// Where a 20 × 10 image lands in 100 × 60 bounds, worked out by hand: the fit scale is
    /// min(100/20, 60/10) = 5 (100 × 50, 5 from the top), the fill scale max(5, 6) = 6 (120 × 60,
    /// 10 beyond each side), and unscaled modes put the image at x 0, 40 or 80 and y 0, 25 or 50.
    static let expected: [ContentMode: Rect] = [
        .scaleToFill: Rect(x: 0, y: 0, width: 100, height: 60),
        .scaleAspectFit: Rect(x: 0, y: 5, width: 100, height: 50),
        .scaleAspectFill: Rect(x: -10, y: 0, width: 120, height: 60),
        .center: Rect(x: 40, y: 25, width: 20, height: 10),
        .top: Rect(x: 40, y: 0, width: 20, height: 10),
        .bottom: Rect(x: 40, y: 50, width: 20, height: 10),
        .left: Rect(x: 0, y: 25, width: 20, height: 10),
        .right: Rect(x: 80, y: 25, width: 20, height: 10),
        .topLeft: Rect(x: 0, y: 0, width: 20, height: 10),
        .topRight: Rect(x: 80, y: 0, width: 20, height: 10),
        .bottomLeft: Rect(x: 0, y: 50, width: 20, height: 10),
        .bottomRight: Rect(x: 80, y: 50, width: 20, height: 10),
    ]

    @Test func everyContentModeHasAnExpectation() {
        #expect(Set(Self.expected.keys) == Set(ContentMode.allCases))
    }

    @Test(arguments: ContentMode.allCases)
    func contentModeDrawsIntoItsRectangle(mode: ContentMode) throws {
        let (window, view) = makeImageView(Image(size: Size(width: 20, height: 10), color: .red))
        view.contentMode = mode
        let destination = try #require(Self.expected[mode])
        #expect(
            drawnImages(window) == [
                DrawnImage(
                    source: Rect(x: 0, y: 0, width: 20, height: 10), destination: destination,
                    capInsets: nil, tint: nil)
            ])
    }

    @Test func theImageIsDrawnInTheViewsOwnCoordinates() throws {
        let (window, view) = makeImageView(Image(size: Size(width: 20, height: 10), color: .red))
        view.contentMode = .bottomRight
        let lines = try commandLines(window)
        let index = try #require(lines.firstIndex { $0.contains("draw-image") })
        #expect(
            lines.prefix(index).last?.trimmingCharacters(in: .whitespaces)
                == "concatenate 1 0 0 1 10 20")
        #expect(
            lines[index].trimmingCharacters(in: .whitespaces)
                == "draw-image 1 source 0 0 20 10 dest 80 50 20 10")
    }

    @Test func scaledImagesUsePointsForPlacementAndPixelsForTheSource() {
        let image = Image(size: Size(width: 20, height: 10), color: .red, scale: 2)
        #expect(image.pixelWidth == 40 && image.size == Size(width: 20, height: 10))
        let (window, view) = makeImageView(image)
        view.contentMode = .center
        #expect(
            drawnImages(window).map(\.source) == [Rect(x: 0, y: 0, width: 40, height: 20)])
        #expect(
            drawnImages(window).map(\.destination) == [Rect(x: 40, y: 25, width: 20, height: 10)])
    }

    @Test func withoutAnImageNothingIsDrawnAndThereIsNoIntrinsicSize() {
        let (window, view) = makeImageView(nil)
        #expect(drawnImages(window).isEmpty)
        #expect(view.intrinsicContentSize.width == View.noIntrinsicMetric)
        view.image = Image(size: Size(width: 7, height: 3), color: .red)
        #expect(view.intrinsicContentSize == Size(width: 7, height: 3))
    }

    @Test func theHighlightedImageReplacesTheImageWhileHighlighted() {
        let (window, view) = makeImageView(Image(size: Size(width: 20, height: 10), color: .red))
        view.contentMode = .topLeft
        view.highlightedImage = Image(size: Size(width: 4, height: 4), color: .blue)
        view.isHighlighted = true
        #expect(
            drawnImages(window).map(\.destination) == [Rect(x: 0, y: 0, width: 4, height: 4)])
    }
}

@MainActor
@Suite struct ImageViewTintTests {
    private let glyph = Image(size: Size(width: 10, height: 10), color: .black)

    @Test func originalImagesIgnoreTheTint() {
        let (window, view) = makeImageView(glyph)
        view.tintColor = .red
        #expect(drawnImages(window).map(\.tint) == [nil])
        let (original, originalView) = makeImageView(glyph.withRenderingMode(.alwaysOriginal))
        originalView.tintColor = .red
        #expect(drawnImages(original).map(\.tint) == [nil])
    }

    @Test func templateImagesTakeTheViewsTintColour() {
        let (window, view) = makeImageView(glyph.withRenderingMode(.alwaysTemplate))
        #expect(drawnImages(window).map(\.tint) == [View.systemTint])
        view.tintColor = .red
        #expect(drawnImages(window).map(\.tint) == [.red])
    }

    @Test func templateImagesInheritTheSuperviewsTint() {
        let (window, view) = makeImageView(glyph.withRenderingMode(.alwaysTemplate))
        window.tintColor = .green
        #expect(view.effectiveTintColor == .green)
        #expect(drawnImages(window).map(\.tint) == [.green])
    }

    @Test func withTintColorWinsOverTheViewsTint() {
        let tinted = glyph.withTintColor(.blue)
        #expect(tinted.renderingMode == .alwaysTemplate)
        #expect(tinted.tintColor == .blue)
        #expect(tinted.pixels === glyph.pixels)
        let (window, view) = makeImageView(tinted)
        view.tintColor = .red
        #expect(drawnImages(window).map(\.tint) == [.blue])
    }
}

@MainActor
@Suite struct ImageViewNineSliceTests {
    @Test func resizableImagesCarryTheirCapsInPixels() {
        let image = Image(size: Size(width: 30, height: 30), color: .gray, scale: 2)
            .resizableImage(withCapInsets: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        let (window, _) = makeImageView(image)
        #expect(
            drawnImages(window) == [
                DrawnImage(
                    source: Rect(x: 0, y: 0, width: 60, height: 60),
                    destination: Rect(x: 0, y: 0, width: 100, height: 60),
                    capInsets: EdgeInsets(top: 10, left: 12, bottom: 14, right: 16), tint: nil)
            ])
    }

    @Test func theTextBackendNamesTheCaps() throws {
        let image = Image(size: Size(width: 30, height: 30), color: .gray)
            .resizableImage(withCapInsets: EdgeInsets(all: 15))
        let (window, _) = makeImageView(image.withTintColor(.red))
        let lines = try flatCommandLines(window)
        #expect(
            lines.filter { $0.hasPrefix("draw-image") } == [
                "draw-image 1 source 0 0 30 30 dest 0 0 100 60 caps 15 15 15 15 tint #FF0000"
            ])
    }

    @Test func derivedImagesKeepTheCapsAndShareThePixels() {
        let image = Image(size: Size(width: 30, height: 30), color: .gray)
            .resizableImage(withCapInsets: EdgeInsets(all: 15))
        let template = image.withRenderingMode(.alwaysTemplate)
        #expect(template.capInsets == EdgeInsets(all: 15))
        #expect(image.withTintColor(.red).capInsets == EdgeInsets(all: 15))
        let window = Window(size: Size(width: 200, height: 200))
        for (index, derived) in [image, template].enumerated() {
            let view = ImageView(frame: Rect(x: 0, y: Double(index) * 50, width: 60, height: 40))
            view.image = derived
            window.addSubview(view)
        }
        let list = window.makeDisplayList()
        #expect(list.images.count == 1)
    }
}

@Suite struct ImageFileTests {
    @Test func aPNGFileLoadsWithItsPixels() throws {
        let image = try Image(contentsOfFile: fixture("pixels-3x2.png"), scale: 2)
        #expect(image.pixelWidth == 3 && image.pixelHeight == 2)
        #expect(image.size == Size(width: 1.5, height: 1))
        #expect(
            image.pixels.bytes == [
                255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                255, 255, 255, 128, 0, 0, 0, 0, 16, 32, 48, 64,
            ])
    }

    @Test func encodedPixelsDecodeToTheSamePixels() throws {
        let image = try Image(contentsOfFile: fixture("pixels-3x2.png"))
        let decoded = try Image(pngData: image.pngData())
        #expect(decoded.pixels.bytes == image.pixels.bytes)
        #expect(decoded.pixelWidth == 3 && decoded.pixelHeight == 2)
    }

    @Test func aMissingFileIsAClearError() throws {
        let path = fixture("no-such-image.png")
        let error = try #require(throws: ImageError.self) { try Image(contentsOfFile: path) }
        #expect(error.path == path)
        #expect(error.reason == "cannot read the file")
        #expect(error.description == "image \(path): cannot read the file")
    }

    @Test func aFileThatIsNotAPNGIsAClearError() throws {
        let path = fixture("not-a-png.txt")
        let error = try #require(throws: ImageError.self) { try Image(contentsOfFile: path) }
        #expect(error.path == path)
        #expect(error.reason.hasPrefix("not a valid PNG ("))
        #expect(error.reason.count > "not a valid PNG ()".count)
        #expect(error.description.hasPrefix("image \(path): not a valid PNG"))
    }

    /// The decoder's own checks are the PNG suite's; an image says what the decoder found.
    @Test func malformedPNGDataIsAnErrorWithTheDecodersReason() throws {
        let data = try Image(contentsOfFile: fixture("pixels-3x2.png")).pngData()
        let error = try #require(throws: ImageError.self) {
            try Image(pngData: Array(data.prefix(30)))
        }
        #expect(error.path == nil)
        #expect(
            error.description
                == "image: not a valid PNG (truncated: the data ends inside the IHDR chunk at "
                + "byte 8, which claims 13 bytes)")
    }
}
