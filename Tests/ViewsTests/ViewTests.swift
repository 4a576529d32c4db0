import Testing
import TrellisEvents
import TrellisGeometry
import TrellisLayout
import TrellisRender
import TrellisViews

@MainActor
@Suite struct ViewGeometryTests {
    @Test func frameBoundsAndCenterAgree() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        #expect(view.center == Point(x: 20, y: 20))
        view.bounds.size = Size(width: 60, height: 20)
        #expect(view.frame == Rect(x: -10, y: 10, width: 60, height: 20))
        view.center = Point(x: 100, y: 100)
        #expect(view.frame.origin == Point(x: 70, y: 90))
    }

    @Test func aNewFrameAsksForLayoutOnlyWhenItsSizeChanges() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let item = view.layoutItem
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        // Moved, not resized: the item follows, and no layout is asked for.
        view.frame = Rect(x: 15, y: 25, width: 100, height: 50)
        #expect(!view.needsLayout)
        #expect(item.frame == Rect(x: 15, y: 25, width: 100, height: 50))
        // Scrolled: the bounds' origin alone changes.
        view.bounds.origin = Point(x: 0, y: 30)
        #expect(!view.needsLayout)
        #expect(view.frame == Rect(x: 15, y: 25, width: 100, height: 50))
        // Resized about the same centre and then moved too: both reach the item.
        view.frame = Rect(x: 0, y: 0, width: 30, height: 40)
        #expect(view.needsLayout)
        #expect(item.frame == Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(view.bounds == Rect(x: 0, y: 30, width: 30, height: 40))
        #expect(view.center == Point(x: 15, y: 20))
    }

    /// The transform is kept with the view's other rarely set properties: setting one never
    /// disturbs another, and going back to the identity restores the plain frame.
    @Test func aTransformLivesBesideTheOtherExtras() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        view.borderWidth = 3
        view.tag = 7
        #expect(view.transform == AffineTransform(scaleX: 2, y: 2))
        #expect(view.frame == Rect(x: -50, y: -10, width: 200, height: 40))
        view.transform = .identity
        #expect(view.transform == .identity)
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(view.borderWidth == 3 && view.tag == 7)
        let plain = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        plain.transform = .identity
        #expect(plain.transform == .identity && plain.borderWidth == 0 && plain.tag == 0)
    }

    @Test func transformedFramesAreBoundingBoxes() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(x: -50, y: -10, width: 200, height: 40))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        let rotated = view.frame
        #expect(abs(rotated.width - 20) < 1e-9 && abs(rotated.height - 100) < 1e-9)
        #expect(abs(rotated.midX - 50) < 1e-9 && abs(rotated.midY - 10) < 1e-9)
        #expect(view.bounds.size == Size(width: 100, height: 20))
    }

    @Test func negativeAndNullFramesAreStandardized() {
        let view = View(frame: Rect(x: 10, y: 10, width: -10, height: -10))
        #expect(view.frame == Rect(x: 0, y: 0, width: 10, height: 10))
        view.frame = .null
        #expect(view.frame == .zero)
    }

    @Test func pointsConvertThroughOffsetsTransformsAndScrolling() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let parent = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 20, width: 30, height: 30))
        root.addSubview(parent)
        parent.addSubview(child)
        #expect(child.convert(Point.zero, to: root) == Point(x: 60, y: 70))
        #expect(root.convert(Point(x: 60, y: 70), to: child) == .zero)
        #expect(child.convert(Point(x: 1, y: 1), to: parent) == Point(x: 11, y: 21))
        parent.bounds.origin = Point(x: 0, y: 15)  // scrolled
        #expect(child.convert(Point.zero, to: root) == Point(x: 60, y: 55))
        parent.transform = AffineTransform(scaleX: 2, y: 2)
        // The parent now spans (0, 0)-(200, 200) around its centre (100, 100).
        #expect(parent.convert(Point.zero, to: root) == Point(x: 0, y: -30))
        let back = root.convert(parent.convert(Point(x: 7, y: 9), to: root), to: parent)
        #expect(abs(back.x - 7) < 1e-9 && abs(back.y - 9) < 1e-9)
        #expect(
            child.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: parent)
                == Rect(x: 10, y: 20, width: 10, height: 10))
    }
}

@MainActor
@Suite struct ViewHierarchyTests {
    @Test func addInsertRemoveAndReorder() {
        let root = View()
        let a = View()
        let b = View()
        let c = View()
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(
            root.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        root.bringSubviewToFront(c)
        #expect(root.subviews.last === c)
        root.sendSubviewToBack(b)
        #expect(root.subviews.first === b)
        root.insertSubview(b, aboveSubview: a)
        #expect(
            root.subviews.map { ObjectIdentifier($0) } == [a, b, c].map { ObjectIdentifier($0) })
        b.removeFromSuperview()
        #expect(b.superview == nil)
        #expect(root.subviews.count == 2)
        root.insertSubview(b, at: 99)
        #expect(root.subviews.last === b)
    }

    @Test func addingMovesAViewFromItsOldSuperview() {
        let first = View()
        let second = View()
        let child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.superview === second)
    }

    @Test func windowAndHooksFollowTheHierarchy() {
        final class Probe: View {
            var events: [String] = []
            override func didMoveToSuperview() { events.append("superview \(superview != nil)") }
            override func didMoveToWindow() { events.append("window \(window != nil)") }
        }
        let window = Window(size: Size(width: 100, height: 100))
        let container = View()
        let probe = Probe()
        container.addSubview(probe)
        #expect(probe.window == nil)
        window.addSubview(container)
        #expect(probe.window === window)
        container.removeFromSuperview()
        #expect(probe.window == nil)
        #expect(probe.events == ["superview true", "window true", "window false"])
    }

    @Test func findingViewsByTagAndIdentifier() {
        let root = View()
        let child = View()
        child.tag = 7
        child.accessibilityIdentifier = "save"
        root.addSubview(View())
        root.addSubview(child)
        #expect(root.viewWithTag(7) === child)
        #expect(root.view(withIdentifier: "save") === child)
        #expect(root.viewWithTag(8) == nil)
    }

    @Test func tintAndDirectionAreInherited() {
        let window = Window(size: Size(width: 10, height: 10), layoutDirection: .rightToLeft)
        let parent = View()
        let child = View()
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.effectiveLayoutDirection == .rightToLeft)
        #expect(child.effectiveTintColor == View.systemTint)
        parent.tintColor = .red
        parent.layoutDirection = .leftToRight
        #expect(child.effectiveTintColor == .red)
        #expect(child.effectiveLayoutDirection == .leftToRight)
    }
}

@MainActor
@Suite struct HitTestingTests {
    private func makeTree() -> (View, View, View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
        return (root, back, front)
    }

    @Test func frontmostDeepestViewWins() {
        let (root, back, front) = makeTree()
        #expect(root.hitTest(Point(x: 75, y: 75)) === front)
        #expect(root.hitTest(Point(x: 10, y: 10)) === back)
        #expect(root.hitTest(Point(x: 190, y: 10)) === root)
        #expect(root.hitTest(Point(x: 250, y: 10)) == nil)
    }

    @Test func hiddenTransparentAndNonInteractiveViewsAreSkipped() {
        let (root, back, front) = makeTree()
        front.isHidden = true
        #expect(root.hitTest(Point(x: 75, y: 75)) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(root.hitTest(Point(x: 75, y: 75)) === back)
        front.alpha = 0.5
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 75, y: 75)) === back)
    }

    @Test func subviewsOutsideTheirSuperviewAreNotHit() {
        let (root, back, _) = makeTree()
        let outside = View(frame: Rect(x: 90, y: 0, width: 50, height: 20))
        back.addSubview(outside)
        #expect(root.hitTest(Point(x: 95, y: 5)) === outside)
        // Beyond the superview's bounds, as in UIKit, whether or not it clips.
        #expect(root.hitTest(Point(x: 120, y: 5)) === root)
    }

    @Test func hitTestingFollowsTransforms() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let scaled = View(frame: Rect(x: 50, y: 50, width: 20, height: 20))
        scaled.transform = AffineTransform(scaleX: 3, y: 3)
        root.addSubview(scaled)
        #expect(root.hitTest(Point(x: 35, y: 35)) === scaled)
        #expect(root.hitTest(Point(x: 29, y: 29)) === root)
    }
}

/// A view that counts its layout passes.
@MainActor
private final class CountingView: View {
    var layouts = 0
    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

@MainActor
@Suite struct LayoutPassTests {
    /// Ten sections of ten rows of ten counting views.
    private func makeTree() -> (Window, [[[CountingView]]]) {
        let window = Window(size: Size(width: 1000, height: 1000))
        var sections: [[[CountingView]]] = []
        for s in 0..<10 {
            let section = CountingView(
                frame: Rect(x: 0, y: Double(s) * 100, width: 1000, height: 100))
            window.addSubview(section)
            var rows: [[CountingView]] = []
            for r in 0..<10 {
                let row = CountingView(
                    frame: Rect(x: 0, y: Double(r) * 10, width: 1000, height: 10))
                section.addSubview(row)
                rows.append(
                    (0..<10).map { c in
                        let leaf = CountingView(
                            frame: Rect(x: Double(c) * 100, y: 0, width: 100, height: 10))
                        row.addSubview(leaf)
                        return leaf
                    })
            }
            sections.append(rows)
        }
        window.layoutIfNeeded()
        return (window, sections)
    }

    @Test func aPassLaysOutOnlyTheMarkedViews() {
        let (window, sections) = makeTree()
        let all = sections.flatMap { $0.flatMap { $0 } }
        #expect(all.allSatisfy { $0.layouts == 1 })
        let leaf = sections[3][4][5]
        leaf.setNeedsLayout()
        #expect(window.subtreeNeedsLayout)
        window.layoutIfNeeded()
        #expect(leaf.layouts == 2)
        #expect(all.filter { $0 !== leaf }.allSatisfy { $0.layouts == 1 })
        #expect(!window.subtreeNeedsLayout)
        // Nothing marked: nothing laid out.
        window.layoutIfNeeded()
        #expect(all.reduce(0) { $0 + $1.layouts } == all.count + 1)
    }

    @Test func markedSiblingsAreLaidOutInSubviewOrder() {
        let (window, sections) = makeTree()
        var order: [Int] = []
        let row = sections[0][0]
        final class Recording: View {
            let index: Int
            let log: (Int) -> Void
            init(index: Int, log: @escaping (Int) -> Void) {
                self.index = index
                self.log = log
                super.init(frame: .zero)
            }
            override func layoutSubviews() { log(index) }
        }
        let recorders = (0..<5).map { index in Recording(index: index) { order.append($0) } }
        for recorder in recorders { row[0].addSubview(recorder) }
        window.layoutIfNeeded()
        order = []
        for index in [3, 0, 4, 1] { recorders[index].setNeedsLayout() }
        window.layoutIfNeeded()
        #expect(order == [0, 1, 3, 4])
    }

    @Test func aMarkedViewMovedToAnotherBranchIsStillLaidOut() throws {
        let (window, sections) = makeTree()
        let leaf = sections[1][1][1]
        let row = try #require(sections[8][8][0].superview)
        leaf.setNeedsLayout()
        row.addSubview(leaf)
        window.layoutIfNeeded()
        #expect(leaf.layouts == 2)
        #expect(leaf.superview === row)
    }

    @Test func aMarkedViewWhoseSuperviewIsGoneIsLaidOutInItsNextOne() {
        let window = Window(size: Size(width: 100, height: 100))
        let leaf = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let transient = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            transient.addSubview(leaf)
            leaf.setNeedsLayout()
        }
        // The transient view is gone; the leaf lost its superview without being removed.
        #expect(leaf.superview == nil)
        window.addSubview(leaf)
        window.layoutIfNeeded()
        #expect(leaf.layouts == 1)
        leaf.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(leaf.layouts == 2)
    }

    @Test func subviewsRemovedFrontToBackLeaveTheRestInOrder() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let children = (0..<100).map { index in
            let child = View()
            child.tag = index
            parent.addSubview(child)
            return child
        }
        for child in parent.subviews where child.tag % 2 == 0 { child.removeFromSuperview() }
        #expect(parent.subviews.map(\.tag) == Array(stride(from: 1, to: 100, by: 2)))
        parent.insertSubview(children[0], at: 1)
        #expect(parent.subviews.prefix(3).map(\.tag) == [1, 0, 3])
        parent.bringSubviewToFront(children[1])
        #expect(parent.subviews.last === children[1])
        for child in parent.subviews { child.removeFromSuperview() }
        #expect(parent.subviews.isEmpty)
        #expect(children.allSatisfy { $0.superview == nil })
    }
}
