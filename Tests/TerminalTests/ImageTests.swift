import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Images as half blocks: two pixels per cell, the upper as foreground of "▀".
@Suite struct ImageTests {
    private func image(
        _ id: UInt32, _ width: Int, _ height: Int, _ colors: [UInt32], alpha: [UInt8]? = nil
    )
        -> DisplayImage
    {
        var pixels: [UInt8] = []
        for (index, color) in colors.enumerated() {
            pixels += [
                UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF),
                alpha?[index] ?? 255,
            ]
        }
        return DisplayImage(id: id, width: width, height: height, pixels: pixels)
    }

    private func draw(
        _ image: DisplayImage, in destination: Rect, canvas: Size, caps: EdgeInsets? = nil,
        tint: Color? = nil, under: [DisplayCommand] = []
    ) throws -> VirtualTerminal {
        var list = DisplayList(size: canvas, commands: under, images: [image])
        list.append(
            .drawImage(
                id: image.id,
                source: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                destination: destination, capInsets: caps, tint: tint))
        return try freshScreen(list)
    }

    @Test func eachCellShowsTwoPixelsAsAnUpperHalfBlock() throws {
        let picture = image(1, 2, 2, [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF])
        let terminal = try draw(
            picture, in: Rect(x: 0, y: 0, width: 2, height: 1), canvas: Size(width: 2, height: 1))
        #expect(terminal.lines == ["▀▀"])
        #expect(terminal.cell(0, 0).foreground == "#ff0000")
        #expect(terminal.cell(0, 0).background == "#0000ff")
        #expect(terminal.cell(1, 0).foreground == "#00ff00")
        #expect(terminal.cell(1, 0).background == "#ffffff")
    }

    @Test func cellsWithEqualHalvesAreSpaces() throws {
        let picture = image(1, 1, 2, [0x336699, 0x336699])
        let terminal = try draw(
            picture, in: Rect(x: 0, y: 0, width: 1, height: 1), canvas: Size(width: 1, height: 1))
        #expect(terminal.lines == [" "])
        #expect(terminal.cell(0, 0).background == "#336699")
    }

    @Test func nineSliceKeepsTheCapsTheirSize() throws {
        // A 3 × 3 image: a red ring around a white centre, drawn 6 × 3 with caps of 1 pixel.
        let ring = image(
            1, 3, 3,
            [
                0xFF0000, 0xFF0000, 0xFF0000, 0xFF0000, 0xFFFFFF, 0xFF0000, 0xFF0000, 0xFF0000,
                0xFF0000,
            ])
        let sliced = try draw(
            ring, in: Rect(x: 0, y: 0, width: 6, height: 3), canvas: Size(width: 6, height: 3),
            caps: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        #expect(
            (0..<6).map { sliced.cell($0, 1).background } == [
                "#ff0000", "#ffffff", "#ffffff", "#ffffff", "#ffffff", "#ff0000",
            ])
        #expect(
            (0..<6).map { sliced.cell($0, 0).background } == Array(repeating: "#ff0000", count: 6))
        // Stretched without caps, the ring's sides are two columns wide.
        let stretched = try draw(
            ring, in: Rect(x: 0, y: 0, width: 6, height: 3), canvas: Size(width: 6, height: 3))
        #expect(
            (0..<6).map { stretched.cell($0, 1).background } == [
                "#ff0000", "#ff0000", "#ffffff", "#ffffff", "#ff0000", "#ff0000",
            ])
    }

    @Test func tintFillsTheImagesAlpha() throws {
        let mask = image(1, 2, 2, [0, 0, 0, 0], alpha: [255, 0, 255, 0])
        let terminal = try draw(
            mask, in: Rect(x: 0, y: 0, width: 2, height: 1), canvas: Size(width: 2, height: 1),
            tint: .green,
            under: [.fillRect(Rect(x: 0, y: 0, width: 2, height: 1), color: .blue)])
        #expect(terminal.cell(0, 0).background == "#00ff00")
        #expect(terminal.cell(1, 0).background == "#0000ff")
    }

    @Test func translucentPixelsBlendWithWhatIsBeneath() throws {
        let glass = image(1, 1, 2, [0xFFFFFF, 0xFFFFFF], alpha: [128, 0])
        let terminal = try draw(
            glass, in: Rect(x: 0, y: 0, width: 1, height: 1), canvas: Size(width: 1, height: 1),
            under: [.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .black)])
        #expect(terminal.lines == ["▀"])
        #expect(terminal.cell(0, 0).foreground == "#808080")
        #expect(terminal.cell(0, 0).background == "#000000")
    }

    @Test func imagesAreClippedAndTransformed() throws {
        let picture = image(1, 1, 1, [0xFF0000])
        var list = DisplayList(size: Size(width: 6, height: 2), images: [picture])
        list.append(.clipRect(Rect(x: 0, y: 0, width: 4, height: 2)))
        list.append(.concatenate(AffineTransform(translationX: 2, y: 0)))
        list.append(
            .drawImage(
                id: 1, source: Rect(x: 0, y: 0, width: 1, height: 1),
                destination: Rect(x: 0, y: 0, width: 4, height: 1),
                capInsets: nil, tint: nil))
        let terminal = try freshScreen(list)
        #expect(
            (0..<6).map { terminal.cell($0, 0).background } == [
                "default", "default", "#ff0000", "#ff0000", "default", "default",
            ])
    }
}
