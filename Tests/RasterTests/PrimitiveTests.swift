import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct PrimitiveTests {
    @Test func fillRectColoursItsPixelsAndNothingElse() throws {
        let bitmap = try Raster.render(
            Raster.list([.fillRect(Rect(x: 10, y: 20, width: 30, height: 40), color: .red)]))
        #expect(bitmap.width == 100 && bitmap.height == 100)
        #expect(bitmap.matches(x: 10, y: 20, .red))
        #expect(bitmap.matches(x: 39, y: 59, .red))
        #expect(bitmap.alpha(x: 9, y: 30) == 0)
        #expect(bitmap.alpha(x: 40, y: 30) == 0)
        #expect(bitmap.alpha(x: 20, y: 60) == 0)
        #expect(bitmap.inkCount() == 30 * 40)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func canvasIsSizeTimesScaleAndDrawingIsScaled(scale: Double) throws {
        let bitmap = try Raster.render(
            Raster.list(
                width: 50, height: 30, scale: scale,
                [.fillRect(Rect(x: 10, y: 10, width: 10, height: 5), color: .blue)]))
        #expect(bitmap.width == Int(50 * scale) && bitmap.height == Int(30 * scale))
        let bounds = try #require(bitmap.inkBounds())
        #expect(bounds.minX == Int(10 * scale) && bounds.maxX == Int(20 * scale) - 1)
        #expect(bounds.minY == Int(10 * scale) && bounds.maxY == Int(15 * scale) - 1)
    }

    @Test func translucentFillKeepsStraightAlpha() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .fillRect(
                    Rect(x: 0, y: 0, width: 10, height: 10),
                    color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
            ]))
        #expect(bitmap.matches(x: 5, y: 5, Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)))
    }

    @Test func roundedCornerLeavesTheCornerEmptyAndFillsJustInside() throws {
        // Corner centre (30, 30), radius 20.
        let bitmap = try Raster.render(
            Raster.list([
                .fillRoundedRect(
                    Rect(x: 10, y: 10, width: 80, height: 80), radii: .uniform(20), color: .green)
            ]))
        #expect(bitmap.alpha(x: 11, y: 11) == 0)  // 26 px from the centre: outside
        #expect(bitmap.alpha(x: 14, y: 14) == 0)  // 22 px: outside
        #expect(bitmap.alpha(x: 18, y: 18) == 255)  // 16 px: inside
        #expect(bitmap.alpha(x: 10, y: 30) == 255)  // the straight edge below the arc
        #expect(bitmap.alpha(x: 88, y: 88) == 0)  // every corner is round
        // Anti-aliasing: some pixel on the arc is partly covered.
        let edge = (10..<30).map { bitmap.alpha(x: $0, y: $0) }
        #expect(edge.contains { $0 > 0 && $0 < 255 })
    }

    @Test func cornerRadiiApplyPerCorner() throws {
        let radii = CornerRadii(topLeft: 20, topRight: 0, bottomRight: 0, bottomLeft: 10)
        let bitmap = try Raster.render(
            Raster.list([
                .fillRoundedRect(
                    Rect(x: 10, y: 10, width: 80, height: 80), radii: radii, color: .red)
            ]))
        #expect(bitmap.alpha(x: 11, y: 11) == 0)
        #expect(bitmap.alpha(x: 89, y: 10) == 255)
        #expect(bitmap.alpha(x: 89, y: 89) == 255)
        #expect(bitmap.alpha(x: 10, y: 89) == 0)
        #expect(bitmap.alpha(x: 14, y: 85) == 255)
    }

    @Test func radiiLargerThanTheRectangleAreFitted() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .fillRoundedRect(
                    Rect(x: 0, y: 0, width: 40, height: 20), radii: .uniform(100), color: .red)
            ]))
        // A capsule: radius 10.
        #expect(bitmap.alpha(x: 0, y: 0) == 0)
        #expect(bitmap.alpha(x: 20, y: 10) == 255)
        #expect(bitmap.alpha(x: 1, y: 10) > 200)
        #expect(bitmap.alpha(x: 20, y: 0) > 200)
        #expect(bitmap.inkBounds()?.maxX == 39)
    }

    @Test func strokeDrawsTheOutlineCentredOnTheEdge() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .strokeRoundedRect(
                    Rect(x: 10, y: 10, width: 50, height: 50), radii: .zero, color: .black,
                    lineWidth: 4)
            ]))
        #expect(bitmap.matches(x: 8, y: 30, .black))
        #expect(bitmap.matches(x: 11, y: 30, .black))
        #expect(bitmap.alpha(x: 7, y: 30) == 0)
        #expect(bitmap.alpha(x: 12, y: 30) == 0)
        #expect(bitmap.alpha(x: 35, y: 35) == 0)
    }

    @Test func linearGradientHasItsStopColoursAtStartMiddleAndEnd() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .linearGradient(
                    Rect(x: 0, y: 0, width: 100, height: 10), start: Point(x: 0, y: 0),
                    end: Point(x: 100, y: 0),
                    stops: [
                        GradientStop(location: 0, color: .red),
                        GradientStop(location: 1, color: .blue),
                    ])
            ]))
        #expect(bitmap.matches(x: 0, y: 5, .red, tolerance: 4))
        #expect(bitmap.matches(x: 50, y: 5, Color(red: 0.5, green: 0, blue: 0.5), tolerance: 4))
        #expect(bitmap.matches(x: 99, y: 5, .blue, tolerance: 4))
        #expect(bitmap.alpha(x: 50, y: 10) == 0)
    }

    @Test func gradientLocationsPlaceTheStopsAndEndColoursExtend() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .linearGradient(
                    Rect(x: 0, y: 0, width: 100, height: 100), start: Point(x: 0, y: 0),
                    end: Point(x: 0, y: 100),
                    stops: [
                        GradientStop(location: 0.25, color: .red),
                        GradientStop(location: 0.5, color: .green),
                        GradientStop(location: 0.75, color: .blue),
                    ])
            ]))
        #expect(bitmap.matches(x: 50, y: 5, .red))
        #expect(bitmap.matches(x: 50, y: 20, .red, tolerance: 8))
        #expect(bitmap.matches(x: 50, y: 50, .green, tolerance: 8))
        #expect(bitmap.matches(x: 50, y: 80, .blue, tolerance: 8))
        #expect(bitmap.matches(x: 50, y: 99, .blue))
    }

    @Test func clipRectLimitsDrawingUntilRestore() throws {
        let all = Rect(x: 0, y: 0, width: 100, height: 100)
        let bitmap = try Raster.render(
            Raster.list([
                .save,
                .clipRect(Rect(x: 0, y: 0, width: 50, height: 100)),
                .fillRect(all, color: .red),
                .restore,
                .fillRect(Rect(x: 0, y: 90, width: 100, height: 10), color: .blue),
            ]))
        #expect(bitmap.matches(x: 25, y: 50, .red))
        #expect(bitmap.alpha(x: 75, y: 50) == 0)
        #expect(bitmap.matches(x: 75, y: 95, .blue))
    }

    @Test func roundedClipCutsTheCorners() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .clipRoundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radii: .uniform(30)),
                .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: .red),
            ]))
        #expect(bitmap.alpha(x: 2, y: 2) == 0)
        #expect(bitmap.alpha(x: 97, y: 97) == 0)
        #expect(bitmap.matches(x: 50, y: 50, .red))
        #expect(bitmap.matches(x: 50, y: 0, .red))
    }

    @Test func nestedClipsIntersect() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .clipRect(Rect(x: 0, y: 0, width: 60, height: 100)),
                .clipRect(Rect(x: 40, y: 0, width: 60, height: 100)),
                .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: .red),
            ]))
        #expect(bitmap.inkBounds().map { ($0.minX, $0.maxX) } ?? (0, 0) == (40, 59))
    }

    @Test func transformsApplyToLaterDrawingUntilRestore() throws {
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        let bitmap = try Raster.render(
            Raster.list([
                .save,
                .concatenate(AffineTransform(translationX: 50, y: 20).scaledBy(x: 2, y: 3)),
                .fillRect(square, color: .red),
                .restore,
                .fillRect(square, color: .blue),
            ]))
        #expect(bitmap.matches(x: 51, y: 21, .red))
        #expect(bitmap.matches(x: 69, y: 49, .red))
        #expect(bitmap.alpha(x: 71, y: 30) == 0)
        #expect(bitmap.alpha(x: 60, y: 51) == 0)
        #expect(bitmap.matches(x: 5, y: 5, .blue))
    }

    @Test func rotationTurnsTheShape() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .concatenate(AffineTransform(translationX: 50, y: 50).rotated(by: .pi / 4)),
                .fillRect(Rect(x: -20, y: -20, width: 40, height: 40), color: .red),
            ]))
        // A diamond: its tips reach 28 px from the centre along the axes, its old corners
        // are empty.
        #expect(bitmap.matches(x: 50, y: 24, .red))
        #expect(bitmap.matches(x: 76, y: 50, .red))
        #expect(bitmap.alpha(x: 32, y: 32) == 0)
    }

    @Test func singularTransformHidesDrawingUntilRestore() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .save,
                .concatenate(AffineTransform(scaleX: 0, y: 1)),
                .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: .red),
                .restore,
                .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .blue),
            ]))
        #expect(bitmap.matches(x: 5, y: 5, .blue))
        #expect(bitmap.alpha(x: 50, y: 50) == 0)
    }

    @Test func emptyClipHidesDrawingUntilRestore() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .save,
                .clipRect(Rect(x: 10, y: 10, width: 0, height: 50)),
                .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: .red),
                .restore,
                .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .blue),
            ]))
        #expect(bitmap.inkCount() == 100)
    }
}
