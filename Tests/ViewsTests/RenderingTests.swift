import Testing
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisViews
import _TrellisTestSupport

@MainActor
@Suite struct ViewRenderingTests {
    @Test func layersDrawInCoreAnimationOrder() throws {
        let window = Window(size: Size(width: 200, height: 100))
        let card = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        card.backgroundColor = .red
        card.cornerRadius = 8
        card.borderWidth = 2
        card.borderColor = .black
        card.clipsToBounds = true
        card.shadow = Shadow(
            color: .black, opacity: 0.5, offset: Size(width: 0, height: 2), radius: 4)
        let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        child.backgroundColor = .blue
        card.addSubview(child)
        window.addSubview(card)
        #expect(
            try commandLines(window) == [
                "save",
                "  fill-rect 0 0 200 100 #FFFFFF",
                "  save",
                "    concatenate 1 0 0 1 10 20",
                "    save",
                "      shadow #00000080 offset 0 2 blur 4",
                "      fill-rounded-rect 0 0 100 50 radii 8 #FF0000",
                "    restore",
                "    fill-rounded-rect 0 0 100 50 radii 8 #FF0000",
                "    save",
                "      clip-rounded-rect 0 0 100 50 radii 8",
                "      save",
                "        concatenate 1 0 0 1 5 5",
                "        fill-rect 0 0 10 10 #0000FF",
                "      restore",
                "    restore",
                "    stroke-rounded-rect 1 1 98 48 radii 7 #000000 width 2",
                "  restore",
                "restore",
            ])
    }

    @Test func alphaGroupsAndHiddenViews() throws {
        let window = Window(size: Size(width: 50, height: 50))
        window.backgroundColor = nil
        let faded = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        faded.alpha = 0.5
        faded.backgroundColor = .green
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        window.addSubview(faded)
        window.addSubview(hidden)
        #expect(
            try commandLines(window) == [
                "save", "  save", "    begin-layer 0.5", "      fill-rect 0 0 10 10 #00FF00",
                "    end-layer", "  restore", "restore",
            ])
    }

    @Test func gradientsFillTheBoundsFromUnitPoints() throws {
        let window = Window(size: Size(width: 300, height: 330))
        window.backgroundColor = nil
        let overlay = View(frame: Rect(x: 0, y: 0, width: 300, height: 330))
        overlay.gradient = Gradient(
            colors: [.red, .orange], startPoint: .zero, endPoint: Point(x: 0, y: 1))
        window.addSubview(overlay)
        let lines = try commandLines(window)
        #expect(
            lines.contains(
                "      linear-gradient 0 0 300 330 from 0 0 to 0 330 stops 0:#FF0000 1:#FF8000"))
    }

    @Test func gradientStopsSpreadEvenlyAndSort() {
        let even = Gradient(colors: [.red, .green, .blue]).stops.map(\.location)
        #expect(even == [0, 0.5, 1])
        let given = Gradient(colors: [.red, .blue], locations: [0.8, 0.2]).stops
        #expect(given.map(\.location) == [0.2, 0.8])
        #expect(given.first?.color == .blue)
        #expect(Gradient(colors: [.red], locations: [.nan]).stops.map(\.location) == [0])
    }

    @Test func renderingIsDeterministic() throws {
        func build() -> Window {
            let window = Window(size: Size(width: 100, height: 100), scale: 2)
            let view = View(frame: Rect(x: 1.5, y: 2.25, width: 10.125, height: 3))
            view.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3)
            window.addSubview(view)
            return window
        }
        #expect(try renderText(build()) == renderText(build()))
        #expect(build().makeDisplayList().encoded() == build().makeDisplayList().encoded())
    }

    @Test func nonFiniteGeometryIsSkippedNotEncoded() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let broken = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        broken.center = Point(x: .nan, y: 5)
        broken.backgroundColor = .red
        window.addSubview(broken)
        let bytes = window.makeDisplayList().encoded()
        #expect(throws: Never.self) { try DisplayList(decoding: bytes) }
        #expect(try !renderText(window).contains("#FF0000"))
    }
}
