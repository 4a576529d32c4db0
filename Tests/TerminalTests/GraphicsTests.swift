import Foundation
import Testing
import TrellisCore
import TrellisGeometry
import TrellisPNG
import TrellisRender
import TrellisTerminalRenderer
import TrellisViews

/// Image views' images through the kitty graphics protocol and sixel, checked by decoding what
/// was written: the kitty payloads with TrellisPNG's decoder, the sixels with libsixel's
/// `sixel2png`.
@Suite struct GraphicsTests {
    /// An image whose every pixel differs, with translucent and clear pixels in its last row.
    static func picture(width: Int, height: Int, seed: Int = 0) -> DisplayImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8 = y == height - 1 ? (x % 2 == 0 ? 0 : 128) : 255
                pixels += [
                    UInt8((x * 37 + y * 11 + seed) % 256), UInt8((y * 53 + seed * 3) % 256),
                    UInt8((x * y * 7 + 19) % 256), alpha,
                ]
            }
        }
        return DisplayImage(id: 1, width: width, height: height, pixels: pixels)
    }

    /// An 80 × 24-cell screen (8 × 16-point cells) with one image view's image.
    static func frame(
        _ image: DisplayImage, at destination: Rect, contentKey: UInt64? = nil,
        after: [DisplayCommand] = [], clip: Rect? = nil
    ) -> DisplayList {
        var list = DisplayList(size: Size(width: 640, height: 384), images: [image])
        list.append(.fillRect(Rect(x: 0, y: 0, width: 640, height: 384), color: .gray))
        if let clip {
            list.append(.save)
            list.append(.clipRect(clip))
        }
        list.append(
            .drawImage(
                id: image.id,
                source: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                destination: destination, capInsets: nil, tint: nil,
                contentKey: contentKey
                    ?? DisplayImage.contentKey(
                        width: image.width, height: image.height, pixels: image.pixels)))
        if clip != nil { list.append(.restore) }
        for command in after { list.append(command) }
        return list
    }

    static func renderer(_ graphics: TerminalGraphicsMode, pixels: (Int, Int) = (10, 20))
        -> TerminalRenderer
    {
        TerminalRenderer(
            configuration: TerminalConfiguration(
                graphicsMode: graphics, cellPixelWidth: pixels.0, cellPixelHeight: pixels.1))
    }

    // MARK: Kitty

    @Test func kittySendsThePixelsOnceAsPNGAndPlacesThemOnTheViewsCells() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.kitty)
        let output = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))))
        let images = try output.transmittedImages()
        #expect(images.count == 1)
        let sent = try #require(images.values.first)
        #expect(sent.width == 6 && sent.height == 4 && sent.pixels == image.pixels)
        let placements = output.commands("p")
        #expect(placements.count == 1)
        let placement = try #require(placements.first)
        #expect(placement.keys["i"] == images.keys.first && placement.keys["p"] == "1")
        #expect(placement.keys["c"] == "6" && placement.keys["r"] == "2")
        #expect(placement.cell?.row == 2 && placement.cell?.column == 2)
        #expect(placement.keys["x"] == nil, "a whole image is placed without a source rectangle")
        #expect(output.kitty.allSatisfy { $0.keys["q"] == "2" || $0.keys.keys.sorted() == ["m"] })
        // The cells under the image keep what lies beneath it.
        var terminal = VirtualTerminal(columns: 80, rows: 24)
        try terminal.feed(output.rest)
        #expect(terminal.cell(3, 2).background == "#808080")
        #expect(!terminal.lines[2].contains("▀"))
    }

    @Test func kittyPayloadsComeInChunksOfAtMost4096Bytes() throws {
        // Noise does not compress: its PNG is larger than one chunk.
        var image = GraphicsTests.picture(width: 64, height: 64)
        var state: UInt32 = 12345
        for index in image.pixels.indices {
            state = state &* 1_103_515_245 &+ 12345
            image.pixels[index] = UInt8(state >> 16 & 0xFF)
        }
        let renderer = GraphicsTests.renderer(.kitty)
        let output = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 0, y: 0, width: 128, height: 128))))
        let chunks = output.kitty.filter { $0.keys["a"] == "t" || $0.keys["a"] == nil }
        #expect(chunks.count > 3)
        #expect(chunks.allSatisfy { $0.payload.utf8.count <= 4096 })
        #expect(chunks.dropLast().allSatisfy { $0.keys["m"] == "1" })
        #expect(chunks.last?.keys["m"] == "0")
        #expect(try output.transmittedImages().values.first?.pixels == image.pixels)
    }

    @Test func anUnchangedImageCostsNothing() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.kitty)
        let list = GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))
        #expect(try !renderer.render(list).isEmpty)
        #expect(try renderer.render(list).isEmpty)
        let encoded = list.encoded()
        let again = try encoded.withUnsafeBytes { bytes in try renderer.render(bytes) }
        #expect(again.isEmpty)
    }

    @Test func aMovedImageIsPlacedAgainWithoutBeingSent() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.kitty)
        let first = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))))
        let id = try #require(first.commands("t").first?.keys["i"])
        let moved = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 80, y: 96, width: 96, height: 64))))
        #expect(moved.commands("t").isEmpty && moved.commands("d").isEmpty)
        let placement = try #require(moved.commands("p").first)
        #expect(moved.commands("p").count == 1)
        #expect(placement.keys["i"] == id && placement.keys["p"] == "1")
        #expect(placement.keys["c"] == "12" && placement.keys["r"] == "4")
        #expect(placement.cell?.row == 6 && placement.cell?.column == 10)
    }

    @Test func aChangedImageIsSentAndTheOldOneDeleted() throws {
        let before = GraphicsTests.picture(width: 6, height: 4)
        let after = GraphicsTests.picture(width: 6, height: 4, seed: 9)
        let renderer = GraphicsTests.renderer(.kitty)
        let destination = Rect(x: 16, y: 32, width: 48, height: 32)
        let first = try GraphicsOutput(
            renderer.render(GraphicsTests.frame(before, at: destination)))
        let oldID = try #require(first.commands("t").first?.keys["i"])
        let changed = try GraphicsOutput(
            renderer.render(GraphicsTests.frame(after, at: destination)))
        let deletion = try #require(changed.commands("d").first)
        #expect(deletion.keys["d"] == "I" && deletion.keys["i"] == oldID)
        let images = try changed.transmittedImages()
        #expect(images.count == 1 && images[oldID] == nil)
        #expect(images.values.first?.pixels == after.pixels)
        #expect(changed.commands("p").first?.keys["i"] == images.keys.first)
    }

    @Test func anImageNoLongerDrawnIsDeleted() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.kitty)
        let first = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))))
        let id = try #require(first.commands("t").first?.keys["i"])
        var empty = DisplayList(size: Size(width: 640, height: 384))
        empty.append(.fillRect(Rect(x: 0, y: 0, width: 640, height: 384), color: .gray))
        let gone = try GraphicsOutput(renderer.render(empty))
        #expect(gone.kitty.count == 1)
        #expect(
            gone.commands("d").first?.keys["d"] == "I" && gone.commands("d").first?.keys["i"] == id)
        #expect(try renderer.render(empty).isEmpty)
    }

    @Test func aClippedImageShowsTheVisiblePartOfItsPixels() throws {
        let image = GraphicsTests.picture(width: 8, height: 8)
        let renderer = GraphicsTests.renderer(.kitty)
        // 8 × 4 cells, the clip leaving the right half and the lower half.
        let output = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(
                    image, at: Rect(x: 0, y: 0, width: 64, height: 64),
                    clip: Rect(x: 32, y: 32, width: 200, height: 200))))
        let placement = try #require(output.commands("p").first)
        #expect(placement.cell?.row == 2 && placement.cell?.column == 4)
        #expect(placement.keys["c"] == "4" && placement.keys["r"] == "2")
        #expect(placement.keys["x"] == "4" && placement.keys["y"] == "4")
        #expect(placement.keys["w"] == "4" && placement.keys["h"] == "4")
    }

    @Test func anImageDrawnOverIsDrawnAsHalfBlocks() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let cover: DisplayCommand = .fillRect(
            Rect(x: 16, y: 32, width: 16, height: 16), color: .red)
        let list = GraphicsTests.frame(
            image, at: Rect(x: 16, y: 32, width: 48, height: 32), after: [cover])
        let output = try GraphicsTests.renderer(.kitty).render(list)
        #expect(try GraphicsOutput(output).kitty.isEmpty)
        #expect(output == (try GraphicsTests.renderer(.halfBlocks).render(list)))
    }

    @Test func withoutGraphicsImagesAreTheHalfBlocksTheyWere() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let keyed = GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))
        var plain = keyed
        plain.commands = plain.commands.map { command in
            guard
                case .drawImage(let id, let source, let destination, let caps, let tint, _) =
                    command
            else { return command }
            return .drawImage(
                id: id, source: source, destination: destination, capInsets: caps, tint: tint)
        }
        let output = try GraphicsTests.renderer(.halfBlocks).render(keyed)
        #expect(output == (try GraphicsTests.renderer(.halfBlocks).render(plain)))
        #expect(String(decoding: output, as: UTF8.self).contains("▀"))
        #expect(try GraphicsOutput(output).kitty.isEmpty && GraphicsOutput(output).sixels.isEmpty)
    }

    @Test func aFullRepaintDeletesTheImagesAndSendsThemAgain() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.kitty)
        let list = GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))
        _ = try renderer.render(list)
        renderer.requestFullFrame()
        let output = try GraphicsOutput(renderer.render(list))
        #expect(output.commands("d").first?.keys["d"] == "A")
        #expect(try output.transmittedImages().values.first?.pixels == image.pixels)
        #expect(output.commands("p").count == 1)
    }

    // MARK: Image views in a window

    @MainActor
    @Test func anImageViewsImageGoesWhenTheViewDoes() throws {
        let renderer = GraphicsTests.renderer(.kitty)
        let backend = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .retainedFrames], renderer: renderer)
        let window = Window(size: Size(width: 640, height: 384), backend: backend)
        let picture = GraphicsTests.picture(width: 6, height: 4)
        let view = ImageView(
            image: Image(
                pixels: PixelBuffer(width: 6, height: 4, bytes: picture.pixels)))
        view.frame = Rect(x: 16, y: 32, width: 48, height: 32)
        window.addSubview(view)
        let first = try GraphicsOutput(window.render())
        let id = try #require(first.commands("t").first?.keys["i"])
        #expect(try first.transmittedImages()[id]?.pixels == picture.pixels)
        window.setNeedsDisplay()
        #expect(try window.render().isEmpty)
        view.frame = Rect(x: 160, y: 32, width: 48, height: 32)
        let moved = try GraphicsOutput(window.render())
        #expect(moved.commands("t").isEmpty)
        #expect(moved.commands("p").first?.cell?.column == 20)
        view.removeFromSuperview()
        let removed = try GraphicsOutput(window.render())
        #expect(removed.commands("d").first?.keys["i"] == id)
        #expect(removed.commands("d").first?.keys["d"] == "I")
    }

    // MARK: Sixel

    /// The pixels the sixel of a placement should show: the image scaled to the box by the
    /// nearest pixel, each clear pixel (alpha below 128) nil, each other one blended over
    /// black.
    static func expectedSixelPixels(
        _ image: DisplayImage, width: Int, height: Int
    ) -> [(UInt8, UInt8, UInt8)?] {
        var result: [(UInt8, UInt8, UInt8)?] = []
        for y in 0..<height {
            for x in 0..<width {
                let sx = (2 * x + 1) * image.width / (2 * width)
                let sy = (2 * y + 1) * image.height / (2 * height)
                let i = (sy * image.width + sx) * 4
                let alpha = Int(image.pixels[i + 3])
                guard alpha >= 128 else {
                    result.append(nil)
                    continue
                }
                func blend(_ value: UInt8) -> UInt8 { UInt8((Int(value) * alpha + 127) / 255) }
                result.append(
                    (blend(image.pixels[i]), blend(image.pixels[i + 1]), blend(image.pixels[i + 2]))
                )
            }
        }
        return result
    }

    /// The largest channel difference between sixel2png's pixels and the expected ones, over
    /// the pixels that are drawn; and whether the clear ones were left unset, which sixel2png
    /// shows as black (it writes RGB; no drawn pixel of these images is black).
    static func compare(_ decoded: PNGImage, _ expected: [(UInt8, UInt8, UInt8)?]) -> (Int, Bool) {
        var worst = 0
        var clearStaysClear = true
        for (index, pixel) in expected.enumerated() {
            let i = index * 4
            guard let pixel else {
                if decoded.pixels[i..<(i + 3)] != [0, 0, 0] { clearStaysClear = false }
                continue
            }
            if pixel == (0, 0, 0) { clearStaysClear = false }
            worst = max(
                worst, abs(Int(decoded.pixels[i]) - Int(pixel.0)),
                abs(Int(decoded.pixels[i + 1]) - Int(pixel.1)),
                abs(Int(decoded.pixels[i + 2]) - Int(pixel.2)))
        }
        return (worst, clearStaysClear)
    }

    /// An image of few colours comes back within the percent rounding of sixel colours (2 of
    /// 255); one of more than 256 colours within the 6 × 7 × 6 cube's half step (26 of 255 in
    /// red and blue, 22 in green) plus that rounding: 28.
    @Test(arguments: [(false, 2), (true, 28)])
    func sixelPixelsComeBackThroughAnotherDecoder(manyColors: Bool, tolerance: Int) throws {
        var image = GraphicsTests.picture(width: 6, height: 4)
        if !manyColors {
            // Four colours, with the clear and translucent last row.
            for index in stride(from: 0, to: image.pixels.count - 24, by: 4) {
                let color: [UInt8] = [
                    [255, 0, 0], [0, 128, 255], [20, 200, 40], [250, 250, 250],
                ][
                    index / 4 % 4]
                image.pixels.replaceSubrange(index..<(index + 3), with: color)
            }
        } else {
            image = GraphicsTests.picture(width: 40, height: 30)
        }
        let renderer = GraphicsTests.renderer(.sixel, pixels: (5, 9))
        // 6 × 2 cells of 5 × 9 pixels: 30 × 18 pixels.
        let output = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))))
        #expect(output.sixels.count == 1)
        let sixel = try #require(output.sixels.first)
        #expect(sixel.cell?.row == 2 && sixel.cell?.column == 2)
        let decoded = try decodeWithSixel2PNG(sixel.bytes)
        try #require(decoded.width == 30 && decoded.height == 18)
        let (worst, clear) = GraphicsTests.compare(
            decoded, GraphicsTests.expectedSixelPixels(image, width: 30, height: 18))
        #expect(worst <= tolerance, "worst \(worst)")
        #expect(clear)
    }

    @Test func sixelWritesAnUnchangedImageNoMoreAndAMovedOneOverCellsWrittenAgain() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.sixel, pixels: (5, 9))
        let here = GraphicsTests.frame(image, at: Rect(x: 16, y: 32, width: 48, height: 32))
        #expect(try GraphicsOutput(renderer.render(here)).sixels.count == 1)
        #expect(try renderer.render(here).isEmpty)
        let there = GraphicsTests.frame(image, at: Rect(x: 160, y: 32, width: 48, height: 32))
        let moved = try GraphicsOutput(renderer.render(there))
        #expect(moved.sixels.count == 1 && moved.sixels.first?.cell?.column == 20)
        // The cells the image left are written again, so that its pixels go.
        var terminal = VirtualTerminal(columns: 80, rows: 24)
        var rewritten = DisplayList(size: Size(width: 640, height: 384))
        rewritten.append(.fillRect(Rect(x: 0, y: 0, width: 640, height: 384), color: .gray))
        try terminal.feed(try GraphicsTests.renderer(.sixel).render(rewritten))
        var after = terminal
        try after.feed(moved.rest)
        let written = String(decoding: moved.rest, as: UTF8.self)
        #expect(written.contains("\u{1B}[3;3H") || written.contains("\u{1B}[3;2H"))
        let removed = try GraphicsOutput(renderer.render(rewritten))
        #expect(removed.sixels.isEmpty && !removed.rest.isEmpty)
    }

    @Test func sixelLeavesTheLastRowToHalfBlocks() throws {
        let image = GraphicsTests.picture(width: 6, height: 4)
        let renderer = GraphicsTests.renderer(.sixel, pixels: (5, 9))
        let output = try GraphicsOutput(
            renderer.render(
                GraphicsTests.frame(image, at: Rect(x: 0, y: 352, width: 48, height: 32))))
        let sixel = try #require(output.sixels.first)
        #expect(sixel.cell?.row == 22)
        #expect(try decodeWithSixel2PNG(sixel.bytes).height == 9)
        #expect(String(decoding: output.rest, as: UTF8.self).contains("▀"))
    }
}
