import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct ErrorTests {
    private func renderError(_ list: DisplayList, format: RasterConfiguration.Format = .rgba)
        -> RendererError?
    {
        #expect(throws: RendererError.self) {
            try RasterRenderer(configuration: RasterConfiguration(format: format)).render(list)
        }
    }

    @Test func malformedListIsInvalidInputWithTheDecodersMessage() throws {
        var bytes = complexFrame().encoded()
        bytes.removeLast()
        let expected = #expect(throws: DisplayListError.self) { try DisplayList(decoding: bytes) }
        let renderer = try Raster.rgbaRenderer()
        let error = #expect(throws: RendererError.self) {
            try bytes.withUnsafeBytes { try renderer.render($0) }
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == expected?.description)
    }

    @Test func garbageIsInvalidInput() throws {
        let renderer = try Raster.rgbaRenderer()
        let error = #expect(throws: RendererError.self) {
            try Array("not a display list".utf8).withUnsafeBytes { try renderer.render($0) }
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains("TRDL") == true)
    }

    @Test func canvasWiderThanTheLimitIsAnError() {
        let error = renderError(Raster.list(width: 20_000, height: 10, []))
        #expect(error?.kind == .resource)
        #expect(error?.message.contains("20000×10 pixels") == true)
        #expect(error?.message.contains("16384") == true)
    }

    @Test func scaleCanPushACanvasOverTheLimit() {
        let error = renderError(Raster.list(width: 10_000, height: 100, scale: 2, []))
        #expect(error?.message.contains("20000×200 pixels") == true)
    }

    @Test func emptyCanvasCannotBeAPNGButIsAnEmptyBitmap() throws {
        let error = renderError(Raster.list(width: 0, height: 10, []), format: .png)
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains("0×10 pixels") == true)
        let bitmap = try Raster.render(Raster.list(width: 0, height: 10, []))
        #expect(bitmap.width == 0 && bitmap.height == 10 && bitmap.pixels.isEmpty)
    }

    @Test(arguments: [
        "[1, 2]", "{\"format\": \"jpeg\"}", "{\"format\": 1}", "{\"colour\": true}",
        "{\"fontDirectories\": \"/usr\"}", "{\"fontDirectories\": [\"relative\"]}", "{",
    ])
    func badConfigurationIsInvalidInput(json: String) {
        let error = #expect(throws: RendererError.self) {
            try RasterRenderer(configuration: Array(json.utf8))
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.hasPrefix("raster: ") == true)
    }

    @Test func configurationIsRead() throws {
        let renderer = try RasterRenderer(
            configuration: Array(
                #"{"format": "rgba", "fontDirectories": ["/usr/share/fonts"]}"#.utf8))
        #expect(renderer.configuration.format == .rgba)
        #expect(renderer.configuration.fontDirectories == ["/usr/share/fonts"])
        #expect(
            try RasterRenderer(configuration: Array(" \n".utf8)).configuration
                == RasterConfiguration())
    }

    @Test func extremeValuesDrawWithoutCrashingOrHanging() throws {
        let huge = 1e300
        let image = DisplayImage(id: 1, width: 2, height: 2, color: .red)
        let run = GlyphRun(
            text: "Big", font: FontDescriptor(size: 10_000), color: .black,
            origin: Point(x: huge, y: -huge), width: huge, ascent: huge, descent: huge,
            background: .red, underline: TextLineStyle())
        let list = Raster.list(
            width: 50, height: 50, scale: 16,
            [
                .fillRoundedRect(
                    Rect(x: -huge, y: -huge, width: huge, height: huge), radii: .uniform(huge),
                    color: .red),
                .fillRoundedRect(
                    Rect(x: 0, y: 0, width: huge, height: huge), radii: .uniform(huge), color: .red),
                .strokeRoundedRect(
                    Rect(x: 0, y: 0, width: 10, height: 10), radii: .uniform(3), color: .red,
                    lineWidth: huge),
                .clipRoundedRect(
                    Rect(x: -huge, y: -huge, width: huge, height: huge), radii: .uniform(huge)),
                .save,
                .concatenate(AffineTransform(scaleX: huge, y: huge)),
                .fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .red),
                .restore,
                .save,
                .concatenate(AffineTransform(scaleX: 1e-200, y: 1e-200)),
                .fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .red),
                .restore,
                .shadow(color: .black, offset: Size(width: huge, height: -huge), blur: huge),
                .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red),
                .shadow(color: .black, offset: Size(width: 1, height: 1), blur: huge),
                .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red),
                .linearGradient(
                    Rect(x: 0, y: 0, width: huge, height: huge), start: Point(x: -huge, y: 0),
                    end: Point(x: huge, y: huge),
                    stops: [GradientStop(location: 0, color: .red)]),
                .drawImage(
                    id: 1, source: Rect(x: 0, y: 0, width: 1e-300, height: 2),
                    destination: Rect(x: 0, y: 0, width: huge, height: 1e-300),
                    capInsets: EdgeInsets(top: huge, left: huge, bottom: huge, right: huge),
                    tint: .blue),
                .drawImage(
                    id: 1, source: Rect(x: -huge, y: -huge, width: huge, height: huge),
                    destination: Rect(x: 0, y: 0, width: 10, height: 10), capInsets: nil, tint: nil),
                .glyphRun(run),
            ], images: [image])
        // Through the encoder and decoder too, so the list is one a host could send.
        let decoded = try DisplayList(decoding: list.encoded())
        let bitmap = try Raster.render(decoded)
        #expect(bitmap.width == 800)
    }
}
