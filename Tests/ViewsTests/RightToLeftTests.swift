import Testing
import TrellisEvents
import TrellisGeometry
import TrellisViews
import _TrellisTestSupport

/// A right-to-left window flips what UIKit flips — segments, sliders, page controls — and leaves
/// alone the views forced to left to right.
@MainActor
@Suite struct RightToLeftTests {
    private func window(_ direction: LayoutDirection, _ view: View) -> Window {
        let window = Window(size: Size(width: 320, height: 200), layoutDirection: direction)
        window.addSubview(view)
        return window
    }

    @Test func theSemanticContentAttributeFixesTheDirectionOrFollowsTheSuperview() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        container.addSubview(field)
        let window = window(.rightToLeft, container)
        defer { withExtendedLifetime(window) {} }
        #expect(field.semanticContentAttribute == .unspecified)
        #expect(field.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        field.semanticContentAttribute = .forceLeftToRight
        #expect(field.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(field.semanticContentAttribute == .forceLeftToRight)
        container.semanticContentAttribute = .forceRightToLeft
        field.semanticContentAttribute = .unspecified
        #expect(field.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // Playback and spatial controls are left to right, as UIKit's.
        for attribute in [SemanticContentAttribute.playback, .spatial] {
            #expect(
                View.userInterfaceLayoutDirection(for: attribute, relativeTo: .rightToLeft)
                    == .leftToRight)
        }
        #expect(
            View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft)
                == .rightToLeft)
        #expect(SemanticContentAttribute.forceRightToLeft.rawValue == 4)
    }

    @Test func theAttributeReadsBackAsSetUntilTheDirectionIsSetDirectly() {
        let view = View()
        for attribute in SemanticContentAttribute.allCases {
            view.semanticContentAttribute = attribute
            #expect(view.semanticContentAttribute == attribute)
        }
        view.semanticContentAttribute = .playback
        view.layoutDirection = .rightToLeft
        #expect(view.semanticContentAttribute == .forceRightToLeft)
        view.layoutDirection = nil
        #expect(view.semanticContentAttribute == .unspecified)
    }

    @Test func segmentsRunFromTheRight() {
        let segments = SegmentedControl(items: ["A", "B", "C"])
        segments.frame = Rect(x: 0, y: 0, width: 180, height: 32)
        let window = window(.rightToLeft, segments)
        let frames = segments.segmentFrames
        #expect(frames.map(\.minX) == [120, 60, 0])
        tap(window, 170, 16)
        #expect(segments.selectedSegmentIndex == 0)
        tap(window, 10, 16)
        #expect(segments.selectedSegmentIndex == 2)
        // Forced left to right, the first segment is at the left again.
        segments.semanticContentAttribute = .forceLeftToRight
        #expect(segments.segmentFrames.map(\.minX) == [0, 60, 120])
    }

    @Test func aSlidersMinimumIsAtTheRight() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        slider.value = 0
        let window = window(.rightToLeft, slider)
        let atMinimum = slider.thumbRect
        #expect(atMinimum.maxX > 190)
        // Dragging the thumb to the left raises the value.
        drag(window, from: Point(x: atMinimum.midX, y: 15), to: Point(x: 100, y: 15))
        #expect(slider.value > 0.4 && slider.value < 0.6, "\(slider.value)")
        // The left arrow raises it too.
        _ = window.focus(slider)
        let before = slider.value
        window.dispatch(key: .left)
        #expect(slider.value > before)
    }

    @Test func pageDotsStartAtTheRight() {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 160, height: 26))
        pages.numberOfPages = 5
        pages.currentPage = 2
        let window = window(.rightToLeft, pages)
        // A tap on the left side goes forward, on the right side back.
        tap(window, 10, 13)
        #expect(pages.currentPage == 3)
        tap(window, 150, 13)
        #expect(pages.currentPage == 2)
        _ = window.focus(pages)
        window.dispatch(key: .left)
        #expect(pages.currentPage == 3)
    }
}
