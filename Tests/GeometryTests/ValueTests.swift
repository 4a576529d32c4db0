import Foundation
import Testing
import TrellisGeometry

@Suite struct PointSizeInsetsTests {
    @Test func pointOperations() {
        #expect(Point(x: 1, y: 2).offsetBy(dx: 3, dy: 4) == Point(x: 4, y: 6))
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
        #expect(Point(x: 1.5, y: 2).description == "(1.5, 2)")
        #expect(!Point(x: .nan, y: 0).isFinite)
    }

    @Test func sizeOperations() {
        #expect(Size(width: 3, height: 4).scaled(by: 2) == Size(width: 6, height: 8))
        #expect(Size(width: 3, height: 4).description == "3×4")
        #expect(!Size(width: .infinity, height: 0).isFinite)
    }

    @Test func edgeInsetsSums() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.horizontal == 6 && insets.vertical == 4)
        #expect(EdgeInsets(all: 5) == EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        #expect(
            EdgeInsets(horizontal: 12, vertical: 7)
                == EdgeInsets(top: 7, left: 12, bottom: 7, right: 12))
    }

    @Test func edgeInsetsKeepNaNAndTheirSumsPropagateIt() {
        let insets = EdgeInsets(top: .nan, left: 2, bottom: 3, right: .infinity)
        #expect(insets.top.isNaN && insets.left == 2)
        #expect(insets.vertical.isNaN)
        #expect(insets.horizontal == .infinity)
        let copy = insets
        #expect(copy != insets)  // NaN is unequal to itself, as for Double.
    }

    @Test func directionalInsetsResolveAgainstDirection() {
        let insets = DirectionalEdgeInsets(top: 1, leading: 16, bottom: 2, trailing: 8)
        #expect(
            insets.resolved(for: .leftToRight)
                == EdgeInsets(top: 1, left: 16, bottom: 2, right: 8))
        #expect(
            insets.resolved(for: .rightToLeft)
                == EdgeInsets(top: 1, left: 8, bottom: 2, right: 16))
    }

    @Test func pixelRoundingOfScalars() {
        #expect(10.3.roundedToPixel(scale: 2) == 10.5)
        #expect(10.2.roundedToPixel(scale: 2) == 10.0)
        #expect(10.25.roundedToPixel(scale: 2) == 10.5)
        #expect(10.01.ceiledToPixel(scale: 1) == 11)
        #expect(10.01.ceiledToPixel(scale: 3) == 31.0 / 3)
        #expect(7.3.roundedToPixel(scale: 0) == 7.3)
        #expect(7.3.roundedToPixel(scale: .nan) == 7.3)
        #expect(Double.nan.roundedToPixel(scale: 2).isNaN)
        #expect(Point(x: 0.26, y: 0.74).roundedToPixels(scale: 2) == Point(x: 0.5, y: 0.5))
        #expect(
            Size(width: 0.1, height: 1.01).ceiledToPixels(scale: 1)
                == Size(width: 1, height: 2))
    }
}

@Suite struct AffineTransformTests {
    @Test func identityLeavesPointsAlone() {
        #expect(AffineTransform.identity.isIdentity)
        #expect(Point(x: 3, y: 4).applying(.identity) == Point(x: 3, y: 4))
    }

    @Test func modifiersApplyBeforeTheExistingTransform() {
        // CoreGraphics: translatedBy first translates, then applies self.
        let t = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 22, y: 2))
        let u = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(Point(x: 1, y: 1).applying(u) == Point(x: 12, y: 2))
    }

    @Test func concatenationAppliesSelfFirst() {
        let scale = AffineTransform(scaleX: 2, y: 3)
        let move = AffineTransform(translationX: 1, y: 1)
        #expect(Point(x: 1, y: 1).applying(scale.concatenating(move)) == Point(x: 3, y: 4))
        #expect(Point(x: 1, y: 1).applying(move.concatenating(scale)) == Point(x: 4, y: 6))
    }

    @Test func rotationTurnsClockwiseInYDownCoordinates() {
        let p = Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func inverseUndoesTheTransform() throws {
        let t = AffineTransform(translationX: 5, y: -3).rotated(by: 0.7).scaledBy(x: 2, y: 0.5)
        let inverse = try #require(t.inverted())
        let p = Point(x: 12.5, y: -7.25)
        let back = p.applying(t).applying(inverse)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(t.concatenating(inverse).a - 1 < 1e-12)
    }

    @Test func singularTransformsHaveNoInverse() {
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func applyingANaNOrInfiniteTransformPropagatesByIEEE() {
        let p = Point(x: 1, y: 2)
        let nanTx = p.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 5))
        #expect(nanTx.x.isNaN && nanTx.y == 7)
        let nanA = p.applying(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(nanA.x.isNaN && nanA.y == 2 && !nanA.isFinite)
        let allNaN = p.applying(AffineTransform(a: .nan, b: .nan, c: .nan, d: .nan, tx: 0, ty: 0))
        #expect(allNaN.x.isNaN && allNaN.y.isNaN)
        let huge = p.applying(AffineTransform(scaleX: .infinity, y: 1))
        #expect(huge.x == .infinity && huge.y == 2)
        // An infinite scale of a zero coordinate is 0 × ∞, which is NaN.
        let zero = Point(x: 0, y: 2).applying(AffineTransform(scaleX: .infinity, y: 1))
        #expect(zero.x.isNaN && zero.y == 2)
    }

    @Test func sizesIgnoreTranslation() {
        let t = AffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
        #expect(Size(width: 1, height: 1).applying(t) == Size(width: 2, height: 3))
    }
}
