import Foundation
import Testing
import TrellisGeometry

@Suite struct RectTests {
    @Test func edgesOfAPositiveRect() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.minX == 10 && r.midX == 25 && r.maxX == 40)
        #expect(r.minY == 20 && r.midY == 40 && r.maxY == 60)
        #expect(r.width == 30 && r.height == 40)
        #expect(r.center == Point(x: 25, y: 40))
    }

    @Test func negativeSizesStandardize() {
        let r = Rect(x: 10, y: 10, width: -4, height: -6)
        #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
        #expect(r.minX == 6 && r.maxX == 10 && r.width == 4)
        #expect(r.minY == 4 && r.maxY == 10 && r.height == 6)
        #expect(!r.isEmpty)
    }

    @Test func nullRectangle() {
        #expect(Rect.null.isNull)
        #expect(Rect.null.isEmpty)
        #expect(Rect.null.width == 0)
        #expect(Rect.null.minX == .infinity)
        #expect(Rect.null.standardized.isNull)
        #expect(!Rect.zero.isNull)
        #expect(Rect.zero.isEmpty)
        #expect(Rect.null.description == "null")
    }

    @Test func insetByShrinksAndNullsWhenInverted() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 40))
        #expect(r.insetBy(dx: -10, dy: -5) == Rect(x: -10, y: -5, width: 120, height: 60))
        #expect(r.insetBy(dx: 51, dy: 0).isNull)
        #expect(r.insetBy(dx: 50, dy: 25) == Rect(x: 50, y: 25, width: 0, height: 0))
        #expect(
            Rect(x: 10, y: 10, width: -20, height: 10).insetBy(dx: 1, dy: 1)
                == Rect(x: -9, y: 11, width: 18, height: 8))
        #expect(Rect.null.insetBy(dx: 1, dy: 1).isNull)
    }

    @Test func insetByEdgeInsetsFollowsUIKit() {
        let r = Rect(x: 0, y: 0, width: 100, height: 40)
        let insets = EdgeInsets(top: 10, left: 5, bottom: 8, right: 7)
        #expect(r.inset(by: insets) == Rect(x: 5, y: 10, width: 88, height: 22))
        // UIKit neither clamps nor standardizes.
        #expect(r.inset(by: EdgeInsets(all: 30)) == Rect(x: 30, y: 30, width: 40, height: -20))
        #expect(Rect.null.inset(by: insets).isNull)
    }

    @Test func offsetBy() {
        #expect(
            Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -2)
                == Rect(x: 11, y: 0, width: 3, height: 4))
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull)
    }

    @Test func unionWithNullIsIdentity() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: 5, width: 5, height: 20)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 25, height: 25))
        #expect(a.union(.null) == a)
        #expect(Rect.null.union(b) == b)
        #expect(Rect.null.union(.null).isNull)
        #expect(
            Rect(x: 5, y: 5, width: -5, height: -5).union(.null)
                == Rect(
                    x: 0, y: 0, width: 5, height: 5))
    }

    @Test func intersectionOfDisjointRectsIsNull() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(
            a.intersection(Rect(x: 5, y: 5, width: 10, height: 10))
                == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 11, y: 0, width: 5, height: 5)).isNull)
        #expect(a.intersection(.null).isNull)
        let touching = a.intersection(Rect(x: 10, y: 0, width: 5, height: 5))
        #expect(touching == Rect(x: 10, y: 0, width: 0, height: 5))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
        #expect(!a.intersects(Rect(x: 20, y: 20, width: 5, height: 5)))
    }

    @Test func containsPointIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 9.999, y: 5)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: 10)))
        #expect(!Rect.zero.contains(Point.zero))
        #expect(!Rect.null.contains(Point.zero))
        #expect(Rect(x: 10, y: 10, width: -10, height: -10).contains(Point(x: 1, y: 1)))
    }

    @Test func containsRect() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(r.contains(Rect(x: 2, y: 2, width: 3, height: 3)))
        #expect(!r.contains(Rect(x: 8, y: 8, width: 3, height: 3)))
        #expect(!r.contains(Rect.null))
        #expect(!Rect.null.contains(r))
    }

    @Test(arguments: [
        (
            RectEdge.minXEdge, Rect(x: 0, y: 0, width: 30, height: 50),
            Rect(x: 30, y: 0, width: 70, height: 50)
        ),
        (
            RectEdge.maxXEdge, Rect(x: 70, y: 0, width: 30, height: 50),
            Rect(x: 0, y: 0, width: 70, height: 50)
        ),
        (
            RectEdge.minYEdge, Rect(x: 0, y: 0, width: 100, height: 30),
            Rect(x: 0, y: 30, width: 100, height: 20)
        ),
        (
            RectEdge.maxYEdge, Rect(x: 0, y: 20, width: 100, height: 30),
            Rect(x: 0, y: 0, width: 100, height: 20)
        ),
    ])
    func dividedSplitsFromEachEdge(edge: RectEdge, slice: Rect, remainder: Rect) {
        let parts = Rect(x: 0, y: 0, width: 100, height: 50).divided(atDistance: 30, from: edge)
        #expect(parts.slice == slice)
        #expect(parts.remainder == remainder)
    }

    @Test func dividedClampsTheDistance() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        let over = r.divided(atDistance: 500, from: .minXEdge)
        #expect(over.slice == r)
        #expect(over.remainder == Rect(x: 100, y: 0, width: 0, height: 50))
        let under = r.divided(atDistance: -5, from: .minYEdge)
        #expect(under.slice == Rect(x: 0, y: 0, width: 100, height: 0))
        #expect(under.remainder == r)
        let nan = r.divided(atDistance: .nan, from: .minXEdge)
        #expect(nan.slice.width == 0 && nan.remainder == r)
        #expect(Rect.null.divided(atDistance: 3, from: .minXEdge).slice.isNull)
    }

    @Test func integralCoversTheRect() {
        #expect(
            Rect(x: 0.5, y: 1.2, width: 2.1, height: 3.9).integral
                == Rect(x: 0, y: 1, width: 3, height: 5))
        #expect(
            Rect(x: -0.5, y: -0.5, width: 1, height: 1).integral
                == Rect(x: -1, y: -1, width: 2, height: 2))
        #expect(Rect.null.integral.isNull)
    }

    @Test func applyingATransformGivesTheBoundingBox() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(
            r.applying(AffineTransform(translationX: 5, y: 6))
                == Rect(x: 5, y: 6, width: 10, height: 20))
        #expect(
            r.applying(AffineTransform(scaleX: 2, y: -1))
                == Rect(x: 0, y: -20, width: 20, height: 20))
        let rotated = r.applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotated.minX - -20) < 1e-9 && abs(rotated.minY) < 1e-9)
        #expect(abs(rotated.width - 20) < 1e-9 && abs(rotated.height - 10) < 1e-9)
        #expect(Rect.null.applying(AffineTransform(scaleX: 2, y: 2)).isNull)
        #expect(Rect.infinite.applying(AffineTransform(scaleX: 2, y: 2)).isInfinite)
    }

    @Test func nanComponentsBehaveAsNull() {
        let bad = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(bad.isNull && bad.isEmpty)
        #expect(!bad.contains(Point(x: 1, y: 1)))
        #expect(bad.intersection(Rect(x: 0, y: 0, width: 5, height: 5)).isNull)
        #expect(!bad.intersects(Rect(x: 0, y: 0, width: 5, height: 5)))
        #expect(
            bad.union(Rect(x: 0, y: 0, width: 5, height: 5))
                == Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(bad.insetBy(dx: 1, dy: 1).isNull)
        #expect(bad.integral.isNull)
        #expect(Rect(x: 0, y: 0, width: .nan, height: 1).standardized.isNull)
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: .nan, dy: 0).isNull)
        #expect(
            Rect(x: 0, y: 0, width: 1, height: 1)
                .applying(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)).isNull)
    }

    @Test func insetByNaNEdgeInsetsIsNull() {
        let r = Rect(x: 0, y: 0, width: 100, height: 40)
        for insets in [
            EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0),
            EdgeInsets(top: 0, left: 0, bottom: 0, right: .nan),
            EdgeInsets(top: 0, left: .infinity, bottom: 0, right: -.infinity),
        ] {
            let inset = r.inset(by: insets)
            #expect(inset.isNull && inset == .null)
        }
        let grown = r.inset(by: EdgeInsets(top: 0, left: -.infinity, bottom: 0, right: 0))
        #expect(!grown.isNull)
        #expect(grown.origin.x == -.infinity && grown.size.width == .infinity)
        #expect(grown.origin.y == 0 && grown.size.height == 40)
        #expect(r.inset(by: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0)) == .null)
    }

    @Test func infiniteDimensionsFollowIEEE() {
        let wide = Rect(x: 0, y: 0, width: .infinity, height: 10)
        #expect(!wide.isNull)
        #expect(wide.contains(Point(x: 1e300, y: 5)))
        #expect(wide.maxX == .infinity)
        #expect(Rect.infinite.contains(Point(x: -1e300, y: 1e300)))
        #expect(Rect.infinite.isInfinite)
    }

    @Test func pixelRoundingRoundsEdges() {
        let r = Rect(x: 10.3, y: 0.2, width: 20.4, height: 9.6)
        #expect(r.roundedToPixels(scale: 1) == Rect(x: 10, y: 0, width: 21, height: 10))
        #expect(r.roundedToPixels(scale: 2) == Rect(x: 10.5, y: 0, width: 20, height: 10))
        // Adjacent rectangles still share their edge after rounding.
        let a = Rect(x: 0, y: 0, width: 10.4, height: 1).roundedToPixels(scale: 1)
        let b = Rect(x: 10.4, y: 0, width: 10.4, height: 1).roundedToPixels(scale: 1)
        #expect(a.maxX == b.minX)
        #expect(Rect.null.roundedToPixels(scale: 2).isNull)
    }
}
