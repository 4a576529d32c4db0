import Testing
import TrellisGeometry
import TrellisPluginKit

@testable import TrellisRasterRenderer

/// Retained frames repaint only their damage, and what they give is what a full repaint gives,
/// to the byte, wherever the damage cuts through edges that cover part of a pixel.
@Suite struct DamageRepaintTests {
    private let configuration = RasterConfiguration(format: .rgba)
    private let size = Size(width: 40, height: 40)

    /// A blue canvas with a white square whose edges lie on half pixels, moved by `dy`.
    private func commands(dy: Double) -> [DisplayCommand] {
        [
            .fillRect(
                Rect(x: 0, y: 0, width: 40, height: 40),
                color: Color(red: 0.2, green: 0.5, blue: 0.95)),
            .fillRect(Rect(x: 3.5, y: 3.5 + dy, width: 16, height: 16), color: .white),
            .fillRect(Rect(x: 22.25, y: 8.75, width: 11.5, height: 20.5), color: .red),
        ]
    }

    private func frame(dy: Double, resets: Bool, damage: [Rect]) -> [UInt8] {
        RetainedFrame(
            size: size, rootID: 1, resets: resets, damage: damage,
            segments: [RetainedSegment(id: 1, bounds: Rect(size: size), commands: commands(dy: dy))]
        ).encoded()
    }

    @Test(arguments: [
        [Rect(x: 0, y: 10, width: 21, height: 20), Rect(x: 15, y: 16, width: 20, height: 20)],
        [Rect(x: 0, y: 19, width: 40, height: 2), Rect(x: 18, y: 0, width: 3, height: 40)],
        [Rect(x: 5, y: 5, width: 30, height: 30), Rect(x: 6, y: 6, width: 2, height: 2)],
    ])
    func overlappingDamageRepaintsAsAFullFrame(damage: [Rect]) throws {
        let renderer = try RasterRenderer(configuration: configuration)
        _ = try frame(dy: 0, resets: true, damage: []).withUnsafeBytes { try renderer.render($0) }
        let repainted = try frame(dy: 1, resets: false, damage: damage).withUnsafeBytes {
            try renderer.render($0)
        }
        var list = DisplayList(size: size, scale: 1)
        list.commands = commands(dy: 1)
        // Outside the damage the old square stays, as the frame says nothing changed there.
        var oldList = list
        oldList.commands = commands(dy: 0)
        let old = try RasterBitmap(
            rgbaOutput: RasterRenderer(configuration: configuration).render(oldList))
        let new = try RasterBitmap(
            rgbaOutput: RasterRenderer(configuration: configuration).render(list))
        let got = try RasterBitmap(rgbaOutput: repainted)
        let areas = RasterRenderer.repaintAreas(
            damage.map {
                DeviceRect(
                    minX: max(0, $0.minX.rounded(.down) - 1),
                    minY: max(0, $0.minY.rounded(.down) - 1),
                    maxX: min(40, $0.maxX.rounded(.up) + 1), maxY: min(40, $0.maxY.rounded(.up) + 1)
                )
            })
        try #require(
            [old, new, got].allSatisfy { $0.width == 40 && $0.height == 40 },
            "bitmaps of \([old, new, got].map { "\($0.width)×\($0.height)" })")
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = areas.contains {
                    Double(x) >= $0.minX && Double(x) < $0.maxX && Double(y) >= $0.minY
                        && Double(y) < $0.maxY
                }
                let want = inside ? new.rgba(x: x, y: y)! : old.rgba(x: x, y: y)!
                #expect(got.rgba(x: x, y: y)! == want, "pixel \(x), \(y)")
            }
        }
    }

    @Test func areasInsideOthersAreDroppedAndCheapOverlapsMerged() {
        let big = DeviceRect(minX: 0, minY: 0, maxX: 100, maxY: 100)
        let inside = DeviceRect(minX: 10, minY: 10, maxX: 20, maxY: 20)
        #expect(RasterRenderer.repaintAreas([inside, big]) == [big])
        // Two halves of one box overlapping: their bounding box is no larger than the two.
        let left = DeviceRect(minX: 0, minY: 0, maxX: 60, maxY: 10)
        let right = DeviceRect(minX: 40, minY: 0, maxX: 100, maxY: 10)
        #expect(
            RasterRenderer.repaintAreas([left, right]) == [
                DeviceRect(minX: 0, minY: 0, maxX: 100, maxY: 10)
            ])
        // A cross: the bounding box would repaint far more, so both stay.
        let across = DeviceRect(minX: 0, minY: 45, maxX: 100, maxY: 55)
        let down = DeviceRect(minX: 45, minY: 0, maxX: 55, maxY: 100)
        #expect(RasterRenderer.repaintAreas([across, down]) == [across, down])
        // Apart ones stay apart, and too many become one box.
        let apart = (0..<RasterRenderer.maximumRepaintAreas).map {
            DeviceRect(minX: Double($0) * 10, minY: 0, maxX: Double($0) * 10 + 5, maxY: 5)
        }
        #expect(RasterRenderer.repaintAreas(apart) == apart)
        let many = apart + [DeviceRect(minX: 0, minY: 50, maxX: 5, maxY: 55)]
        #expect(
            RasterRenderer.repaintAreas(many) == [
                DeviceRect(minX: 0, minY: 0, maxX: Double(many.count - 2) * 10 + 5, maxY: 55)
            ])
    }
}
