import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Suite struct LayerAndShadowTests {
    private let shadowColor = Color(white: 0, alpha: 1)

    @Test func layerCompositesItsContentAsOneGroup() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .beginLayer(alpha: 0.5),
                .fillRect(Rect(x: 0, y: 0, width: 60, height: 60), color: .red),
                .fillRect(Rect(x: 30, y: 30, width: 60, height: 60), color: .blue),
                .endLayer,
            ]))
        // In a group the blue square covers the red one before the group fades: no purple.
        #expect(bitmap.matches(x: 45, y: 45, Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        #expect(bitmap.matches(x: 10, y: 10, Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        #expect(bitmap.alpha(x: 95, y: 5) == 0)
    }

    @Test func layersNest() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .beginLayer(alpha: 0.5),
                .beginLayer(alpha: 0.5),
                .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red),
                .endLayer,
                .endLayer,
            ]))
        #expect(bitmap.matches(x: 5, y: 5, Color(red: 1, green: 0, blue: 0, alpha: 0.25)))
    }

    @Test func hardShadowFallsAtTheOffset() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .shadow(color: shadowColor, offset: Size(width: 10, height: 5), blur: 0),
                .fillRect(Rect(x: 20, y: 20, width: 30, height: 30), color: .red),
            ]))
        #expect(bitmap.matches(x: 30, y: 30, .red))
        #expect(bitmap.matches(x: 55, y: 30, .black))
        #expect(bitmap.matches(x: 30, y: 52, .black))
        #expect(bitmap.alpha(x: 61, y: 30) == 0)
        #expect(bitmap.alpha(x: 25, y: 15) == 0)
    }

    @Test func blurredShadowSpreadsAndFades() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .shadow(color: shadowColor, offset: Size(width: 0, height: 10), blur: 8),
                .fillRect(Rect(x: 30, y: 20, width: 40, height: 40), color: .red),
            ]))
        // Below the shape, the shadow fades with distance; above it, almost nothing.
        let below = [61, 64, 68, 72, 76].map { bitmap.alpha(x: 50, y: $0) }
        #expect(below[0] > 0)
        #expect(zip(below, below.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(below[0] > below[4])
        #expect(bitmap.alpha(x: 50, y: 80) < below[0])
        #expect(bitmap.alpha(x: 50, y: 14) == 0)
        // The blur spreads sideways too.
        #expect(bitmap.alpha(x: 72, y: 50) > 0)
        #expect(bitmap.matches(x: 50, y: 40, .red))
    }

    @Test func shadowLastsUntilTheMatchingRestore() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .save,
                .shadow(color: shadowColor, offset: Size(width: 0, height: 10), blur: 0),
                .fillRect(Rect(x: 0, y: 0, width: 20, height: 20), color: .red),
                .restore,
                .fillRect(Rect(x: 50, y: 0, width: 20, height: 20), color: .red),
            ]))
        #expect(bitmap.matches(x: 10, y: 25, .black))
        #expect(bitmap.alpha(x: 60, y: 25) == 0)
    }

    @Test func clearShadowTurnsTheShadowOff() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .shadow(color: shadowColor, offset: Size(width: 0, height: 10), blur: 0),
                .shadow(color: .clear, offset: Size(width: 0, height: 10), blur: 4),
                .fillRect(Rect(x: 0, y: 0, width: 20, height: 20), color: .red),
            ]))
        #expect(bitmap.inkCount() == 400)
    }

    @Test func shadowOffsetIgnoresTheTransformAndFollowsTheScale() throws {
        let bitmap = try Raster.render(
            Raster.list(
                scale: 2,
                [
                    .concatenate(AffineTransform(scaleX: 3, y: 3)),
                    .shadow(color: shadowColor, offset: Size(width: 5, height: 0), blur: 0),
                    .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red),
                ]))
        // The shape covers 60 device pixels; the shadow sticks out 5 points = 10 pixels.
        #expect(bitmap.matches(x: 65, y: 30, .black))
        #expect(bitmap.alpha(x: 71, y: 30) == 0)
    }

    @Test func layerCastsOneShadowBehindItsComposite() throws {
        let bitmap = try Raster.render(
            Raster.list(
                height: 120,
                [
                    .shadow(color: shadowColor, offset: Size(width: 0, height: 30), blur: 0),
                    .beginLayer(alpha: 1),
                    .fillRect(Rect(x: 10, y: 40, width: 40, height: 40), color: .red),
                    .fillRect(Rect(x: 10, y: 10, width: 40, height: 20), color: .blue),
                    .endLayer,
                ]))
        // Per-command shadows would put the blue bar's shadow (y 40...60) on the red square;
        // the layer's one shadow lies behind the whole composite.
        #expect(bitmap.matches(x: 30, y: 50, .red))
        #expect(bitmap.matches(x: 30, y: 20, .blue))
        #expect(bitmap.matches(x: 30, y: 95, .black))
        #expect(bitmap.alpha(x: 30, y: 111) == 0)
        #expect(bitmap.alpha(x: 30, y: 35) == 0)
    }

    @Test func shadowIsClippedWithTheShape() throws {
        let bitmap = try Raster.render(
            Raster.list([
                .clipRect(Rect(x: 0, y: 0, width: 100, height: 50)),
                .shadow(color: shadowColor, offset: Size(width: 0, height: 20), blur: 0),
                .fillRect(Rect(x: 10, y: 10, width: 20, height: 20), color: .red),
            ]))
        #expect(bitmap.matches(x: 20, y: 45, .black))
        #expect(bitmap.alpha(x: 20, y: 50) == 0)
    }
}
